import { randomBytes } from 'node:crypto';
import type { BookingStatus } from '@kwenda/contracts';
import type { BookingMoney, DeskBookingSummary, RecordRefundRequest } from '@kwenda/contracts/admin';
import type { BookingRow } from '../../../db/schema.js';
import type { Tx } from '../../../db/tx.js';
import { AppError, bookingNotFound } from '../../../errors.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import * as moneyRepo from '../booking-money-repository.js';
import { cents, fromCents } from '../booking-money-repository.js';
import { findCancellation } from '../cancellation-repository.js';
import { presentCancellation, retainedCents } from './cancellation-money.js';
import { loadBooking } from './load-booking.js';
import { summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';

/**
 * Refunds the agency records after sending money back (by transfer, to the card, in cash), in the
 * booking's currency, in one or several parts. The rules:
 * - A booking received what its payments brought (succeeded, refund-required, refunded); a refund
 *   is at most that less what was refunded already (REFUND_EXCEEDS_PAID otherwise).
 * - A booking still live (paid or ticketed) keeps its own price paid: only money received beyond
 *   its amount (a second payment) may be refunded; cancel the booking to refund the rest.
 * - A refund may name the payment it returns (a refund-required payment, money that came too late or
 *   for another amount): at most what is left of that payment. A payment refunded in full is marked
 *   refunded.
 * - A canceled booking owes what its cancellation left owed (the airline's refund of what it received,
 *   less any agency fee: cancellation-money.ts) plus money that came after; the refund that brings
 *   that to zero moves it to refunded (refund-issued), every other refund is recorded without a
 *   change of status (refund-recorded).
 * The traveller is told each refund by e-mail.
 */

const REFUNDABLE_STATUSES: readonly BookingStatus[] = ['pending-payment', 'payment-confirmed', 'confirmed', 'canceled'];
const isLive = (status: BookingStatus) => status === 'payment-confirmed' || status === 'confirmed';

const newRefundId = () => `rf_${randomBytes(12).toString('base64url')}`;

/**
 * What the booking received and refunded, and the most a refund may be now: a canceled booking owes
 * what its cancellation left owed (the airline's and the agency's fees kept) plus any money that came
 * after, less what was refunded.
 */
export async function bookingMoneyOf(
  tx: Tx,
  row: BookingRow,
): Promise<BookingMoney & { refundableCents: number; refundedCents: number; retainedCents: number }> {
  const [{ paid, refunded }, cancellation] = await Promise.all([
    moneyRepo.moneyOf(tx, row.id),
    row.status === 'canceled' || row.status === 'refunded' ? findCancellation(tx, row.id) : undefined,
  ]);
  const retained = retainedCents(cancellation);
  const left = paid - refunded - retained;
  const refundableCents = !REFUNDABLE_STATUSES.includes(row.status)
    ? 0
    : Math.max(0, isLive(row.status) ? left - cents(row.amount) : left);
  return {
    currency: row.currency as BookingMoney['currency'],
    paid: fromCents(paid),
    refunded: fromCents(refunded),
    refundable: fromCents(refundableCents),
    cancellation: cancellation ? presentCancellation(cancellation, refunded) : null,
    refundableCents,
    refundedCents: refunded,
    retainedCents: retained,
  };
}

export async function recordRefund(
  deps: StaffDeps,
  bookingId: string,
  input: RecordRefundRequest,
  staff: StaffActor,
): Promise<DeskBookingSummary & { refundId: string }> {
  const amount = cents(input.amount);
  const refundId = newRefundId();
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (!REFUNDABLE_STATUSES.includes(current.status))
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        `Booking ${current.bookingReference} is ${current.status}: it has nothing to refund`,
      );
    const money = await bookingMoneyOf(tx, current);
    const owed = `${fromCents(money.refundableCents).toFixed(2)} ${current.currency}`;
    const kept = money.cancellation
      ? `, the cancellation's fees kept ${fromCents(money.retainedCents).toFixed(2)} (owed ${money.cancellation.owed.toFixed(2)})`
      : '';
    if (amount > money.refundableCents)
      throw new AppError(
        409,
        'REFUND_EXCEEDS_PAID',
        isLive(current.status)
          ? `Booking ${current.bookingReference} is ${current.status} and keeps its price paid: at most ${owed} can be refunded (cancel it to refund the rest)`
          : `At most ${owed} can be refunded: received ${money.paid.toFixed(2)}${kept}, refunded ${money.refunded.toFixed(2)} ${current.currency}`,
      );
    let paymentLeft: number | null = null;
    if (input.paymentId) {
      const found = await moneyRepo.lockPaymentWithRefunds(tx, bookingId, input.paymentId);
      if (!found || !['succeeded', 'refund-required', 'refunded'].includes(found.payment.status))
        throw new AppError(404, 'NOT_FOUND', 'No payment received with this id for this booking');
      paymentLeft = cents(found.payment.amount) - found.refunded;
      if (amount > paymentLeft)
        throw new AppError(
          409,
          'REFUND_EXCEEDS_PAID',
          `At most ${fromCents(Math.max(0, paymentLeft)).toFixed(2)} ${current.currency} of this payment is left to refund`,
        );
    }
    await moneyRepo.insertRefund(tx, {
      id: refundId,
      bookingId,
      paymentId: input.paymentId ?? null,
      amount: fromCents(amount),
      currency: current.currency,
      method: input.method,
      reference: input.reference.trim(),
      note: input.note?.trim() || null,
      recordedBy: staff.actor,
    });
    // What is still owed after this refund: a canceled booking is settled when it reaches zero.
    const balance = cents(money.paid) - money.refundedCents - money.retainedCents - amount;
    const refundedSoFar = money.refundedCents + amount;
    if (input.paymentId && paymentLeft === amount) await moneyRepo.markPaymentsRefunded(tx, bookingId, input.paymentId);
    if (balance <= 0) await moneyRepo.markPaymentsRefunded(tx, bookingId);
    const done = current.status === 'canceled' && balance <= 0;
    const after = await transitionLocked(tx, current, done ? 'refund-issued' : 'refund-recorded', {
      actor: staff.actor,
      details: {
        refundId,
        amount: fromCents(amount),
        currency: current.currency,
        method: input.method,
        reference: input.reference.trim(),
        paymentId: input.paymentId ?? null,
        refundedSoFar: fromCents(refundedSoFar),
        paid: money.paid,
      },
    });
    const booking = after.email ? await loadBooking(deps, after.id, tx) : null;
    if (booking?.email)
      await deps.mail.enqueue(tx, {
        to: booking.email,
        ...deps.deskMessages.refundRecorded(booking, {
          amount: fromCents(amount),
          method: input.method,
          reference: input.reference.trim(),
          refundedSoFar: fromCents(refundedSoFar),
          paid: money.paid,
          cancellation: money.cancellation,
        }),
        dedupeKey: `refund:${booking.id}:${refundId}`,
      });
    return after;
  });
  return { ...summaryOf(row), refundId };
}
