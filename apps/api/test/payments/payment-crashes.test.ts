import fs from 'node:fs';
import type { Booking } from '@kwenda/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { WEBHOOK_LEASE_MS } from '../../src/payments/sandbox/gateway-webhooks.js';
import { TEST_CARDS } from '../../src/payments/sandbox/sandbox-gateway.js';
import { findOffer, getBooking, pay, readyBooking } from '../helpers/booking-factories.js';
import { startServer, tempDataDir, type ServerProcess } from '../helpers/server-process.js';
import type { TestContext } from '../helpers/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The real server, killed with SIGKILL at the two moments that used to lose or block a card payment,
 * then started again on the same data:
 * - between saving the open payment and storing the gateway session's address (every later pay
 *   answered 503 after 15 s): the next pay resumes the same checkout at once;
 * - after the card was charged, while the gateway's webhook was in flight (its retries lived in the
 *   dead process's memory, the booking stayed unpaid for ever): the webhook is sent again from the
 *   gateway's table and the booking ends paid and ticketed, the payment and the booking agreeing.
 * Server processes are slow to start on a shared machine: three per database, generous timeouts.
 */

/** The factories' TestContext over real HTTP to whichever process is up (cookies included, as a browser). */
function overHttp() {
  const ctx = {
    origin: '',
    app: {
      async inject(request: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) {
        const body =
          request.payload === undefined
            ? undefined
            : typeof request.payload === 'string'
              ? request.payload
              : JSON.stringify(request.payload);
        const response = await fetch(`${ctx.origin}${request.url}`, {
          method: request.method,
          body,
          headers: {
            ...(body && typeof request.payload !== 'string' ? { 'content-type': 'application/json' } : {}),
            ...request.headers,
          },
          redirect: 'manual',
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        return {
          statusCode: response.status,
          body: text,
          headers: { ...Object.fromEntries(response.headers), 'set-cookie': response.headers.getSetCookie() },
          json: () => JSON.parse(text) as unknown,
        };
      },
    },
  };
  return ctx as unknown as TestContext & { origin: string };
}

const cardForm = new URLSearchParams({ cardNumber: TEST_CARDS.success, expiry: '12/39', cvc: '123', name: 'AMNA OSMAN' });

describe.each(backends)('card payments killed mid-way on %s', (backend) => {
  const dataDir = tempDataDir('kwenda-payment-crash-');
  let postgres: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await postgres?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The database the servers used, read once the server has stopped. */
  async function inspect<T>(look: (database: Database) => Promise<T>): Promise<T> {
    // Stopped first, on both databases: SIGTERM lets the server finish the request and the job step under
    // way (a webhook delivery records its answer after the booking it paid is already confirmed), so what
    // is read is what the process left, not a moment inside a delivery.
    await server!.stop();
    return withDatabase(look);
  }

  /** The database the servers used, while no server runs (the embedded one is open to one process). */
  async function withDatabase<T>(look: (database: Database) => Promise<T>): Promise<T> {
    if (postgres) return look(postgres);
    const database = await openDatabase({ dataDir });
    try {
      return await look(database);
    } finally {
      await database.close();
    }
  }

  it('resumes a checkout killed between its steps at once, and settles a charge whose webhook was killed in flight', async () => {
    if (backend === 'postgres') postgres = await createTestDatabase('postgres');
    const env = {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url! } : {}),
      SANDBOX_GATEWAY_SECRET: 'payment-crash-test-secret-0123456789',
    };
    const port = backend === 'postgres' ? 4712 : 4711;
    const ctx = overHttp();

    // 1. Killed after the gateway opened the session, before its address was stored.
    server = await startServer({ env, port, crashAt: 'payment.checkout-created' });
    ctx.origin = server.origin;
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'CRASHPAY');
    void pay(ctx, booking.id, false).catch(() => undefined);
    await server.waitForCrashPoint('payment.checkout-created', 120_000);
    await server.kill();

    // 2. Started again: pay answers with the same gateway session, at once. Then the card is
    // charged and the process is killed while the gateway's webhook is in flight.
    server = await startServer({ env: server.env, port, crashAt: 'payment.webhook-received' });
    const resumed = await pay(ctx, booking.id, false);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const link = (resumed.json() as { booking: Booking }).booking.paymentLink!;
    expect(link).toMatch(/^\/gateway\/sandbox\/checkout\/cs_/);
    expect(await (await fetch(`${ctx.origin}${link}`)).text()).toContain('<form');
    void fetch(`${ctx.origin}${link}`, {
      method: 'POST',
      body: cardForm.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    }).catch(() => undefined);
    await server.waitForCrashPoint('payment.webhook-received', 120_000);
    await server.kill();
    // The killed attempt leased the webhook for WEBHOOK_LEASE_MS, so no process sends it again before then
    // (gateway-webhooks.test.ts): the lease is ended here, as if that time had passed while the server was down.
    const leases = await withDatabase(async ({ sql }) => {
      const pending = await sql.query<{ lease_ms: string }>(
        `SELECT extract(epoch FROM next_attempt_at - last_attempt_at) * 1000 AS lease_ms FROM gateway_webhooks WHERE status = 'pending'`,
      );
      await sql.exec(`UPDATE gateway_webhooks SET next_attempt_at = last_attempt_at WHERE status = 'pending'`);
      return pending.map((row) => Math.round(Number(row.lease_ms)));
    });
    expect(leases).toEqual([WEBHOOK_LEASE_MS]);

    // 3. Started again: the webhook goes again from the gateway's table once its lease ends; the
    // booking is paid, then ticketed.
    server = await startServer({ env: server.env, port });
    await expect
      .poll(async () => (await getBooking(ctx, booking.id)).status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe('confirmed');
    const ticketed = await getBooking(ctx, booking.id);
    expect(ticketed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect(ticketed.paymentLink).toBeNull();

    const left = await inspect(async ({ sql }) => ({
      payments: await sql.query<{ status: string; amount: string }>('SELECT status, amount FROM payments WHERE booking_id = $1', [
        booking.id,
      ]),
      sessions: await sql.query<{ id: string; status: string }>(
        'SELECT id, status FROM gateway_sessions WHERE client_reference = $1',
        [booking.id],
      ),
      webhooks: await sql.query<{ event_type: string; status: string; attempts: number; last_status: number }>(
        `SELECT w.event_type, w.status, w.attempts, w.last_status FROM gateway_webhooks w
             JOIN gateway_sessions s ON s.id = w.session_id WHERE s.client_reference = $1`,
        [booking.id],
      ),
      paidEvents: await sql.query<{ actor: string }>(
        "SELECT actor FROM booking_events WHERE booking_id = $1 AND to_status = 'payment-confirmed'",
        [booking.id],
      ),
    }));
    // One payment, one gateway session, both settled; the booking paid once, by the webhook.
    expect(left.payments.map((p) => [p.status, Number(p.amount)])).toEqual([['succeeded', booking.amount]]);
    expect(left.sessions).toEqual([{ id: link.split('/').pop(), status: 'complete' }]);
    expect(left.webhooks).toEqual([{ event_type: 'payment.succeeded', status: 'delivered', attempts: 2, last_status: 200 }]);
    expect(left.paidEvents).toEqual([{ actor: 'sandbox:webhook' }]);
  }, 900_000);
});
