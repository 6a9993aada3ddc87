import type { Booking } from '@kwenda/contracts';
import { AppError } from '../../../errors.js';
import { InvalidTransitionError } from '../booking-transitions.js';
import * as moneyRepo from '../booking-money-repository.js';
import type { Actor, BookingDeps } from './booking-deps.js';
import { mustLoadBooking } from './load-booking.js';
import { cancelAtSupplier } from './staff-cancel.js';

/**
 * The traveller cancels a booking held for payment, releasing the seats: the supplier's hold order is
 * cancelled through the journal as every cancellation is (cancelAtSupplier), then the booking is
 * canceled (traveller-canceled, with its audit row) and the traveller and the agency told. Nothing
 * was paid, so nothing is owed. A transfer receipt still waiting for the desk's decision refuses it
 * (RECEIPT_UNDER_REVIEW): the money may have arrived, and only the desk can say; once it decides, a
 * refused receipt lets the traveller cancel, an approved one makes the booking paid (then the agency
 * cancels it, and owes the money back).
 */
export async function cancelHeldBooking(deps: BookingDeps, bookingId: string, asker: Actor): Promise<Booking> {
  await cancelAtSupplier(
    deps,
    bookingId,
    { actor: asker.label, reason: 'traveller-released-hold', trigger: 'traveller-canceled' },
    async (row, tx) => {
      // A paid or ticketed booking is cancelled at the airline's quote (the refund it names), not here.
      if (row.status !== 'pending-payment') throw new InvalidTransitionError(row.status, 'traveller-canceled');
      if ((await moneyRepo.waitingReceipts(tx, row.id)).length > 0)
        throw new AppError(
          409,
          'RECEIPT_UNDER_REVIEW',
          `The agency is checking the transfer receipt of booking ${row.bookingReference}: it can be cancelled once the receipt is decided`,
        );
    },
  );
  return mustLoadBooking(deps, bookingId);
}
