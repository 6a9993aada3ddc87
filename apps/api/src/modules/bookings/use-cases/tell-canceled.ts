import type { BookingCancellationRow } from '../../../db/desk-schema.js';
import type { Tx } from '../../../db/tx.js';
import type { CancelledBy } from '../booking-emails.js';
import { moneyOf } from '../booking-money-repository.js';
import type { BookingDeps } from './booking-deps.js';
import { presentCancellation } from './cancellation-money.js';
import { loadBooking } from './load-booking.js';

/**
 * The traveller (their booking's e-mail) and the agency (SUPPORT_EMAIL) told of a cancellation, in the
 * caller's transaction through the outbox, each once whatever replays (the messages' dedupe keys).
 */
export async function tellCanceled(
  deps: BookingDeps,
  tx: Tx,
  bookingId: string,
  cancellation: BookingCancellationRow,
  by: CancelledBy,
): Promise<void> {
  const booking = await loadBooking(deps, bookingId, tx);
  if (!booking) return;
  const { refunded } = await moneyOf(tx, bookingId);
  const money = presentCancellation(cancellation, refunded);
  if (booking.email)
    await deps.mail.enqueue(tx, {
      to: booking.email,
      ...deps.messages.cancellation(booking, money, by),
      // The staff key is the one staff cancellations always had: one message, never two.
      dedupeKey: `${by === 'agency' ? 'staff-canceled' : 'traveller-canceled'}:${bookingId}`,
    });
  await deps.mail.enqueue(tx, {
    to: deps.agencyEmail,
    ...deps.messages.agencyCancellation(booking, money, by),
    dedupeKey: `canceled-agency:${bookingId}`,
  });
}
