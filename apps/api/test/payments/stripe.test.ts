import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Booking } from '@kwenda/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../src/payments/payment-provider.js';
import { createStripeProvider } from '../../src/payments/stripe/stripe-provider.js';
import { asGuest, findOffer, getBooking, pay, readyBooking } from '../helpers/booking-factories.js';
import { multipart } from '../helpers/multipart.js';
import { staffMember } from '../helpers/staff.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/**
 * Stripe cannot be reached from here: the adapter is tested against recorded Stripe payloads
 * (fixtures/), real signatures made with the official library's test helper, and a local server
 * that answers the Checkout Sessions endpoint as Stripe does.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const recordedSession = JSON.parse(fs.readFileSync(path.join(fixtures, 'stripe-checkout-session.json'), 'utf8'));
const recordedEvent = JSON.parse(fs.readFileSync(path.join(fixtures, 'stripe-event-checkout-session-completed.json'), 'utf8'));
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 5)]);
const signer = new Stripe('sk_test_signer');
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });

type FakeSession = typeof recordedSession & { payment_intent: string | null };

/**
 * A local stand-in for api.stripe.com speaking its protocol for Checkout Sessions: created once per
 * Idempotency-Key (Stripe replays the first answer to a key for 24 hours), retrieved with
 * GET /v1/checkout/sessions/{id}; records each request. `pay`, `complete` and `expire` do what the
 * customer or time would do on Stripe's side.
 */
async function fakeStripe() {
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: URLSearchParams }[] = [];
  const sessions = new Map<string, FakeSession>();
  const byKey = new Map<string, string>();
  let failExpire = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body: params });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', 'req_test');
      const key = req.headers['idempotency-key'] as string | undefined;
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const replayed = key ? byKey.get(key) : undefined;
        if (replayed) {
          res.setHeader('idempotent-replayed', 'true');
          return res.end(JSON.stringify(sessions.get(replayed)));
        }
        // The first session is the recorded one; later ones get ids of their own.
        const id = sessions.size === 0 ? recordedSession.id : `cs_test_${randomBytes(24).toString('hex')}`;
        const session: FakeSession = {
          ...recordedSession,
          id,
          url: id === recordedSession.id ? recordedSession.url : `https://checkout.stripe.com/c/pay/${id}`,
          amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
          client_reference_id: params.get('client_reference_id')!,
          currency: params.get('line_items[0][price_data][currency]')!,
          expires_at: Number(params.get('expires_at')),
          metadata: { bookingId: params.get('metadata[bookingId]')!, paymentId: params.get('metadata[paymentId]')! },
          payment_intent: null,
        };
        sessions.set(id, session);
        if (key) byKey.set(key, id);
        return res.end(JSON.stringify(session));
      }
      // POST /v1/checkout/sessions/{id}/expire: only an open session can be expired.
      const expiring = req.method === 'POST' && /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(req.url!);
      if (expiring && sessions.has(expiring[1]!)) {
        if (failExpire) {
          res.statusCode = 500;
          return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
        }
        const session = sessions.get(expiring[1]!)!;
        if (session.status !== 'open') {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
              },
            }),
          );
        }
        sessions.set(session.id, { ...session, status: 'expired' });
        return res.end(JSON.stringify(sessions.get(session.id)));
      }
      const retrieved = req.method === 'GET' && /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(req.url!);
      if (retrieved && sessions.has(retrieved[1]!)) return res.end(JSON.stringify(sessions.get(retrieved[1]!)));
      res.statusCode = 404;
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${req.url}'` },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const update = (id: string, patch: Partial<FakeSession>) => sessions.set(id, { ...sessions.get(id)!, ...patch });
  return {
    requests,
    sessions,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The customer paid on Stripe's page. */
    pay: (id: string) => update(id, { status: 'complete', payment_status: 'paid', payment_intent: `pi_${id.slice(-12)}` }),
    /** The customer chose a delayed method (bank debit): complete, money not yet there. */
    complete: (id: string) => update(id, { status: 'complete', payment_status: 'unpaid' }),
    expire: (id: string) => update(id, { status: 'expired' }),
    /** Stripe answers 500 to every expire call while set (an outage). */
    failExpiring: (fail: boolean) => (failExpire = fail),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Stripe Checkout adapter', () => {
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  beforeAll(async () => {
    stripe = await fakeStripe();
  });
  afterAll(async () => stripe?.close());

  const provider = () =>
    createStripeProvider({
      secretKey: 'sk_test_kwenda',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: stripe.url,
      publicUrl: 'https://kwenda.sd',
    });
  const request = {
    paymentId: 'pay_1',
    bookingId: 'bk_xxxxxxxxxxxxxxxxxxxxxx',
    bookingReference: 'KW7F3K9Q',
    amount: 412.5,
    currency: 'USD' as const,
    description: 'KW7F3K9Q',
    customerEmail: 'amna@example.com',
    language: 'ar' as const,
    successPath: '/booking/bk_xxxxxxxxxxxxxxxxxxxxxx?payment=return',
    cancelPath: '/booking/bk_xxxxxxxxxxxxxxxxxxxxxx?payment=cancel',
    expiresAt: new Date(Date.now() + 2 * 3_600_000),
    idempotencyKey: 'pay_1',
  };

  it('creates a Checkout Session in minor units with the booking in metadata and an idempotency key', async () => {
    const session = await provider().createCheckout(request);
    expect(session).toEqual({ sessionId: recordedSession.id, url: recordedSession.url });
    const sent = stripe.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe('Bearer sk_test_kwenda');
    expect(sent.headers['idempotency-key']).toBe('pay_1');
    expect(sent.body.get('mode')).toBe('payment');
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('41250');
    expect(sent.body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.body.get('metadata[bookingId]')).toBe(request.bookingId);
    expect(sent.body.get('success_url')).toBe(`https://kwenda.sd${request.successPath}`);
    const expires = Number(sent.body.get('expires_at'));
    expect(expires * 1000).toBeLessThanOrEqual(request.expiresAt.getTime());
  });

  it('opens one session per idempotency key: a retry after a crash gets the same session back', async () => {
    const key = { ...request, paymentId: 'pay_resumed', idempotencyKey: 'pay_resumed' };
    const first = await provider().createCheckout(key);
    const again = await provider().createCheckout(key);
    expect(again).toEqual(first);
    const posts = stripe.requests.filter((r) => r.method === 'POST' && r.headers['idempotency-key'] === 'pay_resumed');
    expect(posts).toHaveLength(2);
    expect([...stripe.sessions.values()].filter((x) => x.metadata.paymentId === 'pay_resumed')).toHaveLength(1);
  });

  it('asks Stripe where a session stands (GET /v1/checkout/sessions/{id}): open, paid, waiting for a delayed method, expired', async () => {
    const { sessionId } = await provider().createCheckout({ ...request, idempotencyKey: 'pay_retrieved' });
    expect(await provider().retrieveCheckout(sessionId)).toEqual({ status: 'open' });
    const asked = stripe.requests.at(-1)!;
    expect(asked.method).toBe('GET');
    expect(asked.path).toBe(`/v1/checkout/sessions/${sessionId}`);
    expect(asked.headers.authorization).toBe('Bearer sk_test_kwenda');

    stripe.complete(sessionId);
    expect(await provider().retrieveCheckout(sessionId)).toEqual({ status: 'open' });
    stripe.pay(sessionId);
    expect(await provider().retrieveCheckout(sessionId)).toEqual({
      status: 'paid',
      providerPaymentId: stripe.sessions.get(sessionId)!.payment_intent,
      amount: 412.5,
      currency: 'USD',
    });
    const { sessionId: other } = await provider().createCheckout({ ...request, idempotencyKey: 'pay_lapsed' });
    stripe.expire(other);
    expect(await provider().retrieveCheckout(other)).toEqual({ status: 'expired' });
    await expect(provider().retrieveCheckout('cs_test_unknown')).rejects.toThrow(/No such checkout.session/);
  });

  it('refuses Sudanese pounds, which Stripe does not settle', async () => {
    await expect(provider().createCheckout({ ...request, currency: 'SDG' })).rejects.toMatchObject({
      code: 'INVALID_BOOKING_STATE',
    });
  });

  it('reads a recorded checkout.session.completed event signed with the webhook secret', () => {
    const payload = JSON.stringify(recordedEvent);
    const event = provider().verifyWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) });
    expect(event).toEqual({
      id: recordedEvent.id,
      type: 'payment.succeeded',
      sessionId: recordedEvent.data.object.id,
      providerPaymentId: 'pi_3QxYzAB2cD3eF4gH0aBcDeFg',
      amount: 412.5,
      currency: 'USD',
    });
  });

  it.each([
    ['checkout.session.async_payment_failed', 'payment.failed'],
    ['checkout.session.expired', 'session.expired'],
    ['payment_intent.created', 'ignored'],
  ])('maps %s to %s', (type, expected) => {
    const payload = JSON.stringify({ ...recordedEvent, type });
    expect(provider().verifyWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) }).type).toBe(expected);
  });

  it.each([
    ['stripe-event-checkout-session-expired.json', { type: 'session.expired' }],
    ['stripe-event-checkout-session-async-payment-failed.json', { type: 'payment.failed', failureCode: 'payment_failed' }],
    // A delayed method (bank debit) completes the session unpaid: not money yet.
    ['stripe-event-checkout-session-completed-unpaid.json', { type: 'ignored' }],
  ])('reads the recorded %s', (file, expected) => {
    const payload = fs.readFileSync(path.join(fixtures, file), 'utf8');
    const event = provider().verifyWebhook(Buffer.from(payload), { 'stripe-signature': sign(payload) });
    expect(event).toMatchObject({ id: JSON.parse(payload).id, ...expected });
    if (event.type !== 'ignored') expect(event.sessionId).toBe(recordedEvent.data.object.id);
  });

  it('judges the signature age against the time it is given (five minutes of tolerance)', () => {
    const payload = JSON.stringify(recordedEvent);
    const signedAt = 1_795_360_420;
    const headers = { 'stripe-signature': sign(payload, WEBHOOK_SECRET, signedAt) };
    expect(provider().verifyWebhook(Buffer.from(payload), headers, new Date((signedAt + 299) * 1000)).type).toBe(
      'payment.succeeded',
    );
    expect(() => provider().verifyWebhook(Buffer.from(payload), headers, new Date((signedAt + 301) * 1000))).toThrow(
      WebhookSignatureError,
    );
  });

  it('keeps the session inside the 30 minutes to 24 hours Stripe allows, and asks English or auto', async () => {
    const now = Date.now();
    await provider().createCheckout({ ...request, expiresAt: new Date(now + 5 * 60_000) });
    const soon = Number(stripe.requests.at(-1)!.body.get('expires_at')) * 1000;
    expect(soon).toBeGreaterThanOrEqual(now + 30 * 60_000);
    expect(stripe.requests.at(-1)!.body.get('locale')).toBe('auto');
    await provider().createCheckout({ ...request, language: 'en', expiresAt: new Date(now + 3 * 86_400_000) });
    const late = Number(stripe.requests.at(-1)!.body.get('expires_at')) * 1000;
    expect(late).toBeLessThanOrEqual(now + 24 * 3_600_000);
    expect(stripe.requests.at(-1)!.body.get('locale')).toBe('en');
    expect(stripe.requests.at(-1)!.body.get('customer_email')).toBe('amna@example.com');
    expect(stripe.requests.at(-1)!.body.get('client_reference_id')).toBe(request.bookingId);
    expect(stripe.requests.at(-1)!.body.get('metadata[paymentId]')).toBe('pay_1');
  });

  it.each([
    ['no signature', (_p: string) => undefined],
    ['another secret', (p: string) => sign(p, 'whsec_someone_else')],
    ['a stale timestamp', (p: string) => sign(p, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
    // Signed for a cheaper amount, sent with the real one (or the other way round).
    ['a body other than the one signed', (p: string) => sign(p.replace('41250', '100'))],
  ])('refuses %s', (_name, makeSignature) => {
    const payload = JSON.stringify(recordedEvent);
    const signature = makeSignature(payload);
    expect(() => provider().verifyWebhook(Buffer.from(payload), signature ? { 'stripe-signature': signature } : {})).toThrow(
      WebhookSignatureError,
    );
  });
});

describe('card payment through Stripe, end to end on the API', () => {
  let ctx: TestContext;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  beforeAll(async () => {
    stripe = await fakeStripe();
    ctx = await createTestApp('pglite', {
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_kwenda',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  it('opens Stripe Checkout and confirms the booking from the signed webhook', async () => {
    const booking: Booking = await readyBooking(ctx, await findOffer(ctx, 'available', { currency: 'USD' }), 'STRIPE');
    const opened = await pay(ctx, booking.id, false);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().booking.paymentLink).toBe(recordedSession.url);
    const event = structuredClone(recordedEvent);
    event.data.object.amount_total = Math.round(booking.amount * 100);
    event.data.object.client_reference_id = booking.id;
    const payload = JSON.stringify(event);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, 'whsec_forger') },
    });
    expect(forged.statusCode).toBe(400);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
    });
    expect(response.json()).toMatchObject({ received: true, outcome: 'confirmed' });
    const confirmed = await getBooking(ctx, booking.id);
    expect(confirmed.status).toBe('confirmed');
    // The sandbox gateway is not served when Stripe takes the payments.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/payments/webhooks/sandbox',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
  });

  const SIX_MINUTES = 6 * 60_000;
  const paymentsOf = (bookingId: string) =>
    ctx.database.sql.query<{
      id: string;
      status: string;
      provider_session_id: string | null;
      provider_payment_id: string | null;
    }>('SELECT id, status, provider_session_id, provider_payment_id FROM payments WHERE booking_id = $1 ORDER BY created_at', [
      bookingId,
    ]);
  const webhookFor = (booking: Booking, sessionId: string) => {
    const event = structuredClone(recordedEvent);
    event.id = `evt_${randomBytes(12).toString('hex')}`;
    event.data.object.id = sessionId;
    event.data.object.amount_total = Math.round(booking.amount * 100);
    event.data.object.client_reference_id = booking.id;
    const payload = JSON.stringify(event);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
    });
  };
  const heldByCard = async (family: string) => {
    const booking: Booking = await readyBooking(ctx, await findOffer(ctx, 'available', { currency: 'USD' }), family);
    const opened = await pay(ctx, booking.id, false);
    expect(opened.statusCode, opened.body).toBe(200);
    const [payment] = await paymentsOf(booking.id);
    return { booking, sessionId: payment!.provider_session_id!, link: opened.json().booking.paymentLink as string };
  };

  it('confirms and tickets a booking Stripe was paid for when its webhook never came: the reconciliation job asks Stripe', async () => {
    const { booking, sessionId } = await heldByCard('LOSTHOOK');
    stripe.pay(sessionId);
    // Before the reconciliation interval nothing is asked; after it the job settles the payment.
    await ctx.app.kwenda.jobs.tick(new Date());
    expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    await ctx.app.kwenda.jobs.tick(new Date(Date.now() + SIX_MINUTES));
    const settled = await getBooking(ctx, booking.id);
    expect(settled.status).toBe('confirmed');
    expect(await paymentsOf(booking.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', provider_payment_id: stripe.sessions.get(sessionId)!.payment_intent }),
    ]);
    const [trail] = await ctx.database.sql.query<{ actor: string }>(
      "SELECT actor FROM booking_events WHERE booking_id = $1 AND to_status = 'payment-confirmed'",
      [booking.id],
    );
    expect(trail!.actor).toBe('stripe:reconciliation');
    // The webhook arriving at last changes nothing.
    expect((await webhookFor(booking, sessionId)).json()).toMatchObject({ outcome: 'duplicate' });
  });

  it('keeps money Stripe took after the hold ended for a refund, found by reconciliation', async () => {
    const { booking, sessionId } = await heldByCard('LATEPAY');
    const holdEnded = Date.now() + 121 * 60_000;
    await ctx.bookings.expireHolds(new Date(holdEnded));
    expect((await getBooking(ctx, booking.id)).status).toBe('canceled');
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['expired']);
    // Stripe's page lives on (at least 30 minutes): the traveller pays there anyway.
    stripe.pay(sessionId);
    await ctx.app.kwenda.payments.reconcileOpenPayments(new Date(holdEnded + 60_000));
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['refund-required']);
    expect((await getBooking(ctx, booking.id)).status).toBe('canceled');
  });

  it('resumes a checkout whose session address was lost in a crash: the same Idempotency-Key, the same session', async () => {
    const { booking, sessionId, link } = await heldByCard('RESUMED');
    const [payment] = await paymentsOf(booking.id);
    // What a process killed between Stripe's answer and storing it leaves behind.
    await ctx.database.sql.query('UPDATE payments SET provider_session_id = NULL, checkout_url = NULL WHERE id = $1', [
      payment!.id,
    ]);
    await ctx.database.sql.query('DELETE FROM payment_checks WHERE payment_id = $1', [payment!.id]);
    const again = await pay(ctx, booking.id, false);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().booking.paymentLink).toBe(link);
    const posts = stripe.requests.filter((r) => r.method === 'POST' && r.body.get('metadata[bookingId]') === booking.id);
    expect(posts.map((r) => r.headers['idempotency-key'])).toEqual([payment!.id, payment!.id]);
    expect([...stripe.sessions.values()].filter((x) => x.client_reference_id === booking.id).map((x) => x.id)).toEqual([
      sessionId,
    ]);
    expect(await paymentsOf(booking.id)).toEqual([expect.objectContaining({ id: payment!.id, provider_session_id: sessionId })]);
  });

  const expireCalls = (sessionId: string) =>
    stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`);

  it('switching to bank transfer expires the Stripe Checkout Session, so its page takes no money', async () => {
    const { booking, sessionId } = await heldByCard('SWITCHED');
    const switched = await pay(ctx, booking.id, true);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(expireCalls(sessionId)).toHaveLength(1);
    expect(stripe.sessions.get(sessionId)!.status).toBe('expired');
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['expired']);
  });

  it('a close Stripe did not take is retried by the reconciliation job; money taken meanwhile is kept for a refund', async () => {
    const { booking, sessionId } = await heldByCard('OUTAGE');
    stripe.failExpiring(true);
    try {
      expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    } finally {
      stripe.failExpiring(false);
    }
    expect(stripe.sessions.get(sessionId)!.status).toBe('open');
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['expired']);
    // The job asks again (after its backoff) and Stripe expires the session now.
    await ctx.app.kwenda.payments.reconcileOpenPayments(new Date(Date.now() + 2 * SIX_MINUTES));
    expect(stripe.sessions.get(sessionId)!.status).toBe('expired');

    // Stripe still down: the transfer is approved while the card page stays open there, and the
    // traveller pays on it too. The job finds the money and flags it for a refund, as before.
    const { booking: other, sessionId: paidToo } = await heldByCard('PAIDTWICE');
    stripe.failExpiring(true);
    try {
      expect((await pay(ctx, other.id, true)).statusCode).toBe(200);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${other.id}/receipts`,
        ...asGuest(ctx, other.id, multipart(PNG, 'bankak.png', 'image/png', 'file')),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const [receipt] = await ctx.database.sql.query<{ id: string }>('SELECT id FROM payment_receipts WHERE booking_id = $1', [
        other.id,
      ]);
      const agent = await staffMember(ctx.app, 'agent-desk');
      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/transfers/${receipt!.id}/approve`,
        headers: agent.headers,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      stripe.pay(paidToo);
    } finally {
      stripe.failExpiring(false);
    }
    await ctx.app.kwenda.payments.reconcileOpenPayments(new Date(Date.now() + 4 * SIX_MINUTES));
    // The card's money kept for a refund beside the transfer that paid the booking.
    expect((await paymentsOf(other.id)).map((p) => p.status)).toEqual(['refund-required', 'succeeded']);
  });
});
