import { randomBytes } from 'node:crypto';
import type { Currency } from '@kwenda/contracts';
import type { DeskBookingSummary, ReceiptRejectionReason } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import type { BookingRow, ReceiptRow } from '../../../db/schema.js';
import type { Tx } from '../../../db/tx.js';
import { AppError, validationError } from '../../../errors.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import * as moneyRepo from '../booking-money-repository.js';
import { fulfilBooking } from './fulfil-booking.js';
import { loadBooking } from './load-booking.js';
import { confirmPayment } from './record-payment.js';
import { summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';
import { templateParams } from '../../whatsapp/templates.js';
import { notifyTraveller } from '../notify-traveller.js';

/**
 * A transfer receipt decided by the agency: approved (the booking is paid exactly as a card payment
 * pays it, then ticketed) or rejected with a reason the traveller receives by e-mail. A decision is
 * final: a receipt already decided, or a booking that can no longer be paid (its hold ended, it
 * was paid another way), is refused and nothing changes. Two staff deciding at once queue on the
 * booking's lock; the second finds the receipt decided.
 */

export type ReceiptDecision =
  { decision: 'approve'; note?: string | null } | { decision: 'reject'; reason: ReceiptRejectionReason; note?: string | null };

/** The fewest characters of a note that explains approving a receipt whose check failed. */
export const APPROVAL_NOTE_MIN_LENGTH = 3;

const newPaymentId = () => `pay_${randomBytes(12).toString('base64url')}`;

/** The receipt's booking locked, and the receipt read again under that lock (every decision takes it first). */
async function lockReceiptBooking(tx: Tx, receiptId: string): Promise<{ row: BookingRow; receipt: ReceiptRow }> {
  const first = await moneyRepo.findReceipt(tx, receiptId);
  if (!first) throw new AppError(404, 'NOT_FOUND', 'No receipt with this id');
  const row = await repo.lockBooking(tx, first.bookingId);
  const receipt = await moneyRepo.findReceipt(tx, receiptId);
  if (!row || !receipt) throw new AppError(404, 'NOT_FOUND', 'No receipt with this id');
  if (receipt.status !== 'submitted')
    throw new AppError(
      409,
      'RECEIPT_ALREADY_DECIDED',
      `This receipt was already ${receipt.status}${receipt.reviewedAt ? ` on ${receipt.reviewedAt.toISOString()}` : ''}; a decision is final`,
    );
  return { row, receipt };
}

const failedChecks = (receipt: ReceiptRow) =>
  receipt.checks
    .filter((c) => c.verdict === 'fail')
    .map((c) => c.check)
    .join(', ');

/** Why a booking cannot take the money of a transfer now, or null when it can. */
function notPayable(row: BookingRow, now: Date): AppError | null {
  if (row.status === 'pending-payment' && row.holdExpiresAt && row.holdExpiresAt <= now)
    return new AppError(
      409,
      'INVALID_BOOKING_STATE',
      `The hold of booking ${row.bookingReference} ended at ${formatAgencyDateTime(row.holdExpiresAt, 'en')} before the transfer was approved: ` +
        'it can no longer be paid and its seats are released. Send the money back to the traveller.',
    );
  if (row.status !== 'pending-payment')
    return new AppError(
      409,
      'INVALID_BOOKING_STATE',
      `Booking ${row.bookingReference} is ${row.status}: it is no longer waiting for a transfer`,
    );
  if (row.paymentMethod !== 'bank-transfer')
    return new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} is being paid by card`);
  return null;
}

export async function decideReceipt(
  deps: StaffDeps,
  receiptId: string,
  decision: ReceiptDecision,
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  if (decision.decision === 'reject') return rejectReceipt(deps, receiptId, decision, staff);
  const now = deps.clock();
  const note = decision.note?.trim() || null;
  const paid = await deps.db.transaction(async (tx) => {
    const { row, receipt } = await lockReceiptBooking(tx, receiptId);
    // A receipt the server found wrong somewhere is approved only with the staff member's reason.
    if (receipt.checks.some((c) => c.verdict === 'fail') && (note?.length ?? 0) < APPROVAL_NOTE_MIN_LENGTH)
      throw validationError([
        {
          path: 'note',
          code: 'required',
          message: `A check of this receipt failed (${failedChecks(receipt)}): say in a note why it is approved`,
        },
      ]);
    const refusal = notPayable(row, now);
    if (refusal) throw refusal;
    // The booking's own amount, priced by the server when it was held: the transfer pays exactly that.
    const result = await confirmPayment(deps, tx, {
      bookingId: row.id,
      method: 'bank-transfer',
      amount: row.amount,
      currency: row.currency as Currency,
      actor: staff.actor,
      receipt: { receiptId: receipt.id, note },
    });
    if (result !== 'confirmed')
      throw new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} cannot take this payment (${result})`);
    await moneyRepo.insertPayment(tx, {
      id: newPaymentId(),
      bookingId: row.id,
      provider: 'bank-transfer',
      status: 'succeeded',
      amount: row.amount,
      currency: row.currency,
    });
    await moneyRepo.decideReceipt(tx, receipt.id, { status: 'accepted', reviewedBy: staff.actor, note });
    await moneyRepo.acceptWaitingReceipts(tx, row.id, staff.actor);
    return row;
  });
  // A card page of this booking closed by the payment is closed on the provider's side too.
  await deps.checkout.closeExpiredCheckouts(paid.id);
  // Ticketing as after a card payment: a supplier failure is recorded (ticketing-failed) and the job retries.
  await fulfilBooking(deps, paid.id).catch((error: unknown) =>
    deps.logger.error({ err: error, bookingId: paid.id }, 'ticketing after an approved transfer failed; the job retries'),
  );
  const after = await repo.findBooking(deps.db, paid.id);
  return summaryOf(after!);
}

async function rejectReceipt(
  deps: StaffDeps,
  receiptId: string,
  decision: Extract<ReceiptDecision, { decision: 'reject' }>,
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  const note = decision.note?.trim() || null;
  const row = await deps.db.transaction(async (tx) => {
    const { row: current, receipt } = await lockReceiptBooking(tx, receiptId);
    if (current.status !== 'pending-payment')
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        `Booking ${current.bookingReference} is ${current.status}: it is no longer waiting for a transfer`,
      );
    await moneyRepo.decideReceipt(tx, receipt.id, {
      status: 'rejected',
      reviewedBy: staff.actor,
      reason: decision.reason,
      note,
    });
    const rejected = await transitionLocked(tx, current, 'receipt-rejected', {
      actor: staff.actor,
      details: { receiptId: receipt.id, reason: decision.reason, note },
    });
    const booking = rejected.email || rejected.whatsappUpdates ? await loadBooking(deps, rejected.id, tx) : null;
    if (booking)
      await notifyTraveller(deps, tx, {
        bookingId: booking.id,
        email: deps.deskMessages.receiptRejected(booking, { reason: decision.reason, note }),
        emailKey: `receipt-rejected:${booking.id}:${receipt.id}`,
        whatsapp: {
          template: 'receipt_rejected',
          params: (language) => templateParams.receipt_rejected(booking, language, { reason: decision.reason, note }),
        },
      });
    return rejected;
  });
  return summaryOf(row);
}
