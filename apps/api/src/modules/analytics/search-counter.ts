import { todayIn, type OfferRequest } from '@kwenda/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { legsOf } from '../offers/offers-service.js';
import { incrementRouteSearch } from './route-searches-repository.js';

export interface SearchCounter {
  /**
   * Counts a search that answered, without waiting for the write: counting never slows down or
   * fails a search (a failed write is logged and the search is simply not counted).
   */
  countSearch(request: OfferRequest): void;
  /** Resolves when every count started so far is written (or has failed): for tests and shutdown. */
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

export function createSearchCounter({
  database,
  logger,
  clock = () => new Date(),
}: {
  database: Database;
  logger: Pick<FastifyBaseLogger, 'error'>;
  clock?: () => Date;
}): SearchCounter {
  const pending = new Set<Promise<void>>();
  return {
    countSearch(request) {
      if (request.page !== 1 || narrowsOffers(request.offerFilters)) return;
      // The first flight names the route: a round trip's outbound, a multi-city trip's first leg.
      const first = legsOf(request.filters)[0];
      if (!first) return;
      const write = incrementRouteSearch(database.db, {
        day: todayIn(undefined, clock()),
        origin: first.origin,
        destination: first.destination,
      })
        .catch((err: unknown) => logger.error({ err }, 'an offers search was not counted'))
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}
