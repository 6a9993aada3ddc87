import type { CabinClassCode, OfferSlice, TripType } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import type { SandboxOrderState } from '../../db/supplier-calls-schema.js';
import type {
  AirlineChange,
  CancellationQuote,
  CreateOrderResult,
  GetOfferResult,
  InstantOrderResult,
  SeatMap,
  Supplier,
  SupplierOffer,
  SupplierPassenger,
  SupplierSearch,
} from '../supplier.js';
import { toAirline } from './airlines.js';
import { cabinLabels } from './cabins.js';
import { createNetwork, itineraryKey, type Itinerary, type Network } from './itineraries.js';
import {
  encodeOfferReference,
  repricingOutcome,
  verifyOfferReference,
  type OfferToken,
  type SegmentRef,
} from './offer-reference.js';
import { fareConditionsFor, offerFareFamily } from './fare-families.js';
import { countryLookup, offerBaggage, priceOffer, round2, sliceFare, type AirportCountry } from './pricing.js';
import { buildSchedule, type Schedule } from './schedules.js';
import { createOrderBook, SandboxOrderError, type SandboxOrderBook } from './order-book.js';
import { AIRLINE_HOLD_MINUTES, extrasUsd, passengerRequirementsFor } from './orders.js';
import { seatMapFor } from './seat-map.js';
import { epochDayOf, formatLocal, localEpochDay } from './time.js';

export interface SandboxSupplierOptions {
  /** Minutes an offer stays bookable (Duffel: about 30). */
  offerTtlMinutes?: number;
  /** HMAC key of offer references. */
  secret?: string;
  /** Clock for calls made without `now`; tests pin it. */
  clock?: () => Date;
  /** Another network (tests); defaults to the built-in one, built once per process. */
  schedule?: Schedule;
  /**
   * Where the sandbox airline keeps its orders (order-book.ts): the app's database, so every process
   * and a restart see the same orders. Without it the supplier searches and prices but holds nothing.
   */
  database?: Database;
}

const CANCELLATION_QUOTE_PREFIX = 'ocr_sandbox_';

/** Flights leaving sooner than this are no longer sold. */
export const BOOKING_CUTOFF_MINUTES = 120;
/** Most offers one search answers. */
export const MAX_OFFERS = 60;
/** Ranking weight of travel time: an extra hour "costs" 21 USD when choosing which itineraries to show. */
export const TIME_VALUE_USD_PER_MINUTE = 0.35;

/** Itineraries kept per slice before combining slices, so combinations stay near MAX_OFFERS. */
export const optionsPerSlice = (slices: number) =>
  slices <= 1 ? MAX_OFFERS : slices === 2 ? 8 : slices === 3 ? 4 : slices === 4 ? 3 : 2;

/** A traveller needs time between arriving on one slice and leaving on the next. */
export const MIN_MINUTES_BETWEEN_SLICES = 120;

let defaultNetwork: Network | undefined;
const networkFor = (schedule?: Schedule) =>
  schedule ? createNetwork(schedule) : (defaultNetwork ??= createNetwork(buildSchedule()));

interface Candidate {
  itinerary: Itinerary;
  adultFare: number;
  score: number;
  key: string;
}

export interface SandboxSupplier extends Supplier {
  readonly name: 'sandbox';
  readonly schedule: Schedule;
  /** State of an order (tests: seats released after a cancel). */
  orderState(orderId: string): Promise<SandboxOrderState | undefined>;
  /** Seats held or ticketed on a flight (its local departure date at the origin). */
  heldSeats(flightNumber: string, departureDate: string): Promise<number>;
}

/**
 * An offline flight supplier simulating the Sudan market: real carriers and routes, weekly
 * schedules, connections through real hubs, deterministic fares and signed offer references.
 * See README.md in this folder for the rules tests can rely on.
 */
export function createSandboxSupplier(options: SandboxSupplierOptions = {}): SandboxSupplier {
  const { offerTtlMinutes = 30, secret = 'kwenda-sandbox', clock = () => new Date() } = options;
  const network = networkFor(options.schedule);
  const { schedule } = network;
  const countryOf: AirportCountry = countryLookup(schedule.airports);
  const zoneOf = (code: string) => schedule.airports.get(code)?.timeZone ?? 'UTC';
  const minuteOf = (date: Date) => Math.floor(date.getTime() / 60_000);
  /** The date the fare is quoted on, at the slice's origin. */
  const bookingDay = (origin: string, pricedAt: number) => localEpochDay(zoneOf(origin), new Date(pricedAt * 60_000));

  const sellable = (itinerary: Itinerary, cabin: CabinClassCode, nowMinute: number) =>
    itinerary.departureUtc >= nowMinute + BOOKING_CUTOFF_MINUTES &&
    itinerary.segments.every((s) => s.flight.cabins.includes(cabin));

  function toSlice(itinerary: Itinerary, cabin: CabinClassCode): OfferSlice {
    const first = itinerary.segments[0]!;
    const last = itinerary.segments[itinerary.segments.length - 1]!;
    const airlines = [...new Set(itinerary.segments.map((s) => s.flight.airline))];
    return {
      origin: first.flight.origin,
      destination: last.flight.destination,
      departureDate: formatLocal(first.departureLocal),
      arrivalDate: formatLocal(last.arrivalLocal),
      durationInMinutes: itinerary.durationMinutes,
      cabinClasses: [{ ...cabinLabels[cabin] }],
      airlines: airlines.map((code) => ({ ...toAirline(code) })),
      segments: itinerary.segments.map((s) => ({
        flightNumber: s.flight.flightNumber,
        airline: { ...toAirline(s.flight.airline) },
        origin: s.flight.origin,
        destination: s.flight.destination,
        departureDate: formatLocal(s.departureLocal),
        arrivalDate: formatLocal(s.arrivalLocal),
        durationInMinutes: s.flight.blockMinutes,
        stops: 0,
        aircraft: s.flight.aircraft,
      })),
    };
  }

  function toOffer(
    token: OfferToken,
    slices: readonly { itinerary: Itinerary; adultFare: number }[],
    priceFactor = 1,
  ): SupplierOffer {
    const price = priceOffer(slices, token.cabin, token.passengers, token.baggage);
    const totalAmount = round2(price.total * priceFactor);
    const segments = slices.flatMap((s) => s.itinerary.segments);
    return {
      reference: encodeOfferReference(token, secret),
      tripType: token.tripType,
      baggage: offerBaggage(
        slices.map((s) => s.itinerary),
        token.cabin,
        token.baggage,
      ),
      slices: slices.map((s) => toSlice(s.itinerary, token.cabin)),
      expiresAt: new Date((token.issuedAt + offerTtlMinutes) * 60_000).toISOString(),
      totalAmount,
      totalCurrency: 'USD',
      conditions: fareConditionsFor(offerFareFamily(segments, token.cabin), segments, token.passengers, totalAmount),
    };
  }

  const fareOf = (itinerary: Itinerary, cabin: CabinClassCode, pricedAt: number, tripType: TripType) =>
    sliceFare(itinerary, cabin, bookingDay(itinerary.segments[0]!.flight.origin, pricedAt), tripType, countryOf);

  /** The best itineraries of one slice: sellable, within maxConnections, ranked by fare plus time. */
  function candidatesFor(search: SupplierSearch, index: number, nowMinute: number, keep: number): Candidate[] {
    const leg = search.legs[index]!;
    const day = epochDayOf(leg.departureDate);
    if (day === null) return [];
    const cabin = search.cabinClass ?? 'economy';
    const maxSegments = (search.maxConnections ?? 2) + 1;
    const candidates: Candidate[] = [];
    for (const itinerary of network.itinerariesOn(leg.origin.toUpperCase(), leg.destination.toUpperCase(), day)) {
      if (itinerary.segments.length > maxSegments || !sellable(itinerary, cabin, nowMinute)) continue;
      const adultFare = fareOf(itinerary, cabin, nowMinute, search.tripType);
      candidates.push({
        itinerary,
        adultFare,
        score: adultFare + TIME_VALUE_USD_PER_MINUTE * itinerary.durationMinutes,
        key: itineraryKey(itinerary),
      });
    }
    candidates.sort((a, b) => a.score - b.score || a.key.localeCompare(b.key));
    return candidates.slice(0, keep);
  }

  /** Every time-consistent combination of one candidate per slice, best first, at most MAX_OFFERS. */
  function combine(perSlice: Candidate[][]): Candidate[][] {
    let combos: { picks: Candidate[]; score: number }[] = [{ picks: [], score: 0 }];
    for (const candidates of perSlice) {
      const next: typeof combos = [];
      for (const combo of combos) {
        const previous = combo.picks[combo.picks.length - 1];
        for (const candidate of candidates) {
          if (previous && candidate.itinerary.departureUtc < previous.itinerary.arrivalUtc + MIN_MINUTES_BETWEEN_SLICES) continue;
          next.push({ picks: [...combo.picks, candidate], score: combo.score + candidate.score });
        }
      }
      combos = next;
    }
    const keyOf = (picks: Candidate[]) => picks.map((p) => p.key).join(';');
    return combos
      .sort((a, b) => a.score - b.score || keyOf(a.picks).localeCompare(keyOf(b.picks)))
      .slice(0, MAX_OFFERS)
      .map((c) => c.picks);
  }

  const refsOf = (itinerary: Itinerary): SegmentRef[] =>
    itinerary.segments.map((s) => ({ flightNumber: s.flight.flightNumber, day: s.day }));

  /** Rebuilds the dated flights of a reference; null if any no longer exists or they no longer connect. */
  function rebuild(slices: SegmentRef[][]): Itinerary[] | null {
    const itineraries: Itinerary[] = [];
    for (const refs of slices) {
      const segments = [];
      for (const ref of refs) {
        const flight = schedule.byNumber.get(ref.flightNumber);
        const instance = flight && network.instantiate(flight, ref.day);
        if (!instance) return null;
        const previous = segments[segments.length - 1];
        if (previous && (previous.flight.destination !== flight.origin || instance.departureUtc <= previous.arrivalUtc))
          return null;
        segments.push(instance);
      }
      const departureUtc = segments[0]!.departureUtc;
      const arrivalUtc = segments[segments.length - 1]!.arrivalUtc;
      itineraries.push({ segments, departureUtc, arrivalUtc, durationMinutes: arrivalUtc - departureUtc });
    }
    return itineraries;
  }

  const RECENT_SEARCHES = 500;
  const recentSearches = new Map<string, readonly SupplierOffer[]>();
  function searchUncached(search: SupplierSearch, nowMinute: number): readonly SupplierOffer[] {
    const keep = optionsPerSlice(search.legs.length);
    const perSlice = search.legs.map((_, index) => candidatesFor(search, index, nowMinute, keep));
    if (perSlice.some((candidates) => candidates.length === 0)) return [];
    const cabin = search.cabinClass ?? 'economy';
    return combine(perSlice).map((picks) => {
      const token: OfferToken = {
        tripType: search.tripType,
        cabin,
        passengers: search.passengers,
        baggage: search.baggage,
        issuedAt: nowMinute,
        pricedAt: nowMinute,
        repriced: false,
        slices: picks.map((p) => refsOf(p.itinerary)),
      };
      return toOffer(token, picks);
    });
  }

  const orderBook: SandboxOrderBook | null = options.database ? createOrderBook(options.database.db) : null;
  const orders = () => {
    if (!orderBook) throw new Error('The sandbox supplier keeps its orders in the database: createSandboxSupplier({ database })');
    return orderBook;
  };
  const requirementsOf = (offer: SupplierOffer) => {
    const token = verifyOfferReference(offer.reference, secret);
    if (!token) throw new Error('Not a sandbox offer');
    return passengerRequirementsFor(
      offer,
      token,
      countryOf,
      (flightNumber) => schedule.byNumber.get(flightNumber)?.distanceKm ?? 0,
    );
  };

  const supplier: SandboxSupplier = {
    name: 'sandbox',
    schedule,
    orderState: (orderId) => orders().state(orderId),
    heldSeats: (flightNumber, departureDate) => orders().heldSeats(flightNumber, departureDate),
    passengerRequirements: requirementsOf,

    async createOrder(
      { offerReference, passengers, holdMinutes, clientReference },
      now: Date = clock(),
    ): Promise<CreateOrderResult> {
      // Asked again with the same client reference (a retry): the order already made, not a second hold.
      const existing = await orders().findByClientReference(clientReference);
      if (existing)
        return existing.state === 'cancelled'
          ? { status: 'unavailable' }
          : {
              status: 'held',
              orderId: existing.orderId,
              paymentRequiredBy: existing.paymentRequiredBy,
              priceGuaranteeExpiresAt: null,
              total: existing.total,
              currency: existing.currency,
            };
      const priced = await supplier.getOffer(offerReference, now);
      if (priced.status !== 'available') return priced;
      const requirements = requirementsOf(priced.offer);
      const types = (list: { passengerType: string }[]) => list.map((p) => p.passengerType).join(',');
      if (types(requirements) !== types(passengers)) throw new Error('Passengers do not match the offer');
      const order = await orders().open({
        clientReference,
        validatingCarrier: priced.offer.slices[0]!.segments[0]!.airline.iataCode,
        offerReference,
        totalUsd: Math.round((priced.offer.totalAmount + extrasUsd(requirements, passengers)) * 100) / 100,
        paymentRequiredBy: new Date(now.getTime() + Math.max(holdMinutes, AIRLINE_HOLD_MINUTES) * 60_000),
        passengers: passengers.map((p) => ({ id: p.id, passengerType: p.passengerType })),
        flights: priced.offer.slices.flatMap((slice) =>
          slice.segments.map((g) => ({ flightNumber: g.flightNumber, departureDate: g.departureDate.slice(0, 10) })),
        ),
      });
      return {
        status: 'held',
        orderId: order.orderId,
        paymentRequiredBy: order.paymentRequiredBy,
        priceGuaranteeExpiresAt: null,
        total: order.total,
        currency: order.currency,
      };
    },

    async ticketOrder(orderId: string, passengers: SupplierPassenger[]) {
      return orders().ticket(orderId, passengers, clock());
    },

    /** The sandbox airline holds every offer; an instant order is a hold ticketed at once. */
    async createInstantOrder({ offer, passengers, clientReference }): Promise<InstantOrderResult> {
      const held = await supplier.createOrder({ offerReference: offer.reference, passengers, holdMinutes: 0, clientReference });
      // A new price holds nothing at the sandbox airline.
      if (held.status === 'price-changed') return { status: 'price-changed', newTotal: held.offer.totalAmount };
      if (held.status !== 'held') return held;
      const existing = await orders().get(held.orderId);
      if (existing?.ticketed) return { status: 'ticketed', orderId: held.orderId, ticketed: existing.ticketed };
      return { status: 'ticketed', orderId: held.orderId, ticketed: await orders().ticket(held.orderId, passengers, clock()) };
    },

    async cancelOrder(orderId: string) {
      await orders().cancel(orderId, clock());
    },

    getOrder: (orderId) => orders().get(orderId),
    findOrder: (clientReference) => orders().findByClientReference(clientReference),

    /**
     * A held order refunds nothing (nothing was paid); a ticketed one its total less the fare's
     * refund penalty, or nothing when the fare is not refundable. The quote is the order's id: the
     * sandbox airline keeps no quotes, and confirming cancels the order as it is then.
     */
    async quoteCancellation(orderId: string): Promise<CancellationQuote> {
      const row = await orders().row(orderId);
      if (!row || row.state === 'cancelled') throw new SandboxOrderError(`Order ${orderId} cannot be cancelled`);
      let refundAmount = 0;
      if (row.state === 'ticketed') {
        const token = verifyOfferReference(row.offerReference, secret);
        const itineraries = token && rebuild(token.slices);
        const refund =
          token && itineraries
            ? toOffer(
                token,
                itineraries.map((itinerary) => ({
                  itinerary,
                  adultFare: fareOf(itinerary, token.cabin, token.pricedAt, token.tripType),
                })),
              ).conditions.refundBeforeDeparture
            : null;
        refundAmount = refund?.allowed ? Math.max(0, round2(row.totalUsd - (refund.penaltyAmount ?? 0))) : 0;
      }
      return {
        id: `${CANCELLATION_QUOTE_PREFIX}${orderId}`,
        orderId,
        refundAmount,
        refundCurrency: 'USD',
        refundTo: refundAmount > 0 ? 'original_form_of_payment' : 'none',
        expiresAt: new Date(clock().getTime() + 15 * 60_000),
      };
    },

    async confirmCancellation(quoteId: string) {
      if (!quoteId.startsWith(CANCELLATION_QUOTE_PREFIX)) throw new SandboxOrderError(`Unknown cancellation ${quoteId}`);
      await orders().cancel(quoteId.slice(CANCELLATION_QUOTE_PREFIX.length), clock(), { ticketed: true });
    },

    // The sandbox airline keeps its timetable: it never changes an order's flights.
    airlineChanges: async () => [],
    async acceptAirlineChange(changeId: string): Promise<AirlineChange> {
      throw new SandboxOrderError(`Unknown airline change ${changeId}`);
    },

    async *streamOffers(search: SupplierSearch, now: Date = clock()) {
      // Answered at once, in one batch.
      yield { offers: await supplier.searchOffers(search, now), remainingBatches: 0, totalBatches: 1 };
    },

    async searchOffers(search: SupplierSearch, now: Date = clock()): Promise<readonly SupplierOffer[]> {
      if (search.legs.length === 0) return [];
      const nowMinute = minuteOf(now);
      // Same search in the same minute = same offers (references carry the minute): answer from
      // memory, as a real supplier's search cache would. Callers must not mutate the array.
      const cacheKey = `${nowMinute}|${JSON.stringify(search)}`;
      const cached = recentSearches.get(cacheKey);
      if (cached) return cached;
      const offers = searchUncached(search, nowMinute);
      recentSearches.set(cacheKey, offers);
      if (recentSearches.size > RECENT_SEARCHES) recentSearches.delete(recentSearches.keys().next().value!);
      return offers;
    },

    async getOffer(reference: string, now: Date = clock()): Promise<GetOfferResult> {
      const token = verifyOfferReference(reference, secret);
      if (!token) return { status: 'unavailable' };
      const nowMinute = minuteOf(now);
      if (nowMinute >= token.issuedAt + offerTtlMinutes) return { status: 'expired' };
      const itineraries = rebuild(token.slices);
      if (!itineraries || !itineraries.every((itinerary) => sellable(itinerary, token.cabin, nowMinute)))
        return { status: 'unavailable' };
      const slices = itineraries.map((itinerary) => ({
        itinerary,
        adultFare: fareOf(itinerary, token.cabin, token.pricedAt, token.tripType),
      }));

      const outcome = repricingOutcome(token.slices);
      switch (outcome.kind) {
        case 'unavailable':
          return { status: 'unavailable' };
        case 'available':
          return { status: 'available', offer: toOffer(token, slices) };
        case 'price-changed': {
          if (token.repriced) return { status: 'available', offer: toOffer(token, slices, outcome.factor) };
          const previousTotal = toOffer(token, slices).totalAmount;
          // A fresh offer at the new price: its own reference, a full validity period, and it keeps that price.
          const offer = toOffer({ ...token, issuedAt: nowMinute, repriced: true }, slices, outcome.factor);
          return { status: 'price-changed', offer, previousTotal };
        }
      }
    },

    async getSeatMap(reference: string, sliceIndex: number): Promise<SeatMap | null> {
      const token = verifyOfferReference(reference, secret);
      const first = token?.slices[sliceIndex]?.[0];
      const flight = first && schedule.byNumber.get(first.flightNumber);
      if (!first || !flight || !network.instantiate(flight, first.day)) return null;
      return seatMapFor(flight, first.day);
    },
  };
  return supplier;
}
