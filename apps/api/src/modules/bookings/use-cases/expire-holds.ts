import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import { loadBooking } from './load-booking.js';

/** Held bookings past their hold: canceled, checkouts closed, seats released. Returns how many. */
export async function expireHolds(deps: BookingDeps, now = deps.clock(), limit = 50): Promise<number> {
  const { db, supplier, logger } = deps;
  const ids = await repo.findExpiredHolds(db, now, limit);
  let expired = 0;
  for (const id of ids) {
    const orderId = await db.transaction(async (tx) => {
      const row = await repo.lockBooking(tx, id);
      // Another process got there first, or a payment landed in time.
      if (!row || row.status !== 'pending-payment' || !row.holdExpiresAt || row.holdExpiresAt > now) return null;
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
      await deps.checkout()?.expireCheckouts(tx, id);
      return row.supplierOrderId ?? '';
    });
    if (orderId === null) continue;
    expired += 1;
    if (orderId)
      await supplier
        .cancelOrder(orderId)
        .catch((error: unknown) =>
          logger.error({ err: error, bookingId: id }, 'supplier cancel failed; its own hold lapses anyway'),
        );
    logger.info({ bookingId: id }, 'hold expired, booking canceled');
  }
  return expired;
}
