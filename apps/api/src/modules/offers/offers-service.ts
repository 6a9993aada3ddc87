import {
  addDays,
  FARE_CALENDAR_DAYS_AROUND,
  SEARCH_LIMITS,
  todayIn,
  type FareCalendarDay,
  type FareCalendarResult,
  type BestOffersResult,
  type Currency,
  type FieldError,
  type Offer,
  type OfferRequest,
  type OfferSearchResult,
  type SearchFilters,
  type SortOrder,
} from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';
import { AppError, validationError } from '../../errors.js';
import type { Supplier, SupplierLeg, SupplierOffer, SupplierSearch } from '../../suppliers/supplier.js';
import type { ExchangeRates } from './exchange-rates.js';
import { priceForTravellers } from './offer-fares.js';
import { checkOfferFilters, filterOffers } from './offer-filters.js';
import { presentFareConditions } from './present-fare-conditions.js';

export const PAGE_SIZE = 10;
/** Below this many offers on the asked date, nearby dates are suggested (SPEC: "no flight or few"). */
export const FEW_OFFERS = 3;
export const SUGGESTION_WINDOW_DAYS = 3;
const BEST_COUNT = 5;

const totalMinutes = (offer: SupplierOffer) => offer.slices.reduce((sum, slice) => sum + slice.durationInMinutes, 0);

const comparators: Record<SortOrder, (a: SupplierOffer, b: SupplierOffer) => number> = {
  lowest: (a, b) => a.totalAmount - b.totalAmount || totalMinutes(a) - totalMinutes(b) || a.reference.localeCompare(b.reference),
  fastest: (a, b) => totalMinutes(a) - totalMinutes(b) || a.totalAmount - b.totalAmount || a.reference.localeCompare(b.reference),
};

/** The legs a filter asks for; assumes the contract's refinements already passed. */
export function legsOf(filters: SearchFilters): SupplierLeg[] {
  if (filters.tripType === 'multi-city') {
    return (filters.slices ?? []).map((slice) => ({
      origin: slice.departureStation,
      destination: slice.destinationStation,
      departureDate: slice.departureDate,
    }));
  }
  const outbound = {
    origin: filters.departureStation!,
    destination: filters.destinationStation!,
    departureDate: filters.departureDate!,
  };
  if (filters.tripType === 'one-way') return [outbound];
  return [outbound, { origin: outbound.destination, destination: outbound.origin, departureDate: filters.returnDate! }];
}

function checkAirports(filters: SearchFilters) {
  const fields: FieldError[] = [];
  const check = (code: string | undefined, path: string) => {
    if (code && !findAirport(code)) fields.push({ path, code: 'unknown_airport', message: `Unknown airport code ${code}` });
  };
  if (filters.tripType === 'multi-city') {
    filters.slices?.forEach((slice, i) => {
      check(slice.departureStation, `filters.slices.${i}.departureStation`);
      check(slice.destinationStation, `filters.slices.${i}.destinationStation`);
    });
  } else {
    check(filters.departureStation, 'filters.departureStation');
    check(filters.destinationStation, 'filters.destinationStation');
  }
  if (fields.length) throw validationError(fields);
}

export function createOffersService({ supplier, rates }: { supplier: Supplier; rates: ExchangeRates }) {
  const toSearch = (filters: SearchFilters, legs: SupplierLeg[]): SupplierSearch => ({
    tripType: filters.tripType,
    legs,
    cabinClass: filters.cabinClass ?? null,
    passengers: filters.passengers,
    baggage: filters.baggage,
    maxConnections: filters.maxConnections ?? null,
  });

  const ask = async (search: SupplierSearch, now: Date) => {
    try {
      return await supplier.searchOffers(search, now);
    } catch (error) {
      throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${(error as Error).message}`);
    }
  };

  const present = (offer: SupplierOffer, currency: Currency, requestedDate?: string): Offer => {
    const { totalAmount: _total, totalCurrency: _usd, conditions, ...rest } = offer;
    const fromUsd = (amountUsd: number) => rates.fromUsd(amountUsd, currency);
    return {
      ...rest,
      ...priceForTravellers(supplier.passengerRequirements(offer), fromUsd),
      currency,
      conditions: presentFareConditions(conditions, currency, fromUsd),
      ...(requestedDate ? { requestedDate } : {}),
    };
  };

  // A repeated search gets the same offer objects from the supplier for a while (its search cache): each
  // is priced for the traveller once per currency and rate, not again for every page and filter change.
  const presented = new WeakMap<SupplierOffer, Map<string, Offer>>();
  const presentOnce = (offer: SupplierOffer, currency: Currency): Offer => {
    const key = `${currency}|${rates.rate(currency)}`;
    let byRate = presented.get(offer);
    if (!byRate) presented.set(offer, (byRate = new Map()));
    let shown = byRate.get(key);
    if (!shown) byRate.set(key, (shown = present(offer, currency)));
    return shown;
  };

  /** The cheapest offer on each nearby date, each bookable like any offer. */
  const suggestionsFor = async (filters: SearchFilters, legs: SupplierLeg[], now: Date): Promise<Offer[]> => {
    const today = todayIn();
    const shifts = [-1, 1, -2, 2, -3, 3].slice(0, SUGGESTION_WINDOW_DAYS * 2);
    const found = await Promise.all(
      shifts.map(async (shift) => {
        const shifted = legs.map((leg) => ({ ...leg, departureDate: addDays(leg.departureDate, shift) }));
        if (shifted.some((leg) => leg.departureDate < today)) return null;
        const offers = await ask(toSearch(filters, shifted), now);
        const cheapest = [...offers].sort(comparators.lowest)[0];
        return cheapest ? { shift, offer: cheapest } : null;
      }),
    );
    return found
      .filter((entry): entry is { shift: number; offer: SupplierOffer } => entry !== null)
      .sort((a, b) => a.shift - b.shift)
      .map(({ offer }) => present(offer, filters.currency, legs[0]!.departureDate));
  };

  return {
    async searchOffers({ filters, page, order, offerFilters }: OfferRequest, now = new Date()): Promise<OfferSearchResult> {
      checkAirports(filters);
      if (!rates.has(filters.currency))
        throw validationError([
          { path: 'filters.currency', code: 'unsupported_currency', message: `No exchange rate for ${filters.currency}` },
        ]);
      const legs = legsOf(filters);
      checkOfferFilters(offerFilters, legs.length);
      const all = [...(await ask(toSearch(filters, legs), now))].sort(comparators[order]);
      // Every offer is priced and filtered (a search answers at most a few dozen), then one page is sent:
      // the filters and their counts cover the whole result set, not the page on screen.
      const { matching, facets } = filterOffers(
        all.map((offer) => presentOnce(offer, filters.currency)),
        offerFilters,
        legs.length,
      );
      const offers = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      // Nearby dates answer a date with few flights, whatever the filters hide.
      const suggestions = page === 1 && all.length < FEW_OFFERS ? await suggestionsFor(filters, legs, now) : [];
      return { offers, suggestions, page, pageSize: PAGE_SIZE, total: matching.length, facets };
    },

    /**
     * The cheapest total on each day around the asked date (a round trip keeps its length), priced
     * exactly as the search of that day would price its cheapest offer. Each day is its own supplier
     * search, so it is a request of its own that the page makes after the offers have arrived.
     */
    async fareCalendar(filters: SearchFilters, now = new Date()): Promise<FareCalendarResult> {
      checkAirports(filters);
      if (!rates.has(filters.currency))
        throw validationError([
          { path: 'filters.currency', code: 'unsupported_currency', message: `No exchange rate for ${filters.currency}` },
        ]);
      const legs = legsOf(filters);
      const today = todayIn(undefined, now);
      const lastOnSale = addDays(today, SEARCH_LIMITS.maxDaysAhead);
      const shifts = Array.from({ length: 2 * FARE_CALENDAR_DAYS_AROUND + 1 }, (_, i) => i - FARE_CALENDAR_DAYS_AROUND);
      const days = await Promise.all(
        shifts.map(async (shift): Promise<FareCalendarDay> => {
          const shifted = legs.map((leg) => ({ ...leg, departureDate: addDays(leg.departureDate, shift) }));
          const dates = { departureDate: shifted[0]!.departureDate, returnDate: shifted[1]?.departureDate ?? null };
          if (dates.departureDate < today) return { ...dates, status: 'past', lowestPrice: null };
          if (shifted.some((leg) => leg.departureDate > lastOnSale))
            return { ...dates, status: 'not-on-sale', lowestPrice: null };
          const offers = await ask(toSearch(filters, shifted), now);
          const cheapest = offers.reduce<SupplierOffer | undefined>(
            (best, offer) => (!best || comparators.lowest(offer, best) < 0 ? offer : best),
            undefined,
          );
          return cheapest
            ? // The price its card will show (shares converted one by one), to the unit.
              { ...dates, status: 'priced', lowestPrice: presentOnce(cheapest, filters.currency).price }
            : { ...dates, status: 'no-flights', lowestPrice: null };
        }),
      );
      return { currency: filters.currency, days };
    },

    async bestOffers(filters: SearchFilters, now = new Date()): Promise<BestOffersResult> {
      checkAirports(filters);
      const all = await ask(toSearch(filters, legsOf(filters)), now);
      const pick = (order: SortOrder) =>
        [...all]
          .sort(comparators[order])
          .slice(0, BEST_COUNT)
          .map((o) => present(o, filters.currency));
      return { price: pick('lowest'), duration: pick('fastest') };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
