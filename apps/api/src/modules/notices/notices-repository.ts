import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { routeNotices, type RouteNoticeRow } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

export type NoticeView = RouteNoticeRow & { updatedByName: string | null };

const updater = sql<string | null>`(SELECT full_name FROM users WHERE users.id = ${routeNotices.updatedBy})`;
const live = isNull(routeNotices.withdrawnAt);

/** Notices not withdrawn whose last day is `today` or later, the soonest to start first. */
export async function listCurrent(tx: Tx, today: string): Promise<NoticeView[]> {
  const rows = await tx
    .select({ notice: routeNotices, updatedByName: updater })
    .from(routeNotices)
    .where(and(live, gte(routeNotices.endsOn, today)))
    .orderBy(asc(routeNotices.startsOn), asc(routeNotices.createdAt));
  return rows.map((row) => ({ ...row.notice, updatedByName: row.updatedByName }));
}

/** Withdrawn notices, the latest withdrawn first. */
export async function listWithdrawn(tx: Tx, limit: number): Promise<NoticeView[]> {
  const rows = await tx
    .select({ notice: routeNotices, updatedByName: updater })
    .from(routeNotices)
    .where(isNotNull(routeNotices.withdrawnAt))
    .orderBy(desc(routeNotices.withdrawnAt), desc(routeNotices.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.notice, updatedByName: row.updatedByName }));
}

export async function findNotice(tx: Tx, id: string): Promise<NoticeView | undefined> {
  const [row] = await tx
    .select({ notice: routeNotices, updatedByName: updater })
    .from(routeNotices)
    .where(eq(routeNotices.id, id));
  return row ? { ...row.notice, updatedByName: row.updatedByName } : undefined;
}

export async function insertNotice(tx: Tx, row: typeof routeNotices.$inferInsert) {
  await tx.insert(routeNotices).values(row);
}

/** Changes a notice not withdrawn; false when there is none such. */
export async function updateNotice(tx: Tx, id: string, patch: Partial<typeof routeNotices.$inferInsert>) {
  const rows = await tx
    .update(routeNotices)
    .set(patch)
    .where(and(eq(routeNotices.id, id), live))
    .returning({ id: routeNotices.id });
  return rows.length > 0;
}

/**
 * The notices a traveller of these flights should read: the route either way round, either
 * airport, or one of the airlines, for a flight leaving on `date`.
 */
export async function findMatching(tx: Tx, input: { origin: string; destination: string; airlines: string[]; date: string }) {
  const route = and(
    eq(routeNotices.scope, 'route'),
    or(
      and(eq(routeNotices.origin, input.origin), eq(routeNotices.destination, input.destination)),
      and(eq(routeNotices.origin, input.destination), eq(routeNotices.destination, input.origin)),
    ),
  );
  const airport = and(eq(routeNotices.scope, 'airport'), inArray(routeNotices.airport, [input.origin, input.destination]));
  const airline = input.airlines.length
    ? and(eq(routeNotices.scope, 'airline'), inArray(routeNotices.airline, input.airlines))
    : undefined;
  return tx
    .select({ id: routeNotices.id, textAr: routeNotices.textAr, textEn: routeNotices.textEn })
    .from(routeNotices)
    .where(and(live, lte(routeNotices.startsOn, input.date), gte(routeNotices.endsOn, input.date), or(route, airport, airline)))
    .orderBy(asc(routeNotices.createdAt));
}
