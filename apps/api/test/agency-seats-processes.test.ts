import { randomBytes } from 'node:crypto';
import type { Booking, OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { ALLOTMENT_CSV_COLUMNS } from '../src/modules/allotments/allotment-csv.js';
import { passengersFor } from './helpers/booking-factories.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { startServer, type ServerProcess } from './helpers/server-process.js';
import { staffMember } from './helpers/staff.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { testEnv } from './helpers/test-env.js';

/**
 * The last seats of a flight held from three API processes at once (one PostgreSQL database): twenty
 * travellers pay later for the same Tarco flight with 3 seats left; exactly 3 hold a seat, the others
 * are told it is gone, and the seats of the expired holds go back on sale.
 */
describe.runIf(process.env.DATABASE_URL)("the agency's last seats, from three processes at once", () => {
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SANDBOX_GATEWAY_SECRET: randomBytes(24).toString('base64url'),
  };
  const TRAVELLERS = 20;
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = { ...secrets, DATABASE_URL: database.url!, RUN_JOBS: 'false', RATE_LIMIT_PER_MINUTE: '10000' };
    servers = await Promise.all([0, 1, 2].map(() => startServer({ env, readyTimeoutMs: 180_000 })));
    // The owner, and the jobs run by hand, in a process of the test's own on the same database.
    app = await buildApp({ env: testEnv(secrets), database });
    await app.ready();
  }, 240_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await app?.close();
    await database?.destroy();
  }, 60_000);

  const call = async (
    server: ServerProcess,
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${server.origin}/api/v1${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      status: response.status,
      cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '',
      body: (await response.json()) as never,
    };
  };
  const seats = async () =>
    (
      await database.sql.query<{ allocated: number; held: number; sold: number }>(
        `SELECT d.seats_allocated AS allocated, d.seats_held AS held, d.seats_sold AS sold FROM allotment_dated_flights d
         JOIN allotment_flights f ON f.id = d.flight_id WHERE f.flight_number = '212' AND d.departure_date = $1`,
        [daysAhead(12)],
      )
    )[0];

  it('holds exactly the 3 seats left for 3 of 20 travellers, and gives them back when the holds expire', async () => {
    const owner = await staffMember(app, 'owner');
    const csv = [
      ALLOTMENT_CSV_COLUMNS.join(','),
      `3T,212,PZU,CAI,13:30,15:40,1234567,${daysAhead(12)},${daysAhead(12)},economy,3,95,75,20,USD,2,23,7,true,15,true,10,1`,
    ].join('\n');
    const imported = await call(servers[0]!, 'POST', '/admin/allotments/import', csv, {
      'content-type': 'text/csv',
      authorization: `Bearer ${owner.token}`,
    });
    expect(imported.status).toBe(200);

    // Twenty travellers, each on one of the three processes, find the flight and fill in their details.
    const ready = await Promise.all(
      Array.from({ length: TRAVELLERS }, async (_, i) => {
        const server = servers[i % 3]!;
        const found = await call(
          server,
          'POST',
          '/offers/request',
          offerRequest({ departureDate: daysAhead(12), currency: 'USD' }),
        );
        const tarco = (found.body as OfferSearchResult).offers.find((o) => o.slices[0]!.segments[0]!.flightNumber === '3T212')!;
        expect(tarco).toBeDefined();
        const created = await call(server, 'POST', '/bookings', {
          reference: tarco.reference,
          payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 0, carryOn: 0 }, currency: 'USD' },
        });
        expect(created.status).toBe(201);
        const booking = (created.body as { booking: Booking }).booking;
        const headers = { cookie: created.cookie };
        const full = (await call(server, 'GET', `/bookings/${booking.id}`, undefined, headers)).body as Booking;
        const saved = await call(
          server,
          'PUT',
          `/bookings/${booking.id}`,
          {
            bookingId: booking.id,
            payload: {
              passengers: passengersFor(full, {}, `OSMAN${'ABCDEFGHIJKLMNOPQRST'[i]}`),
              email: `t${i}@example.com`,
              mobile: '+249912345678',
            },
          },
          headers,
        );
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        return { server, id: booking.id, headers };
      }),
    );

    // All at once: pay later, which holds the seat.
    const answers = await Promise.all(
      ready.map(({ server, id, headers }) => call(server, 'PUT', `/bookings/${id}/pay`, { payLater: true }, headers)),
    );
    const held = answers.filter((a) => a.status === 200 && (a.body as { booking: Booking }).booking.status === 'pending-payment');
    expect(held).toHaveLength(3);
    for (const refused of answers.filter((a) => !held.includes(a))) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    expect(await seats()).toEqual({ allocated: 3, held: 3, sold: 0 });
    const [orders] = await database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM allotment_orders WHERE state = 'held'",
    );
    expect(orders!.n).toBe(3);

    // The holds expire: their seats go back on sale, once.
    const later = new Date(Date.now() + 3 * 86_400_000);
    await Promise.all([app.kwenda.bookings.expireHolds(later), app.kwenda.bookings.expireHolds(later)]);
    expect(await seats()).toEqual({ allocated: 3, held: 0, sold: 0 });
    const again = await call(
      servers[1]!,
      'POST',
      '/offers/request',
      offerRequest({ departureDate: daysAhead(12), currency: 'USD' }),
    );
    expect((again.body as OfferSearchResult).offers.some((o) => o.slices[0]!.segments[0]!.flightNumber === '3T212')).toBe(true);
  }, 180_000);
});
