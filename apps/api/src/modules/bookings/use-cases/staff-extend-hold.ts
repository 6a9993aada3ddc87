import type { DeskBookingSummary } from '@kwenda/contracts/admin';
import { AppError, bookingNotFound } from '../../../errors.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import * as moneyRepo from '../booking-money-repository.js';
import { loadBooking } from './load-booking.js';
import { summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';

/**
 * A hold waiting for a bank transfer, extended once by staff (the traveller's bank app is down),
 * with a reason kept in the booking's history. The new end is never past the airline's own
 * deadline for the held order (supplierHoldDeadline, kept when the seats were held): a hold whose
 * airline deadline is not known cannot be extended. The traveller is told the new deadline.
 */
export async function extendHold(
  deps: StaffDeps,
  bookingId: string,
  input: { minutes: number; reason: string },
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (current.status !== 'pending-payment' || current.paymentMethod !== 'bank-transfer')
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        `Only a booking held for a bank transfer can have its hold extended; ${current.bookingReference} is ${current.status}`,
      );
    if (!current.holdExpiresAt || current.holdExpiresAt <= now)
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        `The hold of ${current.bookingReference} has already ended; its seats are being released`,
      );
    if ((await moneyRepo.countEvents(tx, bookingId, 'hold-extended')) > 0)
      throw new AppError(409, 'HOLD_ALREADY_EXTENDED', `The hold of ${current.bookingReference} was already extended once`);
    const until = new Date(current.holdExpiresAt.getTime() + input.minutes * 60_000);
    const deadline = current.supplierHoldDeadline;
    if (!deadline || until > deadline)
      throw new AppError(
        409,
        'HOLD_EXTENSION_TOO_LONG',
        deadline
          ? `The airline holds these seats until ${deadline.toISOString()}; the hold can be extended by at most ${Math.max(0, Math.floor((deadline.getTime() - current.holdExpiresAt.getTime()) / 60_000))} minutes`
          : 'The airline did not say how long it holds these seats: the hold cannot be extended',
      );
    const extended = await transitionLocked(tx, current, 'hold-extended', {
      actor: staff.actor,
      patch: { holdExpiresAt: until },
      details: {
        from: current.holdExpiresAt.toISOString(),
        to: until.toISOString(),
        minutes: input.minutes,
        reason: input.reason.trim(),
      },
    });
    const booking = extended.email ? await loadBooking(deps, extended.id, tx) : null;
    if (booking?.email)
      await deps.mail.enqueue(tx, {
        to: booking.email,
        ...deps.deskMessages.holdExtended(booking),
        dedupeKey: `hold-extended:${booking.id}`,
      });
    return extended;
  });
  return summaryOf(row);
}
