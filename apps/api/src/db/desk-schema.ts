import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Refunds the agency recorded (migrations/0010_desk.sql): never updated or deleted. */
export const bookingRefunds = pgTable('booking_refunds', {
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
});
export type RefundRow = typeof bookingRefunds.$inferSelect;
