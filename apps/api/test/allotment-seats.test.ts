import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/tx.js';
import * as schema from '../src/db/schema.js';
import {
  holdSeats,
  releaseSeats,
  seatCounts,
  sellSeats,
  setSeatsAllocated,
  type SeatCounts,
} from '../src/modules/allotments/allotments-repository.js';
import { raceAtLock } from './helpers/lock-barrier.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * The agency's own seats are counted in the database: a hold takes its seats in the transaction
 * that records it, never more than are left; a sale moves them from held to sold; a release gives
 * them back once; seats allocated never go below those held and sold.
 */

let seq = 0;
const STAFF = 'usr_staff';

describe.each(backends)('the seats of a dated flight on %s', (backend) => {
  let database: TestDatabase;
  const exec = (text: string, params: unknown[] = []) => database.sql.query(text, params);
  const db = () => database.db as Tx;
  const counts = async (id: string) => (await seatCounts(db(), id))!;

  /** An order of the agency-seats supplier, as its createOrder records one. */
  async function booking(): Promise<string> {
    const id = `ao_seats_${++seq}`;
    await exec(
      `INSERT INTO allotment_orders (id, client_reference, offer_reference, total, currency, passengers, payment_required_by)
       VALUES ($1, $1, 'as_test', 100, 'USD', '[]', now() + interval '1 hour')`,
      [id],
    );
    return id;
  }

  /** A Tarco PZU-CAI flight with one date, `seats` seats allocated. */
  async function datedFlight(seats: number): Promise<string> {
    const n = ++seq;
    await exec(
      `INSERT INTO allotment_flights (id, airline, flight_number, origin, destination, departure_time, arrival_time,
         arrival_day_offset, days, from_date, to_date, cabin, seats, currency, adult_fare, child_fare, infant_fare,
         hold_pieces, hold_kg, cabin_kg, refundable, refund_penalty, changeable, change_penalty, release_days,
         created_by, updated_by)
       VALUES ($1, '3T', '212', 'PZU', 'CAI', '08:30', '10:45', 0, '{1,3,5}', '2030-03-01', '2030-03-31', 'economy',
         $2, 'USD', 320, 250, 40, 1, 23, 7, true, 50, true, 25, 2, $3, $3)`,
      [`alf_${n}`, seats, STAFF],
    );
    await exec(
      `INSERT INTO allotment_dated_flights (id, flight_id, departure_date, departure_time, arrival_time, seats_allocated, updated_by)
       VALUES ($1, $2, '2030-03-04', '08:30', '10:45', $3, $4)`,
      [`ald_${n}`, `alf_${n}`, seats, STAFF],
    );
    return `ald_${n}`;
  }

  const seatsOf = (allocated: number, held: number, sold: number): SeatCounts => ({
    allocated,
    held,
    sold,
    left: allocated - held - sold,
  });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.destroy());

  it('holds, sells and releases seats, infants on a lap taking none', async () => {
    const flight = await datedFlight(5);
    const [first, second] = [await booking(), await booking()];

    expect(await holdSeats(db(), { orderId: first, datedFlightId: flight, seats: 2, infants: 1 })).toEqual({ held: true });
    expect(await counts(flight)).toEqual(seatsOf(5, 2, 0));
    expect(await holdSeats(db(), { orderId: second, datedFlightId: flight, seats: 3, infants: 0 })).toEqual({ held: true });
    expect(await counts(flight)).toEqual(seatsOf(5, 5, 0));

    expect(await sellSeats(db(), first)).toBe(2);
    expect(await counts(flight)).toEqual(seatsOf(5, 3, 2));
    // Sold once: a replayed payment moves nothing.
    expect(await sellSeats(db(), first)).toBe(0);
    expect(await counts(flight)).toEqual(seatsOf(5, 3, 2));

    expect(await releaseSeats(db(), second)).toBe(3);
    expect(await counts(flight)).toEqual(seatsOf(5, 0, 2));
    // A cancelled sale gives its seats back too.
    expect(await releaseSeats(db(), first)).toBe(2);
    expect(await counts(flight)).toEqual(seatsOf(5, 0, 0));

    const [hold] = await exec(`SELECT state, infants, settled_at FROM allotment_seat_holds WHERE order_id = $1`, [first]);
    expect(hold).toMatchObject({ state: 'released', infants: 1 });
    expect(hold!.settled_at).not.toBeNull();
  });

  it('never holds more seats than are left, and answers how many are', async () => {
    const flight = await datedFlight(3);
    const [first, second] = [await booking(), await booking()];
    expect(await holdSeats(db(), { orderId: first, datedFlightId: flight, seats: 2, infants: 0 })).toEqual({ held: true });
    expect(await holdSeats(db(), { orderId: second, datedFlightId: flight, seats: 2, infants: 0 })).toEqual({
      held: false,
      left: 1,
      infantsLeft: 10,
    });
    expect(await counts(flight)).toEqual(seatsOf(3, 2, 0));
    const [holds] = await exec(`SELECT count(*)::int AS n FROM allotment_seat_holds WHERE order_id = $1`, [second]);
    expect(holds).toEqual({ n: 0 });
    // Holding again what an order holds takes nothing more.
    expect(await holdSeats(db(), { orderId: first, datedFlightId: flight, seats: 2, infants: 0 })).toEqual({ held: true });
    expect(await counts(flight)).toEqual(seatsOf(3, 2, 0));
  });

  it('sells nothing on a date paused, cancelled or unknown', async () => {
    const paused = await datedFlight(4);
    const cancelled = await datedFlight(4);
    const orderId = await booking();
    await exec(`UPDATE allotment_dated_flights SET on_sale = false WHERE id = $1`, [paused]);
    await exec(`UPDATE allotment_dated_flights SET cancelled_at = now() WHERE id = $1`, [cancelled]);
    for (const datedFlightId of [paused, cancelled, 'ald_unknown']) {
      expect(await holdSeats(db(), { orderId, datedFlightId, seats: 1, infants: 0 })).toEqual({
        held: false,
        left: 0,
        infantsLeft: 0,
      });
    }
    expect(await counts(paused)).toEqual(seatsOf(4, 0, 0));
  });

  it('takes no seat for an infant on a lap, up to the infant limit of the flight', async () => {
    const flight = await datedFlight(9);
    await exec(`UPDATE allotment_dated_flights SET infant_limit = 2 WHERE id = $1`, [flight]);
    const [first, second, third] = [await booking(), await booking(), await booking()];
    expect(await holdSeats(db(), { orderId: first, datedFlightId: flight, seats: 1, infants: 1 })).toEqual({ held: true });
    expect(await holdSeats(db(), { orderId: second, datedFlightId: flight, seats: 2, infants: 2 })).toEqual({
      held: false,
      left: 8,
      infantsLeft: 1,
    });
    expect(await holdSeats(db(), { orderId: third, datedFlightId: flight, seats: 1, infants: 1 })).toEqual({ held: true });
    expect(await counts(flight)).toEqual(seatsOf(9, 2, 0));
    expect(await releaseSeats(db(), first)).toBe(1);
    const [row] = await exec(`SELECT infants_taken FROM allotment_dated_flights WHERE id = $1`, [flight]);
    expect(row).toEqual({ infants_taken: 1 });
  });

  it('gives back released seats once, and lets the booking hold again', async () => {
    const flight = await datedFlight(4);
    const orderId = await booking();
    await holdSeats(db(), { orderId, datedFlightId: flight, seats: 3, infants: 0 });
    expect(await releaseSeats(db(), orderId)).toBe(3);
    expect(await releaseSeats(db(), orderId)).toBe(0);
    expect(await counts(flight)).toEqual(seatsOf(4, 0, 0));
    // Nothing held is sold after a release.
    expect(await sellSeats(db(), orderId)).toBe(0);
    expect(await counts(flight)).toEqual(seatsOf(4, 0, 0));

    expect(await holdSeats(db(), { orderId, datedFlightId: flight, seats: 1, infants: 0 })).toEqual({ held: true });
    expect(await counts(flight)).toEqual(seatsOf(4, 1, 0));
    expect(await releaseSeats(db(), orderId)).toBe(1);
    expect(await counts(flight)).toEqual(seatsOf(4, 0, 0));
  });

  it('lowers seats allocated down to those held and sold, and no further', async () => {
    const flight = await datedFlight(6);
    const [first, second] = [await booking(), await booking()];
    await holdSeats(db(), { orderId: first, datedFlightId: flight, seats: 2, infants: 0 });
    await holdSeats(db(), { orderId: second, datedFlightId: flight, seats: 1, infants: 0 });
    await sellSeats(db(), second);

    expect(await setSeatsAllocated(db(), flight, 2, 'usr_desk')).toEqual({
      changed: false,
      reason: 'below-taken',
      counts: seatsOf(6, 2, 1),
      minimum: 3,
    });
    expect(await setSeatsAllocated(db(), flight, 3, 'usr_desk')).toEqual({ changed: true, counts: seatsOf(3, 2, 1) });
    expect(await setSeatsAllocated(db(), flight, 8, 'usr_desk')).toEqual({ changed: true, counts: seatsOf(8, 2, 1) });
    expect(await setSeatsAllocated(db(), 'ald_unknown', 8, 'usr_desk')).toEqual({ changed: false, reason: 'not-found' });
    const [row] = await exec(`SELECT updated_by FROM allotment_dated_flights WHERE id = $1`, [flight]);
    expect(row).toEqual({ updated_by: 'usr_desk' });
  });

  it('refuses, in the database too, more seats held and sold than allocated', async () => {
    const flight = await datedFlight(2);
    await expect(exec(`UPDATE allotment_dated_flights SET seats_held = 3 WHERE id = $1`, [flight])).rejects.toThrow(
      /allotment_dated_flights_seats/,
    );
  });

  it.runIf(backend === 'postgres')(
    'holds the last 3 seats for exactly 3 of 20 holders at once, each on its own connection',
    async () => {
      const flight = await datedFlight(5);
      // Two seats already gone: 3 left.
      const earlier = await booking();
      await holdSeats(db(), { orderId: earlier, datedFlightId: flight, seats: 2, infants: 0 });
      await sellSeats(db(), earlier);
      const bookings: string[] = [];
      for (let i = 0; i < 20; i++) bookings.push(await booking());

      const clients = bookings.map(() => new pg.Client({ connectionString: database.url }));
      await Promise.all(clients.map((client) => client.connect()));
      let sampling = true;
      const samples: SeatCounts[] = [];
      const sampler = (async () => {
        while (sampling) {
          samples.push(await counts(flight));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      try {
        const answers = await raceAtLock(
          database,
          { sql: 'SELECT 1 FROM allotment_dated_flights WHERE id = $1 FOR UPDATE', params: [flight] },
          clients.map(
            (client, i) => () =>
              drizzle(client, { schema }).transaction(async (tx) =>
                holdSeats(tx as unknown as Tx, { orderId: bookings[i]!, datedFlightId: flight, seats: 1, infants: 0 }),
              ),
          ),
        );
        expect(answers.filter((answer) => answer.held)).toHaveLength(3);
        expect(answers.filter((answer) => !answer.held)).toEqual(Array(17).fill({ held: false, left: 0, infantsLeft: 10 }));
      } finally {
        sampling = false;
        await sampler;
        await Promise.all(clients.map((client) => client.end()));
      }
      expect(await counts(flight)).toEqual(seatsOf(5, 3, 2));
      for (const sample of samples) expect(sample.held + sample.sold).toBeLessThanOrEqual(sample.allocated);
      const [holds] = await exec(
        `SELECT count(*)::int AS n FROM allotment_seat_holds WHERE dated_flight_id = $1 AND state = 'held'`,
        [flight],
      );
      expect(holds).toEqual({ n: 3 });

      // The holds expire: their seats are for sale again, once.
      let released = 0;
      for (const orderId of bookings) released += await releaseSeats(db(), orderId);
      expect(released).toBe(3);
      expect(await counts(flight)).toEqual(seatsOf(5, 0, 2));
    },
    60_000,
  );
});
