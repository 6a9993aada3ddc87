import { and, asc, count, desc, eq } from 'drizzle-orm';
import { bookings, paymentReceipts, payments } from '../../db/schema.js';
import type { Tx } from '../bookings/booking-ports.js';

export async function countReceipts(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(paymentReceipts).where(eq(paymentReceipts.bookingId, bookingId));
  return Number(row?.n ?? 0);
}

export async function insertReceipt(tx: Tx, row: typeof paymentReceipts.$inferInsert) {
  await tx.insert(paymentReceipts).values(row);
}

export async function latestSubmitted(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select()
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.bookingId, bookingId), eq(paymentReceipts.status, 'submitted')))
    .orderBy(desc(paymentReceipts.uploadedAt))
    .limit(1);
  return row;
}

export async function findReceipt(tx: Tx, receiptId: string) {
  const [row] = await tx.select().from(paymentReceipts).where(eq(paymentReceipts.id, receiptId));
  return row;
}

/** Marks the booking's submitted receipts (or just one of them) reviewed. */
export async function reviewReceipts(
  tx: Tx,
  bookingId: string,
  status: 'accepted' | 'rejected',
  reviewedBy: string,
  receiptId?: string,
) {
  await tx
    .update(paymentReceipts)
    .set({ status, reviewedAt: new Date(), reviewedBy })
    .where(
      and(
        eq(paymentReceipts.bookingId, bookingId),
        eq(paymentReceipts.status, 'submitted'),
        receiptId ? eq(paymentReceipts.id, receiptId) : undefined,
      ),
    );
}

export async function insertBankPayment(tx: Tx, row: typeof payments.$inferInsert) {
  await tx.insert(payments).values(row);
}

/** Held bookings paying by transfer, with their receipts waiting for the agency. */
export async function pendingTransfers(tx: Tx) {
  return tx
    .select({
      bookingId: bookings.id,
      bookingReference: bookings.bookingReference,
      amount: bookings.amount,
      currency: bookings.currency,
      holdExpiresAt: bookings.holdExpiresAt,
      receiptId: paymentReceipts.id,
      uploadedAt: paymentReceipts.uploadedAt,
      storagePath: paymentReceipts.storagePath,
      status: paymentReceipts.status,
    })
    .from(bookings)
    .leftJoin(paymentReceipts, eq(paymentReceipts.bookingId, bookings.id))
    .where(and(eq(bookings.status, 'pending-payment'), eq(bookings.paymentMethod, 'bank-transfer')))
    .orderBy(asc(bookings.holdExpiresAt));
}
