import { z } from 'zod';

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
  // SPEC section 8
  'OFFER_CORRUPTED',
  'NoOfferFound',
  'DupePassengerFlight',
  'EMAIL_IS_NOT_UNIQUE',
  'REQUIRED_PASSWORD',
  'REQUIRED_PASSWORD_CONFIRMATION',
  'PASSWORD_CONFIRMATION_MISMATCH',
  'ACCOUNT_NOT_FOUND',
  'EXPIRED_TOKEN',
  'ALREADY_USED_TOKEN',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * Field-level problem. `path` is dotted (`filters.departureDate`, `filters.slices.1.destinationStation`);
 * `code` is a stable key the client translates (see fieldErrorCodes).
 */
export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable field error codes used by the shared refinements (translated on screen). */
export const fieldErrorCodes = {
  dateInPast: 'date_in_past',
  dateTooFar: 'date_too_far',
  returnBeforeDeparture: 'return_before_departure',
  returnRequired: 'return_required',
  sameStations: 'same_stations',
  noTraveller: 'no_traveller',
  infantsExceedAdults: 'infants_exceed_adults',
  legDateOrder: 'leg_date_order',
  legsRequired: 'legs_required',
  unknownAirport: 'unknown_airport',
} as const;
