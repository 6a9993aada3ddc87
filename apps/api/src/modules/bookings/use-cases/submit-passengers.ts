import { todayIn, type Booking, type UpdateBookingRequest } from '@kwenda/contracts';
import { AppError, bookingNotFound, validationError } from '../../../errors.js';
import { bookingMoney } from '../booking-presenter.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import { validatePassengers } from '../passenger-validation.js';
import type { Actor, BookingDeps } from './booking-deps.js';
import {
  alreadyBooked,
  checkOwner,
  noOfferFound,
  offerCorrupted,
  ownDuplicates,
  requesterOf,
  travelDates,
} from './booking-rules.js';
import { mustLoadBooking } from './load-booking.js';

/**
 * The travellers' names, documents, contact and extra bags, checked against what the airline
 * asked for; the amount is priced again with the bags. Only while the booking is created.
 */
export async function submitPassengers(
  deps: BookingDeps,
  id: string,
  request: UpdateBookingRequest,
  actor: Actor,
): Promise<Booking> {
  if (request.bookingId !== id)
    throw validationError([{ path: 'bookingId', code: 'mismatch', message: 'bookingId must equal the id in the path' }]);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, id);
    if (!row) throw bookingNotFound();
    checkOwner(row, actor);
    if (row.status === 'offer-unavailable') throw noOfferFound();
    if (row.status !== 'created')
      throw new AppError(409, 'INVALID_BOOKING_STATE', `Passengers can no longer be changed: the booking is ${row.status}`);
    if (now >= row.offerExpiresAt) throw offerCorrupted();
    const booked = await repo.findPassengers(tx, id);
    const result = validatePassengers(request.payload, booked, { ...travelDates(row.offer), today: todayIn(undefined, now) });
    if (!result.ok) {
      throw new AppError(400, 'VALIDATION_ERROR', 'Please review the passenger data', undefined, {
        success: false,
        validationErrors: result.errors,
      });
    }
    const dupes = ownDuplicates(
      await repo.findDuplicatePassengers(tx, { bookingId: id, segmentsKey: row.segmentsKey, passengers: result.passengers }),
      requesterOf({ userId: row.userId, email: result.email, mobile: result.mobile }, actor),
    );
    if (dupes.length) throw alreadyBooked(dupes, actor);
    // Told now rather than after choosing how to pay: this contact or address cannot hold more seats.
    await deps.holds.checkHoldAllowed(tx, { id, email: result.email, mobile: result.mobile }, actor);
    for (const p of result.passengers) {
      const { id: passengerId, ...fields } = p;
      await repo.updatePassenger(tx, passengerId, fields);
    }
    const updated = booked.map((b) => ({ ...b, extraBaggage: result.passengers.find((p) => p.id === b.id)!.extraBaggage }));
    const amount = bookingMoney(row, updated).breakdown.total;
    await transitionLocked(tx, row, 'passengers-submit', {
      actor: actor.label,
      patch: {
        email: result.email,
        mobile: result.mobile,
        whatsapp: result.whatsapp,
        whatsappUpdates: result.whatsappUpdates,
        amount,
      },
      details: { amount, extras: updated.map((p) => p.extraBaggage) },
    });
  });
  return mustLoadBooking(deps, id);
}
