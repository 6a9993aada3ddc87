import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { payments, webhookEvents, type PaymentRow, type PaymentStatus } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

/** Every query of payments and received webhook events. */

export const newPaymentId = () => `pay_${randomBytes(12).toString('base64url')}`;

export async function findOpenPayment(tx: Tx, bookingId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'open')));
  return row;
}

/** Inserts an open payment; undefined when the booking already has one (payments_one_open). */
export async function insertOpenPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const [inserted] = await tx.insert(payments).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function setCheckout(tx: Tx, id: string, checkout: { sessionId: string; url: string }) {
  await tx
    .update(payments)
    .set({ providerSessionId: checkout.sessionId, checkoutUrl: checkout.url, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

export async function deletePayment(tx: Tx, id: string) {
  await tx.delete(payments).where(eq(payments.id, id));
}

export async function lockPaymentBySession(tx: Tx, provider: string, sessionId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider as PaymentRow['provider']), eq(payments.providerSessionId, sessionId)))
    .for('update');
  return row;
}

export async function updatePayment(
  tx: Tx,
  id: string,
  patch: { status?: PaymentStatus; providerPaymentId?: string | null; failureCode?: string | null },
) {
  await tx
    .update(payments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert) {
  await tx.insert(payments).values(row);
}

/** Open checkouts of a booking, closed (hold expired); answers their provider session ids. */
export async function expireOpenPayments(tx: Tx, bookingId: string): Promise<string[]> {
  const rows = await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['open'])))
    .returning({ sessionId: payments.providerSessionId });
  return rows.map((r) => r.sessionId).filter((id): id is string => Boolean(id));
}

/** True the first time an event id is seen; a replay or a retried delivery answers false. */
export async function recordWebhookEvent(tx: Tx, provider: string, eventId: string, eventType: string): Promise<boolean> {
  const rows = await tx
    .insert(webhookEvents)
    .values({ provider, eventId, eventType })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

export async function paymentsOf(tx: Tx, bookingId: string): Promise<PaymentRow[]> {
  return tx.select().from(payments).where(eq(payments.bookingId, bookingId));
}
