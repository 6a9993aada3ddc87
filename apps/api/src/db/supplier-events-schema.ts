import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { OfferSlice } from '@kwenda/contracts';
import type { AirlineChange, CancellationQuote } from '../suppliers/supplier.js';

// Supplier events, airline changes and cancellation quotes (migrations/0019_supplier_events.sql).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export type SupplierEventStatus = 'pending' | 'processed' | 'ignored';

/** Every event a supplier sent (Duffel's webhooks), stored once by its id and processed by a job. */
export const supplierEvents = pgTable(
  'supplier_events',
  {
    supplier: text('supplier').notNull(),
    id: text('id').notNull(),
    eventType: text('event_type').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    receivedAt: at('received_at').notNull(),
    status: text('status').$type<SupplierEventStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    processedAt: at('processed_at'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    /** Given up after its attempts (still pending): for a person. */
    deadAt: at('dead_at'),
  },
  (table) => [
    primaryKey({ columns: [table.supplier, table.id] }),
    index('supplier_events_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('supplier_events_dead')
      .on(table.deadAt)
      .where(sql`${table.deadAt} IS NOT NULL`),
  ],
);
export type SupplierEventRow = typeof supplierEvents.$inferSelect;

/** An airline's change to a booking's flights, and the traveller's decision. */
export const bookingAirlineChanges = pgTable(
  'booking_airline_changes',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    supplier: text('supplier').notNull(),
    orderId: text('order_id').notNull(),
    removed: jsonb('removed').$type<OfferSlice[]>().notNull(),
    added: jsonb('added').$type<OfferSlice[]>().notNull(),
    availableActions: jsonb('available_actions').$type<AirlineChange['availableActions']>().notNull(),
    detectedAt: at('detected_at').notNull(),
    decision: text('decision').$type<'accepted' | 'cancelled'>(),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by'),
  },
  (table) => [index('booking_airline_changes_booking').on(table.bookingId, table.detectedAt)],
);
export type BookingAirlineChangeRow = typeof bookingAirlineChanges.$inferSelect;

/** A supplier's quote for cancelling a booking's order, with the refund in the booking's currency. */
export const bookingCancellationQuotes = pgTable(
  'booking_cancellation_quotes',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    supplier: text('supplier').notNull(),
    orderId: text('order_id').notNull(),
    supplierAmount: money('supplier_amount').notNull(),
    supplierCurrency: text('supplier_currency').notNull(),
    amount: money('amount'),
    currency: text('currency').notNull(),
    refundTo: text('refund_to').$type<CancellationQuote['refundTo']>().notNull(),
    expiresAt: at('expires_at').notNull(),
    requestedBy: text('requested_by').notNull(),
    createdAt: at('created_at').notNull(),
    confirmedAt: at('confirmed_at'),
  },
  (table) => [index('booking_cancellation_quotes_booking').on(table.bookingId, table.createdAt)],
);
export type BookingCancellationQuoteRow = typeof bookingCancellationQuotes.$inferSelect;
