import fs from 'node:fs';
import { bookingSchema, type Booking, type OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { TEST_CARDS } from '../src/payments/sandbox/sandbox-gateway.js';
import { sandboxRepricingOutcome } from '../src/suppliers/sandbox/offer-reference.js';
import { passengersFor } from './helpers/booking-factories.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { startServer, tempDataDir, type ServerProcess } from './helpers/server-process.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { until } from './helpers/until.js';

/**
 * The server as its own process, killed (SIGKILL) at the two awkward moments of a supplier call:
 * after the supplier held the seats and before the booking recorded the hold, and after the
 * supplier issued the tickets and before the booking recorded them. The crashing processes run no
 * jobs (as a dead process runs none), so only the restarted one can settle what the crash left.
 */

/** A guest's browser over real HTTP: JSON in and out, the booking's access cookie kept. */
function browser() {
  const cookies = new Map<string, string>();
  return async (
    origin: string,
    method: string,
    url: string,
    body?: unknown,
    options: { form?: Record<string, string> } = {},
  ): Promise<{ status: number; json(): unknown; text: string }> => {
    const headers: Record<string, string> = {};
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${origin}${url}`, { method, headers, body: payload, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  };
}

describe.each(backends)('supplier calls across a crash on %s', (backend) => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    if (backend === 'postgres') database = await createTestDatabase('postgres');
    else dataDir = tempDataDir();
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await database?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (options: { crashAt?: string; jobs: boolean }) => {
    const server = await startServer({
      env: {
        ...(database ? { DATABASE_URL: database.url! } : { DATA_DIR: dataDir! }),
        RUN_JOBS: String(options.jobs),
        SUPPLIER_CALL_LEASE_SECONDS: '1',
        SANDBOX_GATEWAY_SECRET: 'process-test-gateway-secret-0123456789',
      },
      crashAt: options.crashAt,
      readyTimeoutMs: 180_000,
    });
    servers.push(server);
    return server;
  };

  /** What the database holds once no server runs (the embedded one opens in one process only). */
  const inspect = async <T>(read: (database: Database) => Promise<T>): Promise<T> => {
    if (database) return read(database);
    const opened = await openDatabase({ dataDir: dataDir! });
    try {
      return await read(opened);
    } finally {
      await opened.close();
    }
  };

  it('adopts the hold a crash left at the supplier, and records the tickets a crash left unrecorded, once', async () => {
    const http = browser();

    // 1. The supplier holds the seats; the process dies before the booking records the hold.
    const first = await start({ crashAt: 'supplier.hold-answered', jobs: false });
    let offerReference: string | undefined;
    for (let day = 14; day < 60 && !offerReference; day++) {
      const result = (
        await http(first.origin, 'POST', '/api/v1/offers/request', offerRequest({ departureDate: daysAhead(day) }))
      ).json() as OfferSearchResult;
      offerReference = result.offers.find((o) => sandboxRepricingOutcome(o.reference)?.kind === 'available')?.reference;
    }
    const created = await http(first.origin, 'POST', '/api/v1/bookings', {
      reference: offerReference,
      payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency: 'SDG' },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json() as { booking: { id: string } }).booking.id;
    const fresh = bookingSchema.parse((await http(first.origin, 'GET', `/api/v1/bookings/${id}`)).json());
    const saved = await http(first.origin, 'PUT', `/api/v1/bookings/${id}`, {
      bookingId: id,
      payload: { passengers: passengersFor(fresh, {}, 'CRASHED'), email: 'crash@example.com', mobile: '+249912345678' },
    });
    expect(saved.status, saved.text).toBe(200);
    const paying = http(first.origin, 'PUT', `/api/v1/bookings/${id}/pay`, { payLater: true }).catch((error: unknown) => error);
    await first.waitForCrashPoint('supplier.hold-answered', 120_000);
    await first.kill();
    expect(await paying).toBeInstanceOf(Error);

    // 2. After the restart the traveller pays by card: the hold the supplier made is found by its
    // client reference and adopted (not made again), the card is charged, the supplier tickets,
    // and the process dies before the booking records the tickets.
    const second = await start({ crashAt: 'supplier.ticket-answered', jobs: false });
    const byCard = await http(second.origin, 'PUT', `/api/v1/bookings/${id}/pay`, { payLater: false });
    expect(byCard.status, byCard.text).toBe(200);
    const held = bookingSchema.parse((byCard.json() as { booking: unknown }).booking);
    expect(held).toMatchObject({ status: 'pending-payment', paymentMethod: 'card' });
    expect(held.paymentLink).toBeTruthy();
    const charging = http(second.origin, 'POST', new URL(held.paymentLink!, second.origin).pathname, undefined, {
      form: { cardNumber: TEST_CARDS.success, expiry: '12/30', cvc: '123', name: 'AMNA CRASHED' },
    }).catch((error: unknown) => error);
    await second.waitForCrashPoint('supplier.ticket-answered', 120_000);
    await second.kill();
    await charging;

    // 3. Restarted with its jobs: the ticketing is read back from the supplier and recorded.
    const third = await start({ jobs: true });
    const confirmed = await until('the booking to be ticketed', async () => {
      const booking = bookingSchema.parse((await http(third.origin, 'GET', `/api/v1/bookings/${id}`)).json()) as Booking;
      return booking.status === 'confirmed' ? booking : undefined;
    });
    expect(confirmed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    // The e-ticket is queued just after the tickets are recorded.
    await until('the e-ticket e-mail', async () =>
      (await http(third.origin, 'GET', '/dev/outbox')).text.includes(`Your e-ticket ${confirmed.bookingReference}`)
        ? true
        : undefined,
    );
    expect(await third.stop()).toBe(0);

    await inspect(async ({ sql }) => {
      const calls = await sql.query<{
        id: string;
        kind: string;
        outcome: string;
        order_id: string;
        details: Record<string, unknown>;
      }>('SELECT id, kind, outcome, order_id, details FROM supplier_calls WHERE booking_id = $1 ORDER BY requested_at', [id]);
      expect(calls.map((c) => [c.kind, c.outcome])).toEqual([
        ['hold', 'adopted'],
        ['ticket', 'ticketed'],
      ]);
      // Recorded by reading the order back after the restart, not by a second ticketing.
      expect(calls[1]!.details).toMatchObject({ lookedUp: true });
      const orders = await sql.query<{
        id: string;
        state: string;
        pnr: string;
        tickets: { passengerId: string; ticketNumber: string }[];
      }>('SELECT id, state, pnr, tickets FROM sandbox_orders WHERE client_reference = $1', [calls[0]!.id]);
      expect(orders).toHaveLength(1);
      const [order] = orders;
      expect(order).toMatchObject({ id: calls[0]!.order_id, state: 'ticketed', pnr: confirmed.pnr });
      const [booking] = await sql.query<{ supplier_order_id: string; pnr: string }>(
        'SELECT supplier_order_id, pnr FROM bookings WHERE id = $1',
        [id],
      );
      expect(booking).toEqual({ supplier_order_id: order!.id, pnr: order!.pnr });
      const tickets = await sql.query<{ id: string; ticket_number: string }>(
        'SELECT id, ticket_number FROM booking_passengers WHERE booking_id = $1 ORDER BY position',
        [id],
      );
      expect(tickets.map((t) => ({ passengerId: t.id, ticketNumber: t.ticket_number }))).toEqual(order!.tickets);
      const events = await sql.query<{ status_trigger: string }>(
        'SELECT status_trigger FROM booking_events WHERE booking_id = $1 ORDER BY id',
        [id],
      );
      const triggers = events.map((e) => e.status_trigger);
      expect(triggers.filter((t) => t === 'ticket-issued')).toHaveLength(1);
      expect(triggers).not.toContain('ticketing-failed');
      const eTickets = await sql.query('SELECT id FROM mail_outbox WHERE dedupe_key = $1', [`e-ticket:${id}`]);
      expect(eTickets).toHaveLength(1);
      const seats = await sql.query<{ seats: number }>('SELECT seats FROM sandbox_order_seats WHERE order_id = $1', [order!.id]);
      expect(seats.length).toBeGreaterThan(0);
      expect(seats.every((s) => s.seats === 1)).toBe(true);
    });
  }, 600_000);
});
