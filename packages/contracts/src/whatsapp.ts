import './zod-config.js';
import { z } from 'zod';
import { accountContactsSchema, userSchema } from './accounts.js';
import { apiErrorSchema } from './errors.js';

/**
 * WhatsApp as a channel and the mobile number as a way to sign in. Every number on the wire is
 * E.164 (+249912345678); anything else is refused with a 400 naming the field.
 */

/** E.164: a plus, a country code and at most 15 digits in all. Whether the number exists is the server's check (numbering plans). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const e164Schema = z.string().max(32);

/**
 * The messages the agency sends on WhatsApp: each an approved template of the WhatsApp Business
 * account (business-initiated messages outside the 24-hour window must be templates). The names
 * here are Kwenda's keys; the template names Meta knows them by come from the environment
 * (WHATSAPP_TEMPLATE_<KEY>), defaulting to `kwenda_<key>`.
 */
export const whatsappTemplateKeys = [
  /** Reference, route, date, amount due, bank accounts, deadline in Khartoum time. */
  'hold_confirmation',
  /** 30 minutes before an unpaid hold lapses: reference, amount due, deadline. */
  'hold_reminder',
  /** Receipt approved: reference; the ticket follows. */
  'receipt_approved',
  /** Receipt rejected: reference and the reason. */
  'receipt_rejected',
  /** The e-ticket PDF as a document header: reference, route, date. */
  'e_ticket',
  /** The airline changed the schedule: reference, flight, old and new times. */
  'schedule_change',
  /** Authentication template: the 6-digit code with a copy-code button. */
  'sign_in_code',
] as const;
export type WhatsAppTemplateKey = (typeof whatsappTemplateKeys)[number];

export const messageChannels = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * A WhatsApp message's life: pending (queued or being retried), sent (the Cloud API accepted it),
 * delivered, read, failed (with the Cloud API's error code), skipped (the number opted out, or a
 * code that expired before it could be sent).
 */
export const whatsappMessageStatuses = ['pending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type WhatsAppMessageStatus = (typeof whatsappMessageStatuses)[number];

/**
 * An e-mail's life. 'held': the fallback of a WhatsApp message, sent only if that message fails;
 * 'skipped': its WhatsApp message was sent, so it never was.
 */
export const emailStatuses = ['pending', 'held', 'sent', 'failed', 'skipped'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/** One message of a booking on either channel, for the desk's booking page (newest first). */
export const bookingMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(messageChannels),
  /** 'held', 'hold_reminder', 'e-ticket', 'receipt_approved' ...: a template key or an e-mail's kind. */
  kind: z.string().nullable(),
  /** The address or E.164 number it went to (staff see it whole). */
  to: z.string(),
  status: z.union([z.enum(whatsappMessageStatuses), z.enum(emailStatuses)]),
  /** The Cloud API's error code of a failed WhatsApp message (131026, 131047, 130429, 132001 ...). */
  errorCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable(),
  /** For an e-mail sent in place of a failed WhatsApp message: that message's id. */
  fallbackFor: z.string().nullable(),
  /** Who asked for it when a staff member did (a resend), else null. */
  requestedBy: z.string().nullable(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

/** GET /api/v1/admin/bookings/{id}/messages */
export const bookingMessagesResponseSchema = z.object({
  messages: z.array(bookingMessageSchema),
  /** Where WhatsApp updates of this booking go, and whether the traveller wants them. */
  whatsapp: z.string().nullable(),
  whatsappUpdates: z.boolean(),
  /** The number replied STOP: nothing more is sent to it on WhatsApp. */
  optedOut: z.boolean(),
});
export type BookingMessagesResponse = z.infer<typeof bookingMessagesResponseSchema>;

/**
 * POST /api/v1/admin/bookings/{id}/messages/e-ticket: the e-ticket again on WhatsApp, to the
 * booking's WhatsApp number (or `to`, E.164, when staff give another). 409 when the booking has no
 * ticket yet or the number opted out.
 */
export const resendETicketRequestSchema = z.object({ to: e164Schema.nullish() });
export const resendETicketResponseSchema = z.object({ success: z.literal(true), message: bookingMessageSchema });

/**
 * The traveller's choice, on the contact step and later on the booking page:
 * PUT /api/v1/bookings/{id}/whatsapp. `whatsapp` null keeps the number already given.
 */
export const bookingWhatsAppRequestSchema = z.object({
  whatsappUpdates: z.boolean(),
  whatsapp: e164Schema.nullish(),
});
export const bookingWhatsAppResponseSchema = z.object({
  success: z.literal(true),
  whatsapp: z.string().nullable(),
  whatsappUpdates: z.boolean(),
});

/**
 * POST /api/v1/auth/phone/code: a 6-digit code by WhatsApp to this number, to sign in (the account
 * whose verified number it is) or to sign up (no account yet). The answer is the same whether or not
 * the number has an account; the code screen sends `challenge` back.
 */
export const phoneCodeRequestSchema = z.object({
  phone: e164Schema,
  language: z.enum(['ar', 'en']).nullish(),
});
export const phoneCodeResponseSchema = z.object({
  success: z.literal(true),
  challenge: z.string(),
  /** The number as stored (E.164), to show on the code screen. */
  phone: z.string(),
  /** Seconds before "send the code again" may be used. */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponseSchema>;

/** 429 RESEND_TOO_SOON: `retryAfterSeconds` says how long before a new code may be asked for. */
export const resendTooSoonErrorSchema = apiErrorSchema.extend({ retryAfterSeconds: z.number().int().optional() });
export type ResendTooSoonError = z.infer<typeof resendTooSoonErrorSchema>;

/**
 * POST /api/v1/auth/phone/verify: the code. A number with an account signs in. A number without one
 * becomes a new account when `fullName` is given; without it the answer is 400 NAME_REQUIRED (told only
 * to whoever holds the code), and the same challenge then takes the name without a new try counted.
 */
export const phoneVerifyRequestSchema = z.object({
  challenge: z.string().max(64),
  phone: e164Schema,
  code: z.string().max(16),
  fullName: z.string().max(2000).nullish(),
});
/** The answer is authResponseSchema (accounts.ts). */

/** A signed-in traveller adds a mobile number (code by WhatsApp) or an e-mail (code by e-mail). */
export const addContactRequestSchema = z.object({
  phone: e164Schema.nullish(),
  email: z.string().max(254).nullish(),
  language: z.enum(['ar', 'en']).nullish(),
});
/** POST /api/v1/account/contact: starts the check; answer like phoneCodeResponseSchema (phone or email in `to`). */
export const addContactResponseSchema = z.object({
  success: z.literal(true),
  challenge: z.string(),
  to: z.string(),
  channel: z.enum(messageChannels),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
/** POST /api/v1/account/contact/verify: 409 CONTACT_TAKEN when another account has verified it meanwhile. */
export const verifyContactRequestSchema = z.object({ challenge: z.string().max(64), code: z.string().max(16) });

export const verifyContactResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  contacts: accountContactsSchema,
});

/**
 * GET /api/v1/account/guest-bookings: bookings made as a guest with the account's verified e-mail or
 * number, offered to be added; POST /api/v1/account/guest-bookings {ids} adds them.
 */
export const guestBookingOfferSchema = z.object({
  id: z.string(),
  bookingReference: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: z.string().nullable(),
  /** Which verified contact matched. */
  matchedBy: z.enum(['email', 'phone']),
});
export const guestBookingOffersSchema = z.object({ bookings: z.array(guestBookingOfferSchema) });
export const adoptGuestBookingsRequestSchema = z.object({ ids: z.array(z.string().max(80)).min(1).max(50) });
export const adoptGuestBookingsResponseSchema = z.object({ success: z.literal(true), added: z.number().int() });
