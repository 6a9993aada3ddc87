import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { bookingAccessCodes, bookingAccessGrants, bookingPassengers, bookings } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

/**
 * Every query of booking access grants and Find my booking codes, and the little this module reads of
 * a booking (who owns it; its contact and last names for Find my booking); nothing else in the module
 * writes SQL.
 */

/** The account a booking belongs to (null for a guest's), or undefined when there is no such booking. */
export async function findBookingOwner(tx: Tx, bookingId: string): Promise<{ userId: string | null } | undefined> {
  const [row] = await tx.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, bookingId));
  return row;
}

export interface BookingToFind {
  id: string;
  bookingReference: string;
  userId: string | null;
  email: string | null;
  lastNames: string[];
  /** The referral code it was booked through (its page has a copy of the access cookie under it). */
  referralCode: string | null;
}

/** The booking with this reference, its owner, contact e-mail, passengers' last names and referral code. */
export async function findBookingByReference(tx: Tx, reference: string): Promise<BookingToFind | undefined> {
  const rows = await tx
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      userId: bookings.userId,
      email: bookings.email,
      referralCode: bookings.referralCode,
      lastName: bookingPassengers.lastName,
    })
    .from(bookings)
    .leftJoin(bookingPassengers, eq(bookingPassengers.bookingId, bookings.id))
    .where(eq(bookings.bookingReference, reference));
  const [first] = rows;
  if (!first) return undefined;
  return {
    id: first.id,
    bookingReference: first.bookingReference,
    userId: first.userId,
    email: first.email,
    referralCode: first.referralCode,
    lastNames: rows.flatMap((row) => (row.lastName ? [row.lastName] : [])),
  };
}

export async function insertGrant(
  tx: Tx,
  grant: { id: string; bookingId: string; tokenHash: string; source: 'created' | 'code'; expiresAt: Date },
) {
  await tx.insert(bookingAccessGrants).values(grant);
}

/** Whether any of these token hashes is a live grant of the booking. */
export async function holdsGrant(tx: Tx, bookingId: string, tokenHashes: string[], now: Date): Promise<boolean> {
  if (!tokenHashes.length) return false;
  const [row] = await tx
    .select({ id: bookingAccessGrants.id })
    .from(bookingAccessGrants)
    .where(
      and(
        eq(bookingAccessGrants.bookingId, bookingId),
        inArray(bookingAccessGrants.tokenHash, tokenHashes),
        gt(bookingAccessGrants.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The booking's one live code becomes this one, with no tries taken. */
export async function replaceCode(tx: Tx, code: { bookingId: string; codeHash: string; expiresAt: Date; createdAt: Date }) {
  await tx
    .insert(bookingAccessCodes)
    .values({ ...code, attempts: 0 })
    .onConflictDoUpdate({
      target: bookingAccessCodes.bookingId,
      set: { codeHash: code.codeHash, expiresAt: code.expiresAt, createdAt: code.createdAt, attempts: 0 },
    });
}

/**
 * Takes one try of the booking's live code and answers its hash, or null when there is no live code or
 * its tries are spent. The try is counted by the statement that hands the hash out (the row lock orders
 * concurrent tries), so thirty tries at once get five judgements, not thirty.
 */
export async function takeCodeTry(tx: Tx, bookingId: string, maxTries: number, now: Date): Promise<string | null> {
  const [row] = await tx
    .update(bookingAccessCodes)
    .set({ attempts: sql`${bookingAccessCodes.attempts} + 1` })
    .where(
      and(
        eq(bookingAccessCodes.bookingId, bookingId),
        gt(bookingAccessCodes.expiresAt, now),
        lt(bookingAccessCodes.attempts, maxTries),
      ),
    )
    .returning({ codeHash: bookingAccessCodes.codeHash });
  return row?.codeHash ?? null;
}

/** Uses the code up: true for the one caller that removed it (two right answers at once give one grant). */
export async function consumeCode(tx: Tx, bookingId: string, codeHash: string): Promise<boolean> {
  const rows = await tx
    .delete(bookingAccessCodes)
    .where(and(eq(bookingAccessCodes.bookingId, bookingId), eq(bookingAccessCodes.codeHash, codeHash)))
    .returning({ bookingId: bookingAccessCodes.bookingId });
  return rows.length > 0;
}
