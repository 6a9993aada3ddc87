import type {
  Aircraft,
  Airline,
  CabinClass,
  FlightsCondition,
  Offer,
  OfferAvailableServiceBaggage,
  OfferPassenger,
  OfferSlice,
  OfferSliceSegment,
  OfferSliceSegmentPassenger,
  PassengerType,
  SeatMap,
  SeatMapCabinRow,
  SeatMapCabinRowSectionElement,
} from '@duffel/api/types';
import { airportFor, distanceKm, formatLocal, isoDuration, localToUtc, type KnownAirport } from './airports.js';
import { hashInt, hashRange, money, type IdFactory } from './deterministic.js';
import { bagMetadata } from './payloads.js';

// Inventory rules (also in README.md):
// - Any pair of three-letter codes has flights; 4 to 8 offers per search, each from one of seven carriers.
// - A carrier flies direct when one end is its hub (or it is Sudan Airways), otherwise mostly through its hub.
// - Prices come from distance, cabin, fare brand and passenger type; Lufthansa sells in EUR, the rest in USD.
// - About one offer in five needs instant payment; the rest can be held (72 h to pay, price kept 48 h).

export interface Carrier {
  code: string;
  name: string;
  hub: string;
  currency: 'USD' | 'EUR';
  /** IATA accounting code that starts the airline's ticket numbers. */
  ticketPrefix: string;
  flightBase: number;
  narrowBody: Aircraft;
  wideBody: Aircraft | null;
  identityDocumentsRequired: boolean;
  checkedBagPrice: number;
  /** Only flies to and from Sudan, and only direct. */
  sudanOnly?: boolean;
}

const aircraft = (iata_code: string, name: string): Aircraft => ({
  id: `arc_00009VMF8AhXSSRnQDI6H${iata_code}`,
  iata_code,
  name,
});

export const CARRIERS: readonly Carrier[] = [
  {
    code: 'MS',
    name: 'EgyptAir',
    hub: 'CAI',
    currency: 'USD',
    ticketPrefix: '077',
    flightBase: 800,
    narrowBody: aircraft('32N', 'Airbus A320neo'),
    wideBody: aircraft('789', 'Boeing 787-9'),
    identityDocumentsRequired: false,
    checkedBagPrice: 50,
  },
  {
    code: 'ET',
    name: 'Ethiopian Airlines',
    hub: 'ADD',
    currency: 'USD',
    ticketPrefix: '071',
    flightBase: 300,
    narrowBody: aircraft('7M8', 'Boeing 737 MAX 8'),
    wideBody: aircraft('359', 'Airbus A350-900'),
    identityDocumentsRequired: false,
    checkedBagPrice: 45,
  },
  {
    code: 'SV',
    name: 'Saudia',
    hub: 'JED',
    currency: 'USD',
    ticketPrefix: '065',
    flightBase: 400,
    narrowBody: aircraft('320', 'Airbus A320'),
    wideBody: aircraft('77W', 'Boeing 777-300ER'),
    identityDocumentsRequired: true,
    checkedBagPrice: 55,
  },
  {
    code: 'TK',
    name: 'Turkish Airlines',
    hub: 'IST',
    currency: 'USD',
    ticketPrefix: '235',
    flightBase: 600,
    narrowBody: aircraft('321', 'Airbus A321'),
    wideBody: aircraft('333', 'Airbus A330-300'),
    identityDocumentsRequired: true,
    checkedBagPrice: 60,
  },
  {
    code: 'QR',
    name: 'Qatar Airways',
    hub: 'DOH',
    currency: 'USD',
    ticketPrefix: '157',
    flightBase: 1300,
    narrowBody: aircraft('320', 'Airbus A320'),
    wideBody: aircraft('788', 'Boeing 787-8'),
    identityDocumentsRequired: true,
    checkedBagPrice: 65,
  },
  {
    code: 'SD',
    name: 'Sudan Airways',
    hub: 'PZU',
    currency: 'USD',
    ticketPrefix: '200',
    flightBase: 100,
    narrowBody: aircraft('320', 'Airbus A320'),
    wideBody: null,
    identityDocumentsRequired: false,
    checkedBagPrice: 35,
    sudanOnly: true,
  },
  {
    code: 'LH',
    name: 'Lufthansa',
    hub: 'FRA',
    currency: 'EUR',
    ticketPrefix: '220',
    flightBase: 580,
    narrowBody: aircraft('32N', 'Airbus A320neo'),
    wideBody: aircraft('346', 'Airbus A340-600'),
    identityDocumentsRequired: true,
    checkedBagPrice: 70,
  },
];

const airlines = new Map<string, Airline>();

/** The carrier as a Duffel airline; one shared object per carrier (callers must not mutate it). */
export function airlineOf(carrier: Carrier): Airline {
  let airline = airlines.get(carrier.code);
  if (!airline) {
    airline = buildAirline(carrier);
    airlines.set(carrier.code, airline);
  }
  return airline;
}

function buildAirline(carrier: Carrier): Airline {
  return {
    id: `arl_00009VME7D6ivUu8dn3${carrier.code}`,
    name: carrier.name,
    iata_code: carrier.code,
    // No logo URLs: the test network is closed and a browser would only log failed image loads.
    logo_symbol_url: null,
    logo_lockup_url: null,
    conditions_of_carriage_url: null,
  };
}

export interface SearchSliceInput {
  origin: string;
  destination: string;
  departure_date: string;
}

export interface SearchPassenger {
  id: string;
  type: PassengerType;
  /** The age asked for, or null when the passenger was asked for as `{ type: 'adult' }`. */
  age: number | null;
}

export interface SearchInput {
  slices: SearchSliceInput[];
  passengers: SearchPassenger[];
  cabinClass: CabinClass;
  maxConnections: number;
}

export interface ServiceRecord {
  id: string;
  kind: 'baggage' | 'seat';
  passengerIds: string[];
  segmentIds: string[];
  unitCents: number;
  currency: string;
  maximumQuantity: number;
  seat?: { designator: string; name: string | null; disclosures: string[] };
}

export type ListedOffer = Omit<Offer, 'available_services'>;

export interface OfferRecord {
  offer: ListedOffer;
  offerRequestId: string;
  carrier: Carrier;
  brandIndex: number;
  /** Which batch of a batch search brings this offer (offers are grouped by airline). */
  batchIndex: number;
  firstDepartureUtc: number;
  /** Date of the last slice's departure, against which passenger ages are checked. */
  lastDepartureDate: string;
  baggageServices: ServiceRecord[];
  /** Seat maps and their seat services, built on first request. */
  seatMaps?: SeatMap[];
  seatServices?: Map<string, ServiceRecord>;
  usedByOrderId?: string;
  gone?: boolean;
}

const CABIN_NAMES: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First',
};
const CABIN_FACTOR: Record<CabinClass, number> = { economy: 1, premium_economy: 1.6, business: 3.1, first: 4.8 };
const BRANDS = ['Saver', 'Classic', 'Flex'] as const;
const BRAND_FACTOR = [1, 1.18, 1.45];
const DEPARTURE_SLOTS = [75, 160, 385, 485, 630, 825, 980, 1195, 1390]; // minutes after local midnight

const TERMINALS: Record<string, string> = { JED: 'N', CAI: '3', ADD: '2', IST: '1', DOH: '1', FRA: '1', RUH: '4', PZU: '1' };

function eligible(carrier: Carrier, slices: SearchSliceInput[]): boolean {
  if (!carrier.sudanOnly) return true;
  return slices.every(
    (s) => airportFor(s.origin).duffel.iata_country_code === 'SD' || airportFor(s.destination).duffel.iata_country_code === 'SD',
  );
}

/** The airports a carrier's slice stops at: [origin, destination] or [origin, hub, destination]. */
function routing(carrier: Carrier, origin: string, destination: string, maxConnections: number, variant: number): string[] {
  if (carrier.sudanOnly || maxConnections === 0 || origin === carrier.hub || destination === carrier.hub)
    return [origin, destination];
  const pair = [origin, destination].sort().join('-');
  const direct = hashInt('direct', carrier.code, pair, variant) % 4 === 0;
  return direct ? [origin, destination] : [origin, carrier.hub, destination];
}

function roundTo5(minutes: number): number {
  return Math.max(5, Math.round(minutes / 5) * 5);
}

function flightMinutes(a: KnownAirport, b: KnownAirport): number {
  return roundTo5(35 + (distanceKm(a, b) / 790) * 60);
}

function condition(allowed: boolean | null, penalty: number, currency: string): FlightsCondition | null {
  if (allowed === null) return null;
  if (!allowed) return { allowed: false, penalty_amount: null, penalty_currency: null };
  return { allowed: true, penalty_amount: money(penalty), penalty_currency: currency };
}

interface BuildContext {
  ids: IdFactory;
  now: number;
  offerRequestId: string;
  batches: number;
}

/** All offers for a search; deterministic in the search's inputs (ids and timestamps aside). */
export function buildOffers(search: SearchInput, ctx: BuildContext): OfferRecord[] {
  const key = [
    search.slices.map((s) => `${s.origin}${s.destination}${s.departure_date}`).join('/'),
    search.cabinClass,
    search.passengers.map((p) => p.age ?? p.type).join(','),
    search.maxConnections,
  ].join('|');
  const carriers = CARRIERS.filter((c) => eligible(c, search.slices));
  const count = hashRange(4, 8, 'count', key);
  const start = hashInt('start', key) % carriers.length;
  const airlinesInSearch: string[] = [];
  const records: OfferRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const carrier = carriers[(start + i) % carriers.length]!;
    if (!airlinesInSearch.includes(carrier.code)) airlinesInSearch.push(carrier.code);
    const variant = Math.floor(i / carriers.length);
    records.push(
      buildOffer(search, ctx, carrier, key, i, variant, airlinesInSearch.indexOf(carrier.code) % Math.max(1, ctx.batches)),
    );
  }
  return records;
}

function buildOffer(
  search: SearchInput,
  ctx: BuildContext,
  carrier: Carrier,
  key: string,
  index: number,
  variant: number,
  batchIndex: number,
): OfferRecord {
  const { ids, now } = ctx;
  const offerId = ids.next('off');
  const currency = carrier.currency;
  const brandIndex = hashInt('brand', key, carrier.code, index) % BRANDS.length;
  const brand = BRANDS[brandIndex]!;
  const cabinName = CABIN_NAMES[search.cabinClass];
  const fareBrand = `${cabinName} ${brand}`;
  const fx = currency === 'EUR' ? 0.92 : 1;
  const carrierFactor = 0.88 + (hashInt('carrier-factor', carrier.code, key) % 30) / 100;

  const refundAllowed = carrier.sudanOnly && brandIndex === 0 ? null : brandIndex > 0;
  const refundPenalty = brandIndex === 2 ? 0 : 150 * fx;
  const changePenalty = brandIndex === 2 ? 0 : brandIndex === 1 ? 50 * fx : 75 * fx;
  const refund = condition(refundAllowed, refundPenalty, currency);
  const change = condition(true, changePenalty, currency);
  const checkedBags = brandIndex === 0 ? 1 : 2;

  let perAdultBase = 0;
  let firstDepartureUtc = 0;
  let lastDepartureDate = '';
  let totalKm = 0;
  const slices: OfferSlice[] = search.slices.map((requested, sliceIndex) => {
    const stops = routing(carrier, requested.origin, requested.destination, search.maxConnections, variant);
    // Offers of one search start from one hashed slot and step through the day, so departures spread out.
    const slot = DEPARTURE_SLOTS[(hashInt('slot', key, sliceIndex) + index * 4 + sliceIndex * 2) % DEPARTURE_SLOTS.length]!;
    const airports = stops.map(airportFor);
    let departUtc = localToUtc(requested.departure_date, slot, airports[0]!.timeZone);
    if (sliceIndex === 0) firstDepartureUtc = departUtc;
    lastDepartureDate = requested.departure_date;
    const sliceStartUtc = departUtc;
    let arriveUtc = departUtc;
    const segments: OfferSliceSegment[] = [];
    for (let leg = 0; leg < airports.length - 1; leg += 1) {
      const from = airports[leg]!;
      const to = airports[leg + 1]!;
      const km = distanceKm(from, to);
      totalKm += km;
      const minutes = flightMinutes(from, to);
      arriveUtc = departUtc + minutes * 60_000;
      const plane = km > 2600 && carrier.wideBody ? carrier.wideBody : carrier.narrowBody;
      const flightNumber = String(carrier.flightBase + hashRange(0, 99, 'flight', carrier.code, from.code, to.code, slot));
      segments.push({
        id: ids.next('seg'),
        aircraft: plane,
        origin: from.duffel,
        destination: to.duffel,
        origin_terminal: TERMINALS[from.code] ?? '1',
        destination_terminal: TERMINALS[to.code] ?? '1',
        departing_at: formatLocal(departUtc, from.timeZone),
        arriving_at: formatLocal(arriveUtc, to.timeZone),
        duration: isoDuration(minutes * 60_000),
        distance: String(km),
        marketing_carrier: airlineOf(carrier),
        marketing_carrier_flight_number: flightNumber,
        operating_carrier: airlineOf(carrier),
        operating_carrier_flight_number: flightNumber,
        stops: [],
        passengers: search.passengers.map((p): OfferSliceSegmentPassenger => ({
          passenger_id: p.id,
          cabin_class: search.cabinClass,
          cabin_class_marketing_name: cabinName,
          fare_basis_code: `${search.cabinClass === 'economy' ? 'Y' : search.cabinClass === 'business' ? 'J' : 'W'}${brand.slice(0, 2).toUpperCase()}${carrier.code}${sliceIndex + 1}`,
          baggages: [
            { type: 'checked', quantity: p.type === 'infant_without_seat' ? Math.min(1, checkedBags) : checkedBags },
            { type: 'carry_on', quantity: p.type === 'infant_without_seat' ? 0 : 1 },
          ],
          cabin: {
            name: search.cabinClass,
            marketing_name: cabinName,
            amenities: {
              wifi: { available: carrier.code !== 'SD', cost: carrier.code === 'QR' ? 'free' : 'paid' },
              seat: {
                pitch: search.cabinClass === 'economy' ? 'standard' : 'more',
                type: search.cabinClass === 'business' || search.cabinClass === 'first' ? 'full_flat' : 'standard',
              },
              power: { available: plane === carrier.wideBody },
            },
          },
        })),
      });
      const layover = roundTo5(hashRange(85, 330, 'layover', key, carrier.code, sliceIndex, leg));
      departUtc = arriveUtc + layover * 60_000;
    }
    const legsKm = segments.reduce((sum, s) => sum + Number(s.distance), 0);
    perAdultBase += (60 + legsKm * 0.075) * (segments.length > 1 ? 0.92 : 1);
    return {
      id: ids.next('sli'),
      origin: airports[0]!.duffel,
      destination: airports[airports.length - 1]!.duffel,
      origin_type: 'airport',
      destination_type: 'airport',
      duration: isoDuration(arriveUtc - sliceStartUtc),
      fare_brand_name: fareBrand,
      segments,
      conditions: {
        refund_before_departure: refund,
        change_before_departure: change,
        advance_seat_selection: brandIndex > 0,
        priority_boarding: brandIndex === 2,
        priority_check_in: brandIndex === 2,
      },
      ngs_shelf: brandIndex + 1,
      comparison_key: `${carrier.code}${segments.map((s) => s.marketing_carrier_flight_number + s.departing_at.slice(0, 16)).join('')}`,
    };
  });

  perAdultBase *= CABIN_FACTOR[search.cabinClass] * BRAND_FACTOR[brandIndex]! * carrierFactor * fx;
  if (search.slices.length > 1) perAdultBase *= 0.9;
  let baseCents = 0;
  let taxCents = 0;
  for (const p of search.passengers) {
    const share = p.type === 'adult' ? 1 : p.type === 'child' ? 0.75 : 0.1;
    const base = Math.round(perAdultBase * share * 100);
    const tax = p.type === 'infant_without_seat' ? Math.round(10 * fx * 100) : Math.round((32 * fx + perAdultBase * 0.12) * 100);
    baseCents += base;
    taxCents += tax;
  }

  const instantOnly = hashInt('instant', key, carrier.code, index) % 5 === 0;
  const requiredBy = Math.min(now + 72 * 3_600_000, firstDepartureUtc - 24 * 3_600_000);
  const holdable = !instantOnly && requiredBy > now + 2 * 3_600_000;
  const passengers: OfferPassenger[] = search.passengers.map((p) => ({
    id: p.id,
    type: p.type,
    age: p.age,
    fare_type: null,
    loyalty_programme_accounts: [],
  }));

  const baggageServices: ServiceRecord[] = [];
  for (const p of search.passengers) {
    if (p.type === 'infant_without_seat') continue;
    slices.forEach((slice, sliceIndex) => {
      baggageServices.push({
        id: ids.stable('ase', offerId, p.id, sliceIndex, 'bag'),
        kind: 'baggage',
        passengerIds: [p.id],
        segmentIds: slice.segments.map((s) => s.id),
        unitCents: Math.round(carrier.checkedBagPrice * fx * 100),
        currency,
        maximumQuantity: 2,
      });
    });
  }

  const offer: ListedOffer = {
    id: offerId,
    live_mode: false,
    created_at: new Date(now).toISOString(),
    updated_at: new Date(now).toISOString(),
    expires_at: new Date(now + 30 * 60_000).toISOString(),
    owner: airlineOf(carrier),
    slices,
    passengers,
    base_amount: money(baseCents / 100),
    base_currency: currency,
    tax_amount: money(taxCents / 100),
    tax_currency: currency,
    total_amount: money((baseCents + taxCents) / 100),
    total_currency: currency,
    total_emissions_kg: String(
      Math.round(totalKm * 0.09 * search.passengers.filter((p) => p.type !== 'infant_without_seat').length),
    ),
    conditions: { refund_before_departure: refund, change_before_departure: change },
    payment_requirements: holdable
      ? {
          requires_instant_payment: false,
          payment_required_by: new Date(requiredBy).toISOString(),
          price_guarantee_expires_at: new Date(Math.min(now + 48 * 3_600_000, requiredBy)).toISOString(),
        }
      : { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null },
    passenger_identity_documents_required: carrier.identityDocumentsRequired,
    supported_passenger_identity_document_types: ['passport'],
    supported_loyalty_programmes: [carrier.code],
    private_fares: [],
    partial: false,
  };

  return {
    offer,
    offerRequestId: ctx.offerRequestId,
    carrier,
    brandIndex,
    batchIndex,
    firstDepartureUtc,
    lastDepartureDate,
    baggageServices,
  };
}

export function baggageAvailableServices(record: OfferRecord): OfferAvailableServiceBaggage[] {
  return record.baggageServices.map((s) => ({
    id: s.id,
    type: 'baggage',
    maximum_quantity: s.maximumQuantity,
    passenger_ids: s.passengerIds,
    segment_ids: s.segmentIds,
    total_amount: money(s.unitCents / 100),
    total_currency: s.currency,
    metadata: bagMetadata('checked', 23),
  }));
}

const EXIT_DISCLOSURES = [
  'Do not seat children in exit row seats',
  'Passengers must be able to assist in an emergency evacuation',
];

/** Per-segment seat maps of an offer; built once, with one seat service per seat and passenger. */
export function seatMapsFor(record: OfferRecord, ids: IdFactory): { seatMaps: SeatMap[]; services: Map<string, ServiceRecord> } {
  if (record.seatMaps && record.seatServices) return { seatMaps: record.seatMaps, services: record.seatServices };
  const services = new Map<string, ServiceRecord>();
  const { offer } = record;
  const currency = offer.total_currency;
  const fx = currency === 'EUR' ? 0.92 : 1;
  const seated = offer.passengers.filter((p) => p.type !== 'infant_without_seat');
  const seatMaps: SeatMap[] = [];
  for (const slice of offer.slices) {
    for (const segment of slice.segments) {
      const wide = segment.aircraft.iata_code === record.carrier.wideBody?.iata_code && record.carrier.wideBody !== null;
      const cabinClass = segment.passengers[0]?.cabin_class ?? 'economy';
      const premium = cabinClass === 'business' || cabinClass === 'first';
      const layout = premium ? (wide ? ['A', 'EF', 'K'] : ['AC', 'DF']) : wide ? ['ABC', 'DEF', 'HJK'] : ['ABC', 'DEF'];
      const firstRow = premium ? 1 : wide ? 10 : 6;
      const rowCount = premium ? (wide ? 8 : 4) : wide ? 30 : 24;
      const exitRows = premium ? [] : [firstRow + Math.floor(rowCount / 3), firstRow + Math.floor(rowCount / 3) + 1];
      const rows: SeatMapCabinRow[] = [
        { sections: layout.map((_, i) => ({ elements: [{ type: i === 0 ? 'lavatory' : 'galley' }] })) },
      ];
      if (wide && !premium) {
        rows.push({
          sections: layout.map((letters) => ({
            elements: [...letters].map((_, i) => ({ type: i === 1 ? 'bassinet' : 'empty' })),
          })),
        });
      }
      let wingsFirst = -1;
      let wingsLast = -1;
      for (let row = firstRow; row < firstRow + rowCount; row += 1) {
        const exit = exitRows.includes(row);
        if (exit && row === exitRows[0]) rows.push({ sections: layout.map(() => ({ elements: [{ type: 'exit_row' }] })) });
        if (row === exitRows[0]) wingsFirst = rows.length;
        if (row === (exitRows[1] ?? 0) + 4) wingsLast = rows.length;
        rows.push({
          sections: layout.map((letters) => ({
            elements: [...letters].map((letter): SeatMapCabinRowSectionElement => {
              const designator = `${row}${letter}`;
              const available = hashInt('seat', offer.id, segment.id, designator) % 10 < 6;
              const priceUnits = record.brandIndex === 2 ? 0 : exit ? 35 : row < firstRow + 4 ? 18 : 9;
              const unitCents = Math.round(priceUnits * fx * 100);
              return {
                type: 'seat',
                designator,
                name: exit ? 'Exit row seat' : undefined,
                disclosures: exit ? EXIT_DISCLOSURES : [],
                available_services: available
                  ? seated.map((p) => {
                      const id = ids.stable('ase', offer.id, segment.id, designator, p.id);
                      services.set(id, {
                        id,
                        kind: 'seat',
                        passengerIds: [p.id],
                        segmentIds: [segment.id],
                        unitCents,
                        currency,
                        maximumQuantity: 1,
                        seat: { designator, name: exit ? 'Exit row seat' : null, disclosures: exit ? EXIT_DISCLOSURES : [] },
                      });
                      return { id, passenger_id: p.id, total_amount: money(unitCents / 100), total_currency: currency };
                    })
                  : [],
              };
            }),
          })),
        });
      }
      seatMaps.push({
        id: ids.stable('sea', offer.id, segment.id),
        slice_id: slice.id,
        segment_id: segment.id,
        cabins: [
          {
            deck: 0,
            cabin_class: cabinClass,
            aisles: layout.length - 1,
            wings: wingsFirst >= 0 && wingsLast >= 0 ? { first_row_index: wingsFirst, last_row_index: wingsLast } : null,
            rows,
          },
        ],
      });
    }
  }
  record.seatMaps = seatMaps;
  record.seatServices = services;
  return { seatMaps, services };
}
