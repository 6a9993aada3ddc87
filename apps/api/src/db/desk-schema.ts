import { index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Refunds the agency recorded (migrations/0010_desk.sql): never updated or deleted. */
export const bookingRefunds = pgTable(
  'booking_refunds',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    paymentId: text('payment_id'),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method').$type<'bank-transfer' | 'card' | 'cash' | 'other'>().notNull(),
    reference: text('reference').notNull(),
    note: text('note'),
    /** 'staff:<user id>'. */
    recordedBy: text('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_refunds_booking').on(table.bookingId, table.createdAt),
    index('booking_refunds_recent').on(table.createdAt.desc().nullsFirst()),
  ],
);
export type RefundRow = typeof bookingRefunds.$inferSelect;

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * What a cancellation left owed to the traveller (migrations/0026_booking_cancellations.sql): the
 * money received then, the airline's refund of it in the booking's currency and its fee, the agency's
 * fee, and what is owed. Written once, with the cancellation.
 */
export const bookingCancellations = pgTable('booking_cancellations', {
  bookingId: text('booking_id').primaryKey(),
  currency: text('currency').notNull(),
  paid: money('paid').notNull(),
  /** Null when the airline refunds the booking whole (a hold, an order not ticketed) or its figure could not be converted. */
  airlineRefund: money('airline_refund'),
  airlineFee: money('airline_fee').notNull(),
  agencyFee: money('agency_fee').notNull().default(0),
  owed: money('owed').notNull(),
  supplierRefundAmount: numeric('supplier_refund_amount', { precision: 12, scale: 2, mode: 'number' }),
  supplierRefundCurrency: text('supplier_refund_currency'),
  refundTo: text('refund_to'),
  quoteId: text('quote_id'),
  trigger: text('trigger').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type BookingCancellationRow = typeof bookingCancellations.$inferSelect;
