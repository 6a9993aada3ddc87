import type { DeskBookingSummary } from '@kwenda/contracts/admin';
import { AppError } from '../../../errors.js';
import * as repo from '../booking-repository.js';
import { canTrigger, transitionLocked } from '../booking-transitions.js';
import * as staffRepo from '../staff-repository.js';
import { loadBooking } from './load-booking.js';
import { bookingNotFound, summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';

/**
 * A booking cancelled by the agency (held, paid or ticketed), with a reason kept in its history.
 * The supplier's hold or order is cancelled first, under the booking's lock: when the supplier
 * refuses or does not answer (SUPPLIER_CANCEL_FAILED) nothing changes. An open card checkout is
 * closed so it takes no more money; money already received is owed back (the refunds screen lists
 * the booking until it is refunded). The traveller is told by e-mail.
 */
export async function cancelBooking(
  deps: StaffDeps,
  bookingId: string,
  input: { reason: string },
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (!canTrigger(current.status, 'staff-canceled'))
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        `Booking ${current.bookingReference} is ${current.status}: it cannot be cancelled`,
      );
    if (current.supplierOrderId) {
      try {
        await deps.supplier.cancelOrder(current.supplierOrderId);
      } catch (error) {
        deps.logger.error({ err: error, bookingId }, 'supplier cancel failed; the booking is unchanged');
        throw new AppError(
          502,
          'SUPPLIER_CANCEL_FAILED',
          `The airline system did not cancel order ${current.supplierOrderId}: ${(error as Error).message}. Nothing changed; try again`,
        );
      }
    }
    const money = await staffRepo.moneyOf(tx, bookingId);
    const canceled = await transitionLocked(tx, current, 'staff-canceled', {
      actor: staff.actor,
      details: {
        reason: input.reason.trim(),
        orderId: current.supplierOrderId,
        paid: staffRepo.fromCents(money.paid),
        currency: current.currency,
      },
    });
    await deps.checkout()?.expireCheckouts(tx, bookingId);
    const booking = canceled.email ? await loadBooking(deps, canceled.id, tx) : null;
    if (booking?.email)
      await deps.mail.enqueue(tx, {
        to: booking.email,
        ...deps.deskMessages.staffCanceled(booking, money.paid > money.refunded),
        dedupeKey: `staff-canceled:${booking.id}`,
      });
    return canceled;
  });
  deps.logger.info({ bookingId, actor: staff.actor }, 'booking canceled by staff');
  return summaryOf(row);
}
