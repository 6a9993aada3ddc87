/**
 * Error codes on the wire. The web app translates each code; `message` is English for
 * developers and logs. The codes the first version of the site sent keep their spelling exactly
 * (OFFER_CORRUPTED, NoOfferFound, DupePassengerFlight, ...).
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'SUPPLIER_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
  /** The action does not fit the booking's current status (e.g. paying a canceled booking). */
  'INVALID_BOOKING_STATE',
  /** The supplier re-priced the offer: the booking now carries the new amount; confirm to go on. */
  'PRICE_CHANGED',
  /** The booking belongs to another account. */
  'FORBIDDEN',
  'UNAUTHORIZED',
  /** A payment notification whose signature or timestamp does not check out. */
  'INVALID_SIGNATURE',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  // Spelled exactly as the first version of the site sent them.
  'OFFER_CORRUPTED',
  'NoOfferFound',
  'DupePassengerFlight',
  /**
   * A passenger of this booking already holds the same flights in another live booking; the answer
   * names them and, only when that booking is the requester's own, carries its id.
   */
  'PASSENGER_ALREADY_BOOKED',
  'EMAIL_IS_NOT_UNIQUE',
  'REQUIRED_PASSWORD',
  'REQUIRED_PASSWORD_CONFIRMATION',
  'PASSWORD_CONFIRMATION_MISMATCH',
  'ACCOUNT_NOT_FOUND',
  'EXPIRED_TOKEN',
  'ALREADY_USED_TOKEN',
  // Accounts (issue 4)
  'INVALID_CREDENTIALS',
  'INVALID_CODE',
  'EXPIRED_CODE',
  'TOO_MANY_ATTEMPTS',
  'WEAK_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  /** The account exists but the agency switched it off. */
  'ACCOUNT_DISABLED',
  // Social sign-in (Google, Facebook)
  /** The provider is unknown or the agency has not configured it. */
  'SOCIAL_PROVIDER_NOT_CONFIGURED',
  /** The sign-in could not be finished (stale or forged state, the provider refused the code, ...). */
  'SOCIAL_LOGIN_FAILED',
  /** The person said no on the provider's page. */
  'SOCIAL_LOGIN_CANCELED',
  /** The provider gave no e-mail address (not shared, or none on the profile). */
  'SOCIAL_EMAIL_MISSING',
  /** The provider has not verified the e-mail address. */
  'SOCIAL_EMAIL_NOT_VERIFIED',
  /** A provider token sent to POST /auth/social that does not check out (or was issued to another app). */
  'SOCIAL_TOKEN_INVALID',
  /** The one-time ticket of a finished sign-in is unknown, used or expired. */
  'SOCIAL_TICKET_INVALID',
  /** The signed-in account is not an agent of the agency (the /agent page). */
  'NOT_AN_AGENT',
  // Limits on business flows (issue 15)
  /** This contact e-mail already has as many unpaid holds as the agency allows at once. */
  'HOLD_LIMIT_EMAIL',
  /** This mobile number already has as many unpaid holds as the agency allows at once. */
  'HOLD_LIMIT_MOBILE',
  /** The client's address (a carrier's shared one, often) already has as many unpaid holds as allowed. */
  'HOLD_LIMIT_ADDRESS',
  /** The Idempotency-Key was first used with another request (method, path or body). */
  'IDEMPOTENCY_KEY_REUSED',
  /** A request with this Idempotency-Key is still being answered. */
  'IDEMPOTENCY_KEY_IN_USE',
] as const;

/**
 * Codes only the agency's desk (/api/v1/admin) answers with: translated in the desk's own catalog
 * (admin.json, codes), so the traveller's first download does not carry them.
 */
export const deskErrorCodes = [
  /** Staff must turn on the second factor (authenticator app) before any staff action. */
  'SECOND_FACTOR_REQUIRED',
  /** The number replied STOP on WhatsApp: nothing more is sent to it there. */
  'WHATSAPP_OPTED_OUT',
  /** The booking has no e-ticket yet to send again. */
  'NO_TICKET_YET',
  /** The authenticator or recovery code is wrong or already used. */
  'INVALID_SECOND_FACTOR',
  /** A staff route needs a staff session (signed in at /admin). */
  'STAFF_SESSION_REQUIRED',
  /** The set-up or invitation link is unknown, used or older than 24 hours. */
  'INVITATION_INVALID',
  /** That e-mail already belongs to a staff member. */
  'STAFF_ALREADY_EXISTS',
  /** The agency must keep at least one active owner. */
  'LAST_OWNER',
  /** This receipt was already approved or rejected; a decision is final. */
  'RECEIPT_ALREADY_DECIDED',
  /** A hold can be extended once. */
  'HOLD_ALREADY_EXTENDED',
  /** The new deadline is past the airline's own deadline for this hold. */
  'HOLD_EXTENSION_TOO_LONG',
  /** The refund is more than what is left of the amount paid. */
  'REFUND_EXCEEDS_PAID',
  /** The airline system did not cancel the booking; nothing was changed. */
  'SUPPLIER_CANCEL_FAILED',
  /** This referral code is already used by another agent. */
  'REFERRAL_CODE_TAKEN',
  /** This account is already an agent (each account has one referral code). */
  'AGENT_ALREADY_EXISTS',
  /** The new rate is far from the one it replaces: send it again confirmed if it is right. */
  'RATE_CHANGE_UNCONFIRMED',
  /** This rate has already taken effect (or was canceled): only a rate set for later can be canceled. */
  'RATE_ALREADY_IN_EFFECT',
  /** An active markup rule already names the same airline, route and cabin. */
  'MARKUP_RULE_EXISTS',
  /** The agency's seats: seats allocated (or the infant limit) below those already held and sold. */
  'BELOW_SEATS_TAKEN',
] as const;

/**
 * Codes only a booking's own routes answer with, when the asker may not change it: translated in the
 * booking page's catalog (booking.json, codes), so the first download does not carry them.
 */
export const bookingErrorCodes = [
  /** A transfer receipt of this booking waits for the agency: it cannot switch to card until decided. */
  'RECEIPT_UNDER_REVIEW',
  /** A guest's booking changed from a browser that did not make it: Find my booking gives this device access. */
  'BOOKING_ACCESS_REQUIRED',
  /** An account's booking changed by anyone but that account, signed in. */
  'BOOKING_ACCOUNT_REQUIRED',
  /** The booking is held by a supplier this server is not configured for (its credentials are unset). */
  'SUPPLIER_NOT_CONFIGURED',
  /** The airline sells this offer for immediate card payment only: it cannot be held for pay-later. */
  'INSTANT_PAYMENT_ONLY',
] as const;

/**
 * Codes only the sign-in by mobile number and the profile's contacts answer with: translated in the
 * sign-in pages' catalog (auth.json, codes), so the first download does not carry them.
 */
export const accountErrorCodes = [
  /** The code was right and the number has no account yet: the name to make one is needed. */
  'NAME_REQUIRED',
  /** This e-mail or number is already verified by another account. */
  'CONTACT_TAKEN',
  /** Not a mobile number in the international format (+249912345678). */
  'INVALID_PHONE',
  /** A new code is refused before the wait is over (retryAfterSeconds says how long). */
  'RESEND_TOO_SOON',
] as const;

export type ErrorCode =
  | (typeof errorCodes)[number]
  | (typeof deskErrorCodes)[number]
  | (typeof bookingErrorCodes)[number]
  | (typeof accountErrorCodes)[number];

export { fieldErrorCodes } from './field-error-codes.js';
