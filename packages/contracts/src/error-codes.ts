/**
 * Error codes on the wire. The web app translates each code; `message` is English for
 * developers and logs. Names from SPEC section 8 are kept exactly.
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
  // SPEC section 8
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
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Stable field error codes used by the shared refinements (translated on screen). */
export const fieldErrorCodes = {
  dateInPast: 'date_in_past',
  dateTooFar: 'date_too_far',
  returnBeforeDeparture: 'return_before_departure',
  returnRequired: 'return_required',
  sameStations: 'same_stations',
  noTraveller: 'no_traveller',
  infantsExceedAdults: 'infants_exceed_adults',
  /** Adults and children together need more seats than one booking can hold. */
  tooManyPassengers: 'too_many_passengers',
  legDateOrder: 'leg_date_order',
  legsRequired: 'legs_required',
  unknownAirport: 'unknown_airport',
} as const;
