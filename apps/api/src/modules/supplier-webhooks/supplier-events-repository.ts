import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import { supplierEvents, type SupplierEventRow } from '../../db/supplier-events-schema.js';
import type { Tx } from '../../db/tx.js';

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
 * Events due for processing. Rows another process is taking are skipped; the taken ones are pushed a
 * lease into the future before this short transaction commits, so nobody else takes them while this
 * process works on them (a process that dies leaves them to be taken again when the lease ends).
 */
export async function claimDueEvents(
  tx: Tx,
  options: { now: Date; leaseMs: number; limit: number },
): Promise<SupplierEventRow[]> {
  const due = await tx
    .select({ supplier: supplierEvents.supplier, id: supplierEvents.id })
    .from(supplierEvents)
    .where(and(eq(supplierEvents.status, 'pending'), lte(supplierEvents.nextAttemptAt, options.now)))
    .orderBy(asc(supplierEvents.receivedAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  if (!due.length) return [];
  const claimed = await tx
    .update(supplierEvents)
    .set({ nextAttemptAt: new Date(options.now.getTime() + options.leaseMs), attempts: sql`${supplierEvents.attempts} + 1` })
    .where(
      and(
        eq(supplierEvents.status, 'pending'),
        or(...due.map((d) => and(eq(supplierEvents.supplier, d.supplier), eq(supplierEvents.id, d.id)))),
      ),
    )
    .returning();
  return claimed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}

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

/** Processing failed (the supplier did not answer): taken up again at `nextAttemptAt`. */
export async function retryEvent(
  tx: Tx,
  event: Pick<SupplierEventRow, 'supplier' | 'id'>,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await tx
    .update(supplierEvents)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt })
    .where(
      and(eq(supplierEvents.supplier, event.supplier), eq(supplierEvents.id, event.id), eq(supplierEvents.status, 'pending')),
    );
}

export async function findEvent(tx: Tx, supplier: string, id: string): Promise<SupplierEventRow | undefined> {
  const [row] = await tx
    .select()
    .from(supplierEvents)
    .where(and(eq(supplierEvents.supplier, supplier), eq(supplierEvents.id, id)));
  return row;
}
