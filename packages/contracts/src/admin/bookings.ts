import '../zod-config.js';
import { z } from 'zod';
import { bookingStatuses, paymentMethods, type BookingStatus } from '../booking-rules.js';
import { bookingSchema, bookingStatusSchema, paymentMethodSchema, statusTriggerSchema } from '../bookings.js';
import { currencySchema, isoDateSchema } from '../common.js';
import { deskReceiptReadingSchema, receiptSameFileSchema } from './desk.js';
import { emailStatuses } from '../whatsapp.js';

/**
 * The staff's bookings (/api/v1/admin/bookings): a paged, sortable, filtered table with one search
 * box, and one booking's page with everything about it (GET /api/v1/admin/bookings/{id}). Document
 * numbers are masked there; revealing one is a separate, audited call.
 */

export const ADMIN_BOOKINGS_LIMITS = {
  defaultPageSize: 25,
  maxPageSize: 100,
  /** Deeper than this the search box or a filter is the way, not paging. */
  maxPage: 1000,
  maxSearchLength: 100,
  /** The widest date range a filter may span. */
  maxRangeDays: 366,
} as const;

export const adminBookingSorts = ['created', 'amount', 'status', 'departure'] as const;
export type AdminBookingSort = (typeof adminBookingSorts)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** Who made the booking: a signed-in account or a guest. */
export const bookingCustomers = ['account', 'guest'] as const;
export type BookingCustomer = (typeof bookingCustomers)[number];
/** A payment method, or 'none' for bookings no payment was chosen for yet. */
export const adminPaymentMethodFilters = [...paymentMethods, 'none'] as const;
export type AdminPaymentMethodFilter = (typeof adminPaymentMethodFilters)[number];

/**
 * The airline changes the Today screen counts (its links open the list filtered on one):
 * withdrawn or re-priced and left unpaid within the last SUPPLIER_CHANGES_WINDOW_HOURS hours,
 * rescheduled, or any of these.
 */
export const supplierChangeFilters = ['any', 'offer-unavailable', 'price-changed', 'rescheduled'] as const;
export type SupplierChangeFilter = (typeof supplierChangeFilters)[number];

/**
 * Another live booking (held, paid or ticketed) on the same flights with a passenger of the same
 * name and birth date. Different people may book one traveller (a stranger who typed their name, a
 * relative and the traveller): it is taken and flagged for staff to check, never refused.
 */
export const possibleDuplicateSchema = z.object({ id: z.string(), bookingReference: z.string() });
export type PossibleDuplicate = z.infer<typeof possibleDuplicateSchema>;

/** An empty query parameter (a cleared filter in a shared link) is the same as no parameter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const statusList = z.preprocess(
  (value) => {
    const parts = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    return parts.length ? [...new Set(parts)] : undefined;
  },
  z
    .array(z.enum(bookingStatuses, { error: () => `Unknown status; use ${bookingStatuses.join(', ')}` }))
    .max(bookingStatuses.length)
    .optional(),
);

const airport = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'Expected a three-letter IATA airport code'));

/** Days between two yyyy-MM-dd dates (to - from). */
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const adminBookingListQuerySchema = z
  .object({
    page: optional(z.coerce.number().int().min(1).max(ADMIN_BOOKINGS_LIMITS.maxPage)).default(1),
    pageSize: optional(z.coerce.number().int().min(1).max(ADMIN_BOOKINGS_LIMITS.maxPageSize)).default(
      ADMIN_BOOKINGS_LIMITS.defaultPageSize,
    ),
    sort: optional(z.enum(adminBookingSorts)).default('created'),
    order: optional(z.enum(sortOrders)).default('desc'),
    /** Reference, PNR, ticket number, e-mail, mobile or a passenger's last name. */
    q: optional(z.string().trim().min(2).max(ADMIN_BOOKINGS_LIMITS.maxSearchLength)),
    status: statusList,
    paymentMethod: optional(z.enum(adminPaymentMethodFilters)),
    /** Made on or after this day, on the agency's clock (Khartoum). */
    from: optional(isoDateSchema),
    /** Made on or before this day, on the agency's clock (Khartoum). */
    to: optional(isoDateSchema),
    origin: optional(airport),
    destination: optional(airport),
    referralCode: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{2,32}$/, 'Not a referral code'),
    ),
    customer: optional(z.enum(bookingCustomers)),
    supplierChange: optional(z.enum(supplierChangeFilters)),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to) {
      const days = daysBetween(query.from, query.to);
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
      else if (days > ADMIN_BOOKINGS_LIMITS.maxRangeDays)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${ADMIN_BOOKINGS_LIMITS.maxRangeDays} days` });
    }
  });
export type AdminBookingListQuery = z.infer<typeof adminBookingListQuerySchema>;
export type AdminBookingListQueryInput = z.input<typeof adminBookingListQuerySchema>;

export const adminBookingListItemSchema = z.object({
  id: z.string(),
  bookingReference: z.string(),
  status: bookingStatusSchema,
  statusTrigger: statusTriggerSchema,
  /** When it was made (ISO instant). */
  createdAt: z.iso.datetime(),
  origin: z.string(),
  destination: z.string(),
  /** The first flight's local departure (yyyy-MM-ddTHH:mm:ss at the airport). */
  departureDate: z.string(),
  returnDate: z.string().nullable(),
  amount: z.number(),
  currency: currencySchema,
  paymentMethod: paymentMethodSchema.nullable(),
  pnr: z.string().nullable(),
  /** The first passenger as named on the booking (null before passengers are saved). */
  leadPassenger: z.string().nullable(),
  passengerCount: z.number().int(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  customer: z.enum(bookingCustomers),
  referralCode: z.string().nullable(),
  holdExpiresAt: z.iso.datetime().nullable(),
  possibleDuplicates: z.array(possibleDuplicateSchema),
});
export type AdminBookingListItem = z.infer<typeof adminBookingListItemSchema>;

export const adminBookingListSchema = z.object({
  items: z.array(adminBookingListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminBookingList = z.infer<typeof adminBookingListSchema>;

// ---------- one booking ----------

/** The rate and markup the booking was priced with (recorded: false for bookings made before they were kept). */
export const adminBookingPricingSchema = z.object({
  recorded: z.boolean(),
  currency: currencySchema,
  /** Units of currency per USD. */
  exchangeRate: z.number(),
  rateId: z.string().nullable(),
  rateEffectiveAt: z.iso.datetime({ offset: true }).nullable(),
  fareUsd: z.number().nullable(),
  markupUsd: z.number(),
  markupRuleIds: z.array(z.string()),
  /** The applied markup rule's terms as they were when the booking was priced. */
  markupPercent: z.number().nullable(),
  markupFixedUsd: z.number().nullable(),
  totalUsd: z.number().nullable(),
  /** The amount the traveller pays, in `currency`. */
  amount: z.number(),
});
export type AdminBookingPricing = z.infer<typeof adminBookingPricingSchema>;

export const adminPaymentSchema = z.object({
  id: z.string(),
  provider: z.enum(['sandbox', 'stripe', 'bank-transfer']),
  status: z.enum(['open', 'succeeded', 'failed', 'expired', 'refund-required', 'refunded']),
  amount: z.number(),
  currency: z.string(),
  providerPaymentId: z.string().nullable(),
  failureCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminReceiptSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(['submitted', 'accepted', 'rejected']),
  uploadedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Who decided: a staff member's name, or the command line's label. */
  reviewedBy: z.string().nullable(),
  /** The file, for staff (send the staff token): /api/v1/admin/bookings/{id}/receipts/{receiptId}/file */
  fileUrl: z.string(),
  /** Other bookings' receipts with this very file. */
  sameFileAs: z.array(receiptSameFileSchema),
  typedTransactionNumber: z.string().nullable(),
  /** What the reader found and each check's verdict (as on the transfers screen). */
  reading: deskReceiptReadingSchema,
});
export type AdminReceipt = z.infer<typeof adminReceiptSchema>;

export const adminBookingEmailSchema = z.object({
  id: z.string(),
  /** What the message is ('held', 'paid', 'e-ticket' ...), read from its de-duplication key. */
  kind: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  /** 'held': a WhatsApp message's fallback, sent only if that message fails; 'skipped': it was not needed. */
  status: z.enum(emailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type AdminBookingEmail = z.infer<typeof adminBookingEmailSchema>;

/** Who did something to a booking: a staff member (named), the traveller, or the system (jobs, supplier, gateway). */
export const adminActorSchema = z.object({
  kind: z.enum(['staff', 'traveller', 'system']),
  /** The staff member's name, 'guest' / the account's name for a traveller, or the system's label. */
  name: z.string().nullable(),
  /** The recorded actor ('staff:<user id>', 'user:<id>', 'guest', 'job:hold-expiry', 'stripe:webhook' ...). */
  raw: z.string(),
});
export type AdminActor = z.infer<typeof adminActorSchema>;

export const adminBookingEventSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  fromStatus: bookingStatusSchema.nullable(),
  toStatus: bookingStatusSchema,
  trigger: statusTriggerSchema,
  actor: adminActorSchema,
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminBookingEvent = z.infer<typeof adminBookingEventSchema>;

/** One audited view of a passenger's document number. */
export const adminDocumentViewSchema = z.object({
  passengerId: z.string().nullable(),
  at: z.iso.datetime(),
  staff: adminActorSchema,
});

export const adminBookingDetailSchema = z.object({
  /** The booking as the traveller sees it, every passenger's document number masked. */
  booking: bookingSchema,
  language: z.enum(['ar', 'en']),
  /** The account that made it, or null for a guest. */
  account: z.object({ userId: z.string(), fullName: z.string().nullable(), email: z.string().nullable() }).nullable(),
  supplierOrderId: z.string().nullable(),
  ticketedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  pricing: adminBookingPricingSchema,
  payments: z.array(adminPaymentSchema),
  receipts: z.array(adminReceiptSchema),
  emails: z.array(adminBookingEmailSchema),
  timeline: z.array(adminBookingEventSchema),
  documentViews: z.array(adminDocumentViewSchema),
  possibleDuplicates: z.array(possibleDuplicateSchema),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

/** POST /api/v1/admin/bookings/{id}/passengers/{passengerId}/document: one document number, audited. */
export const adminDocumentRevealSchema = z.object({
  passengerId: z.string(),
  documentNumber: z.string().nullable(),
});
export type AdminDocumentReveal = z.infer<typeof adminDocumentRevealSchema>;

/** A document number as staff first see it: all but its last three characters hidden. */
export function maskDocumentNumber(value: string | null): string | null {
  if (!value) return value;
  const shown = value.length > 4 ? 3 : 1;
  return `${'•'.repeat(value.length - shown)}${value.slice(-shown)}`;
}

/** The statuses in the order a booking lives through them (the status sort follows it). */
export const BOOKING_STATUS_ORDER: readonly BookingStatus[] = bookingStatuses;
