import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { routeSearches } from '../../db/schema.js';

/** Every write of the search counters (the dashboard reads them in admin-dashboard/dashboard-repository.ts). */

/** One more search of a route on a day: one upsert, safe when two searches land at once. */
export async function incrementRouteSearch(db: Db, key: { day: string; origin: string; destination: string }) {
  await db
    .insert(routeSearches)
    .values({ ...key, searches: 1 })
    .onConflictDoUpdate({
      target: [routeSearches.day, routeSearches.origin, routeSearches.destination],
      set: { searches: sql`${routeSearches.searches} + 1` },
    });
}
