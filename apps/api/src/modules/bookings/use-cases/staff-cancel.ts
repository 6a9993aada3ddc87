import type { DeskBookingSummary } from '@kwenda/contracts/admin';
import type { BookingRow } from '../../../db/schema.js';
import type { SupplierCallRow } from '../../../db/supplier-calls-schema.js';
import type { Tx } from '../../../db/tx.js';
import { AppError } from '../../../errors.js';
import type { SupplierOrder } from '../../../suppliers/supplier.js';
import { requestCancel, runCancel } from '../../supplier-calls/order-cancellation.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import * as repo from '../booking-repository.js';
import { canTrigger, transitionLocked } from '../booking-transitions.js';
import * as staffRepo from '../staff-repository.js';
import { loadBooking } from './load-booking.js';
import { confirmCancellation, isQuotedCancel, quoteCancellation, reconcileQuotedCancel } from './traveller-cancel.js';
import { bookingNotFound, summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';

/** Who cancelled and why, kept on the cancel call: the reconciliation job completes the cancellation with it. */
interface StaffCancel {
  actor: StaffActor['actor'];
  reason: string;
}

const cannotCancel = (row: BookingRow) =>
  new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} is ${row.status}: it cannot be cancelled`);

/**
 * The booking side of a cancellation, once the supplier's order is cancelled (or there is none):
 * staff-canceled with the reason, open card checkouts closed so they take no more money, the
 * traveller told. Null when the booking can no longer be cancelled (its hold expired meanwhile).
 */
async function completeCancel(deps: StaffDeps, tx: Tx, bookingId: string, staff: StaffCancel): Promise<BookingRow | null> {
  const current = await repo.lockBooking(tx, bookingId);
  if (!current || !canTrigger(current.status, 'staff-canceled')) return null;
  const money = await staffRepo.moneyOf(tx, bookingId);
  const canceled = await transitionLocked(tx, current, 'staff-canceled', {
    actor: staff.actor,
    details: {
      reason: staff.reason,
      orderId: current.supplierOrderId,
      paid: staffRepo.fromCents(money.paid),
      currency: current.currency,
    },
  });
  await deps.checkout()?.expireCheckouts(tx, bookingId);
  await tellStaffCanceled(deps, tx, canceled, money);
  return canceled;
}

/** The traveller told their booking was cancelled by the agency (once: the message's dedupe key). */
async function tellStaffCanceled(
  deps: StaffDeps,
  tx: Tx,
  canceled: BookingRow,
  money: { paid: number; refunded: number },
): Promise<void> {
  const booking = canceled.email ? await loadBooking(deps, canceled.id, tx) : null;
  if (booking?.email)
    await deps.mail.enqueue(tx, {
      to: booking.email,
      ...deps.deskMessages.staffCanceled(booking, money.paid > money.refunded),
      dedupeKey: `staff-canceled:${booking.id}`,
    });
}

/**
 * A booking cancelled by the agency (held, paid or ticketed), with a reason kept in its history.
 * The supplier's hold or order is cancelled first, outside the booking's lock but journaled before
 * (supplier_calls): when the supplier refuses (SUPPLIER_CANCEL_FAILED) nothing changes; when its
 * answer is lost, the order is read back, and if that fails too the reconciliation job keeps asking
 * and completes the cancellation once the supplier confirms. Money already received is owed back
 * (the refunds screen lists the booking until it is refunded). The traveller is told by e-mail.
 */
export async function cancelBooking(
  deps: StaffDeps,
  bookingId: string,
  input: { reason: string },
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  const request: StaffCancel = { actor: staff.actor, reason: input.reason.trim() };
  const started = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (!canTrigger(current.status, 'staff-canceled')) throw cannotCancel(current);
    if (!current.supplierOrderId) return { current, call: null, done: await completeCancel(deps, tx, bookingId, request) };
    const call = await requestCancel(tx, deps, {
      bookingId,
      supplier: current.supplier,
      orderId: current.supplierOrderId,
      reason: 'staff-canceled',
      details: { staff: request },
    });
    if (!call)
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        `The airline is still cancelling order ${current.supplierOrderId} of booking ${current.bookingReference}; the booking is cancelled once it confirms`,
      );
    return { current, call, done: null };
  });
  const { current, call } = started;
  if (!call) {
    deps.logger.info({ bookingId, actor: staff.actor }, 'booking canceled by staff');
    return summaryOf(started.done ?? current);
  }

  try {
    await deps.suppliers.get(call.supplier).cancelOrder(call.orderId!);
  } catch (error) {
    const message = (error as Error).message || String(error);
    let order: SupplierOrder | null | undefined;
    try {
      order = await deps.suppliers.get(call.supplier).getOrder(call.orderId!);
    } catch {
      order = undefined;
    }
    if (order?.state !== 'cancelled') {
      deps.logger.error({ err: error, bookingId }, 'supplier cancel failed; the booking is unchanged');
      await deps.db.transaction(async (tx) => {
        await repo.lockBooking(tx, bookingId);
        if (order === undefined)
          // Nothing known: the reconciliation job asks again and completes the cancellation.
          await calls.markUnanswered(tx, call.id, message, deps.clock());
        else await calls.answerCall(tx, call.id, { outcome: 'refused', details: { error: message }, now: deps.clock() });
      });
      throw new AppError(
        502,
        'SUPPLIER_CANCEL_FAILED',
        `The airline system did not cancel order ${call.orderId}: ${message}. ${
          order === undefined
            ? 'Kwenda keeps asking and cancels the booking once the airline confirms'
            : 'Nothing changed; try again'
        }`,
      );
    }
  }
  const canceled = await deps.db.transaction(async (tx) => {
    const row = await completeCancel(deps, tx, bookingId, request);
    await calls.answerCall(tx, call.id, { outcome: 'cancelled', now: deps.clock() });
    return row;
  });
  if (!canceled) throw cannotCancel((await repo.findBooking(deps.db, bookingId)) ?? current);
  deps.logger.info({ bookingId, actor: staff.actor }, 'booking canceled by staff');
  return summaryOf(canceled);
}

/**
 * A cancel call left without an answer: asked again (cancelling is idempotent) until the supplier
 * confirms, and a staff cancellation is then completed on the booking as the staff member asked.
 * Returns whether the order is cancelled now (else the job tries again later).
 */
export async function reconcileCancel(deps: StaffDeps, call: SupplierCallRow): Promise<boolean> {
  if (isQuotedCancel(call)) {
    const { canceled, trigger } = await reconcileQuotedCancel(deps, call);
    if (canceled && trigger === 'staff-canceled')
      await deps.db.transaction(async (tx) => tellStaffCanceled(deps, tx, canceled, await staffRepo.moneyOf(tx, canceled.id)));
    return canceled !== null;
  }
  const staff = (call.details as { staff?: StaffCancel }).staff;
  return runCancel(deps, call, staff ? async (tx) => void (await completeCancel(deps, tx, call.bookingId, staff)) : undefined);
}

/**
 * A ticketed booking cancelled by the agency at the airline's refund quote, shown to the staff member
 * first (quoteStaffCancellation): the cancellation names the quote, the refund is recorded on the
 * booking's audit row, and the traveller is told by e-mail as for any staff cancellation.
 */
export const quoteStaffCancellation = (deps: StaffDeps, bookingId: string, staff: StaffActor) =>
  quoteCancellation(deps, bookingId, { label: staff.actor }, 'staff-canceled');

export async function cancelBookingAtQuote(
  deps: StaffDeps,
  bookingId: string,
  input: { reason: string; quoteId: string },
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  const reason = input.reason.trim();
  await confirmCancellation(
    deps,
    bookingId,
    input.quoteId,
    { label: staff.actor },
    {
      trigger: 'staff-canceled',
      details: { reason },
    },
  );
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (current.status === 'canceled') await tellStaffCanceled(deps, tx, current, await staffRepo.moneyOf(tx, bookingId));
    return current;
  });
  deps.logger.info({ bookingId, actor: staff.actor, quoteId: input.quoteId }, 'booking canceled by staff at the airline’s quote');
  return summaryOf(row);
}
