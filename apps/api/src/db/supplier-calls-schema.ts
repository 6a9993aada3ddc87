import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PassengerType } from '@kwenda/contracts';

// Supplier calls and the sandbox airline's order book (migrations/0013_supplier_calls.sql).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type SupplierCallKind = 'hold' | 'ticket' | 'cancel';

/**
 * How a call ended. A hold: held, price-changed, unavailable, expired (the supplier's answer), or,
 * when the answer was lost, adopted (the booking took the order found), released (cancelled instead)
 * or not-found. A ticket: ticketed, refused (the order is still unticketed) or not-ticketed (the
 * answer was lost and the supplier has no tickets). A cancel: cancelled, or refused (a staff cancel
 * the supplier turned down: the booking is unchanged).
 */
export type SupplierCallOutcome =
  | 'held'
  | 'price-changed'
  | 'unavailable'
  | 'expired'
  | 'adopted'
  | 'released'
  | 'not-found'
  | 'ticketed'
  | 'refused'
  | 'not-ticketed'
  | 'cancelled';

/**
 * One call to the flight supplier that changes something, committed before it is made and answered
 * after it (modules/supplier-calls). The id is also the client reference a hold is made with, so a
 * hold whose answer was lost is found at the supplier.
 */
export const supplierCalls = pgTable(
  'supplier_calls',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    kind: text('kind').$type<SupplierCallKind>().notNull(),
    /** Supplier.name of the supplier called. */
    supplier: text('supplier').notNull(),
    /** The order ticketed or cancelled; for a hold, the order it made once known. */
    orderId: text('order_id'),
    /** What the call was for (a hold's payment method, why a cancel) and what came back (tickets, an error). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestedAt: at('requested_at').notNull(),
    answeredAt: at('answered_at'),
    outcome: text('outcome').$type<SupplierCallOutcome>(),
    /** Tries so far: the call itself, then each time the reconciliation job took it up. */
    attempts: integer('attempts').notNull().default(1),
    /**
     * When the reconciliation job may take the call up; null while the process that made it may still
     * answer it (due SUPPLIER_CALL_LEASE_SECONDS after requested_at).
     */
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    /** Given up by the reconciliation job after its attempts (still without an answer): for a person. */
    deadAt: at('dead_at'),
  },
  (table) => [
    /** At most one unanswered hold and one unanswered ticketing per booking, one unanswered cancel per order. */
    uniqueIndex('supplier_calls_open_hold')
      .on(table.bookingId)
      .where(sql`${table.kind} = 'hold' AND ${table.answeredAt} IS NULL`),
    uniqueIndex('supplier_calls_open_ticket')
      .on(table.bookingId)
      .where(sql`${table.kind} = 'ticket' AND ${table.answeredAt} IS NULL`),
    uniqueIndex('supplier_calls_open_cancel')
      .on(table.orderId)
      .where(sql`${table.kind} = 'cancel' AND ${table.answeredAt} IS NULL`),
    index('supplier_calls_unanswered')
      .on(table.requestedAt)
      .where(sql`${table.answeredAt} IS NULL`),
    index('supplier_calls_booking').on(table.bookingId, table.requestedAt),
    index('supplier_calls_dead')
      .on(table.deadAt)
      .where(sql`${table.deadAt} IS NOT NULL AND ${table.answeredAt} IS NULL`),
  ],
);
export type SupplierCallRow = typeof supplierCalls.$inferSelect;

export type SandboxOrderState = 'held' | 'ticketed' | 'cancelled';

/** The sandbox airline's orders: what a real airline keeps on its side (suppliers/sandbox/order-book.ts). */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  clientReference: text('client_reference').unique(),
  state: text('state').$type<SandboxOrderState>().notNull(),
  validatingCarrier: text('validating_carrier').notNull(),
  offerReference: text('offer_reference').notNull(),
  totalUsd: numeric('total_usd', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  paymentRequiredBy: at('payment_required_by').notNull(),
  /** In the offer's order; ticket numbers derive from the order id and these ids. */
  passengers: jsonb('passengers').$type<{ id: string; passengerType: PassengerType }[]>().notNull(),
  /** Times ticketing was refused (a TICKETRETRY passenger is refused once per order). */
  ticketingRefusals: integer('ticketing_refusals').notNull().default(0),
  pnr: text('pnr'),
  tickets: jsonb('tickets').$type<{ passengerId: string; ticketNumber: string }[]>(),
  createdAt: at('created_at').notNull().defaultNow(),
  ticketedAt: at('ticketed_at'),
  cancelledAt: at('cancelled_at'),
});
export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;

/** Seats an order takes on each of its flights (infants sit on a lap). */
export const sandboxOrderSeats = pgTable(
  'sandbox_order_seats',
  {
    orderId: text('order_id').notNull(),
    flightNumber: text('flight_number').notNull(),
    /** Local date at the flight's origin. */
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    seats: integer('seats').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.flightNumber, table.departureDate] }),
    index('sandbox_order_seats_flight').on(table.flightNumber, table.departureDate),
  ],
);
