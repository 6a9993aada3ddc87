import type { BookingDeps } from '../bookings/booking-service.js';
import * as repo from '../bookings/booking-repository.js';
import { canTrigger, transitionLocked } from '../bookings/booking-transitions.js';
import * as calls from '../supplier-calls/supplier-calls-repository.js';

export type FailedHoldOutcome =
  { outcome: 'hold-failed'; bookingId: string; callId: string } | { outcome: 'no-open-hold'; clientReference: string };

/**
 * The supplier could not make the order a hold call waits for (Duffel: order.creation_failed, for an
 * order it was still confirming): nothing is held. The call is settled as not found, so the
 * reconciliation job stops looking for the order, and a booking still waiting for its seats stays
 * created with a paymentError: the traveller may pay again (a new hold re-prices the offer, and says
 * so if it is gone).
 */
export async function settleFailedHold(
  deps: BookingDeps,
  input: { supplier: string; clientReference: string; eventId: string },
): Promise<FailedHoldOutcome> {
  const none = { outcome: 'no-open-hold', clientReference: input.clientReference } as const;
  const found = await calls.findCall(deps.db, input.clientReference);
  if (!found || found.kind !== 'hold' || found.supplier !== input.supplier || found.answeredAt) return none;
  return deps.db.transaction(async (tx): Promise<FailedHoldOutcome> => {
    // The booking's lock first, as every writer of a call takes them.
    const booking = await repo.lockBooking(tx, found.bookingId);
    const call = await calls.lockCall(tx, found.id);
    if (!booking || !call || call.answeredAt) return none;
    await calls.answerCall(tx, call.id, { outcome: 'not-found', details: { creationFailed: input.eventId }, now: deps.clock() });
    if (canTrigger(booking.status, 'hold-failed'))
      await transitionLocked(tx, booking, 'hold-failed', {
        actor: `supplier:${input.supplier}`,
        patch: { paymentError: 'order_creation_failed' },
        details: { callId: call.id, eventId: input.eventId },
      });
    return { outcome: 'hold-failed', bookingId: booking.id, callId: call.id };
  });
}
