import type { HoldCapKind } from '@kwenda/contracts/admin';
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { bookings, holdCapLifts, holdClients, supplierCalls, type HoldCapLiftRow } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

/** Who holds seats unpaid, and the staff's lifts of the caps on it. */

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

// An e-mail as the caps count it (normalizeCapValue): in lower case, without a "+tag".
const canonicalEmailSql = sql`regexp_replace(lower(${bookings.email}), '\\+[^@]*@', '@')`;

/**
 * Waits, until the transaction ends, for every other transaction holding seats under the same keys
 * (a contact, an address, a passenger on these flights): counting then holding is one step for each
 * key, so two holds at once cannot both pass a cap or both seat one passenger twice. Keys are taken
 * in one order, so two holds never wait for each other.
 */
export async function lockHoldKeys(tx: Tx, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * A booking holds seats unpaid: waiting for payment with its hold in force, or still created while
 * the supplier is being asked to hold (an open hold call, committed before the supplier is asked).
 */
export const holdAsked = sql`EXISTS (SELECT 1 FROM ${supplierCalls} WHERE ${supplierCalls.bookingId} = ${bookings.id}
  AND ${supplierCalls.kind} = 'hold' AND ${supplierCalls.answeredAt} IS NULL)`;
const holdingUnpaid = (now: Date) =>
  or(
    and(eq(bookings.status, 'pending-payment'), sql`${bookings.holdExpiresAt} > ${iso(now)}`),
    and(eq(bookings.status, 'created'), holdAsked),
  );

/** Unpaid holds under a contact or an address, other than `exceptBookingId`'s. */
export async function countUnpaidHolds(tx: Tx, kind: HoldCapKind, value: string, exceptBookingId: string, now: Date) {
  const unpaid = and(holdingUnpaid(now), ne(bookings.id, exceptBookingId));
  const [row] =
    kind === 'address'
      ? await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(holdClients)
          .innerJoin(bookings, eq(bookings.id, holdClients.bookingId))
          .where(and(unpaid, eq(holdClients.address, value)))
      : await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .where(and(unpaid, kind === 'email' ? sql`${canonicalEmailSql} = ${value}` : eq(bookings.mobile, value)));
  return Number(row?.n ?? 0);
}

/** Records the address a booking's seats were held from (again after a new hold of the same booking). */
export async function recordHoldClient(tx: Tx, bookingId: string, address: string, now: Date) {
  await tx
    .insert(holdClients)
    .values({ bookingId, address, heldAt: now })
    .onConflictDoUpdate({ target: holdClients.bookingId, set: { address, heldAt: now } });
}

const live = (now: Date) => and(isNull(holdCapLifts.endedAt), gt(holdCapLifts.expiresAt, now));

/** Of these contacts and addresses, the ones whose cap staff lifted and whose lift is in force. */
export async function findLifted(tx: Tx, keys: { kind: HoldCapKind; value: string }[], now: Date) {
  if (!keys.length) return new Set<string>();
  const rows = await tx
    .select({ kind: holdCapLifts.kind, value: holdCapLifts.value })
    .from(holdCapLifts)
    .where(
      and(
        live(now),
        inArray(
          holdCapLifts.value,
          keys.map((k) => k.value),
        ),
      ),
    );
  return new Set(rows.map((row) => `${row.kind}:${row.value}`));
}

export interface LiftView extends HoldCapLiftRow {
  createdByName: string;
  endedByName: string | null;
}

const creator = sql<string>`(SELECT full_name FROM users WHERE users.id = ${holdCapLifts.createdBy})`;
const ender = sql<string | null>`(SELECT full_name FROM users WHERE users.id = ${holdCapLifts.endedBy})`;

/** Lifts in force, the newest first, with the staff members' names. */
export async function listLiveLifts(tx: Tx, now: Date): Promise<LiftView[]> {
  const rows = await tx
    .select({ lift: holdCapLifts, createdByName: creator, endedByName: ender })
    .from(holdCapLifts)
    .where(live(now))
    .orderBy(desc(holdCapLifts.createdAt), desc(holdCapLifts.id))
    .limit(500);
  return rows.map((row) => ({ ...row.lift, createdByName: row.createdByName, endedByName: row.endedByName }));
}

export async function findLift(tx: Tx, id: string): Promise<LiftView | undefined> {
  const [row] = await tx
    .select({ lift: holdCapLifts, createdByName: creator, endedByName: ender })
    .from(holdCapLifts)
    .where(eq(holdCapLifts.id, id));
  return row ? { ...row.lift, createdByName: row.createdByName, endedByName: row.endedByName } : undefined;
}

export async function insertLift(tx: Tx, row: typeof holdCapLifts.$inferInsert) {
  await tx.insert(holdCapLifts).values(row);
}

/** Ends the lifts in force under `where` (one id, or one contact or address); answers their ids. */
export async function endLiveLifts(
  tx: Tx,
  where: { id: string } | { kind: HoldCapKind; value: string },
  endedBy: string,
  now: Date,
): Promise<string[]> {
  const match =
    'id' in where ? eq(holdCapLifts.id, where.id) : and(eq(holdCapLifts.kind, where.kind), eq(holdCapLifts.value, where.value));
  const rows = await tx
    .update(holdCapLifts)
    .set({ endedAt: now, endedBy })
    .where(and(match, live(now)))
    .returning({ id: holdCapLifts.id });
  return rows.map((row) => row.id);
}
