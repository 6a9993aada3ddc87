import { and, desc, eq } from 'drizzle-orm';
import { bookings, type BookingRow } from '../../db/schema.js';
import {
  bookingAirlineChanges,
  bookingCancellationQuotes,
  type BookingAirlineChangeRow,
  type BookingCancellationQuoteRow,
} from '../../db/supplier-events-schema.js';
import type { Tx } from '../../db/tx.js';

/** The airline changes and cancellation quotes kept with bookings (migrations/0019_supplier_events.sql). */

/** The booking holding this order at this supplier. */
export async function findBookingByOrder(tx: Tx, supplier: string, orderId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.supplier, supplier), eq(bookings.supplierOrderId, orderId)));
  return row;
}

/** Records a change as the supplier reads it now (a change told of twice is updated, its decision kept). */
export async function upsertAirlineChange(tx: Tx, change: Omit<BookingAirlineChangeRow, 'decision' | 'decidedAt' | 'decidedBy'>) {
  await tx
    .insert(bookingAirlineChanges)
    .values(change)
    .onConflictDoUpdate({
      target: bookingAirlineChanges.id,
      set: { removed: change.removed, added: change.added, availableActions: change.availableActions },
    });
}

/** The booking's latest change. */
export async function latestAirlineChange(tx: Tx, bookingId: string): Promise<BookingAirlineChangeRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookingAirlineChanges)
    .where(eq(bookingAirlineChanges.bookingId, bookingId))
    .orderBy(desc(bookingAirlineChanges.detectedAt))
    .limit(1);
  return row;
}

export async function decideAirlineChange(
  tx: Tx,
  id: string,
  decision: { decision: 'accepted' | 'cancelled'; by: string; now: Date },
): Promise<void> {
  await tx
    .update(bookingAirlineChanges)
    .set({ decision: decision.decision, decidedBy: decision.by, decidedAt: decision.now })
    .where(eq(bookingAirlineChanges.id, id));
}

export async function insertQuote(tx: Tx, quote: Omit<BookingCancellationQuoteRow, 'confirmedAt'>): Promise<void> {
  await tx.insert(bookingCancellationQuotes).values(quote).onConflictDoNothing();
}

export async function findQuote(tx: Tx, bookingId: string, id: string): Promise<BookingCancellationQuoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookingCancellationQuotes)
    .where(and(eq(bookingCancellationQuotes.bookingId, bookingId), eq(bookingCancellationQuotes.id, id)));
  return row;
}

export async function confirmQuote(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(bookingCancellationQuotes).set({ confirmedAt: now }).where(eq(bookingCancellationQuotes.id, id));
}
