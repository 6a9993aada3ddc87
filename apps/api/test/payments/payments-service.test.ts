import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewaySessions, gatewayWebhooks, paymentChecks } from '../../src/db/schema.js';
import { paymentsRoutes } from '../../src/modules/payments/payments-routes.js';
import { createPaymentsService, type PaymentsService } from '../../src/modules/payments/payments-service.js';
import type { PaymentProvider } from '../../src/payments/payment-provider.js';
import {
  createSandboxGateway,
  signPayload,
  TEST_CARDS,
  type SandboxGateway,
} from '../../src/payments/sandbox/sandbox-gateway.js';
import { registerErrorHandler } from '../../src/plugins/error-handler.js';
import { raceAtLock } from '../helpers/lock-barrier.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { insertBookingRow, recordingLogger, recordingPort, type RecordingPort } from './payments-fakes.js';

/**
 * The payments service on a real database, with the booking service replaced by a fake that
 * records what it was asked: one open checkout per booking, each event once, the booking's amount.
 */

const SECRET = 'payments-test-secret-0123456789';
const unix = () => Math.floor(Date.now() / 1000);

describe.each(backends)('payments service on %s', (backend) => {
  let database: TestDatabase;
  let gateway: SandboxGateway;
  let provider: PaymentProvider & { created: number; failNext: boolean; asked: string[] };
  let port: RecordingPort;
  let logger: ReturnType<typeof recordingLogger>;
  let payments: PaymentsService;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    gateway = createSandboxGateway({
      database,
      env: { SANDBOX_GATEWAY_SECRET: SECRET, DATA_DIR: '/nonexistent' },
      publicUrl: 'http://127.0.0.1:3000',
      deliverWebhook: async () => ({ status: 200 }),
    });
    // The real sandbox gateway, slowed down and counted, so races have time to happen.
    provider = {
      name: 'sandbox',
      created: 0,
      failNext: false,
      asked: [],
      async createCheckout(request) {
        provider.created++;
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (provider.failNext) {
          provider.failNext = false;
          throw new Error('gateway down');
        }
        return gateway.createCheckout(request);
      },
      verifyWebhook: (raw, headers, now) => gateway.verifyWebhook(raw, headers, now),
      async retrieveCheckout(id) {
        provider.asked.push(id);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return gateway.retrieveCheckout(id);
      },
      expireSession: (tx, id) => gateway.expireSession!(tx, id),
    };
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
  });
  beforeEach(async () => {
    port = recordingPort();
    logger = recordingLogger();
    payments = createPaymentsService({ database, provider, bookings: port, logger });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  const paymentRows = (bookingId: string) =>
    database.sql.query<{
      status: string;
      amount: string;
      currency: string;
      failure_code: string | null;
      provider_payment_id: string | null;
    }>(
      'SELECT status, amount, currency, failure_code, provider_payment_id FROM payments WHERE booking_id = $1 ORDER BY created_at',
      [bookingId],
    );
  const checkoutFor = (booking: { id: string; bookingReference: string }, amount = 412.5) =>
    payments.openCheckout({
      bookingId: booking.id,
      bookingReference: booking.bookingReference,
      amount,
      currency: 'USD',
      email: 'amna@example.com',
      language: 'ar',
      expiresAt: new Date(Date.now() + 2 * 3_600_000),
    });
  const paymentLock = (bookingId: string) => ({
    sql: "SELECT 1 FROM payments WHERE booking_id = $1 AND status = 'open' FOR UPDATE",
    params: [bookingId],
  });
  const sessionOf = (url: string) => url.split('/').pop()!;
  const event = (sessionId: string, overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      type: 'payment.succeeded',
      created: unix(),
      data: { sessionId, amount: 412.5, currency: 'USD', ...data },
      ...overrides,
    });
  const deliver = (body: string) =>
    payments.handleWebhook('sandbox', Buffer.from(body), { 'kwenda-signature': signPayload(SECRET, body, unix()) });

  describe('openCheckout', () => {
    it('opens one checkout when asked three times at once, and the same one when asked again', async () => {
      const booking = await insertBookingRow(database);
      const createdBefore = provider.created;
      const answers = await Promise.all([checkoutFor(booking), checkoutFor(booking), checkoutFor(booking)]);
      expect(new Set(answers.map((a) => a.url)).size).toBe(1);
      expect(answers[0]!.url).toMatch(/^\/gateway\/sandbox\/checkout\/cs_/);
      expect(provider.created - createdBefore).toBe(1);
      expect(await checkoutFor(booking)).toEqual(answers[0]);
      expect(await payments.openCheckoutUrl(booking.id)).toBe(answers[0]!.url);
      expect(await paymentRows(booking.id)).toEqual([expect.objectContaining({ status: 'open', currency: 'USD' })]);
      expect(Number((await paymentRows(booking.id))[0]!.amount)).toBe(412.5);
    });

    it('answers PAYMENT_PROVIDER_UNAVAILABLE when the gateway fails, leaving nothing open, and works on the retry', async () => {
      const booking = await insertBookingRow(database);
      provider.failNext = true;
      await expect(checkoutFor(booking)).rejects.toMatchObject({ statusCode: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      expect(await paymentRows(booking.id)).toEqual([]);
      expect(await payments.openCheckoutUrl(booking.id)).toBeNull();
      expect((await checkoutFor(booking)).url).toMatch(/^\/gateway\/sandbox\/checkout\//);
    });

    it('closes open checkouts and their gateway pages when the hold ends', async () => {
      const booking = await insertBookingRow(database);
      const { url } = await checkoutFor(booking);
      await database.db.transaction((tx) => payments.expireCheckouts(tx, booking.id));
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['expired']);
      expect((await gateway.findSession(sessionOf(url)))?.status).toBe('expired');
      expect(await payments.openCheckoutUrl(booking.id)).toBeNull();
    });
  });

  describe('a checkout interrupted by a crash', () => {
    /** What a process killed right after saving the payment leaves: an open payment without a checkout. */
    const savedPayment = async (booking: { id: string }) => {
      const id = `pay_crashed_${booking.id.slice(-8)}`;
      await database.sql.query(
        "INSERT INTO payments (id, booking_id, provider, status, amount, currency) VALUES ($1, $2, 'sandbox', 'open', 412.5, 'USD')",
        [id, booking.id],
      );
      return id;
    };
    const sessionsOf = (bookingId: string) =>
      database.db.select().from(gatewaySessions).where(eq(gatewaySessions.clientReference, bookingId));

    it('resumes at once when the process died before the gateway was asked', async () => {
      const booking = await insertBookingRow(database);
      const paymentId = await savedPayment(booking);
      const { url } = await checkoutFor(booking);
      expect(url).toMatch(/^\/gateway\/sandbox\/checkout\/cs_/);
      expect(await paymentRows(booking.id)).toEqual([expect.objectContaining({ status: 'open' })]);
      expect(await payments.openCheckoutUrl(booking.id)).toBe(url);
      expect((await sessionsOf(booking.id)).map((s) => s.id)).toEqual([sessionOf(url)]);
      // The first check of the provider is scheduled with the address.
      const [check] = await database.db.select().from(paymentChecks).where(eq(paymentChecks.paymentId, paymentId));
      expect(check).toMatchObject({ checks: 0, settledAt: null });
    });

    it('resumes the same gateway session when the process died after the gateway opened it', async () => {
      const booking = await insertBookingRow(database);
      const paymentId = await savedPayment(booking);
      // The gateway answered the first try under the payment's key; the answer died with the process.
      const lost = await gateway.createCheckout({
        paymentId,
        bookingId: booking.id,
        bookingReference: booking.bookingReference,
        amount: 412.5,
        currency: 'USD',
        description: booking.bookingReference,
        customerEmail: null,
        language: 'ar',
        successPath: '/x',
        cancelPath: '/y',
        expiresAt: new Date(Date.now() + 3_600_000),
        idempotencyKey: paymentId,
      });
      const answers = await Promise.all([checkoutFor(booking), checkoutFor(booking)]);
      expect(answers.map((a) => a.url)).toEqual([lost.url, lost.url]);
      expect((await sessionsOf(booking.id)).map((s) => s.id)).toEqual([lost.sessionId]);
      expect(await paymentRows(booking.id)).toHaveLength(1);
    });

    it('replaces a half-open payment for another amount (its page was never shown) with a new one', async () => {
      const booking = await insertBookingRow(database, { amount: 500 });
      await savedPayment(booking);
      const { url } = await checkoutFor(booking, 500);
      expect(await paymentRows(booking.id)).toEqual([expect.objectContaining({ status: 'open', amount: expect.anything() })]);
      expect(Number((await paymentRows(booking.id))[0]!.amount)).toBe(500);
      expect((await gateway.findSession(sessionOf(url)))?.amount).toBe(500);
    });

    it('keeps a half-open payment when the gateway fails on resuming, and resumes it on the next try', async () => {
      const booking = await insertBookingRow(database);
      await savedPayment(booking);
      provider.failNext = true;
      await expect(checkoutFor(booking)).rejects.toMatchObject({ statusCode: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
      expect(await paymentRows(booking.id)).toHaveLength(1);
      const { url } = await checkoutFor(booking);
      expect(await payments.openCheckoutUrl(booking.id)).toBe(url);
      expect(await paymentRows(booking.id)).toHaveLength(1);
    });
  });

  describe('reconciliation', () => {
    const SIX_MINUTES = 6 * 60_000;
    const confirmationsOf = (bookingId: string) =>
      port.callsOf('confirmPayment').filter((c) => (c as { bookingId: string }).bookingId === bookingId);
    /** A checkout paid at the gateway whose webhook never reached us (this gateway delivers nowhere). */
    const paidAtGateway = async () => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      expect((await gateway.charge(sessionId, TEST_CARDS.success)).outcome).toBe('paid');
      const [webhook] = await database.db.select().from(gatewayWebhooks).where(eq(gatewayWebhooks.sessionId, sessionId));
      const resend = () => deliver(webhook!.body);
      return { booking, sessionId, resend };
    };

    it('settles a paid checkout whose webhook was lost, through the webhook path, once; the late webhook is a duplicate', async () => {
      const { booking, resend } = await paidAtGateway();
      // Not asked before a few minutes have passed.
      await payments.reconcileOpenPayments(new Date());
      expect(confirmationsOf(booking.id)).toEqual([]);
      await payments.reconcileOpenPayments(new Date(Date.now() + SIX_MINUTES));
      expect(confirmationsOf(booking.id)).toEqual([
        {
          bookingId: booking.id,
          method: 'card',
          amount: 412.5,
          currency: 'USD',
          actor: 'sandbox:reconciliation',
          paymentId: expect.stringMatching(/^pay_/),
        },
      ]);
      expect(port.callsOf('fulfil')).toContain(booking.id);
      const [payment] = await paymentRows(booking.id);
      expect(payment).toMatchObject({ status: 'succeeded', provider_payment_id: expect.stringMatching(/^pay_evt_/) });
      // Asked once: settled, never asked again.
      await payments.reconcileOpenPayments(new Date(Date.now() + 2 * 3_600_000));
      expect(confirmationsOf(booking.id)).toHaveLength(1);
      expect(await resend()).toBe('duplicate');
      expect(confirmationsOf(booking.id)).toHaveLength(1);
      // The webhook, had it come, would have named the same payment.
      expect((await paymentRows(booking.id))[0]!.provider_payment_id).toBe(payment!.provider_payment_id);
    });

    it('changes nothing when the webhook came first', async () => {
      const { booking, resend } = await paidAtGateway();
      expect(await resend()).toBe('confirmed');
      await payments.reconcileOpenPayments(new Date(Date.now() + SIX_MINUTES));
      expect(confirmationsOf(booking.id)).toHaveLength(1);
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['succeeded']);
    });

    it('confirms once when the webhook and the reconciliation come together', async () => {
      const { booking, resend } = await paidAtGateway();
      // Both hold what they learnt (the event, the gateway's answer) and wait for the payment's lock.
      const [outcome] = await raceAtLock(database, paymentLock(booking.id), [
        resend,
        () => payments.reconcileOpenPayments(new Date(Date.now() + SIX_MINUTES)),
      ]);
      expect(['confirmed', 'duplicate']).toContain(outcome);
      expect(confirmationsOf(booking.id)).toHaveLength(1);
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['succeeded']);
    });

    it('asks about a checkout still open again later, less and less often, and closes one the gateway expired', async () => {
      const booking = await insertBookingRow(database);
      const { url } = await checkoutFor(booking);
      const [payment] = await database.sql.query<{ id: string }>('SELECT id FROM payments WHERE booking_id = $1', [booking.id]);
      const checkOf = async () =>
        (await database.db.select().from(paymentChecks).where(eq(paymentChecks.paymentId, payment!.id)))[0]!;
      const firstAt = Date.now() + SIX_MINUTES;
      await payments.reconcileOpenPayments(new Date(firstAt));
      expect(await checkOf()).toMatchObject({ checks: 1, lastState: 'open', settledAt: null });
      expect((await checkOf()).nextCheckAt.getTime()).toBe(firstAt + 5 * 60_000);
      await payments.reconcileOpenPayments(new Date(firstAt + 5 * 60_000));
      expect((await checkOf()).nextCheckAt.getTime()).toBe(firstAt + 15 * 60_000);
      expect(port.calls).toEqual([]);

      await database.db
        .update(gatewaySessions)
        .set({ status: 'expired' })
        .where(eq(gatewaySessions.id, sessionOf(url)));
      await payments.reconcileOpenPayments(new Date(firstAt + 15 * 60_000));
      expect(await checkOf()).toMatchObject({ checks: 3, lastState: 'expired', settledAt: expect.any(Date) });
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['expired']);
      expect(port.calls).toEqual([]);
    });

    it('asks about each checkout once when several processes reconcile at once', async () => {
      const paid = [await paidAtGateway(), await paidAtGateway(), await paidAtGateway()];
      const other = createPaymentsService({ database, provider, bookings: port, logger });
      provider.asked = [];
      const at = new Date(Date.now() + SIX_MINUTES);
      await Promise.all([
        payments.reconcileOpenPayments(at),
        other.reconcileOpenPayments(at),
        payments.reconcileOpenPayments(at),
      ]);
      for (const { booking, sessionId } of paid) {
        expect(provider.asked.filter((id) => id === sessionId)).toHaveLength(1);
        expect(confirmationsOf(booking.id)).toHaveLength(1);
      }
    });
  });

  describe('handleWebhook', () => {
    it('confirms once, then tickets once, whether the event comes twice, at once, or under another id', async () => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      const body = event(sessionId);
      const other = event(sessionId);
      const outcomes = await raceAtLock(database, paymentLock(booking.id), [
        () => deliver(body),
        () => deliver(body),
        () => deliver(other),
      ]);
      expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(2);
      expect(await deliver(body)).toBe('duplicate');
      expect(port.callsOf('confirmPayment')).toEqual([
        {
          bookingId: booking.id,
          method: 'card',
          amount: 412.5,
          currency: 'USD',
          actor: 'sandbox:webhook',
          paymentId: expect.stringMatching(/^pay_/),
        },
      ]);
      expect(port.callsOf('fulfil')).toEqual([booking.id]);
      const [payment] = await paymentRows(booking.id);
      expect(payment).toMatchObject({ status: 'succeeded', provider_payment_id: expect.stringMatching(/^pay_evt_/) });
    });

    it.each([
      ['a smaller amount', { amount: 1 }],
      ['another currency', { currency: 'EUR' }],
    ])('keeps %s for a refund and does not confirm the booking', async (_name, data) => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      expect(await deliver(event(sessionId, {}, data))).toBe('refund-required');
      expect(port.callsOf('confirmPayment')).toEqual([]);
      expect(port.callsOf('fulfil')).toEqual([]);
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['refund-required']);
      expect(logger.lines.some((l) => l.level === 'error' && /refund/.test(l.msg ?? ''))).toBe(true);
      // A later event for the settled checkout changes nothing.
      expect(await deliver(event(sessionId))).toBe('duplicate');
      expect(port.callsOf('confirmPayment')).toEqual([]);
    });

    it.each(['not-payable', 'already-paid'] as const)('keeps money the booking cannot take (%s) for a refund', async (answer) => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      port.confirmAnswer = answer;
      expect(await deliver(event(sessionId))).toBe('refund-required');
      expect(port.callsOf('confirmPayment')).toHaveLength(1);
      expect(port.callsOf('fulfil')).toEqual([]);
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['refund-required']);
    });

    it('still answers when ticketing fails after the payment (the job retries it)', async () => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      port.fulfilError = new Error('supplier down');
      expect(await deliver(event(sessionId))).toBe('confirmed');
      expect(port.callsOf('fulfil')).toEqual([booking.id]);
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['succeeded']);
      expect(logger.lines.some((l) => l.level === 'error' && /ticketing/.test(l.msg ?? ''))).toBe(true);
    });

    it('records a decline: the checkout stays open with its failure code', async () => {
      const booking = await insertBookingRow(database);
      const { url } = await checkoutFor(booking);
      const body = event(sessionOf(url), { type: 'payment.failed' }, { failureCode: 'insufficient_funds' });
      expect(await deliver(body)).toBe('failed-recorded');
      expect(await deliver(body)).toBe('duplicate');
      expect(port.callsOf('recordPaymentFailure')).toEqual([
        { bookingId: booking.id, failureCode: 'insufficient_funds', actor: 'sandbox:webhook' },
      ]);
      expect(await paymentRows(booking.id)).toEqual([
        expect.objectContaining({ status: 'open', failure_code: 'insufficient_funds' }),
      ]);
      expect(await checkoutFor(booking)).toEqual({ url });
    });

    it('closes a checkout the provider expired', async () => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      expect(await deliver(event(sessionId, { type: 'session.expired' }))).toBe('expired');
      expect((await paymentRows(booking.id)).map((p) => p.status)).toEqual(['expired']);
      expect(port.calls).toEqual([]);
    });

    it('ignores events of unknown checkouts and of unknown types, so the provider stops retrying', async () => {
      expect(await deliver(event('cs_unknown'))).toBe('unknown-session');
      expect(await deliver(event('cs_unknown', { type: 'charge.dispute.created' }))).toBe('ignored');
      expect(port.calls).toEqual([]);
      expect(logger.lines.some((l) => l.level === 'warn' && /unknown checkout/.test(l.msg ?? ''))).toBe(true);
    });

    it('refuses a bad signature with INVALID_SIGNATURE, and another provider with 404', async () => {
      const body = event('cs_x');
      await expect(
        payments.handleWebhook('sandbox', Buffer.from(body), {
          'kwenda-signature': signPayload('not-the-secret-000000', body, unix()),
        }),
      ).rejects.toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' });
      await expect(payments.handleWebhook('stripe', Buffer.from(body), {})).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('webhook route', () => {
    beforeAll(async () => {
      await app.register(
        async (api) => {
          await api.register(paymentsRoutes, {
            payments: { handleWebhook: (...args) => payments.handleWebhook(...args) } as PaymentsService,
          });
          // A sibling route: JSON still parses as JSON outside the webhook plugin.
          api.post('/echo', async (request) => ({ body: request.body }));
        },
        { prefix: '/api/v1' },
      );
      await app.ready();
    });

    const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

    it('takes the raw body, checks its signature and answers { received: true }', async () => {
      const booking = await insertBookingRow(database);
      const sessionId = sessionOf((await checkoutFor(booking)).url);
      // Whitespace as the gateway sent it: re-serialised JSON would not match the signature.
      const body = event(sessionId).replace('{', '{ ');
      const ok = await post('/api/v1/payments/webhooks/sandbox', body, { 'kwenda-signature': signPayload(SECRET, body, unix()) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ received: true, outcome: 'confirmed' });

      const forged = await post('/api/v1/payments/webhooks/sandbox', body, {
        'kwenda-signature': `t=${unix()},v1=${'0'.repeat(64)}`,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      expect((await post('/api/v1/payments/webhooks/stripe', body)).statusCode).toBe(404);
      expect((await post('/api/v1/echo', '{"a":1}')).json()).toEqual({ body: { a: 1 } });
    });
  });
});
