import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PassengerType } from '@kwenda/contracts';
import type { Db } from '../../db/client.js';
import {
  sandboxOrders,
  sandboxOrderSeats,
  type SandboxOrderRow,
  type SandboxOrderState,
} from '../../db/supplier-calls-schema.js';
import type { SupplierOrder, SupplierPassenger, TicketedOrder } from '../supplier.js';
import { pnrOf, SANDBOX_TICKET_FAIL_NAME, SANDBOX_TICKET_RETRY_NAME, SandboxTicketingError, ticketNumberOf } from './orders.js';

/**
 * The sandbox airline's order book, in tables (migrations/0013_supplier_calls.sql) so that every
 * process and a restart see the same orders: held, ticketed or cancelled, the seats they take on
 * each flight, and the client reference each hold was made with. PNRs and ticket numbers derive
 * from the order id (orders.ts). Every query of the sandbox's orders is here.
 */

export interface NewSandboxOrder {
  clientReference: string;
  validatingCarrier: string;
  offerReference: string;
  totalUsd: number;
  paymentRequiredBy: Date;
  passengers: { id: string; passengerType: PassengerType }[];
  /** Each flight of the offer, with its local departure date at the origin. */
  flights: { flightNumber: string; departureDate: string }[];
}

/** The order is cancelled or already ticketed: it cannot be ticketed (an order is paid once). */
export class SandboxOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxOrderError';
  }
}

const toSupplierOrder = (row: SandboxOrderRow): SupplierOrder => ({
  orderId: row.id,
  clientReference: row.clientReference,
  state: row.state,
  paymentRequiredBy: row.paymentRequiredBy,
  total: row.totalUsd,
  currency: 'USD',
  ticketed: row.state === 'ticketed' && row.pnr && row.tickets ? { pnr: row.pnr, tickets: row.tickets } : null,
  // The sandbox airline never changes its flights: an order flies the offer it was made from.
  slices: null,
});

export function createOrderBook(db: Db) {
  const find = async (orderId: string) => {
    const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
    return row;
  };

  return {
    /**
     * Holds the seats; a client reference already used answers the order made with it (asking
     * twice holds once).
     */
    async open(order: NewSandboxOrder): Promise<SupplierOrder> {
      const seats = order.passengers.filter((p) => p.passengerType !== 'infant').length;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxOrders)
          .values({
            id: `ord_${randomBytes(12).toString('hex')}`,
            clientReference: order.clientReference,
            state: 'held',
            validatingCarrier: order.validatingCarrier,
            offerReference: order.offerReference,
            totalUsd: order.totalUsd,
            paymentRequiredBy: order.paymentRequiredBy,
            passengers: order.passengers,
          })
          .onConflictDoNothing({ target: sandboxOrders.clientReference })
          .returning();
        if (!created) return undefined;
        const flights = new Map(order.flights.map((f) => [`${f.flightNumber}@${f.departureDate}`, f]));
        await tx.insert(sandboxOrderSeats).values([...flights.values()].map((f) => ({ orderId: created.id, ...f, seats })));
        return created;
      });
      if (row) return toSupplierOrder(row);
      const [existing] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.clientReference, order.clientReference));
      return toSupplierOrder(existing!);
    },

    async get(orderId: string): Promise<SupplierOrder | null> {
      const row = await find(orderId);
      return row ? toSupplierOrder(row) : null;
    },

    async findByClientReference(clientReference: string): Promise<SupplierOrder | null> {
      const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.clientReference, clientReference));
      return row ? toSupplierOrder(row) : null;
    },

    state: async (orderId: string): Promise<SandboxOrderState | undefined> => (await find(orderId))?.state,

    /** The order as the airline keeps it (its offer and total), or undefined. */
    row: find,

    /**
     * Issues the tickets of a held order: a PNR and one ticket number per passenger, derived from the
     * order id. Refused (SandboxTicketingError) for the TICKETFAIL / TICKETRETRY test passengers;
     * a cancelled, ticketed or unknown order throws SandboxOrderError.
     */
    async ticket(orderId: string, passengers: SupplierPassenger[], now = new Date()): Promise<TicketedOrder> {
      const lastNames = passengers.map((p) => p.lastName.toUpperCase());
      const result = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId)).for('update');
        if (!order) return new SandboxOrderError(`No order ${orderId}`);
        if (order.state !== 'held') return new SandboxOrderError(`Order ${orderId} is ${order.state}`);
        if (lastNames.includes(SANDBOX_TICKET_FAIL_NAME)) return new SandboxTicketingError(orderId, SANDBOX_TICKET_FAIL_NAME);
        if (lastNames.includes(SANDBOX_TICKET_RETRY_NAME) && order.ticketingRefusals === 0) {
          // Kept, so the next try (by this process or another) is issued.
          await tx
            .update(sandboxOrders)
            .set({ ticketingRefusals: sql`${sandboxOrders.ticketingRefusals} + 1` })
            .where(eq(sandboxOrders.id, orderId));
          return new SandboxTicketingError(orderId, SANDBOX_TICKET_RETRY_NAME);
        }
        const ticketed: TicketedOrder = {
          pnr: pnrOf(orderId),
          tickets: passengers.map((p) => ({
            passengerId: p.id,
            ticketNumber: ticketNumberOf(orderId, p.id, order.validatingCarrier),
          })),
        };
        await tx
          .update(sandboxOrders)
          .set({ state: 'ticketed', pnr: ticketed.pnr, tickets: ticketed.tickets, ticketedAt: now })
          .where(eq(sandboxOrders.id, orderId));
        return ticketed;
      });
      if (result instanceof Error) throw result;
      return result;
    },

    /**
     * Releases a held order's seats; an unknown or cancelled order is left as it is, and so is a
     * ticketed one unless `ticketed` (a confirmed cancellation quote: the tickets are voided too).
     */
    async cancel(orderId: string, now = new Date(), { ticketed = false } = {}): Promise<void> {
      await db
        .update(sandboxOrders)
        .set({ state: 'cancelled', cancelledAt: now })
        .where(
          and(eq(sandboxOrders.id, orderId), ticketed ? ne(sandboxOrders.state, 'cancelled') : eq(sandboxOrders.state, 'held')),
        );
    },

    /** Seats taken on a flight by orders not cancelled. */
    async heldSeats(flightNumber: string, departureDate: string): Promise<number> {
      const [row] = await db
        .select({ seats: sql<number>`coalesce(sum(${sandboxOrderSeats.seats}), 0)::int` })
        .from(sandboxOrderSeats)
        .innerJoin(sandboxOrders, eq(sandboxOrders.id, sandboxOrderSeats.orderId))
        .where(
          and(
            eq(sandboxOrderSeats.flightNumber, flightNumber),
            eq(sandboxOrderSeats.departureDate, departureDate),
            ne(sandboxOrders.state, 'cancelled'),
          ),
        );
      return row?.seats ?? 0;
    },
  };
}

export type SandboxOrderBook = ReturnType<typeof createOrderBook>;
