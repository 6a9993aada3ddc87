import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { unpricedOfferCurrencies } from '../../db/schema.js';

export interface UnpricedOffersCount {
  currency: string;
  offers: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/**
 * Adds offers left out to their currencies' counters: one upsert for the batch, safe when another
 * process adds at once; rows written in currency order so two batches never deadlock.
 */
export async function addUnpricedOffers(db: Db, counts: readonly UnpricedOffersCount[]) {
  if (counts.length === 0) return;
  const ordered = [...counts].sort((a, b) => (a.currency < b.currency ? -1 : 1));
  await db
    .insert(unpricedOfferCurrencies)
    .values(ordered)
    .onConflictDoUpdate({
      target: unpricedOfferCurrencies.currency,
      set: {
        offers: sql`${unpricedOfferCurrencies.offers} + excluded.offers`,
        firstSeenAt: sql`least(${unpricedOfferCurrencies.firstSeenAt}, excluded.first_seen_at)`,
        lastSeenAt: sql`greatest(${unpricedOfferCurrencies.lastSeenAt}, excluded.last_seen_at)`,
      },
    });
}
