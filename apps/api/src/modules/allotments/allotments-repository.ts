import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { allotmentDatedFlights, allotmentSeatHolds, type AllotmentSeatHoldState } from '../../db/allotments-schema.js';
import type { Tx } from '../../db/tx.js';

/**
 * The seat counter of the agency's own seats (migrations/0028_allotments.sql). Each dated flight
 * counts its seats allocated, held and sold; a hold takes its seats with one conditional UPDATE of
 * the dated flight's row in the caller's transaction, so it never takes more seats than are left,
 * whatever the number of processes holding at once: PostgreSQL locks the row, and a holder that
 * waited re-checks the seats left on the row as the other holder left it. The table's CHECK
 * (held + sold <= allocated) is the last guard.
 *
 * A transaction that holds seats on several dated flights takes them in ascending dated flight id,
 * as releaseSeats and sellSeats do, so that two orders never wait on each other.
 */

export interface SeatCounts {
  allocated: number;
  held: number;
  sold: number;
  left: number;
}

export type HoldResult =
  | { held: true }
  /** `left`: the seats still for sale on the dated flight (0 when it is not on sale, cancelled or unknown). */
  | { held: false; left: number; infantsLeft: number };

const seatsLeft = sql<number>`${allotmentDatedFlights.seatsAllocated} - ${allotmentDatedFlights.seatsHeld} - ${allotmentDatedFlights.seatsSold}`;

/**
 * Holds `seats` seats of a dated flight for an order (infants on a lap take none), in the caller's
 * transaction. Refused, taking nothing, when fewer seats are left or the date is not on sale or is
 * cancelled. An order holds once per dated flight: holding again what it already holds answers
 * held; an order whose hold was released may hold again.
 */
export async function holdSeats(
  tx: Tx,
  hold: { orderId: string; datedFlightId: string; seats: number; infants: number },
): Promise<HoldResult> {
  if (!Number.isInteger(hold.seats) || hold.seats <= 0) throw new Error(`A hold takes at least one seat (${hold.seats})`);
  if (!Number.isInteger(hold.infants) || hold.infants < 0) throw new Error(`Infants on a lap: ${hold.infants}`);

  const [existing] = await tx
    .select({ seats: allotmentSeatHolds.seats, infants: allotmentSeatHolds.infants })
    .from(allotmentSeatHolds)
    .where(
      and(
        eq(allotmentSeatHolds.orderId, hold.orderId),
        eq(allotmentSeatHolds.datedFlightId, hold.datedFlightId),
        ne(allotmentSeatHolds.state, 'released'),
      ),
    );
  if (existing) {
    if (existing.seats === hold.seats && existing.infants === hold.infants) return { held: true };
    throw new Error(`Order ${hold.orderId} already holds ${existing.seats} seats on ${hold.datedFlightId}`);
  }

  const [taken] = await tx
    .update(allotmentDatedFlights)
    .set({
      seatsHeld: sql`${allotmentDatedFlights.seatsHeld} + ${hold.seats}`,
      infantsTaken: sql`${allotmentDatedFlights.infantsTaken} + ${hold.infants}`,
    })
    .where(
      and(
        eq(allotmentDatedFlights.id, hold.datedFlightId),
        eq(allotmentDatedFlights.onSale, true),
        isNull(allotmentDatedFlights.cancelledAt),
        sql`${seatsLeft} >= ${hold.seats}`,
        sql`${allotmentDatedFlights.infantsTaken} + ${hold.infants} <= ${allotmentDatedFlights.infantLimit}`,
      ),
    )
    .returning({ id: allotmentDatedFlights.id });
  if (!taken) {
    const [flight] = await tx
      .select({
        left: seatsLeft,
        infantsLeft: sql<number>`${allotmentDatedFlights.infantLimit} - ${allotmentDatedFlights.infantsTaken}`,
        onSale: allotmentDatedFlights.onSale,
        cancelledAt: allotmentDatedFlights.cancelledAt,
      })
      .from(allotmentDatedFlights)
      .where(eq(allotmentDatedFlights.id, hold.datedFlightId));
    const open = flight && flight.onSale && !flight.cancelledAt;
    return { held: false, left: open ? Number(flight.left) : 0, infantsLeft: open ? Number(flight.infantsLeft) : 0 };
  }

  // A hold released earlier is taken up again in its own row (one row per order and dated flight).
  const [recorded] = await tx
    .insert(allotmentSeatHolds)
    .values({ orderId: hold.orderId, datedFlightId: hold.datedFlightId, seats: hold.seats, infants: hold.infants })
    .onConflictDoUpdate({
      target: [allotmentSeatHolds.orderId, allotmentSeatHolds.datedFlightId],
      set: { seats: hold.seats, infants: hold.infants, state: 'held', createdAt: sql`now()`, settledAt: null },
      setWhere: sql`${allotmentSeatHolds.state} = 'released'`,
    })
    .returning({ id: allotmentSeatHolds.id });
  // The same order held the same flight at the same moment elsewhere: throwing rolls back the seats taken.
  if (!recorded) throw new Error(`Order ${hold.orderId} already holds seats on ${hold.datedFlightId}`);
  return { held: true };
}

/**
 * Moves an order's holds in state `from` to `to`, once: the holds are locked first, so a second
 * call, even one that waited on the first, finds nothing left to move. Answers the holds moved, in
 * ascending dated flight id (the order their dated flights are then updated in).
 */
async function settleHolds(tx: Tx, orderId: string, from: AllotmentSeatHoldState[], to: 'sold' | 'released') {
  const holds = await tx
    .select({
      id: allotmentSeatHolds.id,
      datedFlightId: allotmentSeatHolds.datedFlightId,
      seats: allotmentSeatHolds.seats,
      infants: allotmentSeatHolds.infants,
      state: allotmentSeatHolds.state,
    })
    .from(allotmentSeatHolds)
    .where(and(eq(allotmentSeatHolds.orderId, orderId), inArray(allotmentSeatHolds.state, from)))
    .orderBy(asc(allotmentSeatHolds.datedFlightId))
    .for('update');
  for (const hold of holds) {
    await tx
      .update(allotmentSeatHolds)
      .set({ state: to, settledAt: sql`now()` })
      .where(eq(allotmentSeatHolds.id, hold.id));
  }
  return holds;
}

/**
 * Gives back the seats an order holds or bought, once (an expired hold, a failed payment, a
 * cancellation): a second call gives back nothing. Answers the seats given back.
 */
export async function releaseSeats(tx: Tx, orderId: string): Promise<number> {
  let released = 0;
  for (const hold of await settleHolds(tx, orderId, ['held', 'sold'], 'released')) {
    await tx
      .update(allotmentDatedFlights)
      .set({
        ...(hold.state === 'held'
          ? { seatsHeld: sql`${allotmentDatedFlights.seatsHeld} - ${hold.seats}` }
          : { seatsSold: sql`${allotmentDatedFlights.seatsSold} - ${hold.seats}` }),
        infantsTaken: sql`${allotmentDatedFlights.infantsTaken} - ${hold.infants}`,
      })
      .where(eq(allotmentDatedFlights.id, hold.datedFlightId));
    released += hold.seats;
  }
  return released;
}

/** Counts an order's held seats as sold, once (its payment succeeded). Answers the seats sold. */
export async function sellSeats(tx: Tx, orderId: string): Promise<number> {
  let sold = 0;
  for (const hold of await settleHolds(tx, orderId, ['held'], 'sold')) {
    await tx
      .update(allotmentDatedFlights)
      .set({
        seatsHeld: sql`${allotmentDatedFlights.seatsHeld} - ${hold.seats}`,
        seatsSold: sql`${allotmentDatedFlights.seatsSold} + ${hold.seats}`,
      })
      .where(eq(allotmentDatedFlights.id, hold.datedFlightId));
    sold += hold.seats;
  }
  return sold;
}

export async function seatCounts(tx: Tx, datedFlightId: string): Promise<SeatCounts | undefined> {
  const [row] = await tx
    .select({
      allocated: allotmentDatedFlights.seatsAllocated,
      held: allotmentDatedFlights.seatsHeld,
      sold: allotmentDatedFlights.seatsSold,
    })
    .from(allotmentDatedFlights)
    .where(eq(allotmentDatedFlights.id, datedFlightId));
  return row && { ...row, left: row.allocated - row.held - row.sold };
}

export type SetSeatsResult =
  | { changed: true; counts: SeatCounts }
  /** Seats can only go down to those already held and sold: `minimum`. */
  | { changed: false; reason: 'below-taken'; counts: SeatCounts; minimum: number }
  | { changed: false; reason: 'not-found' };

/**
 * Sets the seats allocated on a dated flight (a staff edit, by `updatedBy`), refused below the seats
 * already held and sold: checked in the same UPDATE, so a hold taken meanwhile is counted.
 */
export async function setSeatsAllocated(
  tx: Tx,
  datedFlightId: string,
  seats: number,
  updatedBy: string,
): Promise<SetSeatsResult> {
  if (!Number.isInteger(seats) || seats < 0) throw new Error(`Seats allocated: ${seats}`);
  const [row] = await tx
    .update(allotmentDatedFlights)
    .set({ seatsAllocated: seats, updatedBy, updatedAt: sql`now()` })
    .where(
      and(
        eq(allotmentDatedFlights.id, datedFlightId),
        sql`${allotmentDatedFlights.seatsHeld} + ${allotmentDatedFlights.seatsSold} <= ${seats}`,
      ),
    )
    .returning({
      allocated: allotmentDatedFlights.seatsAllocated,
      held: allotmentDatedFlights.seatsHeld,
      sold: allotmentDatedFlights.seatsSold,
    });
  if (row) return { changed: true, counts: { ...row, left: row.allocated - row.held - row.sold } };
  const counts = await seatCounts(tx, datedFlightId);
  if (!counts) return { changed: false, reason: 'not-found' };
  return { changed: false, reason: 'below-taken', counts, minimum: counts.held + counts.sold };
}
