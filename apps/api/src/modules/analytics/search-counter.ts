import { todayIn, type OfferRequest } from '@kwenda/contracts';
import { legsOf } from '../offers/offers-service.js';
import { addRouteSearches, type RouteSearchCount } from './route-searches-repository.js';
import { counterOf, type CounterOptions } from '../../db/write-behind.js';

export interface SearchCounter {
  /**
   * Counts a search that answered, without waiting for the write: counting never slows down or
   * fails a search (a failed write is logged and those searches are simply not counted).
   */
  countSearch(request: OfferRequest): void;
  /** Writes what is counted so far and resolves when it is written (or has failed): for tests and shutdown. */
  settled(): Promise<void>;
}

/**
 * True when some offers-page filter narrows the offers. The page asks for the first page again each
 * time a filter changes: only the unfiltered first page is a traveller's search, so one render of the
 * offers page counts once (a change of sort order asks again and counts again).
 */
export function narrowsOffers(filters: OfferRequest['offerFilters']): boolean {
  if (!filters) return false;
  return Object.values(filters).some((value) =>
    Array.isArray(value)
      ? value.some((item) => (typeof item === 'object' && item !== null ? narrowsOffers(item as never) : true))
      : value !== undefined && value !== null && value !== false,
  );
}

/**
 * Searches are added up in memory and written once a second, one upsert for all the routes searched
 * in that second: a write per search queued every search behind it on the embedded database's one
 * connection (1,000 searches a second became 1,000 upserts). A process killed outright loses at most
 * that second's counts; a process that is stopped writes them before its database closes.
 */
export function createSearchCounter(options: CounterOptions): SearchCounter {
  const { counts, clock } = counterOf<RouteSearchCount>(options, addRouteSearches, 'offers searches were not counted');

  return {
    countSearch(request) {
      if (request.page !== 1 || narrowsOffers(request.offerFilters)) return;
      // The first flight names the route: a round trip's outbound, a multi-city trip's first leg.
      const first = legsOf(request.filters)[0];
      if (!first) return;
      const day = todayIn(undefined, clock());
      counts.add(
        `${day}|${first.origin}|${first.destination}`,
        () => ({ day, origin: first.origin, destination: first.destination, searches: 1 }),
        (entry) => (entry.searches += 1),
      );
    },
    settled: counts.settled,
  };
}
