import { randomBytes } from 'node:crypto';
import type { CabinClassCode } from '@kwenda/contracts';
import { and, eq, inArray, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { allotmentDatedFlights, allotmentFlights, allotmentOrders, type AllotmentOrderRow } from '../../db/allotments-schema.js';
import type { Tx } from '../../db/tx.js';
import { holdSeats, releaseSeats, sellSeats } from '../../modules/allotments/allotments-repository.js';
import type { AllotmentCurrency } from '../../modules/allotments/allotment-line.js';
import type { TicketedOrder } from '../supplier.js';

/**
 * Every query of the agency-seats supplier: the dated flights it sells (the agency's allocations,
 * migrations/0028 and 0030) and its order book (allotment_orders), whose seats are counted on the
 * dated flights by modules/allotments/allotments-repository.ts in the same transaction.
 */

/** A dated flight as the supplier sells it: the date's own values, else its flight's. */
export interface SellableFlight {
  id: string;
  airline: string;
  flightNumber: string;
  origin: string;
  destination: string;
  departureDate: string;
  departureTime: string;
  arrivalTime: string;
  arrivalDayOffset: 0 | 1;
  cabin: CabinClassCode;
  currency: AllotmentCurrency;
  fares: { adult: number; child: number; infant: number };
  holdPieces: number;
  holdKg: number;
  cabinKg: number;
  refundable: boolean;
  refundPenalty: number | null;
  changeable: boolean;
  changePenalty: number | null;
  releaseDays: number;
  /** Both the flight and the date are on sale, and the date is not cancelled. */
  onSale: boolean;
  seatsLeft: number;
  infantsLeft: number;
}

const columns = {
  id: allotmentDatedFlights.id,
  airline: allotmentFlights.airline,
  flightNumber: allotmentFlights.flightNumber,
  origin: allotmentFlights.origin,
  destination: allotmentFlights.destination,
  departureDate: allotmentDatedFlights.departureDate,
  departureTime: allotmentDatedFlights.departureTime,
  arrivalTime: allotmentDatedFlights.arrivalTime,
  arrivalDayOffset: allotmentDatedFlights.arrivalDayOffset,
  cabin: allotmentFlights.cabin,
  currency: allotmentFlights.currency,
  adultFare: sql<number>`coalesce(${allotmentDatedFlights.adultFare}, ${allotmentFlights.adultFare})::float8`,
  childFare: sql<number>`coalesce(${allotmentDatedFlights.childFare}, ${allotmentFlights.childFare})::float8`,
  infantFare: sql<number>`coalesce(${allotmentDatedFlights.infantFare}, ${allotmentFlights.infantFare})::float8`,
  holdPieces: allotmentFlights.holdPieces,
  holdKg: allotmentFlights.holdKg,
  cabinKg: allotmentFlights.cabinKg,
  refundable: allotmentFlights.refundable,
  refundPenalty: allotmentFlights.refundPenalty,
  changeable: allotmentFlights.changeable,
  changePenalty: allotmentFlights.changePenalty,
  releaseDays: allotmentFlights.releaseDays,
  onSale: sql<boolean>`(${allotmentFlights.onSale} AND ${allotmentDatedFlights.onSale} AND ${allotmentDatedFlights.cancelledAt} IS NULL)`,
  seatsLeft: sql<number>`(${allotmentDatedFlights.seatsAllocated} - ${allotmentDatedFlights.seatsHeld} - ${allotmentDatedFlights.seatsSold})::int`,
  infantsLeft: sql<number>`(${allotmentDatedFlights.infantLimit} - ${allotmentDatedFlights.infantsTaken})::int`,
};

const selectFlights = (db: Db) =>
  db
    .select(columns)
    .from(allotmentDatedFlights)
    .innerJoin(allotmentFlights, eq(allotmentFlights.id, allotmentDatedFlights.flightId));
type Row = Awaited<ReturnType<typeof selectFlights>>[number];

const toFlight = (r: Row): SellableFlight => {
  return {
    id: r.id,
    airline: r.airline,
    flightNumber: r.flightNumber,
    origin: r.origin,
    destination: r.destination,
    departureDate: r.departureDate,
    departureTime: r.departureTime,
    arrivalTime: r.arrivalTime,
    arrivalDayOffset: r.arrivalDayOffset,
    cabin: r.cabin,
    currency: r.currency,
    fares: { adult: Number(r.adultFare), child: Number(r.childFare), infant: Number(r.infantFare) },
    holdPieces: r.holdPieces,
    holdKg: r.holdKg,
    cabinKg: r.cabinKg,
    refundable: r.refundable,
    refundPenalty: r.refundPenalty === null ? null : Number(r.refundPenalty),
    changeable: r.changeable,
    changePenalty: r.changePenalty === null ? null : Number(r.changePenalty),
    releaseDays: r.releaseDays,
    onSale: Boolean(r.onSale),
    seatsLeft: Number(r.seatsLeft),
    infantsLeft: Number(r.infantsLeft),
  };
};

export type AgencyOrderState = AllotmentOrderRow['state'];

/** The order is gone, cancelled or already paid for: it cannot be paid (an order is paid once). */
export class AgencyOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgencyOrderError';
  }
}

export function createAgencySeatsStore(db: Db) {
  const base = () => selectFlights(db);

  return {
    /** The dated flights of a route on a local date in a cabin, whatever their seats (the caller decides). */
    async flightsOn(origin: string, destination: string, departureDate: string, cabin: CabinClassCode) {
      const rows = await base().where(
        and(
          eq(allotmentFlights.origin, origin),
          eq(allotmentFlights.destination, destination),
          eq(allotmentFlights.cabin, cabin),
          eq(allotmentDatedFlights.departureDate, departureDate),
          isNull(allotmentDatedFlights.cancelledAt),
        ),
      );
      return rows.map(toFlight);
    },

    async flightsById(ids: readonly string[]): Promise<Map<string, SellableFlight>> {
      if (ids.length === 0) return new Map();
      const rows = await base().where(inArray(allotmentDatedFlights.id, [...ids]));
      return new Map(rows.map((row) => [row.id, toFlight(row)]));
    },

    findOrder: async (orderId: string) => (await db.select().from(allotmentOrders).where(eq(allotmentOrders.id, orderId)))[0],

    findByClientReference: async (clientReference: string) =>
      (await db.select().from(allotmentOrders).where(eq(allotmentOrders.clientReference, clientReference)))[0],

    /**
     * Opens the order and takes its seats on each dated flight in one transaction: every flight's
     * seats or none. Answers the order, or null when a flight has too few seats (or infant places)
     * left or stopped selling meanwhile. A client reference used already answers that order.
     */
    async openOrder(order: {
      clientReference: string;
      offerReference: string;
      total: number;
      currency: AllotmentCurrency;
      passengers: { id: string; passengerType: AllotmentOrderRow['passengers'][number]['passengerType'] }[];
      paymentRequiredBy: Date;
      holds: { datedFlightId: string; seats: number; infants: number }[];
    }): Promise<AllotmentOrderRow | null> {
      return db
        .transaction(async (tx) => {
          const [made] = await tx
            .insert(allotmentOrders)
            .values({
              id: `ao_${randomBytes(9).toString('base64url')}`,
              clientReference: order.clientReference,
              offerReference: order.offerReference,
              total: order.total,
              currency: order.currency,
              passengers: order.passengers,
              paymentRequiredBy: order.paymentRequiredBy,
            })
            .onConflictDoNothing({ target: allotmentOrders.clientReference })
            .returning();
          if (!made) {
            const [existing] = await tx
              .select()
              .from(allotmentOrders)
              .where(eq(allotmentOrders.clientReference, order.clientReference));
            return existing ?? null;
          }
          // Ascending dated flight id, as every writer of seats takes them: two orders never wait on each other.
          const holds = [...order.holds].sort((a, b) => (a.datedFlightId < b.datedFlightId ? -1 : 1));
          for (const hold of holds) {
            const answer = await holdSeats(tx, { orderId: made.id, ...hold });
            if (!answer.held) {
              tx.rollback();
            }
          }
          return made;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return null;
          throw error;
        });
    },

    /** Paid: its held seats are counted as sold, once. Answers the order as it now is. */
    async markPaid(orderId: string): Promise<AllotmentOrderRow> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AgencyOrderError(`Order ${orderId} is not known`);
        if (order.state === 'cancelled') throw new AgencyOrderError(`Order ${orderId} is cancelled`);
        if (order.state === 'ticketed') throw new AgencyOrderError(`Order ${orderId} is already ticketed`);
        if (order.state === 'paid') return order;
        await sellSeats(tx, orderId);
        const [paid] = await tx
          .update(allotmentOrders)
          .set({ state: 'paid', updatedAt: sql`now()` })
          .where(eq(allotmentOrders.id, orderId))
          .returning();
        return paid!;
      });
    },

    /** The PNR and tickets staff issued in the airline's system; the same ones again change nothing. */
    async recordTickets(orderId: string, ticketed: TicketedOrder): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AgencyOrderError(`Order ${orderId} is not known`);
        if (order.state === 'cancelled') throw new AgencyOrderError(`Order ${orderId} is cancelled`);
        if (order.state === 'held') await sellSeats(tx, orderId);
        await tx
          .update(allotmentOrders)
          .set({ state: 'ticketed', pnr: ticketed.pnr, tickets: ticketed.tickets, updatedAt: sql`now()` })
          .where(eq(allotmentOrders.id, orderId));
      });
    },

    /** Cancelled, its seats given back (held or sold), once. Unknown or already cancelled: nothing. */
    async cancel(orderId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order || order.state === 'cancelled') return;
        await releaseSeats(tx, orderId);
        await tx
          .update(allotmentOrders)
          .set({ state: 'cancelled', updatedAt: sql`now()` })
          .where(eq(allotmentOrders.id, orderId));
      });
    },
  };
}

async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx.select().from(allotmentOrders).where(eq(allotmentOrders.id, orderId)).for('update');
  return row;
}

export type AgencySeatsStore = ReturnType<typeof createAgencySeatsStore>;
