import type { DeskBookingSummary } from '@kwenda/contracts/admin';
import type { BookingRow } from '../../../db/schema.js';
import type { SupplierCallRow } from '../../../db/supplier-calls-schema.js';
import type { Tx } from '../../../db/tx.js';
import { AppError, bookingNotFound } from '../../../errors.js';
import type { SupplierOrder } from '../../../suppliers/supplier.js';
import { requestCancel, runCancel } from '../../supplier-calls/order-cancellation.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import * as repo from '../booking-repository.js';
import { canTrigger, transitionLocked } from '../booking-transitions.js';
import * as moneyRepo from '../booking-money-repository.js';
import type { BookingDeps } from './booking-deps.js';
import { cancellationDetails, recordCancellation } from './cancellation-money.js';
import { tellCanceled } from './tell-canceled.js';
import { confirmCancellation, isQuotedCancel, quoteCancellation, reconcileQuotedCancel } from './traveller-cancel.js';
import { summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';

/**
 * Who cancelled and why, kept on the cancel call: the reconciliation job completes the cancellation
 * with it. `trigger` absent: a staff cancellation (calls journaled before travellers could cancel a hold).
 */
export interface CancelRequest {
  actor: string;
  reason: string;
  trigger?: 'staff-canceled' | 'traveller-canceled';
}

const triggerOf = (request: CancelRequest) => request.trigger ?? 'staff-canceled';

const cannotCancel = (row: BookingRow) =>
  new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} is ${row.status}: it cannot be cancelled`);

/**
 * The booking side of a cancellation, once the supplier's order is cancelled (or there is none):
 * canceled with the reason, what it owes kept (all it received: the airline refunds a hold or an
 * order not ticketed whole), open card checkouts closed so they take no more money, the traveller
 * and the agency told. Null when the booking can no longer be cancelled (its hold expired meanwhile).
 */
async function completeCancel(deps: BookingDeps, tx: Tx, bookingId: string, request: CancelRequest): Promise<BookingRow | null> {
  const trigger = triggerOf(request);
  const current = await repo.lockBooking(tx, bookingId);
  if (!current || !canTrigger(current.status, trigger)) return null;
  const money = await moneyRepo.moneyOf(tx, bookingId);
  const held = current.status === 'pending-payment';
  const cancellation = await recordCancellation(tx, current, { paidCents: money.paid, quote: null, trigger, now: deps.clock() });
  const canceled = await transitionLocked(tx, current, trigger, {
    actor: request.actor,
    details: {
      reason: request.reason,
      orderId: current.supplierOrderId,
      ...cancellationDetails(cancellation),
      currency: current.currency,
    },
  });
  await deps.checkout.expireCheckouts(tx, bookingId);
  await tellCanceled(
    deps,
    tx,
    bookingId,
    cancellation,
    trigger === 'staff-canceled' ? 'agency' : held ? 'traveller-hold' : 'traveller',
  );
  return canceled;
}

/**
 * A booking cancelled at the supplier without a quote: its hold or unticketed order cancelled first,
 * outside the booking's lock but journaled before (supplier_calls): when the supplier refuses
 * (SUPPLIER_CANCEL_FAILED) nothing changes; when its answer is lost, the order is read back, and if
 * that fails too the reconciliation job keeps asking and completes the cancellation once the supplier
 * confirms. `check` refuses, under the booking's lock, what this canceller may not cancel.
 */
export async function cancelAtSupplier(
  deps: BookingDeps,
  bookingId: string,
  request: CancelRequest,
  check: (row: BookingRow, tx: Tx) => Promise<void> = async () => {},
): Promise<BookingRow> {
  const trigger = triggerOf(request);
  const started = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (!canTrigger(current.status, trigger)) throw cannotCancel(current);
    await check(current, tx);
    if (!current.supplierOrderId) return { current, call: null, done: await completeCancel(deps, tx, bookingId, request) };
    const call = await requestCancel(tx, deps, {
      bookingId,
      supplier: current.supplier,
      orderId: current.supplierOrderId,
      reason: trigger,
      // `staff` is the key staff cancellations always had; the job reads either.
      details: trigger === 'staff-canceled' ? { staff: request } : { canceller: request },
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
    deps.logger.info({ bookingId, actor: request.actor, trigger }, 'booking canceled');
    return started.done ?? current;
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
  deps.logger.info({ bookingId, actor: request.actor, trigger }, 'booking canceled');
  return canceled;
}

/**
 * A booking cancelled by the agency (held, paid or ticketed), with a reason kept in its history:
 * cancelled at the supplier first (cancelAtSupplier). Money already received is owed back (the
 * refunds screen lists the booking until it is refunded). The traveller and the agency are told.
 */
export async function cancelBooking(
  deps: StaffDeps,
  bookingId: string,
  input: { reason: string },
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  return summaryOf(await cancelAtSupplier(deps, bookingId, { actor: staff.actor, reason: input.reason.trim() }));
}

/**
 * A cancel call left without an answer: asked again (cancelling is idempotent) until the supplier
 * confirms, and a staff cancellation is then completed on the booking as the staff member asked.
 * Returns whether the order is cancelled now (else the job tries again later).
 */
export async function reconcileCancel(deps: BookingDeps, call: SupplierCallRow): Promise<boolean> {
  if (isQuotedCancel(call)) return (await reconcileQuotedCancel(deps, call)).canceled !== null;
  const details = call.details as { staff?: CancelRequest; canceller?: CancelRequest };
  const request = details.staff ?? details.canceller;
  return runCancel(
    deps,
    call,
    request ? async (tx) => void (await completeCancel(deps, tx, call.bookingId, request)) : undefined,
  );
}

/**
 * A ticketed booking cancelled by the agency at the airline's refund quote, shown to the staff member
 * first (quoteStaffCancellation): the cancellation names the quote, the airline's refund is what is
 * owed (recorded with the cancellation and on its audit row), and the traveller and the agency are told.
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
  const row = await repo.findBooking(deps.db, bookingId);
  if (!row) throw bookingNotFound();
  deps.logger.info({ bookingId, actor: staff.actor, quoteId: input.quoteId }, 'booking canceled by staff at the airline’s quote');
  return summaryOf(row);
}
