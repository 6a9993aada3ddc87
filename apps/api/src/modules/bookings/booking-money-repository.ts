import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BookingStatus } from '@kwenda/contracts';
import { bookingEvents, bookingRefunds, bookings, paymentReceipts, payments, users, type PaymentRow } from '../../db/schema.js';
import { bookingCancellations } from '../../db/desk-schema.js';
import type { Tx } from '../../db/tx.js';

/** A booking's money: receipts and their decisions, payments, refunds, and the desk's queues of them (use-cases/staff-*.ts). */

type ReceiptDecision = 'not-received' | 'amount-mismatch' | 'unreadable' | 'wrong-receipt' | 'other';

/** Money received by a booking: payments that succeeded, arrived too late (refund-required), or were refunded. */
const RECEIVED: PaymentRow['status'][] = ['succeeded', 'refund-required', 'refunded'];

/** Cents, so sums of numeric(14,2) amounts compare exactly. */
export const cents = (amount: number) => Math.round(amount * 100);
export const fromCents = (value: number) => value / 100;

export async function findReceipt(tx: Tx, receiptId: string) {
  const [row] = await tx.select().from(paymentReceipts).where(eq(paymentReceipts.id, receiptId));
  return row;
}

/** A receipt's decision; the caller holds the booking's lock, so two decisions queue and the second finds it decided. */
export async function decideReceipt(
  tx: Tx,
  receiptId: string,
  decision: { status: 'accepted' | 'rejected'; reviewedBy: string; reason?: ReceiptDecision; note?: string | null },
) {
  await tx
    .update(paymentReceipts)
    .set({
      status: decision.status,
      reviewedAt: new Date(),
      reviewedBy: decision.reviewedBy,
      decisionReason: decision.reason ?? null,
      decisionNote: decision.note ?? null,
    })
    .where(and(eq(paymentReceipts.id, receiptId), eq(paymentReceipts.status, 'submitted')));
}

/** The booking's other receipts still waiting: the booking is paid, they are settled with it. */
export async function acceptWaitingReceipts(tx: Tx, bookingId: string, reviewedBy: string) {
  await tx
    .update(paymentReceipts)
    .set({ status: 'accepted', reviewedAt: new Date(), reviewedBy })
    .where(and(eq(paymentReceipts.bookingId, bookingId), eq(paymentReceipts.status, 'submitted')));
}

export async function waitingReceipts(tx: Tx, bookingId: string) {
  return tx
    .select({ receiptId: paymentReceipts.id, fileName: paymentReceipts.fileName, uploadedAt: paymentReceipts.uploadedAt })
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.bookingId, bookingId), eq(paymentReceipts.status, 'submitted')))
    .orderBy(asc(paymentReceipts.uploadedAt));
}

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert) {
  await tx.insert(payments).values(row);
}

/** How many times a trigger fired for a booking (a hold is extended once; ticketing tries). */
export async function countEvents(tx: Tx, bookingId: string, trigger: (typeof bookingEvents.$inferSelect)['statusTrigger']) {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.statusTrigger, trigger)));
  return Number(row?.n ?? 0);
}

export async function lastEvent(tx: Tx, bookingId: string, trigger: (typeof bookingEvents.$inferSelect)['statusTrigger']) {
  const [row] = await tx
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.statusTrigger, trigger)))
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  return row;
}

/** Received and refunded of one booking, in cents of its currency. */
export async function moneyOf(tx: Tx, bookingId: string): Promise<{ paid: number; refunded: number }> {
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, RECEIVED)));
  const [refunded] = await tx
    .select({ total: sql<string>`coalesce(sum(${bookingRefunds.amount}), 0)` })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.bookingId, bookingId));
  return { paid: cents(Number(paid?.total ?? 0)), refunded: cents(Number(refunded?.total ?? 0)) };
}

/** A payment of the booking, locked, with what was refunded of it so far (cents). */
export async function lockPaymentWithRefunds(tx: Tx, bookingId: string, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.bookingId, bookingId)))
    .for('update');
  if (!payment) return undefined;
  const [refunded] = await tx
    .select({ total: sql<string>`coalesce(sum(${bookingRefunds.amount}), 0)` })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.paymentId, paymentId));
  return { payment, refunded: cents(Number(refunded?.total ?? 0)) };
}

export async function insertRefund(tx: Tx, row: typeof bookingRefunds.$inferInsert) {
  await tx.insert(bookingRefunds).values(row);
}

export async function markPaymentsRefunded(tx: Tx, bookingId: string, paymentId?: string) {
  await tx
    .update(payments)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'refund-required'),
        paymentId ? eq(payments.id, paymentId) : undefined,
      ),
    );
}

const refundColumns = {
  id: bookingRefunds.id,
  bookingId: bookingRefunds.bookingId,
  bookingReference: bookings.bookingReference,
  paymentId: bookingRefunds.paymentId,
  amount: bookingRefunds.amount,
  currency: bookingRefunds.currency,
  method: bookingRefunds.method,
  reference: bookingRefunds.reference,
  note: bookingRefunds.note,
  recordedBy: bookingRefunds.recordedBy,
  recordedByName: users.fullName,
  createdAt: bookingRefunds.createdAt,
};

/** Refunds with the booking reference and the name of the staff member who recorded each. */
export async function listRefunds(tx: Tx, options: { bookingId?: string; limit: number }) {
  return tx
    .select(refundColumns)
    .from(bookingRefunds)
    .innerJoin(bookings, eq(bookings.id, bookingRefunds.bookingId))
    .leftJoin(users, eq(sql`'staff:' || ${users.id}`, bookingRefunds.recordedBy))
    .where(options.bookingId ? eq(bookingRefunds.bookingId, options.bookingId) : undefined)
    .orderBy(desc(bookingRefunds.createdAt), desc(bookingRefunds.id))
    .limit(options.limit);
}

/** Receipts waiting for a decision on bookings held for a transfer, oldest first. */
export async function listWaitingTransfers(tx: Tx, limit: number) {
  return tx
    .select({ receipt: paymentReceipts, booking: bookings })
    .from(paymentReceipts)
    .innerJoin(bookings, eq(bookings.id, paymentReceipts.bookingId))
    .where(
      and(
        eq(paymentReceipts.status, 'submitted'),
        eq(bookings.status, 'pending-payment'),
        eq(bookings.paymentMethod, 'bank-transfer'),
      ),
    )
    .orderBy(asc(paymentReceipts.uploadedAt), asc(paymentReceipts.id))
    .limit(limit);
}

/** Per booking: receipts refused so far. */
export async function countRejectedReceipts(tx: Tx, bookingIds: string[]) {
  if (!bookingIds.length) return new Map<string, number>();
  const rows = await tx
    .select({ bookingId: paymentReceipts.bookingId, n: count() })
    .from(paymentReceipts)
    .where(and(inArray(paymentReceipts.bookingId, bookingIds), eq(paymentReceipts.status, 'rejected')))
    .groupBy(paymentReceipts.bookingId);
  return new Map(rows.map((r) => [r.bookingId, Number(r.n)]));
}

/** Per booking: whether staff extended its hold. */
export async function extendedHolds(tx: Tx, bookingIds: string[]) {
  if (!bookingIds.length) return new Set<string>();
  const rows = await tx
    .selectDistinct({ bookingId: bookingEvents.bookingId })
    .from(bookingEvents)
    .where(and(inArray(bookingEvents.bookingId, bookingIds), eq(bookingEvents.statusTrigger, 'hold-extended')));
  return new Set(rows.map((r) => r.bookingId));
}

/** Paid bookings not yet ticketed, oldest payment first. */
export async function listUnticketed(tx: Tx, limit: number) {
  return tx.select().from(bookings).where(eq(bookings.status, 'payment-confirmed')).orderBy(asc(bookings.updatedAt)).limit(limit);
}

/** Per booking: the events of some triggers, oldest first (when it was paid, its ticketing tries). */
export async function eventsOf(tx: Tx, bookingIds: string[], triggers: (typeof bookingEvents.$inferSelect)['statusTrigger'][]) {
  if (!bookingIds.length) return [];
  return tx
    .select()
    .from(bookingEvents)
    .where(and(inArray(bookingEvents.bookingId, bookingIds), inArray(bookingEvents.statusTrigger, triggers)))
    .orderBy(asc(bookingEvents.id));
}

/**
 * Bookings the agency owes money: paid, then canceled, and refunded less than what their cancellation
 * left owed (what they received less the airline's and agency's fees kept). A live booking's payment
 * is not owed back.
 */
export async function listRefundsDue(tx: Tx, limit: number) {
  const paid = tx
    .select({ bookingId: payments.bookingId, total: sql<string>`sum(${payments.amount})`.as('paid_total') })
    .from(payments)
    .where(inArray(payments.status, RECEIVED))
    .groupBy(payments.bookingId)
    .as('paid');
  const refunded = tx
    .select({ bookingId: bookingRefunds.bookingId, total: sql<string>`sum(${bookingRefunds.amount})`.as('refunded_total') })
    .from(bookingRefunds)
    .groupBy(bookingRefunds.bookingId)
    .as('refunded');
  const canceled: BookingStatus[] = ['canceled'];
  return tx
    .select({
      booking: bookings,
      paid: paid.total,
      refunded: sql<string>`coalesce(${refunded.total}, 0)`,
      cancellation: bookingCancellations,
    })
    .from(bookings)
    .innerJoin(paid, eq(paid.bookingId, bookings.id))
    .leftJoin(refunded, eq(refunded.bookingId, bookings.id))
    .leftJoin(bookingCancellations, eq(bookingCancellations.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.status, canceled),
        // Owed until what was refunded reaches what was received less what the cancellation kept (the fees).
        sql`${paid.total} - coalesce(${refunded.total}, 0) - coalesce(${bookingCancellations.paid} - ${bookingCancellations.owed}, 0) > 0`,
        // Money that never paid the booking (refund-required) is listed with its payment instead.
        sql`exists (select 1 from payments p where p.booking_id = ${bookings.id} and p.status = 'succeeded')`,
      ),
    )
    .orderBy(asc(bookings.updatedAt))
    .limit(limit);
}

/** Payments kept for a refund (money for a booking that could not take it), with what is left to refund. */
export async function listRefundRequired(tx: Tx, limit: number) {
  const refunded = tx
    .select({ paymentId: bookingRefunds.paymentId, total: sql<string>`sum(${bookingRefunds.amount})`.as('refunded_total') })
    .from(bookingRefunds)
    .groupBy(bookingRefunds.paymentId)
    .as('refunded');
  return tx
    .select({
      payment: payments,
      bookingReference: bookings.bookingReference,
      bookingStatus: bookings.status,
      refunded: sql<string>`coalesce(${refunded.total}, 0)`,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(eq(payments.status, 'refund-required'))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}
