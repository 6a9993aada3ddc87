import { eq, inArray } from 'drizzle-orm';
import { bookingCancellations, type BookingCancellationRow } from '../../db/desk-schema.js';
import type { Tx } from '../../db/tx.js';

/** What each cancellation left owed (use-cases/cancellation-money.ts). */

export async function insertCancellation(tx: Tx, row: typeof bookingCancellations.$inferInsert) {
  // Once per booking: a booking is cancelled once, and a replayed completion keeps the first.
  await tx.insert(bookingCancellations).values(row).onConflictDoNothing();
}

export async function findCancellation(tx: Tx, bookingId: string): Promise<BookingCancellationRow | undefined> {
  const [row] = await tx.select().from(bookingCancellations).where(eq(bookingCancellations.bookingId, bookingId));
  return row;
}

export async function findCancellations(tx: Tx, bookingIds: string[]): Promise<Map<string, BookingCancellationRow>> {
  if (!bookingIds.length) return new Map();
  const rows = await tx.select().from(bookingCancellations).where(inArray(bookingCancellations.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, row]));
}
