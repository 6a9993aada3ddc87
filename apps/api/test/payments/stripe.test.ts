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
import { findOffer, getBooking, pay, readyBooking } from '../helpers/booking-factories.js';
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
const signer = new Stripe('sk_test_signer');
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** A local stand-in for api.stripe.com: records each request, answers the recorded session. */
async function fakeStripe() {
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: URLSearchParams }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body: params });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', 'req_test');
      res.end(
        JSON.stringify({
          ...recordedSession,
          amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
          client_reference_id: params.get('client_reference_id'),
          currency: params.get('line_items[0][price_data][currency]'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
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
});
