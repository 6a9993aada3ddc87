import type { Airline, OfferSlice } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import { findAirport } from '../../data/airports.js';
import type { AllotmentOrderRow } from '../../db/allotments-schema.js';
import { airlineLogoPath, toAirline } from '../sandbox/airlines.js';
import { cabinLabels } from '../sandbox/cabins.js';
import { includedBaggage, requiredFieldsFor } from '../sandbox/orders.js';
import { epochDayOf, formatLocal, localToUtc, MINUTES_PER_DAY, parseClock } from '../sandbox/time.js';
import {
  TicketsIssuedByAgency,
  type CancellationQuote,
  type CreateOrderResult,
  type GetOfferResult,
  type PassengerRequirements,
  type Supplier,
  type SupplierOffer,
  type SupplierOrder,
  type SupplierSearch,
} from '../supplier.js';
import { decodeAgencyOfferReference, encodeAgencyOfferReference, type AgencyOfferToken } from './agency-offer-reference.js';
import { releaseOf } from '../../modules/allotments/allotment-release.js';
import { AGENCY_SEATS_SUPPLIER } from './name.js';
import { AgencyOrderError, createAgencySeatsStore, type SellableFlight } from './agency-seats-store.js';

export { AGENCY_SEATS_SUPPLIER };

/** A traveller needs time between arriving on one slice and leaving on the next. */
const MIN_MINUTES_BETWEEN_SLICES = 120;
/** Most offers one search answers. */
const MAX_OFFERS = 60;
const QUOTE_PREFIX = 'aoc_';

export interface AgencySeatsSupplierOptions {
  database: Database;
  /** Minutes an offer stays bookable. */
  offerTtlMinutes?: number;
  /** Clock for calls made without `now`; tests pin it. */
  clock?: () => Date;
}

export interface AgencySeatsSupplier extends Supplier {
  readonly name: typeof AGENCY_SEATS_SUPPLIER;
  /** Records the PNR and tickets staff issued in the airline's own system: the order is ticketed. */
  recordTicketsIssued(
    orderId: string,
    ticketed: { pnr: string; tickets: { passengerId: string; ticketNumber: string }[] },
  ): Promise<void>;
}

const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (value: number) => value / 100;
const minuteOf = (date: Date) => Math.floor(date.getTime() / 60_000);
const zoneOf = (airport: string) => findAirport(airport)?.timeZone ?? 'UTC';

/** An airline the agency sells: its name and logo as the offers show them, the code alone if unknown. */
function airlineOf(code: string): Airline {
  try {
    return toAirline(code);
  } catch {
    return { iataCode: code, nameEn: code, nameAr: code, logo: airlineLogoPath(code) };
  }
}

/** The local departure and arrival of a dated flight, in minutes, and its UTC instants. */
function timesOf(flight: SellableFlight) {
  const day = epochDayOf(flight.departureDate)!;
  const departureLocal = day * MINUTES_PER_DAY + parseClock(flight.departureTime);
  const arrivalLocal = (day + flight.arrivalDayOffset) * MINUTES_PER_DAY + parseClock(flight.arrivalTime);
  const departureUtc = localToUtc(departureLocal, zoneOf(flight.origin));
  const arrivalUtc = localToUtc(arrivalLocal, zoneOf(flight.destination));
  return { departureLocal, arrivalLocal, departureUtc, arrivalUtc, duration: Math.max(1, arrivalUtc - departureUtc) };
}

/** The epoch minute sales stop: the release of unsold seats to the airline, or the booking cut-off. */
const salesEndUtc = (flight: SellableFlight) => Math.floor(releaseOf(flight).at.getTime() / 60_000);

const seatsFor = (passengers: AgencyOfferToken['passengers']) => passengers.adults + passengers.children;

/** Whether the dated flight sells these passengers now. */
const sellable = (flight: SellableFlight, passengers: AgencyOfferToken['passengers'], nowMinute: number) =>
  flight.onSale &&
  salesEndUtc(flight) > nowMinute &&
  flight.seatsLeft >= seatsFor(passengers) &&
  flight.infantsLeft >= passengers.infants;

function toSlice(flight: SellableFlight): OfferSlice {
  const times = timesOf(flight);
  const airline = airlineOf(flight.airline);
  const departureDate = formatLocal(times.departureLocal);
  const arrivalDate = formatLocal(times.arrivalLocal);
  return {
    origin: flight.origin,
    destination: flight.destination,
    departureDate,
    arrivalDate,
    durationInMinutes: times.duration,
    cabinClasses: [{ ...cabinLabels[flight.cabin] }],
    airlines: [airline],
    segments: [
      {
        flightNumber: `${flight.airline}${flight.flightNumber}`,
        airline,
        origin: flight.origin,
        destination: flight.destination,
        departureDate,
        arrivalDate,
        durationInMinutes: times.duration,
        stops: 0,
      },
    ],
  };
}

/** What each passenger type pays for all the slices, in cents. */
function faresOf(flights: readonly SellableFlight[]) {
  const sum = (pick: (f: SellableFlight) => number) => flights.reduce((total, f) => total + cents(pick(f)), 0);
  return { adult: sum((f) => f.fares.adult), child: sum((f) => f.fares.child), infant: sum((f) => f.fares.infant) };
}

function totalCentsOf(flights: readonly SellableFlight[], passengers: AgencyOfferToken['passengers']) {
  const fares = faresOf(flights);
  return passengers.adults * fares.adult + passengers.children * fares.child + passengers.infants * fares.infant;
}

/** A refund or change is allowed only when every flight allows it; penalties add up per flight and passenger. */
function conditionOf(
  flights: readonly SellableFlight[],
  passengers: AgencyOfferToken['passengers'],
  allowed: (f: SellableFlight) => boolean,
  penalty: (f: SellableFlight) => number | null,
) {
  if (!flights.every(allowed)) return { allowed: false, penaltyAmount: null, penaltyCurrency: null };
  const travellers = passengers.adults + passengers.children + passengers.infants;
  const penalties = flights.map(penalty);
  if (penalties.some((p) => p === null)) return { allowed: true, penaltyAmount: null, penaltyCurrency: null };
  const total = penalties.reduce((sum: number, p) => sum + cents(p!) * travellers, 0);
  return { allowed: true, penaltyAmount: fromCents(total), penaltyCurrency: flights[0]!.currency };
}

function toOffer(token: AgencyOfferToken, flights: readonly SellableFlight[], offerTtlMinutes: number): SupplierOffer {
  const { passengers } = token;
  return {
    reference: encodeAgencyOfferReference(token),
    tripType: token.tripType,
    baggage: {
      hold: {
        quantity: Math.min(...flights.map((f) => f.holdPieces)),
        weight: Math.min(...flights.map((f) => (f.holdPieces > 0 ? f.holdKg : 0))),
      },
      carryOn: {
        quantity: flights.every((f) => f.cabinKg > 0) ? 1 : 0,
        weight: Math.min(...flights.map((f) => f.cabinKg)),
      },
    },
    slices: flights.map(toSlice),
    expiresAt: new Date((token.issuedAt + offerTtlMinutes) * 60_000).toISOString(),
    totalAmount: fromCents(token.totalCents),
    totalCurrency: flights[0]!.currency,
    conditions: {
      refundBeforeDeparture: conditionOf(
        flights,
        passengers,
        (f) => f.refundable,
        (f) => f.refundPenalty,
      ),
      changeBeforeDeparture: conditionOf(
        flights,
        passengers,
        (f) => f.changeable,
        (f) => f.changePenalty,
      ),
    },
    requiresInstantPayment: false,
    supplierData: { fares: faresOf(flights) } satisfies AgencyOfferData,
  };
}

const toSupplierOrder = (row: AllotmentOrderRow): SupplierOrder => ({
  orderId: row.id,
  clientReference: row.clientReference,
  // Paid but not yet ticketed by staff is, for Kwenda, an order still without tickets.
  state: row.state === 'paid' ? 'held' : row.state,
  paymentRequiredBy: row.paymentRequiredBy,
  total: Number(row.total),
  currency: row.currency,
  ticketed: row.state === 'ticketed' && row.pnr && row.tickets ? { pnr: row.pnr, tickets: row.tickets } : null,
  slices: null,
});

/**
 * The agency's own seats (Tarco, Badr, Sudan Airways...) as a supplier: offers are the dated flights
 * the agency holds seats on (modules/allotments), priced at their net fares; a hold takes seats in
 * the database, never more than are left; a paid order's tickets are issued by staff in the airline's
 * own system (ticketOrder sells the seats and answers TicketsIssuedByAgency), then recorded with
 * recordTicketsIssued. See docs/decisions/0035-the-agencys-own-seats-as-a-supplier.md.
 */
export function createAgencySeatsSupplier(options: AgencySeatsSupplierOptions): AgencySeatsSupplier {
  const { offerTtlMinutes = 30, clock = () => new Date() } = options;
  const store = createAgencySeatsStore(options.database.db);

  async function flightsOf(token: AgencyOfferToken): Promise<SellableFlight[] | null> {
    const byId = await store.flightsById(token.flights);
    const flights = token.flights.map((id) => byId.get(id));
    if (flights.some((f) => !f || f.cabin !== token.cabin)) return null;
    return flights as SellableFlight[];
  }

  /** Every time-consistent combination of one flight per leg, soonest first, at most MAX_OFFERS. */
  function combine(perLeg: SellableFlight[][]): SellableFlight[][] {
    let combos: SellableFlight[][] = [[]];
    for (const flights of perLeg) {
      const next: SellableFlight[][] = [];
      for (const combo of combos) {
        const previous = combo[combo.length - 1];
        for (const flight of flights) {
          if (previous && timesOf(flight).departureUtc < timesOf(previous).arrivalUtc + MIN_MINUTES_BETWEEN_SLICES) continue;
          if (previous && flight.currency !== previous.currency) continue;
          next.push([...combo, flight]);
          if (next.length >= MAX_OFFERS * 4) break;
        }
      }
      combos = next;
    }
    return combos.slice(0, MAX_OFFERS);
  }

  /** The offers of a search as the seats are at `nowMinute`. */
  async function offersOf(search: SupplierSearch, nowMinute: number): Promise<readonly SupplierOffer[]> {
    const cabin = search.cabinClass ?? 'economy';
    const perLeg: SellableFlight[][] = [];
    for (const leg of search.legs) {
      const flights = (
        await store.flightsOn(leg.origin.toUpperCase(), leg.destination.toUpperCase(), leg.departureDate, cabin)
      ).filter((f) => sellable(f, search.passengers, nowMinute));
      if (flights.length === 0) return [];
      perLeg.push(flights.sort((a, b) => timesOf(a).departureUtc - timesOf(b).departureUtc || (a.id < b.id ? -1 : 1)));
    }
    return combine(perLeg).map((flights) =>
      toOffer(
        {
          tripType: search.tripType,
          cabin,
          passengers: search.passengers,
          flights: flights.map((f) => f.id),
          issuedAt: nowMinute,
          totalCents: totalCentsOf(flights, search.passengers),
        },
        flights,
        offerTtlMinutes,
      ),
    );
  }

  /** Recent searches' answers (or the reads still under way), by minute and search. */
  const recentSearches = new Map<string, Promise<readonly SupplierOffer[]>>();
  const RECENT_SEARCHES = 500;

  const supplier: AgencySeatsSupplier = {
    name: AGENCY_SEATS_SUPPLIER,

    ownsOfferReference: (reference: string) => decodeAgencyOfferReference(reference) !== null,

    searchOffers(search: SupplierSearch, now: Date = clock()) {
      if (search.legs.length === 0) return Promise.resolve([]);
      const nowMinute = minuteOf(now);
      // The same search in the same minute answers the same offers (references carry the minute),
      // so paging does not read the seats again; a hold re-reads them. The answer is kept from the
      // moment it is asked: the same search asked again while the seats are being read (travellers at
      // once, a minute's first searches under load) waits for that read rather than making its own.
      const cacheKey = `${nowMinute}|${JSON.stringify(search)}`;
      const cached = recentSearches.get(cacheKey);
      if (cached) return cached;
      const answer = offersOf(search, nowMinute);
      recentSearches.set(cacheKey, answer);
      if (recentSearches.size > RECENT_SEARCHES) recentSearches.delete(recentSearches.keys().next().value!);
      // A failed read is not kept: the next search reads again.
      answer.catch(() => {
        if (recentSearches.get(cacheKey) === answer) recentSearches.delete(cacheKey);
      });
      return answer;
    },

    async *streamOffers(search: SupplierSearch, now: Date = clock()) {
      // The seats are in the database: one batch, at once.
      yield { offers: await supplier.searchOffers(search, now), remainingBatches: 0, totalBatches: 1 };
    },

    async getOffer(reference: string, now: Date = clock()): Promise<GetOfferResult> {
      const token = decodeAgencyOfferReference(reference);
      if (!token) return { status: 'unavailable' };
      const nowMinute = minuteOf(now);
      if (nowMinute >= token.issuedAt + offerTtlMinutes) return { status: 'expired' };
      const flights = await flightsOf(token);
      if (!flights || !flights.every((f) => sellable(f, token.passengers, nowMinute))) return { status: 'unavailable' };
      const totalCents = totalCentsOf(flights, token.passengers);
      if (totalCents === token.totalCents) return { status: 'available', offer: toOffer(token, flights, offerTtlMinutes) };
      // Staff changed a fare since the offer was made: a fresh offer at the new price, which then holds.
      const offer = toOffer({ ...token, issuedAt: nowMinute, totalCents }, flights, offerTtlMinutes);
      return { status: 'price-changed', offer, previousTotal: fromCents(token.totalCents) };
    },

    // The agency's allocations come without seat numbers: the airline assigns seats at check-in.
    getSeatMap: async () => null,

    passengerRequirements(offer: SupplierOffer): PassengerRequirements[] {
      const token = decodeAgencyOfferReference(offer.reference);
      if (!token) throw new Error('Not an agency-seats offer');
      const countries = offer.slices.flatMap((s) =>
        s.segments.flatMap((g) => [findAirport(g.origin)?.countryCode ?? '', findAirport(g.destination)?.countryCode ?? '']),
      );
      const requiredFields = requiredFieldsFor(countries.filter(Boolean));
      // Shares of the total by passenger type: the same split the offer was priced with.
      const { adults, children, infants } = token.passengers;
      const perType = faresOfOffer(offer);
      // No extra bags are sold on the agency's seats: the fare's allowance only.
      const included = includedBaggage(offer.baggage);
      const of = (passengerType: 'adult' | 'child' | 'infant', n: number) =>
        Array.from({ length: n }, () => ({
          passengerType,
          requiredFields,
          baggage: passengerType === 'infant' ? [] : included.map((o) => ({ ...o })),
          fare: fromCents(perType[passengerType]),
          supplierPassengerId: null,
        }));
      return [...of('adult', adults), ...of('child', children), ...of('infant', infants)];
    },

    async createOrder(
      { offerReference, passengers, holdMinutes, clientReference },
      now: Date = clock(),
    ): Promise<CreateOrderResult> {
      const existing = await store.findByClientReference(clientReference);
      if (existing) return existing.state === 'cancelled' ? { status: 'unavailable' } : heldAnswer(existing);
      const priced = await supplier.getOffer(offerReference, now);
      if (priced.status !== 'available') return priced;
      const token = decodeAgencyOfferReference(priced.offer.reference)!;
      const types = (list: { passengerType: string }[]) => list.map((p) => p.passengerType).join(',');
      if (types(supplier.passengerRequirements(priced.offer)) !== types(passengers))
        throw new Error('Passengers do not match the offer');
      const flights = (await flightsOf(token))!;
      // The hold ends when the traveller's payment time ends, and never after the seats go back to the airline.
      const releaseAt = Math.min(...flights.map(salesEndUtc)) * 60_000;
      const order = await store.openOrder({
        clientReference,
        offerReference: priced.offer.reference,
        total: priced.offer.totalAmount,
        currency: flights[0]!.currency,
        passengers: passengers.map((p) => ({ id: p.id, passengerType: p.passengerType })),
        paymentRequiredBy: new Date(Math.min(now.getTime() + holdMinutes * 60_000, releaseAt)),
        holds: flights.map((f) => ({
          datedFlightId: f.id,
          seats: seatsFor(token.passengers),
          infants: token.passengers.infants,
        })),
      });
      if (!order) return { status: 'unavailable' };
      return order.state === 'cancelled' ? { status: 'unavailable' } : heldAnswer(order);
    },

    /** Sells the order's seats, once; the tickets are then issued by staff in the airline's system. */
    async ticketOrder(orderId: string) {
      await store.markPaid(orderId);
      throw new TicketsIssuedByAgency(orderId);
    },

    async recordTicketsIssued(orderId, ticketed) {
      await store.recordTickets(orderId, ticketed);
    },

    // Every agency-seats offer can be held: nothing is ever ordered and paid in one step.
    async createInstantOrder() {
      return { status: 'unavailable' };
    },

    cancelOrder: (orderId: string) => store.cancel(orderId),

    async getOrder(orderId: string) {
      const row = await store.findOrder(orderId);
      return row ? toSupplierOrder(row) : null;
    },

    async findOrder(clientReference: string) {
      const row = await store.findByClientReference(clientReference);
      return row ? toSupplierOrder(row) : null;
    },

    /**
     * An unpaid hold refunds nothing; a paid or ticketed order its total less the fare's refund
     * penalties, or nothing when a flight's fare is not refundable. Confirming cancels the order as it
     * then is and gives its seats back to the agency's allocation.
     */
    async quoteCancellation(orderId: string): Promise<CancellationQuote> {
      const row = await store.findOrder(orderId);
      if (!row || row.state === 'cancelled') throw new AgencyOrderError(`Order ${orderId} cannot be cancelled`);
      let refundCents = 0;
      if (row.state !== 'held') {
        const token = decodeAgencyOfferReference(row.offerReference);
        const flights = token && (await flightsOf(token));
        const refund =
          token && flights
            ? conditionOf(
                flights,
                token.passengers,
                (f) => f.refundable,
                (f) => f.refundPenalty,
              )
            : null;
        refundCents = refund?.allowed ? Math.max(0, cents(Number(row.total)) - cents(refund.penaltyAmount ?? 0)) : 0;
      }
      return {
        id: `${QUOTE_PREFIX}${orderId}`,
        orderId,
        refundAmount: fromCents(refundCents),
        refundCurrency: row.currency,
        refundTo: refundCents > 0 ? 'original_form_of_payment' : 'none',
        expiresAt: new Date(clock().getTime() + 15 * 60_000),
      };
    },

    async confirmCancellation(quoteId: string) {
      if (!quoteId.startsWith(QUOTE_PREFIX)) throw new AgencyOrderError(`Unknown cancellation ${quoteId}`);
      await store.cancel(quoteId.slice(QUOTE_PREFIX.length));
    },

    // A schedule change by the airline is entered by staff on the dated flight, not sent as an event.
    airlineChanges: async () => [],
    async acceptAirlineChange(changeId: string) {
      throw new AgencyOrderError(`Unknown airline change ${changeId}`);
    },
  };
  return supplier;
}

function heldAnswer(order: AllotmentOrderRow): CreateOrderResult {
  return {
    status: 'held',
    orderId: order.id,
    paymentRequiredBy: order.paymentRequiredBy,
    priceGuaranteeExpiresAt: null,
    total: Number(order.total),
    currency: order.currency,
  };
}

/** The offer's fare of each passenger type in cents, as priced (kept in its supplierData). */
function faresOfOffer(offer: SupplierOffer): { adult: number; child: number; infant: number } {
  const fares = (offer.supplierData as AgencyOfferData | undefined)?.fares;
  if (!fares) throw new Error('An agency-seats offer without its fares');
  return fares;
}

/** What the supplier keeps with its offer: each passenger type's fare for all the slices, in cents. */
interface AgencyOfferData {
  fares: { adult: number; child: number; infant: number };
}
