import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { throttleCounters } from '../db/schema.js';

/**
 * Throttle counters: one row per key, the attempts taken in a window that starts with the first
 * attempt after the previous window ended. Every change is one statement, so any number of
 * processes and concurrent requests share one count that cannot be overrun.
 */

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Takes one attempt under `key` if fewer than `max` were taken in its window: true when taken; false,
 * changing nothing, when the window is full. One INSERT ... ON CONFLICT DO UPDATE: the row lock it
 * takes orders concurrent callers, each seeing the count the one before left.
 */
export async function takeAttempt(db: Db, key: string, limit: { max: number; windowMs: number }, now: Date) {
  const ended = sql`${throttleCounters.windowEndsAt} <= ${iso(now)}`;
  const windowEndsAt = new Date(now.getTime() + limit.windowMs);
  const rows = await db
    .insert(throttleCounters)
    .values({ key, hits: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${throttleCounters.hits} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${ended} THEN ${iso(windowEndsAt)} ELSE ${throttleCounters.windowEndsAt} END`,
      },
      setWhere: sql`${ended} OR ${throttleCounters.hits} < ${limit.max}`,
    })
    .returning({ hits: throttleCounters.hits });
  return rows.length > 0;
}

/** Takes an attempt off the count (it succeeded, and only failures count). */
export async function giveBackAttempt(db: Db, key: string, now: Date) {
  await db
    .update(throttleCounters)
    .set({ hits: sql`${throttleCounters.hits} - 1` })
    .where(and(eq(throttleCounters.key, key), gt(throttleCounters.hits, 0), gt(throttleCounters.windowEndsAt, now)));
}

/** The count starts over (a successful sign-in from this address to this account). */
export async function clearAttempts(db: Db, key: string) {
  await db.delete(throttleCounters).where(eq(throttleCounters.key, key));
}

/** Attempts taken in the window in force (0 when none). */
export async function countAttempts(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ hits: throttleCounters.hits })
    .from(throttleCounters)
    .where(and(eq(throttleCounters.key, key), gt(throttleCounters.windowEndsAt, now)));
  return row?.hits ?? 0;
}

/** Counters whose window ended count nothing: they go (a job). */
export async function deleteEndedCounters(db: Db, now: Date) {
  await db.delete(throttleCounters).where(lt(throttleCounters.windowEndsAt, now));
}
