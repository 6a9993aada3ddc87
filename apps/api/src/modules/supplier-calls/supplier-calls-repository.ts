import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  supplierCalls,
  type SupplierCallKind,
  type SupplierCallOutcome,
  type SupplierCallRow,
} from '../../db/supplier-calls-schema.js';
import type { Tx } from '../../db/tx.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { supplierCallsQueue } from '../../jobs/due-queues.js';

/** Every query of the supplier calls journal (migrations/0013_supplier_calls.sql). */

/** How long a call may go unanswered before it is taken as lost (SUPPLIER_CALL_LEASE_SECONDS). */
export const DEFAULT_LEASE_MS = 120_000;

/**
 * Whether a call without an answer is for the reconciliation job (or a request that finds it) to
 * settle now: handed over and due, or older than the lease (the process that made it died or hangs).
 */
export const isDue = (call: SupplierCallRow, now: Date, leaseMs: number) =>
  !call.answeredAt && (call.nextAttemptAt ? call.nextAttemptAt <= now : call.requestedAt.getTime() + leaseMs <= now.getTime());

/**
 * A call about to be made, in the caller's transaction (committed before the call). Null when the
 * same kind of call is already in flight for the booking (a hold, a ticketing) or for the order (a
 * cancel): the unique indexes of open calls decide, whatever races.
 */
export async function insertCall(
  tx: Tx,
  call: {
    bookingId: string;
    kind: SupplierCallKind;
    supplier: string;
    orderId?: string | null;
    details?: Record<string, unknown>;
    now: Date;
  },
): Promise<SupplierCallRow | null> {
  const [row] = await tx
    .insert(supplierCalls)
    .values({
      id: `sc_${randomBytes(12).toString('base64url')}`,
      bookingId: call.bookingId,
      kind: call.kind,
      supplier: call.supplier,
      orderId: call.orderId ?? null,
      details: call.details ?? {},
      requestedAt: call.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findOpenCall(tx: Tx, bookingId: string, kind: SupplierCallKind): Promise<SupplierCallRow | undefined> {
  const [row] = await tx
    .select()
    .from(supplierCalls)
    .where(and(eq(supplierCalls.bookingId, bookingId), eq(supplierCalls.kind, kind), isNull(supplierCalls.answeredAt)));
  return row;
}

export async function findCall(tx: Tx, id: string): Promise<SupplierCallRow | undefined> {
  const [row] = await tx.select().from(supplierCalls).where(eq(supplierCalls.id, id));
  return row;
}

/** The call locked until the transaction ends (take the booking's lock first, as every writer does). */
export async function lockCall(tx: Tx, id: string): Promise<SupplierCallRow | undefined> {
  const [row] = await tx.select().from(supplierCalls).where(eq(supplierCalls.id, id)).for('update');
  return row;
}

/** The answer, in the transaction that records its effect on the booking. */
export async function answerCall(
  tx: Tx,
  id: string,
  answer: { outcome: SupplierCallOutcome; orderId?: string | null; details?: Record<string, unknown>; now: Date },
): Promise<void> {
  await tx
    .update(supplierCalls)
    .set({
      outcome: answer.outcome,
      answeredAt: answer.now,
      ...(answer.orderId !== undefined ? { orderId: answer.orderId } : {}),
      ...(answer.details ? { details: sql`${supplierCalls.details} || ${JSON.stringify(answer.details)}::jsonb` } : {}),
      nextAttemptAt: null,
    })
    .where(eq(supplierCalls.id, id));
}

/**
 * No answer this time (the supplier did not answer, or answered an error that says nothing of what
 * it did): the reconciliation job takes the call up at `nextAttemptAt`.
 */
export async function markUnanswered(tx: Tx, id: string, error: string, nextAttemptAt: Date): Promise<void> {
  await tx
    .update(supplierCalls)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt })
    .where(and(eq(supplierCalls.id, id), isNull(supplierCalls.answeredAt)));
}

/**
 * No answer from the supplier on a try the job (or runCancel) made: taken up again after the backoff,
 * or dead once the call has used up its attempts, still without an answer (jobs/due-queues.ts).
 */
export const retryCall = (tx: Tx, call: SupplierCallRow, error: string, now: Date) =>
  retryLater(tx, supplierCallsQueue, call, { now, error });

/**
 * Calls without an answer that are due: handed over by the process that made them, or older than the
 * lease (that process died or hangs), claimed for this process (jobs/claim-due.ts) while it asks the
 * supplier.
 */
export const claimDueCalls = (tx: Tx, options: { now: Date; leaseMs: number; limit: number }) =>
  claimDue(tx, supplierCallsQueue, options);

/** A booking's calls, oldest first (tests, and the desk's view of what the supplier was asked). */
export async function callsOf(tx: Tx, bookingId: string): Promise<SupplierCallRow[]> {
  return tx.select().from(supplierCalls).where(eq(supplierCalls.bookingId, bookingId)).orderBy(asc(supplierCalls.requestedAt));
}
