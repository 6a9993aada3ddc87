import { and, asc, eq, gte, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { BookingStatus } from '@kwenda/contracts';
import {
  allotmentDatedFlights,
  allotmentFlights,
  allotmentOrders,
  allotmentSeatHolds,
  type AllotmentDatedFlightRow,
  type AllotmentFlightRow,
} from '../../db/allotments-schema.js';
import { bookingPassengers, bookings } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

/**
 * The seats desk's reads and writes of the agency's own seats: the dated flights of a period, one
 * with its flight, staff's changes to a date or a flight, and the passengers holding seats on a date
 * (the manifest). Seats allocated are changed by allotments-repository's setSeatsAllocated.
 */

/** The supplier name a booking of the agency's seats carries (bookings.supplier). */
export const AGENCY_SEATS_SUPPLIER = 'agency-seats';
/** A booking in these states holds no seat any more, whatever its hold says. */
const GONE: BookingStatus[] = ['canceled', 'refunded', 'offer-unavailable'];

// Written out in full: inside a subquery Drizzle may leave a column's table off, and users has an id too.
const staffName = (
  column: 'allotment_dated_flights.updated_by' | 'allotment_flights.created_by' | 'allotment_flights.updated_by',
) => sql<string | null>`(SELECT u.full_name FROM users u WHERE u.id = ${sql.raw(column)})`;

export interface DatedFlightView {
  dated: AllotmentDatedFlightRow;
  flight: AllotmentFlightRow;
  updatedByName: string | null;
}

const datedFlightView = {
  dated: allotmentDatedFlights,
  flight: allotmentFlights,
  updatedByName: staffName('allotment_dated_flights.updated_by'),
};

/**
 * The dated flights leaving from `from` to `to` (local dates at the origin), of a route or an airline,
 * by date, time, airline and flight number; at most `limit`.
 */
export async function listDatedFlights(
  tx: Tx,
  filter: { from: string; to: string; origin?: string; destination?: string; airline?: string },
  limit: number,
): Promise<DatedFlightView[]> {
  return tx
    .select(datedFlightView)
    .from(allotmentDatedFlights)
    .innerJoin(allotmentFlights, eq(allotmentFlights.id, allotmentDatedFlights.flightId))
    .where(
      and(
        gte(allotmentDatedFlights.departureDate, filter.from),
        lte(allotmentDatedFlights.departureDate, filter.to),
        filter.origin ? eq(allotmentFlights.origin, filter.origin) : undefined,
        filter.destination ? eq(allotmentFlights.destination, filter.destination) : undefined,
        filter.airline ? eq(allotmentFlights.airline, filter.airline) : undefined,
      ),
    )
    .orderBy(
      asc(allotmentDatedFlights.departureDate),
      asc(allotmentDatedFlights.departureTime),
      asc(allotmentFlights.airline),
      asc(allotmentFlights.flightNumber),
      asc(allotmentDatedFlights.id),
    )
    .limit(limit);
}

/** One dated flight with its flight; `lock` holds its row until the transaction ends (a staff change). */
export async function findDatedFlight(
  tx: Tx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<DatedFlightView | undefined> {
  const query = tx
    .select(datedFlightView)
    .from(allotmentDatedFlights)
    .innerJoin(allotmentFlights, eq(allotmentFlights.id, allotmentDatedFlights.flightId))
    .where(eq(allotmentDatedFlights.id, id));
  const [row] = options.lock ? await query.for('update', { of: allotmentDatedFlights }) : await query;
  return row;
}

export interface FlightView {
  flight: AllotmentFlightRow;
  createdByName: string | null;
  updatedByName: string | null;
  datedFlights: number;
}

/** A flight with who made and last changed it; `lock` holds its row until the transaction ends. */
export async function findFlight(tx: Tx, id: string, options: { lock?: boolean } = {}): Promise<FlightView | undefined> {
  const query = tx
    .select({
      flight: allotmentFlights,
      createdByName: staffName('allotment_flights.created_by'),
      updatedByName: staffName('allotment_flights.updated_by'),
      datedFlights: sql<number>`(SELECT count(*)::int FROM allotment_dated_flights d WHERE d.flight_id = allotment_flights.id)`,
    })
    .from(allotmentFlights)
    .where(eq(allotmentFlights.id, id));
  const [row] = options.lock ? await query.for('update', { of: allotmentFlights }) : await query;
  return row && { ...row, datedFlights: Number(row.datedFlights) };
}

/** A staff change to a dated flight's fares, times, sale or cancellation (seats and infants apart). */
export type DatedFlightChange = Partial<
  Pick<
    AllotmentDatedFlightRow,
    'adultFare' | 'childFare' | 'infantFare' | 'departureTime' | 'arrivalTime' | 'arrivalDayOffset' | 'onSale' | 'cancelledAt'
  >
> & { updatedBy: string; updatedAt: Date };

export async function updateDatedFlight(tx: Tx, id: string, change: DatedFlightChange) {
  await tx.update(allotmentDatedFlights).set(change).where(eq(allotmentDatedFlights.id, id));
}

/**
 * Sets the most infants on a lap the date takes, refused below the infants already taken (checked in
 * the same UPDATE). Answers false when refused.
 */
export async function setInfantLimit(tx: Tx, id: string, limit: number, updatedBy: string, updatedAt: Date): Promise<boolean> {
  const rows = await tx
    .update(allotmentDatedFlights)
    .set({ infantLimit: limit, updatedBy, updatedAt })
    .where(and(eq(allotmentDatedFlights.id, id), lte(allotmentDatedFlights.infantsTaken, limit)))
    .returning({ id: allotmentDatedFlights.id });
  return rows.length > 0;
}

/**
 * Puts a flight on sale or pauses it, with each of its dates from `fromDate` (not cancelled) whose flag
 * differs. Answers the dates changed, or undefined when there is no such flight.
 */
export async function setFlightOnSale(
  tx: Tx,
  flightId: string,
  change: { onSale: boolean; fromDate: string; updatedBy: string; updatedAt: Date },
): Promise<number | undefined> {
  const flights = await tx
    .update(allotmentFlights)
    .set({ onSale: change.onSale, updatedBy: change.updatedBy, updatedAt: change.updatedAt })
    .where(eq(allotmentFlights.id, flightId))
    .returning({ id: allotmentFlights.id });
  if (!flights.length) return undefined;
  const dates = await tx
    .update(allotmentDatedFlights)
    .set({ onSale: change.onSale, updatedBy: change.updatedBy, updatedAt: change.updatedAt })
    .where(
      and(
        eq(allotmentDatedFlights.flightId, flightId),
        gte(allotmentDatedFlights.departureDate, change.fromDate),
        ne(allotmentDatedFlights.onSale, change.onSale),
        sql`${allotmentDatedFlights.cancelledAt} IS NULL`,
      ),
    )
    .returning({ id: allotmentDatedFlights.id });
  return dates.length;
}

/** The seats an order holds (held or sold) on the date, with its booking, when that booking is not cancelled. */
const holdersOf = (datedFlightId: string) =>
  and(
    eq(allotmentSeatHolds.datedFlightId, datedFlightId),
    ne(allotmentSeatHolds.state, 'released'),
    notInArray(bookings.status, GONE),
  );

/** The bookings holding seats on a dated flight, by booking reference. */
export async function bookingsHolding(tx: Tx, datedFlightId: string) {
  const rows = await tx
    .select({
      bookingId: bookings.id,
      bookingReference: bookings.bookingReference,
      bookingStatus: bookings.status,
      seats: allotmentSeatHolds.seats,
      holdState: allotmentSeatHolds.state,
    })
    .from(allotmentSeatHolds)
    .innerJoin(allotmentOrders, eq(allotmentOrders.id, allotmentSeatHolds.orderId))
    .innerJoin(bookings, and(eq(bookings.supplier, AGENCY_SEATS_SUPPLIER), eq(bookings.supplierOrderId, allotmentOrders.id)))
    .where(holdersOf(datedFlightId))
    .orderBy(asc(bookings.bookingReference));
  return rows as (Omit<(typeof rows)[number], 'holdState'> & { holdState: 'held' | 'sold' })[];
}

/** Every passenger of the bookings holding seats on a dated flight, by booking reference then position. */
export async function manifestPassengers(tx: Tx, datedFlightId: string) {
  return tx
    .select({
      bookingId: bookings.id,
      bookingReference: bookings.bookingReference,
      bookingStatus: bookings.status,
      email: bookings.email,
      mobile: bookings.mobile,
      bookingPnr: bookings.pnr,
      orderPnr: allotmentOrders.pnr,
      orderTickets: allotmentOrders.tickets,
      passenger: {
        id: bookingPassengers.id,
        supplierPassengerId: bookingPassengers.supplierPassengerId,
        passengerType: bookingPassengers.passengerType,
        firstName: bookingPassengers.firstName,
        lastName: bookingPassengers.lastName,
        dateOfBirth: bookingPassengers.dateOfBirth,
        gender: bookingPassengers.gender,
        nationality: bookingPassengers.nationalityCountry,
        documentNumber: bookingPassengers.documentNumber,
        documentExpiryDate: bookingPassengers.documentExpiryDate,
        extraBaggage: bookingPassengers.extraBaggage,
        ticketNumber: bookingPassengers.ticketNumber,
      },
    })
    .from(allotmentSeatHolds)
    .innerJoin(allotmentOrders, eq(allotmentOrders.id, allotmentSeatHolds.orderId))
    .innerJoin(bookings, and(eq(bookings.supplier, AGENCY_SEATS_SUPPLIER), eq(bookings.supplierOrderId, allotmentOrders.id)))
    .innerJoin(bookingPassengers, eq(bookingPassengers.bookingId, bookings.id))
    .where(holdersOf(datedFlightId))
    .orderBy(asc(bookings.bookingReference), asc(bookingPassengers.position));
}
