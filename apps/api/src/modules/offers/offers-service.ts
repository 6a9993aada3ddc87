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
import { quoteOffer, type PricingSnapshot } from '../rates/pricing.js';
import type { RateBook } from '../rates/rate-book.js';
import { priceForTravellers } from './offer-fares.js';
import { checkOfferFilters, filterOffers } from './offer-filters.js';
import { presentFareConditions } from './present-fare-conditions.js';

export const PAGE_SIZE = 10;
/** Below this many offers on the asked date, nearby dates are suggested (SPEC: "no flight or few"). */
export const FEW_OFFERS = 3;
export const SUGGESTION_WINDOW_DAYS = 3;
const BEST_COUNT = 5;

const totalMinutes = (offer: SupplierOffer) => offer.slices.reduce((sum, slice) => sum + slice.durationInMinutes, 0);

/** A supplier's offer with the price the traveller is shown (markup included, in their currency). */
interface Priced {
  offer: SupplierOffer;
  shown: Offer;
}

// Offers are ordered by the price shown, not the supplier's: a markup per airline or route can reorder them.
const comparators: Record<SortOrder, (a: Priced, b: Priced) => number> = {
  lowest: (a, b) =>
    a.shown.price - b.shown.price ||
    totalMinutes(a.offer) - totalMinutes(b.offer) ||
    a.offer.reference.localeCompare(b.offer.reference),
  fastest: (a, b) =>
    totalMinutes(a.offer) - totalMinutes(b.offer) ||
    a.shown.price - b.shown.price ||
    a.offer.reference.localeCompare(b.offer.reference),
};
const cheapestOf = (priced: Priced[]) =>
  priced.reduce<Priced | undefined>((best, p) => (!best || comparators.lowest(p, best) < 0 ? p : best), undefined);

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

function unsupportedCurrency(currency: Currency) {
  return validationError([
    { path: 'filters.currency', code: 'unsupported_currency', message: `No exchange rate for ${currency}` },
  ]);
}

export function createOffersService({ supplier, rates }: { supplier: Supplier; rates: RateBook }) {
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

  /** The offer as the traveller sees it: every price from quoteOffer, the one pricing of offers and bookings. */
  const present = (offer: SupplierOffer, pricing: PricingSnapshot, currency: Currency, requestedDate?: string): Offer => {
    const { totalAmount: _total, totalCurrency: _usd, conditions, ...rest } = offer;
    const quote = quoteOffer(pricing, offer, supplier.passengerRequirements(offer), currency);
    if (!quote) throw unsupportedCurrency(currency);
    return {
      ...rest,
      ...priceForTravellers(
        quote.passengers.map((p) => ({ passengerType: p.passengerType, fareUsd: p.priceUsd })),
        quote.fromUsd,
      ),
      currency,
      conditions: presentFareConditions(conditions, currency, quote.fromUsd),
      ...(requestedDate ? { requestedDate } : {}),
    };
  };

  // A repeated search gets the same offer objects from the supplier for a while (its search cache): each
  // is priced for the traveller once per currency, rates and markups, not again for every page and filter change.
  const presented = new WeakMap<SupplierOffer, Map<string, Offer>>();
  const presentOnce = (offer: SupplierOffer, pricing: PricingSnapshot, currency: Currency): Offer => {
    const key = `${currency}|${pricing.version}`;
    let byVersion = presented.get(offer);
    if (!byVersion) presented.set(offer, (byVersion = new Map()));
    let shown = byVersion.get(key);
    if (!shown) byVersion.set(key, (shown = present(offer, pricing, currency)));
    return shown;
  };
  const priceAll = (offers: readonly SupplierOffer[], pricing: PricingSnapshot, currency: Currency): Priced[] =>
    offers.map((offer) => ({ offer, shown: presentOnce(offer, pricing, currency) }));

  /** The rates and markups of this request; a currency without a rate is refused before any supplier call. */
  const pricingFor = async (currency: Currency) => {
    const pricing = await rates.snapshot();
    if (!pricing.rateOf(currency)) throw unsupportedCurrency(currency);
    return pricing;
  };

  /** The cheapest offer on each nearby date, each bookable like any offer. */
  const suggestionsFor = async (
    filters: SearchFilters,
    legs: SupplierLeg[],
    pricing: PricingSnapshot,
    now: Date,
  ): Promise<Offer[]> => {
    const today = todayIn();
    const shifts = [-1, 1, -2, 2, -3, 3].slice(0, SUGGESTION_WINDOW_DAYS * 2);
    const found = await Promise.all(
      shifts.map(async (shift) => {
        const shifted = legs.map((leg) => ({ ...leg, departureDate: addDays(leg.departureDate, shift) }));
        if (shifted.some((leg) => leg.departureDate < today)) return null;
        const offers = await ask(toSearch(filters, shifted), now);
        const cheapest = cheapestOf(priceAll(offers, pricing, filters.currency));
        return cheapest ? { shift, offer: cheapest.offer } : null;
      }),
    );
    return found
      .filter((entry): entry is { shift: number; offer: SupplierOffer } => entry !== null)
      .sort((a, b) => a.shift - b.shift)
      .map(({ offer }) => present(offer, pricing, filters.currency, legs[0]!.departureDate));
  };

  return {
    async searchOffers({ filters, page, order, offerFilters }: OfferRequest, now = new Date()): Promise<OfferSearchResult> {
      checkAirports(filters);
      const pricing = await pricingFor(filters.currency);
      const legs = legsOf(filters);
      checkOfferFilters(offerFilters, legs.length);
      const all = priceAll(await ask(toSearch(filters, legs), now), pricing, filters.currency).sort(comparators[order]);
      // Every offer is priced and filtered (a search answers at most a few dozen), then one page is sent:
      // the filters and their counts cover the whole result set, not the page on screen.
      const { matching, facets } = filterOffers(
        all.map((p) => p.shown),
        offerFilters,
        legs.length,
      );
      const offers = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      // Nearby dates answer a date with few flights, whatever the filters hide.
      const suggestions = page === 1 && all.length < FEW_OFFERS ? await suggestionsFor(filters, legs, pricing, now) : [];
      const rate = pricing.rateOf(filters.currency)!;
      return {
        offers,
        suggestions,
        page,
        pageSize: PAGE_SIZE,
        total: matching.length,
        facets,
        rate: { currency: filters.currency, unitsPerUsd: rate.unitsPerUsd, effectiveAt: rate.effectiveAt.toISOString() },
      };
    },

    /**
     * The cheapest total on each day around the asked date (a round trip keeps its length), priced
     * exactly as the search of that day would price its cheapest offer. Each day is its own supplier
     * search, so it is a request of its own that the page makes after the offers have arrived.
     */
    async fareCalendar(filters: SearchFilters, now = new Date()): Promise<FareCalendarResult> {
      checkAirports(filters);
      const pricing = await pricingFor(filters.currency);
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
          const cheapest = cheapestOf(priceAll(offers, pricing, filters.currency));
          return cheapest
            ? // The price its card will show (shares converted one by one), to the unit.
              { ...dates, status: 'priced', lowestPrice: cheapest.shown.price }
            : { ...dates, status: 'no-flights', lowestPrice: null };
        }),
      );
      return { currency: filters.currency, days };
    },

    async bestOffers(filters: SearchFilters, now = new Date()): Promise<BestOffersResult> {
      checkAirports(filters);
      const pricing = await pricingFor(filters.currency);
      const all = priceAll(await ask(toSearch(filters, legsOf(filters)), now), pricing, filters.currency);
      const pick = (order: SortOrder) =>
        [...all]
          .sort(comparators[order])
          .slice(0, BEST_COUNT)
          .map((p) => p.shown);
      return { price: pick('lowest'), duration: pick('fastest') };
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
