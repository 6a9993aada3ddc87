/**
 * Booking constants and the passenger rules, zod-free so the web app can check a form as the
 * server will (the server's answer is the one that counts).
 */

/** In this order: any status after pending-payment opens the final screen. */
export const bookingStatuses = [
  'created',
  'offer-unavailable',
  'pending-payment',
  'payment-confirmed',
  'confirmed',
  'price-changed',
  'rescheduled',
  'canceled',
  'refunded',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** What last moved the booking (its audit trail keeps every one). */
export const statusTriggers = [
  'booking-created',
  'passengers-submit',
  /** Pay later chosen: held for two hours, waiting for a transfer or the agency. */
  'payment-info-submit',
  /** Card checkout opened: held while the traveller pays. */
  'payment-started',
  'payment-failed',
  'receipt-uploaded',
  'receipt-rejected',
  'payment-succeeded',
  'receipt-confirmed',
  'ticket-issued',
  'ticketing-failed',
  /** Paid for the agency's own seats: staff issue the tickets in the airline's own system. */
  'ticketing-by-agency',
  'hold-expired',
  'offer-unavailable',
  'price-changed',
  /** The refund that returned all the booking received (a canceled booking becomes refunded). */
  'refund-issued',
  /** Staff gave a held booking more time to pay, once (up to the airline's own deadline). */
  'hold-extended',
  /** Staff cancelled the booking (and its supplier hold or order). */
  'staff-canceled',
  /** Staff recorded part of a refund; the status stays. */
  'refund-recorded',
  /** The airline changed the flights of a ticketed booking: the traveller accepts them or cancels. */
  'airline-changed',
  /** The traveller accepted the airline's new flights: ticketed again, on them. */
  'airline-change-accepted',
  /** The traveller cancelled a ticketed (or rescheduled) booking at the airline's refund quote. */
  'traveller-canceled',
  /** The supplier could not make the order the seats were being held with: nothing is held, pay again. */
  'hold-failed',
  /** The supplier then said the order taken as held was never made: nothing is held, pay again. */
  'hold-not-made',
  /** The traveller accepted new flights the airline set before the booking was paid: held again. */
  'held-airline-change-accepted',
  /** The traveller declined new flights the airline set before the booking was paid: cancelled, seats released. */
  'airline-change-declined',
] as const;
export type StatusTrigger = (typeof statusTriggers)[number];

export const passengerTypes = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof passengerTypes)[number];

export const genders = ['M', 'F'] as const;
export type Gender = (typeof genders)[number];

/** Every field a supplier may ask of a passenger; requiredFields lists the ones it does. */
export const passengerFields = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'placeOfBirth',
  'nationalityCountry',
  'documentNumber',
  'documentIssuanceCountry',
  'documentIssuanceDate',
  'documentExpiryDate',
] as const;
export type PassengerField = (typeof passengerFields)[number];

export const baggageCategories = ['hold', 'carryOn'] as const;
export type BaggageCategory = (typeof baggageCategories)[number];
export const baggageTypes = ['hold_bag', 'cabin_bag', 'personal_item_bag'] as const;
export type BaggageType = (typeof baggageTypes)[number];

export const paymentMethods = ['card', 'bank-transfer'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const BOOKING_LIMITS = {
  /** A provisional booking is held for two hours. */
  holdMinutes: 120,
  nameMaxLength: 40,
  documentMaxLength: 20,
  /** Age bands on the date of the last flight (IATA): infant under 2, child 2-11, adult 12+. */
  infantMaxAge: 2,
  childMaxAge: 12,
  receiptMaxBytes: 5 * 1024 * 1024,
  receiptTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

/** Stable codes of passenger and contact problems; the web app translates them (booking:errors.*). */
export const passengerErrorCodes = {
  required: 'required',
  notAllowed: 'not_allowed',
  latinOnly: 'latin_only',
  tooLong: 'too_long',
  invalidDate: 'invalid_date',
  dateInFuture: 'date_in_future',
  ageMismatch: 'age_mismatch',
  expiresBeforeTravel: 'expires_before_travel',
  issuedAfterToday: 'issued_after_today',
  unknownCountry: 'unknown_country',
  invalidGender: 'invalid_gender',
  invalidDocument: 'invalid_document',
  invalidEmail: 'invalid_email',
  invalidMobile: 'invalid_mobile',
  unknownBaggage: 'unknown_baggage',
  baggageLimit: 'baggage_limit',
  duplicatePassenger: 'duplicate_passenger',
} as const;
export type PassengerErrorCode = (typeof passengerErrorCodes)[keyof typeof passengerErrorCodes];

/** Key of contact problems inside validationErrors (beside the passenger ids). */
export const CONTACT_ERRORS_KEY = 'contact';

const LATIN_NAME = /^[A-Za-z][A-Za-z' -]*$/;
const DOCUMENT = /^[A-Za-z0-9]{5,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** Whole years between a date of birth and a date (both yyyy-MM-dd). */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The passenger type a date of birth gives on the travel date. */
export function passengerTypeOn(dateOfBirth: string, travelDate: string): PassengerType {
  const age = ageOn(dateOfBirth, travelDate);
  if (age < BOOKING_LIMITS.infantMaxAge) return 'infant';
  if (age < BOOKING_LIMITS.childMaxAge) return 'child';
  return 'adult';
}

/** Trims and collapses inner spaces, as names are sent and stored. */
export const normalizeName = (value: string) => value.trim().replace(/\s+/g, ' ');

export interface PassengerDraft {
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  gender?: string | null;
  placeOfBirth?: string | null;
  nationalityCountry?: string | null;
  documentNumber?: string | null;
  documentIssuanceCountry?: string | null;
  documentIssuanceDate?: string | null;
  documentExpiryDate?: string | null;
}

export interface PassengerRuleContext {
  passengerType: PassengerType;
  requiredFields: readonly PassengerField[];
  /** yyyy-MM-dd of the first and the last flight. */
  firstTravelDate: string;
  lastTravelDate: string;
  /** yyyy-MM-dd in the agency's zone. */
  today: string;
  isCountry: (code: string) => boolean;
}

/**
 * The problems of one passenger, field -> code. Empty when the passenger can be sent to the
 * airline. Fields not in requiredFields must be empty (a supplier that did not ask for them
 * would reject or mis-file them).
 */
export function checkPassenger(
  p: PassengerDraft,
  ctx: PassengerRuleContext,
): Partial<Record<PassengerField, PassengerErrorCode>> {
  const errors: Partial<Record<PassengerField, PassengerErrorCode>> = {};
  const value = (field: PassengerField) => (p[field] ?? '').toString().trim();
  for (const field of passengerFields) {
    const present = value(field) !== '';
    if (ctx.requiredFields.includes(field)) {
      if (!present) errors[field] = passengerErrorCodes.required;
    } else if (present) {
      errors[field] = passengerErrorCodes.notAllowed;
    }
  }
  const check = (field: PassengerField, test: (v: string) => PassengerErrorCode | null) => {
    if (errors[field] || value(field) === '') return;
    const code = test(value(field));
    if (code) errors[field] = code;
  };
  const name = (v: string) =>
    normalizeName(v).length > BOOKING_LIMITS.nameMaxLength
      ? passengerErrorCodes.tooLong
      : LATIN_NAME.test(normalizeName(v))
        ? null
        : passengerErrorCodes.latinOnly;
  check('firstName', name);
  check('lastName', name);
  check('placeOfBirth', name);
  check('gender', (v) => ((genders as readonly string[]).includes(v) ? null : passengerErrorCodes.invalidGender));
  check('documentNumber', (v) => (DOCUMENT.test(v) ? null : passengerErrorCodes.invalidDocument));
  check('nationalityCountry', (v) => (ctx.isCountry(v) ? null : passengerErrorCodes.unknownCountry));
  check('documentIssuanceCountry', (v) => (ctx.isCountry(v) ? null : passengerErrorCodes.unknownCountry));
  check('dateOfBirth', (v) => {
    if (!isRealDate(v)) return passengerErrorCodes.invalidDate;
    if (v > ctx.today) return passengerErrorCodes.dateInFuture;
    return passengerTypeOn(v, ctx.lastTravelDate) === ctx.passengerType &&
      passengerTypeOn(v, ctx.firstTravelDate) === ctx.passengerType
      ? null
      : passengerErrorCodes.ageMismatch;
  });
  check('documentIssuanceDate', (v) =>
    !isRealDate(v) ? passengerErrorCodes.invalidDate : v > ctx.today ? passengerErrorCodes.issuedAfterToday : null,
  );
  check('documentExpiryDate', (v) =>
    !isRealDate(v) ? passengerErrorCodes.invalidDate : v <= ctx.lastTravelDate ? passengerErrorCodes.expiresBeforeTravel : null,
  );
  return errors;
}

export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);
