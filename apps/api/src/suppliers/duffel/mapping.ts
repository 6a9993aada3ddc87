/// <reference types="@duffel/api" />
import type {
  Airline,
  BaggageCategory,
  BaggageType,
  CabinClass,
  CabinClassCode,
  OfferSlice,
  PassengerField,
  PassengerType,
  TripType,
} from '@kwenda/contracts';
import type {
  Aircraft as DuffelAircraft,
  Airline as DuffelAirline,
  AirlineInitiatedChange,
  Airport as DuffelAirport,
  CabinClass as DuffelCabinClass,
  FlightsCondition,
  Offer as DuffelOffer,
  OfferAvailableService,
  Order as DuffelOrder,
  OrderCancellation,
  SeatMap as DuffelSeatMap,
  SeatMapCabin,
  Stop,
} from '@duffel/api/types';
import { airlineLogoPath, airlineProfiles } from '../sandbox/airlines.js';
import { cabinLabels } from '../sandbox/cabins.js';
import type {
  AirlineChange,
  CancellationQuote,
  PassengerRequirements,
  SeatMap,
  SupplierBaggageOption,
  SupplierFareCondition,
  SupplierOffer,
  SupplierOrder,
  SupplierSearch,
  TicketedOrder,
} from '../supplier.js';

/**
 * Duffel's resources as Kwenda's supplier seam has them: offers, passenger requirements, orders,
 * cancellations, airline-initiated changes and seat maps. Pure functions of what Duffel sent.
 */

/** An offer as a search (batch offer request) returns it: available_services only come with GET /air/offers/{id}. */
export type DuffelSearchOffer = Omit<DuffelOffer, 'available_services'> & { available_services?: OfferAvailableService[] | null };

// ---------------------------------------------------------------------------------------------
// Search

/**
 * Ages Duffel is told for the travellers a search counts but does not date (SupplierSearch has counts
 * only). Airlines price children and infants by IATA age band (child 2-11, infant under 2), so any age
 * inside the band prices the same; the real dates of birth come with the passengers and Kwenda checks
 * them against the bands of the last flight's date.
 */
export const SEARCH_CHILD_AGE = 8;
export const SEARCH_INFANT_AGE = 1;

type DuffelCabin = DuffelCabinClass;
const toDuffelCabin: Record<CabinClassCode, DuffelCabin> = {
  economy: 'economy',
  'premium-economy': 'premium_economy',
  business: 'business',
  first: 'first',
};
const fromDuffelCabin = (cabin: string | null | undefined): CabinClassCode =>
  cabin === 'premium_economy' ? 'premium-economy' : cabin === 'business' ? 'business' : cabin === 'first' ? 'first' : 'economy';

/** The body of an offer request (batch or not) for a search. */
export function offerRequestBody(search: SupplierSearch) {
  const { adults, children, infants } = search.passengers;
  return {
    slices: search.legs.map((leg) => ({
      origin: leg.origin.toUpperCase(),
      destination: leg.destination.toUpperCase(),
      departure_date: leg.departureDate,
      arrival_time: null,
      departure_time: null,
    })),
    passengers: [
      ...Array.from({ length: adults }, () => ({ type: 'adult' as const })),
      ...Array.from({ length: children }, () => ({ age: SEARCH_CHILD_AGE })),
      ...Array.from({ length: infants }, () => ({ age: SEARCH_INFANT_AGE })),
    ],
    ...(search.cabinClass ? { cabin_class: toDuffelCabin[search.cabinClass] } : {}),
    ...(search.maxConnections === null ? {} : { max_connections: Math.min(2, Math.max(0, search.maxConnections)) as 0 | 1 | 2 }),
  };
}

// ---------------------------------------------------------------------------------------------
// Times and durations

/** Duffel's local date-times ("2026-03-23T08:05:00", maybe with seconds' fractions) as the contract writes them. */
export function localDateTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) throw new Error(`Not a Duffel local date-time: ${value}`);
  return `${match[1]}T${match[2]}:${match[3]}:00`;
}

/** Minutes of an ISO 8601 duration ("PT2H26M", "P1DT2H"); null when it is not one. */
export function durationMinutes(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!match || value.trim() === 'P' || value.trim().endsWith('T')) return null;
  const [, w, d, h, m, s] = match;
  return (
    Number(w ?? 0) * 7 * 1440 + Number(d ?? 0) * 1440 + Number(h ?? 0) * 60 + Number(m ?? 0) + Math.round(Number(s ?? 0) / 60)
  );
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** The instant (ms) of a local date-time at an IANA zone; UTC when the zone is unknown. */
export function instantAt(local: string, timeZone: string | null | undefined): number {
  const asUtc = Date.parse(`${localDateTime(local)}Z`);
  if (!timeZone) return asUtc;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      return asUtc;
    }
    zoneFormats.set(timeZone, format);
  }
  const offsetAt = (instant: number) => {
    const parts = format.formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

// ---------------------------------------------------------------------------------------------
// Airlines, slices, segments

const knownAirlines = new Map(airlineProfiles.map((p) => [p.iataCode, p]));

/**
 * The carrier as the offers contract shows it: the sandbox's names (Arabic included) and locally
 * served logo for the carriers Kwenda knows; otherwise Duffel's name in both languages and its logo.
 */
export function toAirline(airline: Pick<DuffelAirline, 'iata_code' | 'name' | 'logo_symbol_url'>): Airline {
  const code = (airline.iata_code ?? '').toUpperCase();
  const known = knownAirlines.get(code);
  if (known) return { iataCode: code, nameEn: known.nameEn, nameAr: known.nameAr, logo: airlineLogoPath(code) };
  return { iataCode: code, nameEn: airline.name, nameAr: airline.name, logo: airline.logo_symbol_url ?? '' };
}

/** What offer and order segments have in common (order segments come back after an airline's change too). */
export interface DuffelSegmentLike {
  id: string;
  origin: Pick<DuffelAirport, 'iata_code' | 'time_zone'>;
  destination: Pick<DuffelAirport, 'iata_code' | 'time_zone'>;
  departing_at: string;
  arriving_at: string;
  duration: string | null;
  marketing_carrier: Pick<DuffelAirline, 'iata_code' | 'name' | 'logo_symbol_url'>;
  marketing_carrier_flight_number: string;
  aircraft: Pick<DuffelAircraft, 'name'> | null;
  stops?: Stop[] | null;
  passengers: { cabin_class: DuffelCabin | string; passenger_id?: string }[];
}

export interface DuffelSliceLike {
  duration: string | null;
  segments: DuffelSegmentLike[];
}

const positive = (minutes: number) => Math.max(1, Math.round(minutes));

const elapsedMinutes = (from: DuffelSegmentLike, fromAt: string, to: DuffelSegmentLike, toAt: string) =>
  (instantAt(toAt, to.destination.time_zone) - instantAt(fromAt, from.origin.time_zone)) / 60_000;

/**
 * A Duffel slice as an offer slice. The flight number is the marketing carrier's (what is printed on
 * the ticket); durations are Duffel's, or from the local times and the airports' zones when it omits them.
 */
export function toSlice(slice: DuffelSliceLike): OfferSlice {
  const first = slice.segments[0];
  const last = slice.segments[slice.segments.length - 1];
  if (!first || !last) throw new Error('A Duffel slice without segments');
  const segments = slice.segments.map((segment) => ({
    flightNumber: `${(segment.marketing_carrier.iata_code ?? '').toUpperCase()}${segment.marketing_carrier_flight_number}`,
    airline: toAirline(segment.marketing_carrier),
    origin: segment.origin.iata_code ?? '',
    destination: segment.destination.iata_code ?? '',
    departureDate: localDateTime(segment.departing_at),
    arrivalDate: localDateTime(segment.arriving_at),
    durationInMinutes: positive(
      durationMinutes(segment.duration) ?? elapsedMinutes(segment, segment.departing_at, segment, segment.arriving_at),
    ),
    stops: segment.stops?.length ?? 0,
    ...(segment.aircraft?.name ? { aircraft: segment.aircraft.name } : {}),
  }));
  const airlines = new Map<string, Airline>();
  for (const segment of segments)
    if (!airlines.has(segment.airline.iataCode)) airlines.set(segment.airline.iataCode, segment.airline);
  const cabins = new Map<CabinClassCode, CabinClass>();
  for (const segment of slice.segments) {
    const code = fromDuffelCabin(segment.passengers[0]?.cabin_class);
    if (!cabins.has(code)) cabins.set(code, { ...cabinLabels[code] });
  }
  if (cabins.size === 0) cabins.set('economy', { ...cabinLabels.economy });
  return {
    origin: segments[0]!.origin,
    destination: segments[segments.length - 1]!.destination,
    departureDate: segments[0]!.departureDate,
    arrivalDate: segments[segments.length - 1]!.arrivalDate,
    durationInMinutes: positive(
      durationMinutes(slice.duration) ?? elapsedMinutes(first, first.departing_at, last, last.arriving_at),
    ),
    cabinClasses: [...cabins.values()],
    airlines: [...airlines.values()],
    segments,
  };
}

/** One-way for one slice, round trip when the second slice comes back, else multi-city. */
export function tripTypeOf(slices: readonly Pick<OfferSlice, 'origin' | 'destination'>[]): TripType {
  if (slices.length === 1) return 'one-way';
  const [a, b] = slices;
  if (slices.length === 2 && a && b && a.origin === b.destination && a.destination === b.origin) return 'round-trip';
  return 'multi-city';
}

// ---------------------------------------------------------------------------------------------
// Offers

export interface DuffelBagService {
  id: string;
  passengerId: string;
  segmentIds: string[];
  bagType: 'checked' | 'carry_on';
  maxWeightKg: number | null;
  /** Per piece, in `currency`. */
  amount: number;
  currency: string;
  maximumQuantity: number;
}

export interface DuffelOfferPassenger {
  id: string;
  passengerType: PassengerType;
  age: number | null;
  /** Pieces included per flight (the least over the trip's flights). */
  includedChecked: number;
  includedCarryOn: number;
}

/** SupplierOffer.supplierData of a Duffel offer. */
export interface DuffelOfferData {
  source: 'duffel';
  offerId: string;
  /** Offer passengers in Kwenda's order: adults, children, infants. */
  passengers: DuffelOfferPassenger[];
  identityDocumentsRequired: boolean;
  supportedDocumentTypes: string[];
  /** The offer's segment ids per slice (bags are sold per segment set). */
  sliceSegmentIds: string[][];
  /** Extra bags for sale; null when the offer came from a search (Duffel sends services only on GET offer). */
  services: DuffelBagService[] | null;
  paymentRequiredBy: string | null;
  priceGuaranteeExpiresAt: string | null;
}

export function duffelDataOf(offer: Pick<SupplierOffer, 'supplierData' | 'reference'>): DuffelOfferData {
  const data = offer.supplierData as Partial<DuffelOfferData> | undefined;
  if (!data || data.source !== 'duffel' || !Array.isArray(data.passengers))
    throw new Error(`Offer ${offer.reference} was not made by the Duffel adapter`);
  return data as DuffelOfferData;
}

const TYPE_RANK: Record<PassengerType, number> = { adult: 0, child: 1, infant: 2 };

/** Kwenda's type of a Duffel passenger: by the age Kwenda searched with, else Duffel's type. */
export function passengerTypeOf(passenger: { type?: string | null; age?: number | null }): PassengerType {
  if (passenger.type === 'infant_without_seat') return 'infant';
  if (typeof passenger.age === 'number') return passenger.age < 2 ? 'infant' : passenger.age < 12 ? 'child' : 'adult';
  return passenger.type === 'child' ? 'child' : 'adult';
}

const money = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

function toCondition(condition: FlightsCondition | null | undefined): SupplierFareCondition | null {
  if (!condition) return null;
  if (!condition.allowed) return { allowed: false, penaltyAmount: null, penaltyCurrency: null };
  const amount = money(condition.penalty_amount);
  return { allowed: true, penaltyAmount: amount, penaltyCurrency: amount === null ? null : condition.penalty_currency };
}

function toBagServices(services: OfferAvailableService[] | null | undefined): DuffelBagService[] | null {
  if (!services) return null;
  const bags: DuffelBagService[] = [];
  for (const service of services) {
    if (service.type !== 'baggage') continue;
    const amount = money(service.total_amount);
    const passengerId = service.passenger_ids[0];
    if (amount === null || !passengerId) continue;
    bags.push({
      id: service.id,
      passengerId,
      segmentIds: [...service.segment_ids],
      bagType: service.metadata.type === 'carry_on' ? 'carry_on' : 'checked',
      maxWeightKg: service.metadata.maximum_weight_kg ?? null,
      amount,
      currency: service.total_currency,
      maximumQuantity: service.maximum_quantity,
    });
  }
  return bags;
}

function includedBags(offer: DuffelSearchOffer, passengerId: string) {
  let checked = Number.POSITIVE_INFINITY;
  let carryOn = Number.POSITIVE_INFINITY;
  for (const slice of offer.slices)
    for (const segment of slice.segments) {
      const entry = segment.passengers.find((p) => p.passenger_id === passengerId);
      const count = (type: 'checked' | 'carry_on') =>
        (entry?.baggages ?? []).filter((b) => b.type === type).reduce((sum, b) => sum + b.quantity, 0);
      checked = Math.min(checked, count('checked'));
      carryOn = Math.min(carryOn, count('carry_on'));
    }
  return {
    includedChecked: Number.isFinite(checked) ? checked : 0,
    includedCarryOn: Number.isFinite(carryOn) ? carryOn : 0,
  };
}

/**
 * A Duffel offer as a supplier offer. `baggage` is what one adult's fare includes on every flight
 * (Duffel states pieces, not weights: weight 0 = not stated). The offer reference is Duffel's offer id.
 */
export function toSupplierOffer(offer: DuffelSearchOffer, tripType?: TripType): SupplierOffer {
  const passengers: DuffelOfferPassenger[] = offer.passengers
    .map((p, index) => ({ p, index, type: passengerTypeOf(p) }))
    .sort((a, b) => TYPE_RANK[a.type] - TYPE_RANK[b.type] || a.index - b.index)
    .map(({ p, type }) => ({ id: p.id, passengerType: type, age: p.age ?? null, ...includedBags(offer, p.id) }));
  const slices = offer.slices.map(toSlice);
  const lead = passengers.find((p) => p.passengerType === 'adult') ?? passengers[0];
  const data: DuffelOfferData = {
    source: 'duffel',
    offerId: offer.id,
    passengers,
    identityDocumentsRequired: offer.passenger_identity_documents_required,
    supportedDocumentTypes: [...(offer.supported_passenger_identity_document_types ?? [])],
    sliceSegmentIds: offer.slices.map((slice) => slice.segments.map((segment) => segment.id)),
    services: toBagServices(offer.available_services),
    paymentRequiredBy: offer.payment_requirements?.payment_required_by ?? null,
    priceGuaranteeExpiresAt: offer.payment_requirements?.price_guarantee_expires_at ?? null,
  };
  return {
    reference: offer.id,
    tripType: tripType ?? tripTypeOf(slices),
    baggage: {
      hold: { quantity: lead?.includedChecked ?? 0, weight: 0 },
      carryOn: { quantity: lead?.includedCarryOn ?? 0, weight: 0 },
    },
    slices,
    expiresAt: new Date(offer.expires_at).toISOString(),
    totalAmount: money(offer.total_amount) ?? 0,
    totalCurrency: offer.total_currency,
    conditions: {
      refundBeforeDeparture: toCondition(offer.conditions?.refund_before_departure),
      changeBeforeDeparture: toCondition(offer.conditions?.change_before_departure),
    },
    requiresInstantPayment: offer.payment_requirements?.requires_instant_payment ?? false,
    supplierData: data,
  };
}

// ---------------------------------------------------------------------------------------------
// Passenger requirements

/**
 * Share of an adult's fare used to split the total when Duffel gives none per passenger: a child
 * 75%, an infant on a lap 10% (the usual IATA proportions, as the sandbox prices them).
 */
export const FARE_WEIGHTS: Record<PassengerType, number> = { adult: 1, child: 0.75, infant: 0.1 };

/** Decimal places of a currency's usual unit (JPY 0, KWD 3, most 2). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Splits `total` by the weights in whole minor units (largest remainders first), so the shares add up
 * to the total exactly.
 */
export function apportion(total: number, weights: readonly number[], currency: string): number[] {
  if (weights.length === 0) return [];
  const scale = 10 ** currencyDigits(currency);
  const units = Math.round(total * scale);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (units * w) / sum : units / weights.length));
  const shares = exact.map(Math.floor);
  let left = units - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (let i = 0; left > 0; i = (i + 1) % order.length, left--) shares[order[i]!.index]! += 1;
  return shares.map((share) => share / scale);
}

const BASE_FIELDS: PassengerField[] = ['firstName', 'lastName', 'dateOfBirth', 'gender'];
const DOCUMENT_FIELDS: PassengerField[] = [
  'nationalityCountry',
  'documentNumber',
  'documentIssuanceCountry',
  'documentExpiryDate',
];

/** Included pieces (Duffel states no weight for them) and the extra bags for sale per passenger. */
function baggageOptionsFor(passenger: DuffelOfferPassenger, data: DuffelOfferData, currency: string): SupplierBaggageOption[] {
  const options: SupplierBaggageOption[] = [];
  if (passenger.includedChecked > 0)
    options.push({
      reference: 'hold-included',
      category: 'hold',
      baggageType: 'hold_bag',
      price: 0,
      weight: 0,
      included: passenger.includedChecked,
      limit: passenger.includedChecked,
    });
  if (passenger.includedCarryOn > 0)
    options.push({
      reference: 'cabin-included',
      category: 'carryOn',
      baggageType: 'cabin_bag',
      price: 0,
      weight: 0,
      included: passenger.includedCarryOn,
      limit: passenger.includedCarryOn,
    });
  options.push(...paidBagOptions(passenger.id, data, currency));
  return options;
}

/** Service ids of a paid option, joined: a bag sold per slice is several Duffel services for one trip-long option. */
export const SERVICE_SEPARATOR = '+';

/**
 * A passenger's extra bags for the whole trip. Duffel sells a bag for all the offer's segments or for
 * one slice's: a service covering every segment is an option; per-slice services of the same kind and
 * weight, one for each slice, make one option (their prices added, the smallest maximum quantity).
 */
export function paidBagOptions(passengerId: string, data: DuffelOfferData, currency: string): SupplierBaggageOption[] {
  const services = (data.services ?? []).filter(
    (s) => s.passengerId === passengerId && s.currency === currency && s.maximumQuantity > 0,
  );
  const allSegments = data.sliceSegmentIds.flat();
  const covers = (service: DuffelBagService, segments: string[]) =>
    segments.every((id) => service.segmentIds.includes(id)) && service.segmentIds.every((id) => segments.includes(id));
  const groups = new Map<string, DuffelBagService[]>();
  for (const service of services) {
    const key = `${service.bagType}|${service.maxWeightKg ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  const options: SupplierBaggageOption[] = [];
  const option = (parts: DuffelBagService[]): SupplierBaggageOption => {
    const first = parts[0]!;
    const category: BaggageCategory = first.bagType === 'checked' ? 'hold' : 'carryOn';
    const baggageType: BaggageType = first.bagType === 'checked' ? 'hold_bag' : 'cabin_bag';
    const scale = 10 ** currencyDigits(currency);
    return {
      reference: parts.map((p) => p.id).join(SERVICE_SEPARATOR),
      category,
      baggageType,
      price: Math.round(parts.reduce((sum, p) => sum + p.amount, 0) * scale) / scale,
      // Duffel's maximum weight, else the usual 23 kg checked piece (7 kg cabin bag).
      weight: first.maxWeightKg ?? (first.bagType === 'checked' ? 23 : 7),
      included: 0,
      limit: Math.min(...parts.map((p) => p.maximumQuantity)),
    };
  };
  for (const group of groups.values()) {
    const whole = group.filter((s) => covers(s, allSegments));
    for (const service of whole) options.push(option([service]));
    if (whole.length > 0 || data.sliceSegmentIds.length < 2) continue;
    const perSlice = data.sliceSegmentIds.map((segments) => group.find((s) => covers(s, segments)));
    if (perSlice.every((s): s is DuffelBagService => s !== undefined)) options.push(option(perSlice));
  }
  return options.sort((a, b) => (a.category === b.category ? a.price - b.price : a.category === 'hold' ? -1 : 1));
}

/**
 * What Duffel needs of each passenger of the offer, in Kwenda's order (adults, children, infants).
 * Names, gender and date of birth always; the passport's number, issuing country, expiry and the
 * nationality only when the offer requires identity documents. Infants have no bags of their own.
 */
export function passengerRequirementsOf(offer: SupplierOffer): PassengerRequirements[] {
  const data = duffelDataOf(offer);
  const requiredFields = data.identityDocumentsRequired ? [...BASE_FIELDS, ...DOCUMENT_FIELDS] : [...BASE_FIELDS];
  const fares = apportion(
    offer.totalAmount,
    data.passengers.map((p) => FARE_WEIGHTS[p.passengerType]),
    offer.totalCurrency,
  );
  return data.passengers.map((passenger, index) => ({
    passengerType: passenger.passengerType,
    requiredFields: [...requiredFields],
    baggage: passenger.passengerType === 'infant' ? [] : baggageOptionsFor(passenger, data, offer.totalCurrency),
    fare: fares[index]!,
    supplierPassengerId: passenger.id,
  }));
}

// ---------------------------------------------------------------------------------------------
// Orders

/** Duffel passenger id -> Kwenda passenger id, as the adapter recorded them when it made the order. */
export type PassengerIdMap = Record<string, string>;

/**
 * The PNR and one e-ticket per passenger once the airline issued them all; null before. A passenger
 * Kwenda did not map (an order made elsewhere) keeps Duffel's id.
 */
export function ticketsOf(
  order: Pick<DuffelOrder, 'booking_reference' | 'documents' | 'passengers'>,
  ids: PassengerIdMap | null,
): TicketedOrder | null {
  const tickets: TicketedOrder['tickets'] = [];
  for (const passenger of order.passengers) {
    const document = (order.documents ?? []).find(
      (d) => d.type === 'electronic_ticket' && d.passenger_ids.includes(passenger.id),
    );
    if (!document) return null;
    tickets.push({ passengerId: ids?.[passenger.id] ?? passenger.id, ticketNumber: document.unique_identifier });
  }
  if (!order.booking_reference || tickets.length === 0) return null;
  return { pnr: order.booking_reference, tickets };
}

export const CLIENT_REFERENCE_KEY = 'kwenda_client_reference';

const isCancelled = (order: Pick<DuffelOrder, 'cancelled_at' | 'cancellation'>) =>
  Boolean(order.cancelled_at) || Boolean(order.cancellation?.confirmed_at);

/** Paid (no payment awaited) and not cancelled. */
export const isPaid = (order: Pick<DuffelOrder, 'payment_status' | 'cancelled_at' | 'cancellation'>) =>
  !isCancelled(order) && order.payment_status?.awaiting_payment === false;

/**
 * A Duffel order as the seam has it. An order counts as ticketed once it is paid and every passenger
 * has an e-ticket; paid without all its tickets it is still reported held (nothing to show yet: the
 * ticketing retry reads the tickets, it never pays again).
 */
export function toSupplierOrder(order: DuffelOrder, ids: PassengerIdMap | null): SupplierOrder {
  const ticketed = isPaid(order) ? ticketsOf(order, ids) : null;
  const state = isCancelled(order) ? 'cancelled' : ticketed ? 'ticketed' : 'held';
  const requiredBy = order.payment_status?.payment_required_by ?? order.payment_status?.paid_at ?? order.created_at;
  return {
    orderId: order.id,
    clientReference: order.metadata?.[CLIENT_REFERENCE_KEY] ?? null,
    state,
    paymentRequiredBy: new Date(requiredBy),
    total: money(order.total_amount) ?? 0,
    currency: order.total_currency,
    ticketed: state === 'ticketed' ? ticketed : null,
    slices: order.slices?.length ? order.slices.map(toSlice) : null,
  };
}

const REFUND_TO: Record<OrderCancellation['refund_to'], CancellationQuote['refundTo']> = {
  card: 'original_form_of_payment',
  balance: 'balance',
  voucher: 'voucher',
  airline_credits: 'airline_credits',
  arc_bsp_cash: 'arc_bsp_cash',
  awaiting_payment: 'none',
};

/**
 * A pending Duffel order cancellation as a quote. Duffel's refund_amount is null when the airline gave
 * no quote: 0 then (Kwenda promises nothing it does not know), with a warning from the adapter.
 */
export function toCancellationQuote(cancellation: OrderCancellation, fallbackCurrency: string): CancellationQuote {
  const amount = money(cancellation.refund_amount) ?? 0;
  const refundTo = REFUND_TO[cancellation.refund_to] ?? 'none';
  return {
    id: cancellation.id,
    orderId: cancellation.order_id,
    refundAmount: amount,
    refundCurrency: cancellation.refund_currency ?? fallbackCurrency,
    refundTo: amount > 0 ? refundTo : 'none',
    expiresAt: new Date(cancellation.expires_at),
  };
}

export function toAirlineChange(change: AirlineInitiatedChange): AirlineChange {
  return {
    id: change.id,
    orderId: change.order_id,
    removed: change.removed.map(toSlice),
    added: change.added.map(toSlice),
    availableActions: [...change.available_actions],
    actionTaken: change.action_taken,
    createdAt: new Date(change.created_at),
  };
}

// ---------------------------------------------------------------------------------------------
// Seat maps

const ROW_OF = /^(\d+)([A-Z]+)$/i;

/** The cabin of a segment's seat map that the passenger flies in (the first when Duffel names none). */
export function cabinFor(map: DuffelSeatMap, cabinClass: string | null): SeatMapCabin | undefined {
  return map.cabins.find((cabin) => cabin.cabin_class === cabinClass) ?? map.cabins[0];
}

/**
 * One cabin of a Duffel seat map as rows of seats in columns (a column per block between aisles). A
 * seat is available when Duffel sells it to someone (it lists services for it); its price is the
 * lowest of those. Rows next to an exit (just before or after an exit row) are marked. Rows without
 * seats (galleys, lavatories, exits) are left out.
 */
export function toSeatMap(cabin: SeatMapCabin, fallbackCurrency: string): SeatMap | null {
  let currency: string | null = null;
  const exitAt = new Set<number>();
  cabin.rows.forEach((row, index) => {
    if (row.sections.some((section) => section.elements.some((e) => e.type === 'exit_row'))) exitAt.add(index);
  });
  const rows: SeatMap['rows'] = [];
  cabin.rows.forEach((row, index) => {
    let number: number | null = null;
    const columns: SeatMap['rows'][number]['columns'] = [];
    for (const section of row.sections) {
      const seats: SeatMap['rows'][number]['columns'][number]['seats'] = [];
      for (const element of section.elements) {
        if (element.type !== 'seat' && element.type !== 'restricted_seat_general') continue;
        const match = ROW_OF.exec(element.designator);
        if (!match) continue;
        number ??= Number(match[1]);
        const services = element.type === 'seat' ? element.available_services : [];
        const prices = services.map((s) => money(s.total_amount)).filter((p): p is number => p !== null);
        currency ??= services[0]?.total_currency ?? null;
        seats.push({
          letter: match[2]!.toUpperCase(),
          available: prices.length > 0,
          price: prices.length > 0 ? Math.min(...prices) : null,
        });
      }
      columns.push({ seats });
    }
    if (number === null) return;
    rows.push({ number, nextToExit: exitAt.has(index) || exitAt.has(index - 1) || exitAt.has(index + 1), columns });
  });
  if (rows.length === 0) return null;
  return { currency: currency ?? fallbackCurrency, rows: rows.sort((a, b) => a.number - b.number) };
}
