import { setMaxListeners } from 'node:events';
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
  type OfferStreamEvent,
  type SearchFilters,
  type SortOrder,
} from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';
import { AppError, validationError } from '../../errors.js';
import type { OfferBatch, SupplierLeg, SupplierOffer, SupplierSearch } from '../../suppliers/supplier.js';
import { quoteOffer, type PricingSnapshot } from '../rates/pricing.js';
import type { RateBook } from '../rates/rate-book.js';
import { priceForTravellers } from './offer-fares.js';
import { checkOfferFilters, filterOffers } from './offer-filters.js';
import { afterAbort } from './after-abort.js';
import { presentFareConditions } from './present-fare-conditions.js';
import { keepCheapestOfSameFlights } from './same-flights.js';
import type { OfferSource } from './several-suppliers.js';

export const PAGE_SIZE = 10;
/** Below this many offers on the asked date, nearby dates are suggested. */
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

/** How long a supplier gets, once the search's time is up, to answer what it has (its reads stop at once). */
const OUT_OF_TIME_GRACE_MS = 200;

export function createOffersService({
  supplier,
  rates,
  logger,
  onUnpriced,
  searchTimeoutMs = 20_000,
}: {
  /** The suppliers that sell, as one (several-suppliers.ts). */
  supplier: OfferSource;
  rates: RateBook;
  logger?: { warn(obj: object, msg?: string): void };
  /** Told of each offer left out for want of a rate for its currency (counted for the desk's Today screen). */
  onUnpriced?: (currency: string) => void;
  /**
   * SUPPLIER_TIMEOUT_SECONDS: a search's whole time, from the traveller's request to the answer. One
   * deadline covers the supplier's search, its retries and waits, and the nearby-date suggestions.
   */
  searchTimeoutMs?: number;
}) {
  const searchDeadline = () => {
    const signal = AbortSignal.timeout(searchTimeoutMs);
    // One search asks each supplier for its date and the nearby dates under this one deadline, each
    // waiting on it until answered: more listeners at once than Node's default warning allows.
    setMaxListeners(64, signal);
    return signal;
  };
  // Told once per currency per process: the agency should add a rate for it (its offers are not sold meanwhile).
  const unpriced = new Set<string>();
  const unpriceable = (currency: string) => {
    if (unpriced.has(currency)) return;
    unpriced.add(currency);
    logger?.warn({ currency }, 'offers in a currency without an exchange rate are left out; add a rate for it');
  };
  const toSearch = (filters: SearchFilters, legs: SupplierLeg[]): SupplierSearch => ({
    tripType: filters.tripType,
    legs,
    cabinClass: filters.cabinClass ?? null,
    passengers: filters.passengers,
    baggage: filters.baggage,
    maxConnections: filters.maxConnections ?? null,
  });

  /**
   * The supplier's offers for a search; with a deadline, what it answered by then (nothing if it has
   * not answered a moment after), and `onTimedOut` when the search was cut short.
   */
  const ask = async (
    search: SupplierSearch,
    now: Date,
    signal?: AbortSignal,
    onTimedOut?: () => void,
  ): Promise<readonly SupplierOffer[]> => {
    try {
      const asked = supplier.searchOffers(search, now, { signal, onTimedOut });
      if (!signal) return await asked;
      asked.catch(() => {}); // an answer after the deadline is nobody's error
      const deadline = afterAbort(signal, null, OUT_OF_TIME_GRACE_MS);
      const answered = await Promise.race([asked, deadline.answer]).finally(deadline.stop);
      if (answered) return answered;
      onTimedOut?.();
      return [];
    } catch (error) {
      throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${(error as Error).message}`);
    }
  };

  /**
   * The offer as the traveller sees it: every price from quoteOffer, the one pricing of offers and
   * bookings. Undefined for an offer in a supplier currency the agency has no rate for (not sold).
   */
  const present = (
    offer: SupplierOffer,
    pricing: PricingSnapshot,
    currency: Currency,
    requestedDate?: string,
  ): Offer | undefined => {
    // The adapter's own data stays on the server.
    const { totalAmount: _total, totalCurrency, conditions, supplierData: _own, requiresInstantPayment, ...rest } = offer;
    const quote = quoteOffer(pricing, offer, supplier.passengerRequirements(offer), currency);
    if (!quote) {
      if (!pricing.rateOf(currency)) throw unsupportedCurrency(currency);
      unpriceable(totalCurrency);
      onUnpriced?.(totalCurrency);
      return undefined;
    }
    return {
      ...rest,
      ...priceForTravellers(
        quote.passengers.map((p) => ({ passengerType: p.passengerType, fareUsd: p.priceUsd })),
        quote.fromUsd,
      ),
      currency,
      conditions: presentFareConditions(conditions, currency, (amount) => quote.fromUsd(quote.supplierToUsd(amount))),
      ...(requestedDate ? { requestedDate } : {}),
      ...(requiresInstantPayment ? { instantPaymentOnly: true } : {}),
    };
  };

  // A repeated search gets the same offer objects from the supplier for a while (its search cache): each
  // is priced for the traveller once per currency, rates and markups, not again for every page and filter change.
  const presented = new WeakMap<SupplierOffer, Map<string, Offer | undefined>>();
  const presentOnce = (offer: SupplierOffer, pricing: PricingSnapshot, currency: Currency): Offer | undefined => {
    const key = `${currency}|${pricing.version}`;
    let byVersion = presented.get(offer);
    if (!byVersion) presented.set(offer, (byVersion = new Map()));
    if (!byVersion.has(key)) byVersion.set(key, present(offer, pricing, currency));
    return byVersion.get(key);
  };
  /** The offers priced for the traveller; the same flights from two suppliers once, from the cheaper. */
  const priceAll = (offers: readonly SupplierOffer[], pricing: PricingSnapshot, currency: Currency): Priced[] =>
    onceAcrossSuppliers(
      offers.flatMap((offer) => {
        const shown = presentOnce(offer, pricing, currency);
        return shown ? [{ offer, shown }] : [];
      }),
    );
  const onceAcrossSuppliers = (priced: Priced[]): Priced[] =>
    keepCheapestOfSameFlights(
      priced.map((p) => ({ slices: p.shown.slices, price: p.shown.price, supplier: supplier.supplierOf(p.offer), p })),
    ).map(({ p }) => p);

  // The same supplier answer (kept by the suppliers for a minute: the same array) asked again in the same
  // currency, pricing and order is the same sorted list; then the same page with the same filters is the
  // same answer, kept as one object (the route keeps its JSON too). A search asked again and again (a
  // popular route, paging, a shared link) prices, merges, sorts, filters and serialises once.
  const sortedLists = new WeakMap<readonly SupplierOffer[], Map<string, Priced[]>>();
  const sortedPriced = (offers: readonly SupplierOffer[], pricing: PricingSnapshot, currency: Currency, order: SortOrder) => {
    const key = `${currency}|${pricing.version}|${order}`;
    let lists = sortedLists.get(offers);
    if (!lists) sortedLists.set(offers, (lists = new Map()));
    let all = lists.get(key);
    if (!all) lists.set(key, (all = priceAll(offers, pricing, currency).sort(comparators[order])));
    return all;
  };
  const listIds = new WeakMap<readonly Priced[], number>();
  let lastListId = 0;
  /** The pages answered last, by list, page and filters (as many as the sandbox keeps searches; about 10 MB at most, their JSON included). */
  const keptPages = new Map<string, OfferSearchResult>();
  const KEPT_PAGES = 500;
  const keptPageOf = (all: readonly Priced[], request: OfferRequest, pricing: PricingSnapshot, legCount: number) => {
    let listId = listIds.get(all);
    if (listId === undefined) listIds.set(all, (listId = ++lastListId));
    const key = `${listId}|${request.page}|${legCount}|${JSON.stringify(request.offerFilters ?? null)}`;
    let result = keptPages.get(key);
    if (result) keptPages.delete(key);
    else result = pageOf(all, request, pricing, legCount, []);
    keptPages.set(key, result);
    if (keptPages.size > KEPT_PAGES) keptPages.delete(keptPages.keys().next().value!);
    return result;
  };

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
    signal?: AbortSignal,
  ): Promise<Offer[]> => {
    if (signal?.aborted) return [];
    const today = todayIn();
    const shifts = [-1, 1, -2, 2, -3, 3].slice(0, SUGGESTION_WINDOW_DAYS * 2);
    const found = await Promise.all(
      shifts.map(async (shift) => {
        const shifted = legs.map((leg) => ({ ...leg, departureDate: addDays(leg.departureDate, shift) }));
        if (shifted.some((leg) => leg.departureDate < today)) return null;
        const offers = await ask(toSearch(filters, shifted), now, signal);
        const cheapest = cheapestOf(priceAll(offers, pricing, filters.currency));
        return cheapest ? { shift, offer: cheapest.offer } : null;
      }),
    );
    return found
      .filter((entry): entry is { shift: number; offer: SupplierOffer } => entry !== null)
      .sort((a, b) => a.shift - b.shift)
      .flatMap(({ offer }) => present(offer, pricing, filters.currency, legs[0]!.departureDate) ?? []);
  };

  /** The checks of a search before the supplier is asked: bad input is refused here, with nothing searched. */
  const prepare = async ({ filters, offerFilters }: OfferRequest) => {
    checkAirports(filters);
    const pricing = await pricingFor(filters.currency);
    const legs = legsOf(filters);
    checkOfferFilters(offerFilters, legs.length);
    return { pricing, legs, search: toSearch(filters, legs) };
  };

  /** One page of the priced offers, `all` sorted in the request's order. */
  const pageOf = (
    all: readonly Priced[],
    { filters, page, offerFilters }: OfferRequest,
    pricing: PricingSnapshot,
    legCount: number,
    suggestions: Offer[],
  ): OfferSearchResult => {
    // Every offer is priced and filtered (a search answers at most a few dozen), then one page is sent:
    // the filters and their counts cover the whole result set, not the page on screen.
    const { matching, facets } = filterOffers(
      all.map((p) => p.shown),
      offerFilters,
      legCount,
    );
    const rate = pricing.rateOf(filters.currency)!;
    return {
      offers: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      suggestions,
      page,
      pageSize: PAGE_SIZE,
      total: matching.length,
      facets,
      rate: { currency: filters.currency, unitsPerUsd: rate.unitsPerUsd, effectiveAt: rate.effectiveAt.toISOString() },
    };
  };

  // Nearby dates answer a date with few flights, whatever the filters hide.
  const suggestionsWhenFew = (
    all: readonly Priced[],
    filters: SearchFilters,
    legs: SupplierLeg[],
    pricing: PricingSnapshot,
    now: Date,
    signal?: AbortSignal,
  ) => (all.length < FEW_OFFERS ? suggestionsFor(filters, legs, pricing, now, signal) : Promise.resolve([]));

  return {
    async searchOffers(request: OfferRequest, now = new Date()): Promise<OfferSearchResult> {
      const deadline = searchDeadline();
      const { pricing, legs, search } = await prepare(request);
      let timedOut = false;
      const offers = await ask(search, now, deadline, () => (timedOut = true));
      const all = sortedPriced(offers, pricing, request.filters.currency, request.order);
      const suggestions = request.page === 1 ? await suggestionsWhenFew(all, request.filters, legs, pricing, now, deadline) : [];
      // Callers must not change the answer: the same one may go to the next request for this page.
      if (!timedOut && suggestions.length === 0) return keptPageOf(all, request, pricing, legs.length);
      return { ...pageOf(all, request, pricing, legs.length, suggestions), ...(timedOut ? { timedOut } : {}) };
    },

    /**
     * Page 1 of a search as the supplier's batches arrive. The checks run before this resolves (bad
     * input throws, as searchOffers does); the events then come from the returned generator, which
     * never throws: a supplier failure is its last event. Aborting `signal` (the client left) stops
     * the supplier's stream. Once complete, searchOffers answers the same search from the supplier's
     * recent results: its page 1 is the `complete` event's result.
     */
    async streamOffers(
      input: OfferRequest,
      { now = new Date(), signal, onError }: { now?: Date; signal?: AbortSignal; onError?: (error: unknown) => void } = {},
    ): Promise<AsyncGenerator<OfferStreamEvent, void, undefined>> {
      const request = { ...input, page: 1 };
      const deadline = searchDeadline();
      const { pricing, legs, search } = await prepare(request);
      // The supplier stops at the deadline or when the client leaves, whichever comes first.
      const supplierSignal = signal ? AbortSignal.any([deadline, signal]) : deadline;
      setMaxListeners(64, supplierSignal);
      const outOfTime = afterAbort(deadline, 'out-of-time' as const, OUT_OF_TIME_GRACE_MS);
      const stopped = new Promise<'stopped'>((resolve) => {
        if (signal?.aborted) resolve('stopped');
        signal?.addEventListener('abort', () => resolve('stopped'), { once: true });
      });
      const supplierFailed = (error: unknown): OfferStreamEvent => ({
        type: 'error',
        error: {
          code: 'SUPPLIER_UNAVAILABLE',
          message: error instanceof AppError ? error.message : `The flight supplier did not answer: ${(error as Error).message}`,
        },
      });

      return (async function* events(): AsyncGenerator<OfferStreamEvent, void, undefined> {
        const batches = supplier.streamOffers(search, now, { signal: supplierSignal })[Symbol.asyncIterator]();
        let supplierDone = false;
        try {
          let all: Priced[] = [];
          let received = 0;
          let timedOut = false;
          for (;;) {
            let step: IteratorResult<OfferBatch & { timedOut?: boolean }> | 'stopped' | 'out-of-time';
            try {
              const next = batches.next();
              next.catch(() => {}); // a batch that fails after the client left is nobody's error
              step = await Promise.race([next, stopped, outOfTime.answer]);
            } catch (error) {
              supplierDone = true; // an iterator that threw is over: nothing to stop
              yield supplierFailed(error);
              return;
            }
            if (step === 'stopped') return;
            // The supplier did not end its stream by the deadline: the search answers what arrived.
            if (step === 'out-of-time') {
              timedOut = true;
              break;
            }
            if (step.done) break;
            const batch = step.value;
            received += batch.offers.length;
            timedOut = Boolean(batch.timedOut);
            all = onceAcrossSuppliers([...all, ...priceAll(batch.offers, pricing, request.filters.currency)]);
            all.sort(comparators[request.order]);
            yield {
              type: 'progress',
              receivedOffers: received,
              remainingBatches: batch.remainingBatches,
              totalBatches: batch.totalBatches,
            };
            // The last batch's offers go out once, in the complete event.
            if (batch.remainingBatches === 0 || timedOut) break;
            yield { type: 'offers', result: pageOf(all, request, pricing, legs.length, []) };
          }
          supplierDone = !timedOut;
          let suggestions: Offer[];
          try {
            suggestions = await suggestionsWhenFew(all, request.filters, legs, pricing, now, supplierSignal);
          } catch (error) {
            yield supplierFailed(error);
            return;
          }
          yield { type: 'complete', result: pageOf(all, request, pricing, legs.length, suggestions), timedOut };
        } catch (error) {
          // Headers are gone: a fault of Kwenda's own is still a last line the page can show, and a log entry.
          onError?.(error);
          yield { type: 'error', error: { code: 'INTERNAL_ERROR', message: 'The search failed' } };
        } finally {
          outOfTime.stop();
          // Left early (the client went away, or stopped reading): the supplier stops searching too.
          if (!supplierDone) void batches.return?.()?.catch(() => {});
        }
      })();
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
          const search = toSearch(filters, shifted);
          // A metered supplier prices the other days only from searches already made.
          const offers = shift !== 0 && supplier.recentOffers ? await supplier.recentOffers(search, now) : await ask(search, now);
          if (offers === null) return { ...dates, status: 'not-searched', lowestPrice: null };
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
      const all = priceAll(await ask(toSearch(filters, legsOf(filters)), now, searchDeadline()), pricing, filters.currency);
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
