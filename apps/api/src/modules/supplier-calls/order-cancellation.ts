import type { Db } from '../../db/client.js';
import type { SupplierCallRow } from '../../db/supplier-calls-schema.js';
import type { Tx } from '../../db/tx.js';
import type { SupplierRegistry } from '../../suppliers/supplier.js';
import { answerCall, insertCall, retryCall } from './supplier-calls-repository.js';

/** What a journaled supplier call needs (the booking service's settings have all of it). */
export interface SupplierCallDeps {
  db: Db;
  suppliers: SupplierRegistry;
  clock: () => Date;
  logger: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/**
 * An order to cancel at the supplier (a hold that expired, one the booking could not take), asked
 * for in the caller's transaction: once it commits the cancellation happens, now (runCancel) or,
 * if the supplier does not answer or the process dies, by the reconciliation job, retried until
 * done. Null when a cancellation of this order is already on its way.
 */
export function requestCancel(
  tx: Tx,
  deps: Pick<SupplierCallDeps, 'clock'>,
  /** `supplier`: the name of the supplier holding the order (bookings.supplier). */
  order: { bookingId: string; supplier: string; orderId: string; reason: string; details?: Record<string, unknown> },
): Promise<SupplierCallRow | null> {
  return insertCall(tx, {
    bookingId: order.bookingId,
    kind: 'cancel',
    supplier: order.supplier,
    orderId: order.orderId,
    details: { reason: order.reason, ...order.details },
    now: deps.clock(),
  });
}

/**
 * Makes a cancel call and records the answer, with `andThen` in the same transaction (what the
 * cancellation completes). Cancelling is idempotent at the supplier, so a failure is simply tried
 * again later (1, 2, 4 … minutes, by the job). Returns whether the order is cancelled now.
 */
export async function runCancel(
  deps: SupplierCallDeps,
  call: SupplierCallRow,
  andThen?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  try {
    await deps.suppliers.get(call.supplier).cancelOrder(call.orderId!);
  } catch (error) {
    const message = (error as Error).message || String(error);
    deps.logger.warn({ err: error, callId: call.id, orderId: call.orderId }, 'supplier cancel failed; retried later');
    await deps.db.transaction((tx) => retryCall(tx, call, message, deps.clock()));
    return false;
  }
  await deps.db.transaction(async (tx) => {
    // andThen first: it takes the booking's lock before the call's, as every writer does.
    await andThen?.(tx);
    await answerCall(tx, call.id, { outcome: 'cancelled', now: deps.clock() });
  });
  return true;
}
