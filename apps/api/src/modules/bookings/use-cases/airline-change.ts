import type { AirlineChangeView, Booking, OfferSlice } from '@kwenda/contracts';
import type { BookingAirlineChangeRow } from '../../../db/supplier-events-schema.js';
import { AppError, bookingNotFound } from '../../../errors.js';
import type { AirlineChange } from '../../../suppliers/supplier.js';
import * as changes from '../../supplier-webhooks/airline-changes-repository.js';
import * as repo from '../booking-repository.js';
import { requestCancel, runCancel } from '../../supplier-calls/order-cancellation.js';
import { canTrigger, InvalidTransitionError, transitionLocked } from '../booking-transitions.js';
import type { Actor, BookingDeps } from './booking-deps.js';
import { checkOwner } from './booking-rules.js';
import { loadBooking, mustLoadBooking } from './load-booking.js';
import { templateParams } from '../../whatsapp/templates.js';
import { notifyTraveller } from '../notify-traveller.js';

/**
 * Airline-initiated changes: the supplier tells us (a webhook) that the airline changed an order's
 * flights. A ticketed booking becomes `rescheduled` until the traveller accepts the new flights
 * (back to confirmed, on them) or cancels at the airline's refund quote (traveller-cancel.ts). A held
 * booking not yet paid becomes `rescheduled` too, and cannot be paid until the traveller accepts
 * (held again, to be paid by its hold's deadline) or declines (cancelled, seats released, nothing
 * owed); its hold still ends at its deadline meanwhile (expire-holds.ts). The change itself is always
 * read back from the supplier: the event only says where to look.
 */

/** A slice's flights, to tell slices apart: the same flights on the same days are the same slice. */
const sliceKey = (slice: OfferSlice) => slice.segments.map((s) => `${s.flightNumber}@${s.departureDate}`).join('|');

/** The booking's slices with the airline's change applied: removed slices replaced by the added ones, in time order. */
export function slicesAfterChange(current: OfferSlice[], removed: OfferSlice[], added: OfferSlice[]): OfferSlice[] {
  const gone = new Set(removed.map(sliceKey));
  const kept = current.filter((slice) => !gone.has(sliceKey(slice)));
  const departure = (slice: OfferSlice) => slice.segments[0]?.departureDate ?? slice.departureDate;
  return [...kept, ...added].sort((a, b) => departure(a).localeCompare(departure(b)));
}

/** The flights of slices as the audit trail keeps them: number, airports, local times. */
const flightsOf = (slices: OfferSlice[]) =>
  slices.flatMap((slice) =>
    slice.segments.map((s) => ({
      flight: s.flightNumber,
      origin: s.origin,
      destination: s.destination,
      departure: s.departureDate,
      arrival: s.arrivalDate,
    })),
  );

export const presentAirlineChange = (row: BookingAirlineChangeRow): AirlineChangeView => ({
  id: row.id,
  detectedAt: row.detectedAt.toISOString(),
  removed: row.removed,
  added: row.added,
  availableActions: row.availableActions,
  decision: row.decision,
});

export type AirlineChangeOutcome =
  | { outcome: 'rescheduled'; bookingId: string; changeId: string }
  /** Already told of this change (the booking waits for the traveller's answer). */
  | { outcome: 'already-rescheduled'; bookingId: string; changeId: string }
  /** Not ticketed (or no longer live): the change is kept, the booking is ticketed on the order as it is. */
  | { outcome: 'recorded'; bookingId: string; changeId: string; status: string }
  | { outcome: 'no-booking' }
  | { outcome: 'no-open-change'; bookingId: string };

/**
 * The supplier says the airline changed this order: the open change is read from the supplier and
 * kept; a ticketed booking moves to rescheduled (the change in its audit row) and the traveller is
 * e-mailed the old and new flights. Throws when the supplier cannot be asked (the caller retries).
 */
export async function recordAirlineChange(
  deps: BookingDeps,
  input: { supplier: string; orderId: string; eventId: string },
): Promise<AirlineChangeOutcome> {
  const found = await changes.findBookingByOrder(deps.db, input.supplier, input.orderId);
  if (!found) return { outcome: 'no-booking' };
  const all: AirlineChange[] = await deps.suppliers.get(input.supplier).airlineChanges(input.orderId);
  const change = all.find((c) => c.actionTaken === null);
  if (!change) return { outcome: 'no-open-change', bookingId: found.id };
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<AirlineChangeOutcome> => {
    const row = await repo.lockBooking(tx, found.id);
    if (!row) return { outcome: 'no-booking' };
    const latest = await changes.latestAirlineChange(tx, row.id);
    await changes.upsertAirlineChange(tx, {
      id: change.id,
      bookingId: row.id,
      supplier: input.supplier,
      orderId: input.orderId,
      removed: change.removed,
      added: change.added,
      availableActions: change.availableActions,
      detectedAt: latest?.id === change.id ? latest.detectedAt : now,
    });
    if (row.status === 'rescheduled' && latest?.id === change.id)
      return { outcome: 'already-rescheduled', bookingId: row.id, changeId: change.id };
    if (!canTrigger(row.status, 'airline-changed'))
      return { outcome: 'recorded', bookingId: row.id, changeId: change.id, status: row.status };
    // Not yet paid: nothing may be paid for flights the traveller has not seen (an open card page closes).
    const unpaid = row.ticketedAt === null;
    if (row.status === 'pending-payment') await deps.checkout.expireCheckouts(tx, row.id);
    await transitionLocked(tx, row, 'airline-changed', {
      actor: `supplier:${input.supplier}`,
      details: {
        ...(unpaid ? { unpaid } : {}),
        changeId: change.id,
        eventId: input.eventId,
        orderId: input.orderId,
        availableActions: change.availableActions,
        removed: flightsOf(change.removed),
        added: flightsOf(change.added),
      },
    });
    const booking = await loadBooking(deps, row.id, tx);
    if (booking)
      await notifyTraveller(deps, tx, {
        bookingId: row.id,
        email: deps.messages.airlineChange(booking, {
          removed: change.removed,
          added: change.added,
          after: slicesAfterChange(booking.slices, change.removed, change.added),
          unpaid,
        }),
        emailKey: `airline-change:${row.id}:${change.id}`,
        whatsapp: {
          template: 'schedule_change',
          params: (language) => templateParams.schedule_change(booking, language, change),
        },
      });
    return { outcome: 'rescheduled', bookingId: row.id, changeId: change.id };
  });
}

/** The booking's latest airline change, decided or not; null when the airline changed nothing. */
export async function getAirlineChange(deps: BookingDeps, bookingId: string): Promise<AirlineChangeView | null> {
  const row = await changes.latestAirlineChange(deps.db, bookingId);
  return row ? presentAirlineChange(row) : null;
}

/** A booking rescheduled before it was paid is held again when accepted; a ticketed one is confirmed again. */
const acceptTriggerOf = (row: { ticketedAt: Date | null }) =>
  row.ticketedAt === null ? ('held-airline-change-accepted' as const) : ('airline-change-accepted' as const);

const noOpenChange = () => new AppError(409, 'INVALID_BOOKING_STATE', 'The booking has no airline change waiting for an answer');

/**
 * The traveller accepts the airline's new flights: the supplier is told first (outside any
 * transaction), then the booking takes the flights as the airline now has them and is confirmed again.
 */
export async function acceptAirlineChange(deps: BookingDeps, bookingId: string, actor: Actor): Promise<Booking> {
  const row = await repo.findBooking(deps.db, bookingId);
  if (!row) throw bookingNotFound();
  const trigger = acceptTriggerOf(row);
  if (!canTrigger(row.status, trigger)) throw new InvalidTransitionError(row.status, trigger);
  const change = await changes.latestAirlineChange(deps.db, bookingId);
  if (!change || change.decision) throw noOpenChange();
  if (!change.availableActions.includes('accept'))
    throw new AppError(
      409,
      'INVALID_BOOKING_STATE',
      'The airline does not let this change be accepted online; contact the agency',
    );
  const supplier = deps.suppliers.get(change.supplier);
  let accepted: AirlineChange;
  try {
    accepted = await supplier.acceptAirlineChange(change.id);
  } catch (error) {
    deps.logger.warn({ err: error, bookingId, changeId: change.id }, 'airline change not accepted by the supplier');
    throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The airline did not accept the change: ${(error as Error).message}`);
  }
  // The flights as the airline now has them; without them, the booked ones with the change applied.
  const order = await supplier.getOrder(change.orderId).catch(() => null);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    const latest = await changes.latestAirlineChange(tx, bookingId);
    if (latest?.id !== change.id || latest.decision) throw noOpenChange();
    const slices = order?.slices ?? slicesAfterChange(current.offer.slices, accepted.removed, accepted.added);
    await transitionLocked(tx, current, acceptTriggerOf(current), {
      actor: actor.label,
      patch: { offer: { ...current.offer, slices } },
      details: { changeId: change.id, flights: flightsOf(slices) },
    });
    await changes.decideAirlineChange(tx, change.id, { decision: 'accepted', by: actor.label, now });
  });
  deps.logger.info({ bookingId, changeId: change.id }, 'airline change accepted');
  return mustLoadBooking(deps, bookingId);
}

/**
 * The traveller declines the new flights of a booking the airline changed before it was paid: it is
 * cancelled and the seats released (the cancellation journaled with it, retried until the supplier
 * confirms), nothing being owed. A ticketed booking cancels at the airline's quote instead.
 */
export async function declineHeldAirlineChange(deps: BookingDeps, bookingId: string, actor: Actor): Promise<Booking> {
  const now = deps.clock();
  const release = await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, bookingId);
    if (!row) throw bookingNotFound();
    checkOwner(row, actor);
    if (row.ticketedAt !== null)
      throw new AppError(409, 'INVALID_BOOKING_STATE', "The booking is ticketed: cancel it at the airline's refund quote");
    const change = await changes.latestAirlineChange(tx, bookingId);
    if (!change || change.decision) throw noOpenChange();
    await transitionLocked(tx, row, 'airline-change-declined', {
      actor: actor.label,
      details: { changeId: change.id, refund: 0 },
    });
    await changes.decideAirlineChange(tx, change.id, { decision: 'cancelled', by: actor.label, now });
    await deps.checkout.expireCheckouts(tx, bookingId);
    return row.supplierOrderId
      ? requestCancel(tx, deps, {
          bookingId,
          supplier: row.supplier,
          orderId: row.supplierOrderId,
          reason: 'airline-change-declined',
        })
      : null;
  });
  if (release) await runCancel(deps, release);
  deps.logger.info({ bookingId }, 'airline change declined before payment; seats released');
  return mustLoadBooking(deps, bookingId);
}
