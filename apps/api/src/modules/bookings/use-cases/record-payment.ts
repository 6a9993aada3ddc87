import type { ReceiptSameFile } from '@kwenda/contracts/admin';
import type { Tx } from '../../../db/tx.js';
import { AppError } from '../../../errors.js';
import * as repo from '../booking-repository.js';
import { transition, transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import type { ConfirmPaymentInput } from '../booking-ports.js';
import { checkOwner } from './booking-rules.js';
import { loadBooking } from './load-booking.js';
import { templateParams } from '../../whatsapp/templates.js';
import { notifyTraveller } from '../notify-traveller.js';

/**
 * pending-payment -> payment-confirmed, inside the caller's transaction (which also marks the
 * payment row). 'already-paid' for a replay, 'not-payable' when the booking is no longer held or
 * the money does not match it: the caller then records the money for a refund.
 */
export async function confirmPayment(
  deps: BookingDeps,
  tx: Tx,
  input: ConfirmPaymentInput,
): Promise<'confirmed' | 'already-paid' | 'not-payable'> {
  const row = await repo.lockBooking(tx, input.bookingId);
  if (!row) return 'not-payable';
  if (['payment-confirmed', 'confirmed'].includes(row.status)) return 'already-paid';
  if (row.status !== 'pending-payment' || (row.holdExpiresAt && row.holdExpiresAt <= deps.clock())) return 'not-payable';
  if (Math.abs(row.amount - input.amount) > 0.005 || row.currency !== input.currency) {
    deps.logger.error(
      { bookingId: row.id, expected: row.amount, got: input.amount, currency: input.currency },
      'payment amount does not match the booking',
    );
    return 'not-payable';
  }
  await transitionLocked(tx, row, input.method === 'card' ? 'payment-succeeded' : 'receipt-confirmed', {
    actor: input.actor,
    patch: { paymentMethod: input.method, paymentError: null },
    details: { amount: input.amount, currency: input.currency, ...input.receipt },
  });
  // Paid: no card page of this booking may take money any more (a transfer approved while a card
  // page stayed open in another tab charged the traveller twice).
  await deps.checkout.expireCheckouts(tx, row.id, { except: input.paymentId });
  // Told in the same transaction: the ticket follows in its own message, or later if the airline is slow.
  // An approved transfer is told on WhatsApp when the traveller chose it (a card payment's page says it already).
  const paid = row.email || row.whatsappUpdates ? await loadBooking(deps, row.id, tx) : null;
  if (paid)
    await notifyTraveller(deps, tx, {
      bookingId: row.id,
      email: deps.messages.paid(paid),
      emailKey: `paid:${row.id}`,
      whatsapp:
        input.method === 'bank-transfer'
          ? { template: 'receipt_approved', params: (language) => templateParams.receipt_approved(paid, language) }
          : undefined,
    });
  return 'confirmed';
}

/** A declined card: the booking stays held, paymentError says why (card_declined, insufficient_funds, ...). */
export async function recordPaymentFailure(tx: Tx, input: { bookingId: string; failureCode: string; actor: string }) {
  await transition(tx, input.bookingId, 'payment-failed', {
    actor: input.actor,
    patch: { paymentError: input.failureCode },
    details: { failureCode: input.failureCode },
  });
}

/**
 * A transfer receipt arrived (the agency checks it). A booking made by an account takes
 * receipts only from it, and only while it is paid by bank transfer. The agency is e-mailed about
 * it in the same transaction (once per receipt: its id is the message's key), with a warning when
 * the very file was already sent for another booking.
 */
export async function recordReceipt(
  deps: BookingDeps,
  tx: Tx,
  input: { bookingId: string; receiptId: string; actor: string; userId: string | null; sameFileAs: ReceiptSameFile[] },
) {
  await transition(tx, input.bookingId, 'receipt-uploaded', {
    actor: input.actor,
    guard: (row) => {
      checkOwner(row, { userId: input.userId, label: input.actor });
      if (row.paymentMethod !== 'bank-transfer')
        throw new AppError(409, 'INVALID_BOOKING_STATE', 'This booking is being paid by card');
    },
    details: { receiptId: input.receiptId },
  });
  const booking = await loadBooking(deps, input.bookingId, tx);
  if (!booking) return;
  await deps.mail.enqueue(tx, {
    to: deps.agencyEmail,
    ...deps.messages.agencyReceipt(booking, { receiptId: input.receiptId, sameFileAs: input.sameFileAs }),
    dedupeKey: `receipt-agency:${input.bookingId}:${input.receiptId}`,
  });
}
