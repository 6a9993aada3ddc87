import { and, eq } from 'drizzle-orm';
import { supplierEvents, type SupplierEventRow } from '../../db/supplier-events-schema.js';
import type { Tx } from '../../db/tx.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { supplierEventsQueue } from '../../jobs/due-queues.js';

/** Every query of the supplier events (migrations/0019_supplier_events.sql). */

/**
 * Stores an event as received, once: a redelivery of the same event id changes nothing. True when
 * this call stored it.
 */
export async function insertEvent(
  tx: Tx,
  event: { supplier: string; id: string; type: string; body: Record<string, unknown>; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(supplierEvents)
    .values({
      supplier: event.supplier,
      id: event.id,
      eventType: event.type,
      body: event.body,
      receivedAt: event.now,
      nextAttemptAt: event.now,
    })
    .onConflictDoNothing()
    .returning({ id: supplierEvents.id });
  return rows.length > 0;
}

/**
 * Events due for processing, claimed for this process (jobs/claim-due.ts): nobody else takes them
 * while it works on them, and a process that dies leaves them to be taken again when the lease ends.
 */
export const claimDueEvents = (tx: Tx, options: { now: Date; leaseMs: number; limit: number }) =>
  claimDue(tx, supplierEventsQueue, options);

/** The event is done with: acted on (processed) or nothing to do (ignored). */
export async function finishEvent(
  tx: Tx,
  event: Pick<SupplierEventRow, 'supplier' | 'id'>,
  outcome: { status: 'processed' | 'ignored'; result: Record<string, unknown>; now: Date },
): Promise<void> {
  await tx
    .update(supplierEvents)
    .set({ status: outcome.status, result: outcome.result, processedAt: outcome.now, nextAttemptAt: null, lastError: null })
    .where(and(eq(supplierEvents.supplier, event.supplier), eq(supplierEvents.id, event.id)));
}

/**
 * Processing failed (the supplier did not answer): taken up again after the backoff, or dead once
 * the event has used up its attempts. Returns which.
 */
export async function retryEvent(tx: Tx, event: SupplierEventRow, error: string, now: Date) {
  return retryLater(tx, supplierEventsQueue, event, { now, error });
}

export async function findEvent(tx: Tx, supplier: string, id: string): Promise<SupplierEventRow | undefined> {
  const [row] = await tx
    .select()
    .from(supplierEvents)
    .where(and(eq(supplierEvents.supplier, supplier), eq(supplierEvents.id, id)));
  return row;
}
