import type { Booking } from '@kwenda/contracts';
import type { Tx } from '../../../db/tx.js';
import { AppError } from '../../../errors.js';
import { presentBooking } from '../booking-presenter.js';
import * as repo from '../booking-repository.js';
import type { BookingDeps } from './booking-deps.js';

/** The booking as the API shows it, or null; read in `tx` when the caller is inside one. */
export async function loadBooking(deps: BookingDeps, id: string, tx: Tx = deps.db): Promise<Booking | null> {
  // One round trip for the booking and its passengers (the page polls this while a card payment
  // is confirmed); receipts exist only for bank transfers.
  const found = await repo.findBookingWithPassengers(tx, id);
  if (!found) return null;
  const { row, passengers } = found;
  const receipts = row.paymentMethod === 'bank-transfer' ? await repo.findReceipts(tx, id) : [];
  const checkout = deps.checkout();
  const paymentLink =
    row.status === 'pending-payment' && row.paymentMethod === 'card' && checkout ? await checkout.openCheckoutUrl(id) : null;
  return presentBooking(row, passengers, receipts, { publicUrl: deps.publicUrl, paymentLink });
}

export async function mustLoadBooking(deps: BookingDeps, id: string): Promise<Booking> {
  const booking = await loadBooking(deps, id);
  if (!booking) throw new AppError(404, 'NOT_FOUND', 'No booking with this id');
  return booking;
}

/** An account's bookings, newest first (GET /account/bookings). */
export async function listBookingsForUser(deps: BookingDeps, userId: string): Promise<Booking[]> {
  const rows = await repo.listUserBookings(deps.db, userId);
  const found = await Promise.all(rows.map((row) => loadBooking(deps, row.id)));
  return found.filter((b): b is Booking => b !== null);
}
