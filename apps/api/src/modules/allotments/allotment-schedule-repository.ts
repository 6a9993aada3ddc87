import type { CabinClassCode } from '@kwenda/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { allotmentDatedFlights, allotmentFlights, type AllotmentFlightRow } from '../../db/allotments-schema.js';
import type { Tx } from '../../db/tx.js';

/** The key of the lock that lets one import of the airline's sheet run at a time. */
export const IMPORT_LOCK_KEY = 'allotments-import';

/**
 * Imports run one at a time (until the transaction ends): two files loading the same flight at once
 * would each find it missing and load it twice, or each check its seats before the other's change.
 */
export async function lockImports(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${IMPORT_LOCK_KEY}, 0))`);
}

/** The flights loaded for this airline's flight number from this origin in this cabin (any period). */
export async function flightsOf(tx: Tx, key: { airline: string; flightNumber: string; origin: string; cabin: CabinClassCode }) {
  return tx
    .select()
    .from(allotmentFlights)
    .where(
      and(
        eq(allotmentFlights.airline, key.airline),
        eq(allotmentFlights.flightNumber, key.flightNumber),
        eq(allotmentFlights.origin, key.origin),
        eq(allotmentFlights.cabin, key.cabin),
      ),
    );
}

export async function insertFlight(tx: Tx, row: typeof allotmentFlights.$inferInsert) {
  await tx.insert(allotmentFlights).values(row);
}

export async function updateFlight(tx: Tx, id: string, patch: Partial<AllotmentFlightRow>) {
  await tx.update(allotmentFlights).set(patch).where(eq(allotmentFlights.id, id));
}

export async function datedFlightOf(tx: Tx, flightId: string, departureDate: string) {
  const [row] = await tx
    .select()
    .from(allotmentDatedFlights)
    .where(and(eq(allotmentDatedFlights.flightId, flightId), eq(allotmentDatedFlights.departureDate, departureDate)));
  return row;
}

export async function insertDatedFlight(tx: Tx, row: typeof allotmentDatedFlights.$inferInsert) {
  await tx.insert(allotmentDatedFlights).values(row);
}

/** A dated flight's times as the flight's new line gives them (its seats are set by setSeatsAllocated). */
export async function updateDatedFlightTimes(
  tx: Tx,
  id: string,
  times: { departureTime: string; arrivalTime: string; arrivalDayOffset: 0 | 1; updatedBy: string; updatedAt: Date },
) {
  await tx.update(allotmentDatedFlights).set(times).where(eq(allotmentDatedFlights.id, id));
}
