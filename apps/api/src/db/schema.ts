import type { BookingPricing } from '@kwenda/contracts/admin';
import type { BaggageRequest, BookingStatus, Currency, PassengerCounts, PassengerField, StatusTrigger } from '@kwenda/contracts';
import type { ReceiptBox } from '@kwenda/contracts/admin';
import type { EmailStatus, ReceiptCheckName, ReceiptReadingState, ReceiptValues, ReceiptVerdict } from '@kwenda/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { SupplierBaggageOption, SupplierOffer } from '../suppliers/supplier.js';

// Exchange rates and markups: rates-schema.ts (exchange_rates is now a view of the rates in effect).

// ---------- bookings (migrations/0002_bookings.sql) ----------

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A supplier's baggage option as a booking keeps it: priced in USD, the agency's base currency. */
export type BookingBaggageOption = Omit<SupplierBaggageOption, 'price'> & { priceUsd: number };

export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    bookingReference: text('booking_reference').notNull().unique(),
    status: text('status').$type<BookingStatus>().notNull(),
    statusTrigger: text('status_trigger').$type<StatusTrigger>().notNull(),
    userId: text('user_id'),
    language: text('language').$type<'ar' | 'en'>().notNull().default('ar'),
    referralCode: text('referral_code'),
    /** Supplier.name of the supplier holding the booking's offer and order (0017_suppliers_by_name.sql). */
    supplier: text('supplier').notNull(),
    offerReference: text('offer_reference').notNull(),
    offer: jsonb('offer').$type<SupplierOffer>().notNull(),
    offerExpiresAt: at('offer_expires_at').notNull(),
    requestedDate: date('requested_date', { mode: 'string' }),
    passengerCounts: jsonb('passenger_counts').$type<PassengerCounts>().notNull(),
    requestedBaggage: jsonb('requested_baggage').$type<BaggageRequest>().notNull(),
    currency: text('currency').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    /** The rate and markup the booking was priced with (migrations/0007_rates.sql); null before them. */
    pricing: jsonb('pricing').$type<BookingPricing>(),
    amount: money('amount').notNull(),
    previousAmount: money('previous_amount'),
    email: text('email'),
    mobile: text('mobile'),
    /** Where WhatsApp updates go (E.164) and whether the traveller wants them (0033_whatsapp.sql). */
    whatsapp: text('whatsapp'),
    whatsappUpdates: boolean('whatsapp_updates').notNull().default(false),
    segmentsKey: text('segments_key').notNull(),
    supplierOrderId: text('supplier_order_id'),
    pnr: text('pnr'),
    holdExpiresAt: at('hold_expires_at'),
    paymentMethod: text('payment_method').$type<'card' | 'bank-transfer'>(),
    paymentError: text('payment_error'),
    ticketedAt: at('ticketed_at'),
    /** The airline's own deadline for the held order; staff may extend the hold up to it (0010_desk.sql). */
    supplierHoldDeadline: at('supplier_hold_deadline'),
    /** When the agency promised the tickets it issues by hand after the airline refused them (0024). */
    manualTicketingBy: at('manual_ticketing_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('bookings_user')
      .on(table.userId, table.createdAt.desc().nullsFirst())
      .where(sql`${table.userId} IS NOT NULL`),
    index('bookings_held')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending-payment'`),
    index('bookings_unpaid_holds')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending-payment'`),
    index('bookings_segments').on(table.segmentsKey),
    index('bookings_referral_code')
      .on(table.referralCode)
      .where(sql`${table.referralCode} IS NOT NULL`),
    index('bookings_unticketed')
      .on(table.updatedAt)
      .where(sql`${table.status} = 'payment-confirmed'`),
    index('bookings_pnr_upper')
      .on(sql`upper(${table.pnr})`)
      .where(sql`${table.pnr} IS NOT NULL`),
    index('bookings_email_lower')
      .on(sql`lower(${table.email}) text_pattern_ops`)
      .where(sql`${table.email} IS NOT NULL`),
    // A guest's bookings by a contact an account has verified (offered to the account).
    index('bookings_guest_whatsapp')
      .on(table.whatsapp)
      .where(sql`${table.userId} IS NULL AND ${table.whatsapp} IS NOT NULL`),
    index('bookings_guest_mobile')
      .on(table.mobile)
      .where(sql`${table.userId} IS NULL AND ${table.mobile} IS NOT NULL`),
    index('bookings_guest_email')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.userId} IS NULL AND ${table.email} IS NOT NULL`),
    index('bookings_mobile')
      .on(table.mobile)
      .where(sql`${table.mobile} IS NOT NULL`),
    index('bookings_created').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('bookings_referral_lower')
      .on(sql`lower(${table.referralCode})`)
      .where(sql`${table.referralCode} IS NOT NULL`),
    index('bookings_route').on(
      sql`(${table.offer} -> 'slices' -> 0 ->> 'origin')`,
      sql`(${table.offer} -> 'slices' -> 0 ->> 'destination')`,
    ),
    index('bookings_supplier_order_idx')
      .on(table.supplier, table.supplierOrderId)
      .where(sql`${table.supplierOrderId} IS NOT NULL`),
  ],
);
export type BookingRow = typeof bookings.$inferSelect;

export const bookingPassengers = pgTable(
  'booking_passengers',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references((): AnyPgColumn => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    passengerType: text('passenger_type').$type<'adult' | 'child' | 'infant'>().notNull(),
    requiredFields: jsonb('required_fields').$type<PassengerField[]>().notNull(),
    /** What the traveller pays for the seat, in the agency's base currency (USD): the supplier's fare converted, plus markup. */
    fareUsd: numeric('fare_usd', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The supplier's baggage options with their prices converted to USD when the booking was priced. */
    baggageOptions: jsonb('baggage_options').$type<BookingBaggageOption[]>().notNull(),
    /** PassengerRequirements.supplierPassengerId (0017_suppliers_by_name.sql). */
    supplierPassengerId: text('supplier_passenger_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').$type<'M' | 'F'>(),
    placeOfBirth: text('place_of_birth'),
    nationalityCountry: text('nationality_country'),
    documentNumber: text('document_number'),
    documentIssuanceCountry: text('document_issuance_country'),
    documentIssuanceDate: date('document_issuance_date', { mode: 'string' }),
    documentExpiryDate: date('document_expiry_date', { mode: 'string' }),
    extraBaggage: jsonb('extra_baggage').$type<Record<string, number>>().notNull().default({}),
    ticketNumber: text('ticket_number'),
  },
  (table) => [
    unique().on(table.bookingId, table.position),
    /** A last name is found by its beginning, whatever the database's collation. */
    index('booking_passengers_last_name')
      .on(sql`lower(${table.lastName}) text_pattern_ops`)
      .where(sql`${table.lastName} IS NOT NULL`),
    index('booking_passengers_ticket')
      .on(sql`replace(${table.ticketNumber}, '-', '')`)
      .where(sql`${table.ticketNumber} IS NOT NULL`),
  ],
);
export type PassengerRow = typeof bookingPassengers.$inferSelect;

export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: text('booking_id').notNull(),
    fromStatus: text('from_status').$type<BookingStatus>(),
    toStatus: text('to_status').$type<BookingStatus>().notNull(),
    statusTrigger: text('status_trigger').$type<StatusTrigger>().notNull(),
    actor: text('actor').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('booking_events_booking').on(table.bookingId, table.id),
    index('booking_events_actor').on(table.actor, table.createdAt.desc().nullsFirst()),
  ],
);
export type BookingEventRow = typeof bookingEvents.$inferSelect;

export type PaymentStatus = 'open' | 'succeeded' | 'failed' | 'expired' | 'refund-required' | 'refunded';
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    provider: text('provider').$type<'sandbox' | 'stripe' | 'bank-transfer'>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    checkoutUrl: text('checkout_url'),
    failureCode: text('failure_code'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.provider, table.providerSessionId),
    /** At most one open checkout, and one payment that succeeded, per booking. */
    uniqueIndex('payments_one_open')
      .on(table.bookingId)
      .where(sql`${table.status} = 'open'`),
    uniqueIndex('payments_one_succeeded')
      .on(table.bookingId)
      .where(sql`${table.status} = 'succeeded'`),
    index('payments_refund_required')
      .on(table.createdAt)
      .where(sql`${table.status} = 'refund-required'`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (table) => [
    /** A provider's event is handled once: a replayed or retried delivery finds its id here. */
    primaryKey({ columns: [table.provider, table.eventId] }),
  ],
);

export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** A file under the old UPLOADS_DIR, for receipts sent before 0016_shared_state.sql; null: in receipt_files. */
    storagePath: text('storage_path'),
    status: text('status').$type<'submitted' | 'accepted' | 'rejected'>().notNull().default('submitted'),
    uploadedAt: at('uploaded_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    /** Why staff refused it (0010_desk.sql), and their own words. */
    decisionReason: text('decision_reason').$type<
      'not-received' | 'amount-mismatch' | 'unreadable' | 'wrong-receipt' | 'other'
    >(),
    decisionNote: text('decision_note'),
    /** What the server read on it and how it compares (0031_receipt_checks.sql, modules/receipts/checks). */
    typedTransactionNumber: text('typed_transaction_number'),
    readingState: text('reading_state').$type<ReceiptReadingState>().notNull().default('reading'),
    reading: jsonb('reading').$type<StoredReceiptReading>(),
    readTransactionNumber: text('read_transaction_number'),
    checks: jsonb('checks').$type<StoredReceiptCheck[]>().notNull().default([]),
    allPassed: boolean('all_passed').notNull().default(false),
    possibleFraud: boolean('possible_fraud').notNull().default(false),
    imageFingerprint: text('image_fingerprint'),
    /** The words and numbers read, as reading/content-fingerprint.ts keeps them (0032). */
    contentFingerprint: text('content_fingerprint'),
    readAt: at('read_at'),
    readingAttempts: integer('reading_attempts').notNull().default(0),
    readingNextAt: at('reading_next_at').notNull().defaultNow(),
    readingError: text('reading_error'),
  },
  (table) => [
    index('payment_receipts_booking').on(table.bookingId, table.uploadedAt),
    index('payment_receipts_waiting')
      .on(table.uploadedAt)
      .where(sql`${table.status} = 'submitted'`),
    index('payment_receipts_sha256').on(table.sha256),
    index('payment_receipts_reading_due')
      .on(table.readingNextAt)
      .where(sql`${table.readingState} = 'reading'`),
    index('payment_receipts_typed_number')
      .on(table.typedTransactionNumber)
      .where(sql`${table.typedTransactionNumber} IS NOT NULL`),
    index('payment_receipts_read_number')
      .on(table.readTransactionNumber)
      .where(sql`${table.readTransactionNumber} IS NOT NULL`),
    index('payment_receipts_fingerprinted')
      .on(table.uploadedAt)
      .where(sql`${table.imageFingerprint} IS NOT NULL`),
    index('payment_receipts_content_fingerprinted')
      .on(table.uploadedAt)
      .where(sql`${table.contentFingerprint} IS NOT NULL`),
  ],
);
export type ReceiptRow = typeof paymentReceipts.$inferSelect;

/** What the reader found on a receipt, as kept with it. */
export interface StoredReceiptReading {
  /** null: the reader failed on every attempt. */
  source: 'pdf-text' | 'ocr' | null;
  values: ReceiptValues | null;
  boxes: Partial<
    Record<'amount' | 'recipientAccount' | 'dateTime' | 'transactionNumber' | 'recipientName' | 'senderName', ReceiptBox>
  >;
  size: { width: number; height: number } | null;
  unread: string[];
  /** What the amount was compared with: the booking's amount in the receipt's currency. */
  amountDue: number;
  currencyDue: Currency;
}

/** A check's verdict as kept: for the reuse checks, the other booking's receipt it matched. */
export interface StoredReceiptCheck {
  check: ReceiptCheckName;
  verdict: ReceiptVerdict;
  otherReceiptId?: string;
}

/** A transaction number and the first receipt (and booking) that claimed it (0031_receipt_checks.sql). */
export const receiptTransactionNumbers = pgTable('receipt_transaction_numbers', {
  transactionNumber: text('transaction_number').primaryKey(),
  receiptId: text('receipt_id')
    .notNull()
    .references(() => paymentReceipts.id, { onDelete: 'cascade' }),
  bookingId: text('booking_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const gatewaySessions = pgTable('gateway_sessions', {
  id: text('id').primaryKey(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  clientReference: text('client_reference').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  language: text('language').$type<'ar' | 'en'>().notNull().default('ar'),
  expiresAt: at('expires_at').notNull(),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  attempts: integer('attempts').notNull().default(0),
  lastDecline: text('last_decline'),
  createdAt: at('created_at').notNull().defaultNow(),
  completedAt: at('completed_at'),
});
export type GatewaySessionRow = typeof gatewaySessions.$inferSelect;

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** 'held': a WhatsApp message's fallback (held_for), released if it fails; 'skipped' when it was sent. */
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    transport: text('transport'),
    /** The WhatsApp message this e-mail stands in for (0033_whatsapp.sql). */
    heldFor: text('held_for'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (table) => [
    index('mail_outbox_dead')
      .on(table.createdAt)
      .where(sql`${table.status} = 'failed'`),
    index('mail_outbox_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('mail_outbox_booking')
      .on(sql`split_part(${table.dedupeKey}, ':', 2)`)
      .where(sql`${table.dedupeKey} IS NOT NULL`),
    index('mail_outbox_held')
      .on(table.heldFor)
      .where(sql`${table.heldFor} IS NOT NULL`),
  ],
);
export type MailRow = typeof mailOutbox.$inferSelect;
export * from './accounts-schema.js';
export * from './analytics-schema.js';
export * from './staff-schema.js';
export * from './rates-schema.js';
export * from './agents-schema.js';
export * from './desk-schema.js';
export * from './payments-durability-schema.js';
export * from './booking-access-schema.js';
export * from './receipt-files-schema.js';
export * from './limits-schema.js';
export * from './supplier-calls-schema.js';
export * from './allotments-schema.js';
export * from './whatsapp-schema.js';
export * from './route-notices-schema.js';
