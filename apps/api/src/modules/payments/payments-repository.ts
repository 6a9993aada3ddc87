import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  paymentChecks,
  payments,
  webhookEvents,
  type PaymentCheckRow,
  type PaymentRow,
  type PaymentStatus,
} from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { reconciliationQueue } from '../../jobs/due-queues.js';

/** Every query of payments, received webhook events and the questions asked about open checkouts. */

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

/**
 * Stores the provider's session of a payment still open, and when to first ask the provider about
 * it (call in a transaction: both or neither). False when the payment is no longer open or gone.
 */
export async function setCheckout(tx: Tx, id: string, checkout: { sessionId: string; url: string }, firstCheckAt: Date) {
  const updated = await tx
    .update(payments)
    .set({ providerSessionId: checkout.sessionId, checkoutUrl: checkout.url, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'open')))
    .returning({ id: payments.id });
  if (!updated.length) return false;
  await tx.insert(paymentChecks).values({ paymentId: id, nextCheckAt: firstCheckAt }).onConflictDoNothing();
  return true;
}

/**
 * Removes an open payment that never got its checkout's address (the provider refused it). False
 * when another request has stored an address meanwhile: that checkout is in use and stays.
 */
export async function deleteUnopenedPayment(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(payments)
    .where(and(eq(payments.id, id), eq(payments.status, 'open'), isNull(payments.checkoutUrl)))
    .returning({ id: payments.id });
  return deleted.length === 1;
}

export async function lockPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
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

/**
 * Open checkouts of a booking closed (the hold ended, the method changed, the booking was paid), but
 * `except` (the payment that paid it); answers them. Each one with a session is asked about at
 * `now`: the reconciliation job closes it on the provider's side and settles money that still came.
 */
export async function expireOpenPayments(
  tx: Tx,
  bookingId: string,
  options: { except?: string; now?: Date } = {},
): Promise<{ id: string; sessionId: string | null }[]> {
  const rows = await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'open'),
        options.except ? ne(payments.id, options.except) : undefined,
      ),
    )
    .returning({ id: payments.id, sessionId: payments.providerSessionId });
  const withSession = rows.filter((r) => r.sessionId);
  if (withSession.length && options.now) {
    const nextCheckAt = options.now;
    await tx
      .insert(paymentChecks)
      .values(withSession.map((r) => ({ paymentId: r.id, nextCheckAt })))
      .onConflictDoUpdate({ target: paymentChecks.paymentId, set: { nextCheckAt, settledAt: null, deadAt: null } });
  }
  return rows;
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

/**
 * Takes up to `limit` checks due at `now` of this provider's payments (`bookingId`: of that booking's),
 * each counted and leased (jobs/claim-due.ts), so one payment is asked about by one process at a time.
 */
export function claimDueChecks(
  tx: Tx,
  input: { provider: string; now: Date; limit: number; leaseMs: number; bookingId?: string },
): Promise<PaymentCheckRow[]> {
  const ofProvider = tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, input.provider as PaymentRow['provider']),
        input.bookingId ? eq(payments.bookingId, input.bookingId) : undefined,
      ),
    );
  return claimDue(tx, reconciliationQueue, { ...input, where: inArray(paymentChecks.paymentId, ofProvider) });
}

/**
 * A check that found the checkout still open, or could not ask: asked again `delayMs` after `now`, or
 * given up (`giveUp`): dead, for the desk. Only the check that claimed it: a later claim decides instead.
 */
export function retryCheck(
  tx: Tx,
  check: PaymentCheckRow,
  result: { state: 'open' | 'error'; error?: string; now: Date; delayMs: number; giveUp: boolean },
) {
  return retryLater(tx, reconciliationQueue, check, {
    now: result.now,
    error: result.error ?? null,
    delayMs: result.delayMs,
    giveUp: result.giveUp,
    set: { lastState: result.state },
    where: eq(paymentChecks.checks, check.checks),
  });
}

/** What one check found: settled, nothing more to ask. */
export async function settleCheck(
  tx: Tx,
  check: PaymentCheckRow,
  result: { state?: NonNullable<PaymentCheckRow['lastState']>; settledAt: Date },
) {
  await tx
    .update(paymentChecks)
    .set({ ...(result.state ? { lastState: result.state } : {}), lastError: null, settledAt: result.settledAt })
    // Only the check that claimed it: a later claim (after the lease) decides instead.
    .where(and(eq(paymentChecks.paymentId, check.paymentId), eq(paymentChecks.checks, check.checks)));
}

export async function findPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id));
  return row;
}
