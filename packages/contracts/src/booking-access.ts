import './zod-config.js';
import { z } from 'zod';
import { bookingIdSchema } from './bookings.js';

/**
 * Find my booking: a guest on another device (or another browser) gets their booking whole again by
 * giving its reference and a passenger's last name, then the one-time code e-mailed to the booking's
 * address. The first answer is the same whether or not such a booking exists (nobody learns who
 * booked what), so the page always goes on to the code.
 */
export const BOOKING_ACCESS_LIMITS = {
  codeLength: 6,
  codeMinutes: 10,
  /** Wrong tries of one code; then it is void and a new one must be asked for. */
  codeAttempts: 5,
  /** Codes e-mailed for one booking per day, and to one address per day (more are not sent, silently). */
  codesPerBookingPerDay: 5,
  codesPerEmailPerDay: 10,
  /**
   * Per client address per hour. High: thousands of travellers share one carrier-grade NAT address;
   * these stop a script, not a family. Wrong codes count only when wrong.
   */
  requestsPerAddressPerHour: 60,
  wrongCodesPerAddressPerHour: 50,
} as const;

const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
/** Digits typed on an Arabic or Persian keyboard read as 0-9. */
const latinDigits = (value: string) =>
  value.replace(ARABIC_INDIC_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });

/** 'kw 7f3k-9q' -> 'KW7F3K9Q': the reference as people read it out, spaces and dashes dropped. */
export function normalizeBookingReference(value: string): string {
  return latinDigits(value)
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

/** A last name compared letters only, in any case: 'el-Amin ' and 'ELAMIN' are the same name. */
export function normalizeLastName(value: string): string {
  return value.toUpperCase().replace(/[^A-Z]/g, '');
}

export const bookingReferenceInputSchema = z
  .string()
  .max(40)
  .transform(normalizeBookingReference)
  .pipe(z.string().regex(/^KW[A-Z0-9]{6}$/, 'A booking reference is KW and six letters or digits'));

const lastNameInputSchema = z
  .string()
  .max(200)
  .refine((value) => normalizeLastName(value).length > 0, 'Type the last name in English letters, as in the passport');

/** POST /booking-access/code: e-mail a one-time code to the booking's address. */
export const bookingCodeRequestSchema = z.object({
  reference: bookingReferenceInputSchema,
  lastName: lastNameInputSchema,
});
export type BookingCodeRequest = z.input<typeof bookingCodeRequestSchema>;

/** Always the same answer: the code is on its way if the details match a booking. */
export const bookingCodeResponseSchema = z.object({
  sent: z.literal(true),
  codeMinutes: z.number().int(),
});

/** POST /booking-access/verify: the e-mailed code; success gives this device the booking whole. */
export const bookingCodeVerifyRequestSchema = bookingCodeRequestSchema.extend({
  code: z
    .string()
    .max(20)
    .transform((value) => latinDigits(value).replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'The code is six digits')),
});
export type BookingCodeVerifyRequest = z.input<typeof bookingCodeVerifyRequestSchema>;

export const bookingCodeVerifyResponseSchema = z.object({ bookingId: bookingIdSchema });
