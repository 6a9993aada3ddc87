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
  smallint,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { CabinClassCode, PassengerType } from '@kwenda/contracts';
import type { AllotmentCurrency } from '../modules/allotments/allotment-line.js';

// The agency's own seats (migrations/0028_allotments.sql): flights an airline allocated seats on,
// their dates, and the seats each booking holds. Checks on values live in the migration.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * One flight over a period as the airline publishes it: the same flight on `days` (Monday = 1) from
 * `fromDate` to `toDate`, each date with `seats` seats at the same net fares in `currency`. Times are
 * HH:mm local at each airport; an arrival earlier than the departure is the next day (offset 1).
 */
export const allotmentFlights = pgTable(
  'allotment_flights',
  {
    id: text('id').primaryKey(),
    airline: text('airline').notNull(),
    flightNumber: text('flight_number').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    departureTime: text('departure_time').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    arrivalDayOffset: smallint('arrival_day_offset').$type<0 | 1>().notNull().default(0),
    days: smallint('days').array().notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    cabin: text('cabin').$type<CabinClassCode>().notNull(),
    seats: integer('seats').notNull(),
    currency: text('currency').$type<AllotmentCurrency>().notNull(),
    adultFare: money('adult_fare').notNull(),
    childFare: money('child_fare').notNull(),
    infantFare: money('infant_fare').notNull(),
    holdPieces: smallint('hold_pieces').notNull(),
    holdKg: smallint('hold_kg').notNull(),
    cabinKg: smallint('cabin_kg').notNull(),
    refundable: boolean('refundable').notNull(),
    refundPenalty: money('refund_penalty'),
    changeable: boolean('changeable').notNull(),
    changePenalty: money('change_penalty'),
    /** Days before departure at which unsold seats go back to the airline (sales stop then). */
    releaseDays: smallint('release_days').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    /** Staff user ids. */
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('allotment_flights_route').on(table.origin, table.destination),
    index('allotment_flights_flight').on(table.airline, table.flightNumber, table.fromDate),
  ],
);
export type AllotmentFlightRow = typeof allotmentFlights.$inferSelect;

/**
 * One date of a flight, changed on its own by staff: times, seats, fares (null: the flight's), on
 * sale, cancelled. Seats allocated are never fewer than those held and sold.
 */
export const allotmentDatedFlights = pgTable(
  'allotment_dated_flights',
  {
    id: text('id').primaryKey(),
    flightId: text('flight_id')
      .notNull()
      .references((): AnyPgColumn => allotmentFlights.id),
    /** Local date at the origin. */
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    departureTime: text('departure_time').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    arrivalDayOffset: smallint('arrival_day_offset').$type<0 | 1>().notNull().default(0),
    seatsAllocated: integer('seats_allocated').notNull(),
    seatsHeld: integer('seats_held').notNull().default(0),
    seatsSold: integer('seats_sold').notNull().default(0),
    adultFare: money('adult_fare'),
    childFare: money('child_fare'),
    infantFare: money('infant_fare'),
    onSale: boolean('on_sale').notNull().default(true),
    cancelledAt: at('cancelled_at'),
    /** Infants on a lap take no seat, up to this many on the flight (infantsTaken counts them). */
    infantLimit: smallint('infant_limit').notNull().default(10),
    infantsTaken: integer('infants_taken').notNull().default(0),
    updatedBy: text('updated_by').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique().on(table.flightId, table.departureDate),
    index('allotment_dated_flights_date')
      .on(table.departureDate)
      .where(sql`${table.cancelledAt} IS NULL`),
  ],
);
export type AllotmentDatedFlightRow = typeof allotmentDatedFlights.$inferSelect;

export type AllotmentOrderState = 'held' | 'paid' | 'ticketed' | 'cancelled';

/**
 * The agency-seats supplier's order book (migrations/0030_allotment_orders.sql): an order of the
 * agency's seats, as an airline keeps it. A booking finds it through bookings.supplier_order_id.
 */
export const allotmentOrders = pgTable('allotment_orders', {
  id: text('id').primaryKey(),
  clientReference: text('client_reference').notNull().unique(),
  state: text('state').$type<AllotmentOrderState>().notNull().default('held'),
  offerReference: text('offer_reference').notNull(),
  total: money('total').notNull(),
  currency: text('currency').$type<AllotmentCurrency>().notNull(),
  passengers: jsonb('passengers').$type<{ id: string; passengerType: PassengerType }[]>().notNull(),
  paymentRequiredBy: at('payment_required_by').notNull(),
  pnr: text('pnr'),
  tickets: jsonb('tickets').$type<{ passengerId: string; ticketNumber: string }[]>(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type AllotmentOrderRow = typeof allotmentOrders.$inferSelect;

export type AllotmentSeatHoldState = 'held' | 'sold' | 'released';

/** The seats an order holds on a dated flight; infants sit on a lap and take no seat. */
export const allotmentSeatHolds = pgTable(
  'allotment_seat_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    datedFlightId: text('dated_flight_id')
      .notNull()
      .references((): AnyPgColumn => allotmentDatedFlights.id),
    seats: integer('seats').notNull(),
    infants: integer('infants').notNull().default(0),
    state: text('state').$type<AllotmentSeatHoldState>().notNull().default('held'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When it was sold or released. */
    settledAt: at('settled_at'),
    orderId: text('order_id')
      .notNull()
      .references((): AnyPgColumn => allotmentOrders.id, { onDelete: 'cascade' }),
  },
  (table) => [
    unique('allotment_seat_holds_order_dated_flight').on(table.orderId, table.datedFlightId),
    index('allotment_seat_holds_dated_flight')
      .on(table.datedFlightId)
      .where(sql`${table.state} <> 'released'`),
  ],
);
export type AllotmentSeatHoldRow = typeof allotmentSeatHolds.$inferSelect;
