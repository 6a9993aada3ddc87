import type { PageViewCount } from '@kwenda/contracts';
import { and, asc, count, desc, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageViews } from '../../db/schema.js';

/** Every query of page views. */

export async function insertPageView(db: Db, row: typeof pageViews.$inferInsert) {
  await db.insert(pageViews).values(row);
}

/** Views per day and path between two days (yyyy-MM-dd, both included), by day then most viewed. */
export async function countPageViews(db: Db, from: string, to: string): Promise<PageViewCount[]> {
  const views = count();
  return db
    .select({ day: pageViews.day, path: pageViews.path, views })
    .from(pageViews)
    .where(and(gte(pageViews.day, from), lte(pageViews.day, to)))
    .groupBy(pageViews.day, pageViews.path)
    .orderBy(asc(pageViews.day), desc(views), asc(pageViews.path));
}
