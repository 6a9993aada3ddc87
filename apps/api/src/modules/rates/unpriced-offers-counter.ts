import { counterOf, type CounterOptions } from '../../db/write-behind.js';
import { addUnpricedOffers, type UnpricedOffersCount } from './unpriced-offers-repository.js';

export interface UnpricedOffersCounter {
  /** Counts offers a search left out for want of a rate, without waiting for the write. */
  count(currency: string, offers?: number): void;
  /** Writes what is counted so far and resolves when it is written (or has failed): for tests and shutdown. */
  settled(): Promise<void>;
}

/**
 * Offers left out for want of a rate, added up in memory and written once a second in one upsert
 * (searches are hot: a write per search would queue every search behind it), as the searches counter
 * (analytics/search-counter.ts) does. The desk's Today screen reads them to ask for the missing rates.
 */
export function createUnpricedOffersCounter(options: CounterOptions): UnpricedOffersCounter {
  const { counts, clock } = counterOf<UnpricedOffersCount>(options, addUnpricedOffers, 'offers left out were not counted');

  return {
    count(currency, offers = 1) {
      const now = clock();
      counts.add(
        currency,
        () => ({ currency, offers, firstSeenAt: now, lastSeenAt: now }),
        (entry) => {
          entry.offers += offers;
          entry.lastSeenAt = now;
        },
      );
    },
    settled: counts.settled,
  };
}
