import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { routeSearches } from '../../db/schema.js';

/** Every write of the search counters (the dashboard reads them in admin-dashboard/dashboard-repository.ts). */

export interface RouteSearchCount {
  day: string;
  origin: string;
  destination: string;
  searches: number;
}

/**
 * Adds searches to routes' daily counters: one upsert for the whole batch, safe when another process
 * adds to the same rows at once. Each route appears once in `counts`; rows are written in key order
 * so two processes' batches lock the rows they share in the same order and never deadlock.
 */
export async function addRouteSearches(db: Db, counts: readonly RouteSearchCount[]) {
  if (counts.length === 0) return;
  const ordered = [...counts].sort((a, b) =>
    `${a.day}|${a.origin}|${a.destination}` < `${b.day}|${b.origin}|${b.destination}` ? -1 : 1,
  );
  await db
    .insert(routeSearches)
    .values(ordered)
    .onConflictDoUpdate({
      target: [routeSearches.day, routeSearches.origin, routeSearches.destination],
      set: { searches: sql`${routeSearches.searches} + excluded.searches` },
    });
}
