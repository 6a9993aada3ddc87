import { normalizeCapValue } from '@kwenda/contracts/admin';
import type { BookingRow, PassengerRow } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { SupplierOffer, SupplierPassenger } from '../../../suppliers/supplier.js';
import { travelDocumentOf } from '../booking-presenter.js';
import type { Actor } from './booking-deps.js';

/** Flights and dates of every segment: two bookings with the same key fly the same aircraft. */
export const segmentsKeyOf = (offer: SupplierOffer) =>
  offer.slices.map((slice) => slice.segments.map((s) => `${s.flightNumber}@${s.departureDate.slice(0, 10)}`).join('+')).join(';');

export const travelDates = (offer: SupplierOffer) => {
  const segments = offer.slices.flatMap((s) => s.segments);
  return {
    firstDate: segments[0]!.departureDate.slice(0, 10),
    lastDate: segments[segments.length - 1]!.arrivalDate.slice(0, 10),
  };
};

export const offerCorrupted = () =>
  new AppError(409, 'OFFER_CORRUPTED', 'The offer has expired; search again for current prices');
export const noOfferFound = () => new AppError(409, 'NoOfferFound', 'The offer is no longer available');
export const instantPaymentOnly = () =>
  new AppError(
    409,
    'INSTANT_PAYMENT_ONLY',
    'The airline sells this offer for immediate payment only: it cannot be held for a bank transfer; pay by card',
  );

export const toSupplierPassenger = (p: PassengerRow, contact: Pick<BookingRow, 'email' | 'mobile'>): SupplierPassenger => ({
  id: p.id,
  supplierPassengerId: p.supplierPassengerId,
  email: contact.email,
  mobile: contact.mobile,
  passengerType: p.passengerType,
  firstName: p.firstName!,
  lastName: p.lastName!,
  dateOfBirth: p.dateOfBirth!,
  gender: p.gender!,
  ...travelDocumentOf(p),
  extraBaggage: p.extraBaggage,
});

/** Every field the airline asked for is filled (the columns carry the field names). */
export const isComplete = (p: PassengerRow) => p.requiredFields.every((field) => Boolean(p[field]));

/**
 * A booking made by an account is changed only by that account. (A guest's booking is changed only by
 * the browser holding its access cookie: the routes' guard checks that before any use case runs,
 * booking-access/booking-access-guard.ts; this check stays where the row is locked.)
 */
export function checkOwner(row: BookingRow, actor: Actor) {
  if (row.userId && row.userId !== actor.userId)
    throw new AppError(403, 'BOOKING_ACCOUNT_REQUIRED', 'This booking belongs to an account: log in with it to change it');
}

/** Who asks for a booking: the account signed in (if any), and the contact the booking gives. */
export interface Requester {
  userId: string | null;
  email: string | null;
  mobile: string | null;
}

export const requesterOf = (
  row: Pick<BookingRow, 'userId' | 'email' | 'mobile'>,
  actor: { userId: string | null },
): Requester => ({
  userId: row.userId ?? actor.userId,
  email: row.email,
  mobile: row.mobile,
});

const sameValue = (kind: 'email' | 'mobile', a: string | null, b: string | null) =>
  !!a && !!b && normalizeCapValue(kind, a) === normalizeCapValue(kind, b);

/** The same person asks: the same account, or the same e-mail (as the caps compare it), or the same mobile. */
export const sameRequester = (holder: Requester, requester: Requester) =>
  (requester.userId !== null && holder.userId === requester.userId) ||
  sameValue('email', holder.email, requester.email) ||
  sameValue('mobile', holder.mobile, requester.mobile);

/**
 * Of the passengers found on these flights in other live bookings, those the requester holds
 * themselves: only these are refused. A stranger who types a person's name and birth date must get
 * the answer an unknown name gets (else the refusal says which flights that person takes, and a
 * hold in their name would block their own booking); such a booking goes through and the desk sees
 * it flagged as a possible duplicate (admin-bookings).
 */
export const ownDuplicates = <D extends { heldBy: Requester }>(dupes: D[], requester: Requester) =>
  dupes.filter((d) => sameRequester(d.heldBy, requester));

/**
 * A passenger already holds these flights in another live booking of the same requester: not an
 * expired offer, so the traveller is told who and, when that booking is their own account's, where
 * it is. Anyone holding a booking's id can open its limited view, so the id of a booking found by
 * its e-mail or mobile alone is never given.
 */
export function alreadyBooked(
  dupes: { id: string; firstName: string; lastName: string; heldBy: { bookingId: string; userId: string | null } }[],
  actor: Actor,
) {
  const own = dupes.find((d) => actor.userId !== null && d.heldBy.userId === actor.userId);
  const named = [...new Map(dupes.map(({ id, firstName, lastName }) => [id, { id, firstName, lastName }])).values()];
  return new AppError(
    409,
    'PASSENGER_ALREADY_BOOKED',
    `${named.map((d) => `${d.firstName} ${d.lastName}`).join(', ')} already hold a booking on these flights`,
    undefined,
    {
      alreadyBooked: named,
      existingBookingId: own?.heldBy.bookingId ?? null,
    },
  );
}
