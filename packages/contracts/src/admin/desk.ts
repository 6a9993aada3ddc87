import '../zod-config.js';
import { z } from 'zod';
import {
  bookingStatusSchema,
  cancellationMoneySchema,
  passengerTypeSchema,
  paymentMethodSchema,
  statusTriggerSchema,
} from '../bookings.js';
import { currencySchema } from '../common.js';
import { latinDigits } from '../latin-digits.js';
import {
  RECEIPT_CHECKS,
  receiptReadingStateSchema,
  receiptValuesSchema,
  receiptVerdictSchema,
  transactionNumberSchema,
} from '../receipt-checks.js';
import { typedDigits, typedNumber } from './common.js';

/**
 * The desk's staff actions on a booking (/api/v1/admin/transfers, /ticketing, /refunds and
 * /bookings/{id}/...): transfers to verify, ticketing that failed or waits, cancellations and
 * refunds. Reads are open to every staff role, actions to agent-desk and owner. Every amount is
 * the server's; the desk never sends one it computed itself except the refund it records.
 */

const isoDateTime = z.iso.datetime();

/** Why a transfer receipt was refused, told to the traveller in their words (with the staff note, if any). */
export const RECEIPT_REJECTION_REASONS = [
  /** No transfer with this reference reached the agency's account. */
  'not-received',
  /** A transfer arrived but for another amount. */
  'amount-mismatch',
  /** The image or PDF cannot be read. */
  'unreadable',
  /** The receipt is for another booking or another payee. */
  'wrong-receipt',
  /** Anything else: the note says what. */
  'other',
] as const;
export type ReceiptRejectionReason = (typeof RECEIPT_REJECTION_REASONS)[number];

/** How the agency sent money back. */
export const REFUND_METHODS = ['bank-transfer', 'card', 'cash', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const DESK_LIMITS = {
  reasonMaxLength: 500,
  referenceMaxLength: 100,
  /** A hold is extended by 15 minutes at the least, 72 hours at the most (and never past the airline's own deadline). */
  extendMinMinutes: 15,
  extendMaxMinutes: 72 * 60,
} as const;

const note = z.string().trim().max(DESK_LIMITS.reasonMaxLength);
/** A reason staff must give (a hold extension, a cancellation): a few words at the least. */
const reason = z.string().trim().min(3).max(DESK_LIMITS.reasonMaxLength);

/** The booking as a staff action leaves it. */
export const deskBookingSummarySchema = z.object({
  id: z.string(),
  bookingReference: z.string(),
  status: bookingStatusSchema,
  statusTrigger: statusTriggerSchema,
  holdExpiresAt: isoDateTime.nullable(),
});
export type DeskBookingSummary = z.infer<typeof deskBookingSummarySchema>;

export const deskActionResponseSchema = z.object({ success: z.literal(true), booking: deskBookingSummarySchema });
export type DeskActionResponse = z.infer<typeof deskActionResponseSchema>;

// ---------- transfers to verify ----------

/**
 * Another booking's receipt with the same file, byte for byte (the same SHA-256): a receipt approved
 * for one booking is no proof of payment for another, unless one transfer paid both.
 */
export const receiptSameFileSchema = z.object({
  bookingId: z.string(),
  bookingReference: z.string(),
  receiptId: z.string(),
  status: z.enum(['submitted', 'accepted', 'rejected']),
});
export type ReceiptSameFile = z.infer<typeof receiptSameFileSchema>;

/** A rectangle on the receipt's image, in the pixels of `reading.size`. */
export const receiptBoxSchema = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });
export type ReceiptBox = z.infer<typeof receiptBoxSchema>;

/** A check's verdict for the desk: for the reuse checks, the other booking's receipt it matched. */
export const deskReceiptCheckSchema = z.object({
  check: z.enum(RECEIPT_CHECKS),
  verdict: receiptVerdictSchema,
  /** numberReused / imageReused failed: the receipt (and booking) sent first with the same number or picture. */
  otherReceipt: receiptSameFileSchema.nullable(),
});
export type DeskReceiptCheck = z.infer<typeof deskReceiptCheckSchema>;

export const deskReceiptReadingSchema = z.object({
  state: receiptReadingStateSchema,
  values: receiptValuesSchema.nullable(),
  /** Where each value was found on the image (only for fields read by OCR; a PDF's text has none). */
  boxes: z.partialRecord(
    z.enum(['amount', 'recipientAccount', 'dateTime', 'transactionNumber', 'recipientName', 'senderName']),
    receiptBoxSchema,
  ),
  /** The size of the image the boxes refer to (null: no boxes). */
  size: z.object({ width: z.number(), height: z.number() }).nullable(),
  /** What the amount was compared with, in the receipt's currency. */
  amountDue: z.number(),
  currencyDue: currencySchema,
  checks: z.array(deskReceiptCheckSchema),
  /** Every check passed (the list puts these first). */
  allPassed: z.boolean(),
  /** A reuse check failed: the same transaction number or picture came with another booking. */
  possibleFraud: z.boolean(),
  readAt: isoDateTime.nullable(),
});
export type DeskReceiptReading = z.infer<typeof deskReceiptReadingSchema>;

export const transferItemSchema = z.object({
  receiptId: z.string(),
  bookingId: z.string(),
  /** What the traveller was asked to write in the transfer's comment. */
  bookingReference: z.string(),
  uploadedAt: isoDateTime,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** The receipt file for staff (with the staff token), shown inline: an image or a PDF. */
  fileUrl: z.string(),
  /** What should have arrived: the booking's amount, computed by the server when it was priced. */
  expectedAmount: z.number(),
  currency: currencySchema,
  /** The same in each account's own currency at the booking's rates: what the bank shows arriving. */
  expectedInAccounts: z.array(z.object({ accountNumber: z.string(), currency: currencySchema, amount: z.number() })),
  holdExpiresAt: isoDateTime.nullable(),
  /** True once staff extended the hold (once only). */
  holdExtended: z.boolean(),
  /** The airline's own deadline for this hold: the latest an extension may reach (null: not known, no extension). */
  supplierHoldDeadline: isoDateTime.nullable(),
  /** The first passenger as on the passport, and the contact given. */
  travellerName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Receipts of this booking refused before (the traveller sent another). */
  rejectedBefore: z.number().int(),
  /** Other bookings' receipts with this very file (empty for a file sent once). */
  sameFileAs: z.array(receiptSameFileSchema),
  /** The transaction number the traveller typed with the receipt (normalized), or null. */
  typedTransactionNumber: z.string().nullable(),
  /** What the reader found and each check's verdict, with where on the image each value was. */
  reading: deskReceiptReadingSchema,
});
export type TransferItem = z.infer<typeof transferItemSchema>;

export const transfersResponseSchema = z.object({ success: z.literal(true), transfers: z.array(transferItemSchema) });
export type TransfersResponse = z.infer<typeof transfersResponseSchema>;

export const rejectTransferRequestSchema = z
  .object({
    reason: z.enum(RECEIPT_REJECTION_REASONS),
    /** Shown to the traveller as written; required with reason "other". */
    note: note.optional(),
  })
  .refine((body) => body.reason !== 'other' || (body.note ?? '').length >= 3, {
    path: ['note'],
    message: 'Say why in a note when the reason is "other"',
  });
export type RejectTransferRequest = z.infer<typeof rejectTransferRequestSchema>;

/**
 * Approving a transfer. A note is required when any of the receipt's checks failed (the server answers
 * 400 naming `note` without one); it is recorded with the decision in the booking's history.
 */
export const approveTransferRequestSchema = z.object({ note: note.optional() });
export type ApproveTransferRequest = z.infer<typeof approveTransferRequestSchema>;

/** GET /admin/receipts?transactionNumber=: receipts of any booking and status with this number, typed or read. */
export const receiptSearchQuerySchema = z.object({ transactionNumber: transactionNumberSchema });
export const receiptSearchItemSchema = z.object({
  receiptId: z.string(),
  bookingId: z.string(),
  bookingReference: z.string(),
  status: z.enum(['submitted', 'accepted', 'rejected']),
  uploadedAt: isoDateTime,
  typedTransactionNumber: z.string().nullable(),
  readTransactionNumber: z.string().nullable(),
  fileUrl: z.string(),
});
export type ReceiptSearchItem = z.infer<typeof receiptSearchItemSchema>;
export const receiptSearchResponseSchema = z.object({ success: z.literal(true), receipts: z.array(receiptSearchItemSchema) });
export type ReceiptSearchResponse = z.infer<typeof receiptSearchResponseSchema>;

// ---------- ticketing desk ----------

export const ticketingItemSchema = z.object({
  bookingId: z.string(),
  bookingReference: z.string(),
  /**
   * failed: the airline refused or did not answer; by-agency: the agency's own seats, which staff
   * ticket in the airline's own system; waiting: still waiting for the supplier.
   */
  state: z.enum(['failed', 'by-agency', 'waiting']),
  statusTrigger: statusTriggerSchema,
  paymentMethod: paymentMethodSchema.nullable(),
  /** When the booking was paid. */
  paidAt: isoDateTime.nullable(),
  /** When the traveller was told the agency would have issued the tickets by hand (null until told). */
  promisedBy: isoDateTime.nullable(),
  /** Tries so far and the supplier's last answer. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  /** Local departure of the first flight (yyyy-MM-ddTHH:mm:ss at the origin). */
  departureDate: z.string(),
  airline: z.string(),
  /** The first slice's flights ("3T212"): what staff look up to issue the tickets in the airline's own system. */
  flightNumbers: z.array(z.string()),
  email: z.string().nullable(),
  amount: z.number(),
  currency: currencySchema,
  passengers: z.array(
    z.object({
      id: z.string(),
      passengerType: passengerTypeSchema,
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      ticketNumber: z.string().nullable(),
    }),
  ),
});
export type TicketingItem = z.infer<typeof ticketingItemSchema>;

export const ticketingResponseSchema = z.object({ success: z.literal(true), bookings: z.array(ticketingItemSchema) });
export type TicketingResponse = z.infer<typeof ticketingResponseSchema>;

/** An airline booking reference: 5 to 8 letters and digits (written uppercase). */
export const pnrSchema = typedDigits(
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5,8}$/, 'A PNR is 5 to 8 letters and digits'),
);
/** A ticket number: 13 digits (3 of the airline, 10 of the ticket); spaces and dashes are dropped. */
export const ticketNumberSchema = z
  .string()
  .max(32)
  .transform((value) => latinDigits(value).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{13}$/, 'A ticket number is 13 digits'));

export const manualTicketRequestSchema = z.object({
  pnr: pnrSchema,
  /** One per passenger of the booking, each passenger once. */
  tickets: z
    .array(z.object({ passengerId: z.string().min(1).max(64), ticketNumber: ticketNumberSchema }))
    .min(1)
    .max(18),
});
export type ManualTicketRequest = z.infer<typeof manualTicketRequestSchema>;
export type ManualTicketRequestInput = z.input<typeof manualTicketRequestSchema>;

// ---------- holds, cancellation ----------

export const extendHoldRequestSchema = z.object({
  /** Added to the current end of the hold. */
  minutes: z.number().int().min(DESK_LIMITS.extendMinMinutes).max(DESK_LIMITS.extendMaxMinutes),
  reason,
});
export type ExtendHoldRequest = z.infer<typeof extendHoldRequestSchema>;

export const cancelBookingRequestSchema = z.object({ reason });
export type CancelBookingRequest = z.infer<typeof cancelBookingRequestSchema>;

// ---------- refunds ----------

export const recordRefundRequestSchema = z.object({
  /** In the booking's currency, at most what was paid less what was refunded; 2 decimals. */
  amount: typedNumber(
    z
      .number()
      .positive()
      .max(1e11)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'At most 2 decimals'),
  ),
  method: z.enum(REFUND_METHODS),
  /** The bank's or card processor's reference of the refund. */
  reference: z.string().trim().min(1).max(DESK_LIMITS.referenceMaxLength),
  note: note.optional(),
  /** The payment this refund returns (a refund-required payment); none for a refund of the booking. */
  paymentId: z.string().min(1).max(64).optional(),
});
export type RecordRefundRequest = z.infer<typeof recordRefundRequestSchema>;

export const refundSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  bookingReference: z.string(),
  paymentId: z.string().nullable(),
  amount: z.number(),
  currency: currencySchema,
  method: z.enum(REFUND_METHODS),
  reference: z.string(),
  note: z.string().nullable(),
  /** The staff member who recorded it ('staff:<userId>') and their name. */
  recordedBy: z.string(),
  recordedByName: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * Money of a booking as the desk sees it: received, refunded, and what may still be refunded (a
 * canceled booking: what its cancellation left owed, less what was refunded).
 */
export const bookingMoneySchema = z.object({
  currency: currencySchema,
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  /** A canceled booking: the airline's fee, the agency's, and what is owed; null for other bookings or cancellations made before it was kept. */
  cancellation: cancellationMoneySchema.nullable(),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

export const refundsResponseSchema = z.object({
  success: z.literal(true),
  /** Canceled bookings that were paid and are not yet refunded in full: the refunds the agency owes. */
  due: z.array(
    z.object({
      bookingId: z.string(),
      bookingReference: z.string(),
      status: bookingStatusSchema,
      canceledAt: isoDateTime.nullable(),
      email: z.string().nullable(),
      money: bookingMoneySchema,
    }),
  ),
  /** Money that arrived for a booking that could not take it (late card payment, wrong amount): to send back. */
  refundRequired: z.array(
    z.object({
      paymentId: z.string(),
      bookingId: z.string(),
      bookingReference: z.string(),
      bookingStatus: bookingStatusSchema,
      provider: z.string(),
      amount: z.number(),
      currency: currencySchema,
      /** What is left of this payment to refund. */
      refundable: z.number(),
      receivedAt: isoDateTime,
    }),
  ),
  /** The latest refunds recorded, newest first. */
  recorded: z.array(refundSchema),
});
export type RefundsResponse = z.infer<typeof refundsResponseSchema>;

// ---------- what a booking allows (the actions on the booking page) ----------

export const DESK_ACTIONS = [
  'approve-transfer',
  'reject-transfer',
  'extend-hold',
  'retry-ticketing',
  'manual-ticket',
  'resend-eticket',
  'cancel',
  'refund',
] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

export const bookingDeskStateSchema = z.object({
  success: z.literal(true),
  booking: deskBookingSummarySchema.extend({
    paymentMethod: paymentMethodSchema.nullable(),
    /** The booking's price, what a transfer must bring. */
    amount: z.number(),
    currency: currencySchema,
    email: z.string().nullable(),
    pnr: z.string().nullable(),
    holdExtended: z.boolean(),
    supplierHoldDeadline: isoDateTime.nullable(),
    passengers: ticketingItemSchema.shape.passengers,
  }),
  /** What the booking's state allows now (the staff member's role is checked apart). */
  actions: z.array(z.enum(DESK_ACTIONS)),
  /** Receipts waiting for a decision, oldest first. */
  waitingReceipts: z.array(z.object({ receiptId: z.string(), fileName: z.string(), uploadedAt: isoDateTime })),
  money: bookingMoneySchema,
  refunds: z.array(refundSchema),
});
export type BookingDeskState = z.infer<typeof bookingDeskStateSchema>;
