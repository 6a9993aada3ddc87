import type { Tx } from '../../../db/tx.js';
import { requestCancel, runCancel } from '../../supplier-calls/order-cancellation.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import * as repo from '../booking-repository.js';
import { canTrigger, transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import { loadBooking } from './load-booking.js';

export type FailedHoldOutcome =
  | { outcome: 'hold-failed'; bookingId: string; callId: string }
  /** The booking had taken the order as held: it is no longer held, to be paid again. */
  | { outcome: 'hold-not-made'; bookingId: string; callId: string }
  | { outcome: 'no-open-hold'; clientReference: string };

/** The traveller learns the seats are not held (in the booking's language); the agency, when money may have come. */
async function tellHoldFailed(deps: BookingDeps, tx: Tx, bookingId: string, callId: string) {
  const booking = await loadBooking(deps, bookingId, tx);
  if (!booking) return { receipts: 0 };
  if (booking.email)
    await deps.mail.enqueue(tx, {
      to: booking.email,
      ...deps.messages.holdFailed(booking),
      dedupeKey: `hold-failed:${bookingId}:${callId}`,
    });
  // A receipt uploaded while the booking looked held is money the desk must follow up.
  const receipts = booking.receipts.filter((r) => r.status !== 'rejected').length;
  if (receipts > 0)
    await deps.mail.enqueue(tx, {
      to: deps.agencyEmail,
      ...deps.messages.agencyHoldFailed(booking),
      dedupeKey: `hold-failed-agency:${bookingId}:${callId}`,
    });
  return { receipts };
}

/**
 * The supplier could not make the order a hold call asked for (Duffel: order.creation_failed): nothing
 * is held. The call is settled as not found, so the reconciliation job stops looking for the order.
 * A booking still waiting for its seats stays created; one that had already taken the order as held
 * (Duffel answered with an order it then failed to make) leaves the held state: back to created with
 * no deadline and its card checkout closed, so paying again asks for new seats and re-prices the
 * offer. Either way the traveller is e-mailed that the seats are not held, with a paymentError the
 * booking page explains; a receipt uploaded meanwhile stays on the booking and the agency is told.
 */
export async function settleFailedHold(
  deps: BookingDeps,
  input: { supplier: string; clientReference: string; eventId: string },
): Promise<FailedHoldOutcome> {
  const none = { outcome: 'no-open-hold', clientReference: input.clientReference } as const;
  const found = await calls.findCall(deps.db, input.clientReference);
  if (!found || found.kind !== 'hold' || found.supplier !== input.supplier) return none;
  let release: Awaited<ReturnType<typeof requestCancel>> | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<FailedHoldOutcome> => {
    // The booking's lock first, as every writer of a call takes them.
    const booking = await repo.lockBooking(tx, found.bookingId);
    const call = await calls.lockCall(tx, found.id);
    if (!booking || !call) return none;
    const details = { callId: call.id, eventId: input.eventId };
    if (!call.answeredAt) {
      await calls.answerCall(tx, call.id, {
        outcome: 'not-found',
        details: { creationFailed: input.eventId },
        now: deps.clock(),
      });
      if (!canTrigger(booking.status, 'hold-failed')) return { outcome: 'hold-failed', bookingId: booking.id, callId: call.id };
      await transitionLocked(tx, booking, 'hold-failed', {
        actor: `supplier:${input.supplier}`,
        patch: { paymentError: 'order_creation_failed' },
        details,
      });
      await tellHoldFailed(deps, tx, booking.id, call.id);
      return { outcome: 'hold-failed', bookingId: booking.id, callId: call.id };
    }
    // Answered: only a hold the booking still stands on is undone (not one paid, released or replaced).
    const holding =
      call.orderId !== null && booking.supplierOrderId === call.orderId && canTrigger(booking.status, 'hold-not-made');
    if (!holding) return none;
    await transitionLocked(tx, booking, 'hold-not-made', {
      actor: `supplier:${input.supplier}`,
      patch: { supplierOrderId: null, holdExpiresAt: null, supplierHoldDeadline: null, paymentError: 'order_creation_failed' },
      details: { ...details, orderId: call.orderId, holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null },
    });
    await deps.checkout.expireCheckouts(tx, booking.id);
    const { receipts } = await tellHoldFailed(deps, tx, booking.id, call.id);
    if (receipts > 0) deps.logger.warn({ bookingId: booking.id, receipts }, 'hold never made after a receipt was uploaded');
    // Duffel says the order was never made; asking it to cancel costs nothing and releases any seats it kept.
    release = await requestCancel(tx, deps, {
      bookingId: booking.id,
      supplier: booking.supplier,
      orderId: call.orderId!,
      reason: 'hold-not-made',
    });
    return { outcome: 'hold-not-made', bookingId: booking.id, callId: call.id };
  });
  if (release) {
    await runCancel(deps, release);
    await deps.checkout.closeExpiredCheckouts(found.bookingId);
  }
  return outcome;
}
