import { requestCancel, runCancel } from '../../supplier-calls/order-cancellation.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import { loadBooking } from './load-booking.js';

/**
 * Held bookings past their hold: canceled, checkouts closed, seats released. The cancellation of the
 * supplier's order is journaled in the transaction that cancels the booking, so it happens even if
 * the supplier is down or the process dies next: retried by the reconciliation job until done.
 * Returns how many bookings were canceled.
 */
export async function expireHolds(deps: BookingDeps, now = deps.clock(), limit = 50): Promise<number> {
  const { db, logger } = deps;
  const ids = await repo.findExpiredHolds(db, now, limit);
  let expired = 0;
  for (const id of ids) {
    const outcome = await db.transaction(async (tx) => {
      const row = await repo.lockBooking(tx, id);
      // Another process got there first, or a payment landed in time (a rescheduled booking: if still unpaid).
      const held = row?.status === 'pending-payment' || (row?.status === 'rescheduled' && row.ticketedAt === null);
      if (!row || !held || !row.holdExpiresAt || row.holdExpiresAt > now) return null;
      await transitionLocked(tx, row, 'hold-expired', {
        actor: 'job:hold-expiry',
        details: { holdExpiresAt: row.holdExpiresAt.toISOString() },
      });
      const canceled = row.email ? await loadBooking(deps, id, tx) : null;
      if (canceled)
        await deps.mail.enqueue(tx, {
          to: canceled.email!,
          ...deps.messages.canceled(canceled, row.holdExpiresAt),
          dedupeKey: `canceled:${id}`,
        });
      await deps.checkout.expireCheckouts(tx, id);
      const cancel = row.supplierOrderId
        ? await requestCancel(tx, deps, {
            bookingId: id,
            supplier: row.supplier,
            orderId: row.supplierOrderId,
            reason: 'hold-expired',
          })
        : null;
      return { cancel };
    });
    if (outcome === null) continue;
    expired += 1;
    if (outcome.cancel) await runCancel(deps, outcome.cancel);
    logger.info({ bookingId: id }, 'hold expired, booking canceled');
  }
  return expired;
}
