import type { Booking } from '@kwenda/contracts';
import type { Tx } from '../../../db/tx.js';
import { bookingNotFound } from '../../../errors.js';
import type { BookingRow } from '../../../db/schema.js';
import { limitedView, presentBooking } from '../booking-presenter.js';
import * as repo from '../booking-repository.js';
import { findCancellation } from '../cancellation-repository.js';
import { moneyOf } from '../booking-money-repository.js';
import { presentCancellation } from './cancellation-money.js';
import { transferAccountsOf } from '../transfer-accounts.js';
import type { BookingDeps } from './booking-deps.js';

/** The booking whole (its e-mails, staff, its owner), or null; read in `tx` when the caller is inside one. */
export async function loadBooking(deps: BookingDeps, id: string, tx: Tx = deps.db): Promise<Booking | null> {
  return loadBookingFor(deps, id, async () => true, tx);
}

/**
 * The booking as this asker may see it: whole when `seesWhole` says so for its row (booking-access
 * decides: the account, or a guest's grant), else its limited view (anyone holding only the link).
 */
export async function loadBookingFor(
  deps: BookingDeps,
  id: string,
  seesWhole: (row: Pick<BookingRow, 'id' | 'userId'>) => Promise<boolean>,
  tx: Tx = deps.db,
): Promise<Booking | null> {
  // One round trip for the booking and its passengers (the page polls this while a card payment
  // is confirmed); receipts exist only for bank transfers.
  const found = await repo.findBookingWithPassengers(tx, id);
  if (!found) return null;
  const { row, passengers } = found;
  const whole = await seesWhole(row);
  const receipts = row.paymentMethod === 'bank-transfer' ? await repo.findReceipts(tx, id) : [];
  const paymentLink =
    whole && row.status === 'pending-payment' && row.paymentMethod === 'card' ? await deps.checkout.openCheckoutUrl(id) : null;
  const transferAccounts = await transferAccountsOf(tx, row, deps.bankAccounts);
  const whatsappOptedOut = row.whatsapp ? await deps.messenger.isOptedOut(tx, row.whatsapp) : false;
  const booking = presentBooking(row, passengers, receipts, {
    publicUrl: deps.publicUrl,
    paymentLink,
    transferAccounts,
    whatsappOptedOut,
  });
  if (!whole) return limitedView(booking);
  return row.status === 'canceled' || row.status === 'refunded'
    ? { ...booking, cancellation: await cancellationOf(tx, id) }
    : booking;
}

/** What the booking's cancellation left owed and what was refunded of it; null when it was not kept (cancelled before). */
async function cancellationOf(tx: Tx, id: string) {
  const cancellation = await findCancellation(tx, id);
  return cancellation ? presentCancellation(cancellation, (await moneyOf(tx, id)).refunded) : null;
}

export async function mustLoadBooking(deps: BookingDeps, id: string): Promise<Booking> {
  const booking = await loadBooking(deps, id);
  if (!booking) throw bookingNotFound();
  return booking;
}

/** An account's bookings, newest first (GET /account/bookings). */
export async function listBookingsForUser(deps: BookingDeps, userId: string): Promise<Booking[]> {
  const rows = await repo.listUserBookings(deps.db, userId);
  const found = await Promise.all(rows.map((row) => loadBooking(deps, row.id)));
  return found.filter((b): b is Booking => b !== null);
}
