import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../src/payments/payment-provider.js';
import { sandboxGatewayRoutes } from '../../src/payments/sandbox/gateway-routes.js';
import {
  createSandboxGateway,
  gatewaySecret,
  signPayload,
  TEST_CARDS,
  verifySignature,
  type SandboxGateway,
} from '../../src/payments/sandbox/sandbox-gateway.js';
import { registerErrorHandler } from '../../src/plugins/error-handler.js';
import { raceAtLock } from '../helpers/lock-barrier.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const SECRET = 'sandbox-test-secret-0123456789';
const unix = (date = new Date()) => Math.floor(date.getTime() / 1000);

describe('sandbox webhook signatures', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment.succeeded',
    data: { sessionId: 'cs_1', amount: 10, currency: 'USD' },
  });
  const now = new Date('2026-03-01T10:00:00Z');

  it('accepts its own signature inside the five-minute window', () => {
    expect(() => verifySignature(SECRET, body, signPayload(SECRET, body, unix(now)), now)).not.toThrow();
    expect(() => verifySignature(SECRET, body, signPayload(SECRET, body, unix(now) - 299), now)).not.toThrow();
  });

  it.each([
    ['no header', undefined],
    ['a garbled header', 'garbage'],
    ['a header without v1', `t=${unix(now)}`],
    ['a v1 that is not hex', `t=${unix(now)},v1=${'z'.repeat(64)}`],
    ['a forged signature', `t=${unix(now)},v1=${'0'.repeat(64)}`],
    ['another secret', signPayload('another-secret-0000000000', body, unix(now))],
    ['another body', signPayload(SECRET, body.replace('10', '1'), unix(now))],
    ['a stale timestamp (replay)', signPayload(SECRET, body, unix(now) - 301)],
    ['a timestamp from the future', signPayload(SECRET, body, unix(now) + 301)],
  ])('refuses %s', (_name, header) => {
    expect(() => verifySignature(SECRET, body, header, now)).toThrow(WebhookSignatureError);
  });

  it('keeps a generated secret under DATA_DIR, readable by the owner only, and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-secret-'));
    const first = gatewaySecret({ DATA_DIR: dir, SANDBOX_GATEWAY_SECRET: undefined });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dir, 'sandbox-gateway.secret')).mode & 0o777).toBe(0o600);
    expect(gatewaySecret({ DATA_DIR: dir, SANDBOX_GATEWAY_SECRET: undefined })).toBe(first);
    expect(gatewaySecret({ DATA_DIR: dir, SANDBOX_GATEWAY_SECRET: SECRET })).toBe(SECRET);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(backends)('sandbox gateway on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let gateway: SandboxGateway;
  let failDeliveries = 0;
  const delivered: { url: string; body: string; headers: Record<string, string> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    gateway = createSandboxGateway({
      database,
      env: { SANDBOX_GATEWAY_SECRET: SECRET, DATA_DIR: '/nonexistent' },
      publicUrl: 'https://kwenda.example',
      deliverWebhook: async (url, body, headers) => {
        delivered.push({ url, body, headers });
        if (failDeliveries > 0) {
          failDeliveries--;
          return { status: 503 };
        }
        return { status: 200 };
      },
    });
    app = Fastify();
    registerErrorHandler(app);
    await app.register(sandboxGatewayRoutes, { provider: gateway });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  let opened = 0;
  /** A new session each time (a fresh idempotency key, as each payment has its own) unless the key is given. */
  const open = (overrides: Partial<Parameters<SandboxGateway['createCheckout']>[0]> = {}) =>
    gateway.createCheckout({
      paymentId: `pay_${++opened}`,
      bookingId: 'bk_test',
      bookingReference: 'KW7F3K9Q',
      amount: 1234.5,
      currency: 'USD',
      description: 'KW7F3K9Q',
      customerEmail: null,
      language: 'ar',
      successPath: '/booking/bk_test?payment=return',
      cancelPath: '/booking/bk_test?payment=cancel',
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: `pay_${opened}_${backend}`,
      ...overrides,
    });
  const submit = (url: string, cardNumber: string, overrides: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', name: 'AMNA OSMAN', ...overrides }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  /** The webhooks sent since `from`, read back through the gateway's own verification. */
  const eventsSince = (from: number) =>
    delivered.slice(from).map((d) => {
      expect(d.url).toBe('https://kwenda.example/api/v1/payments/webhooks/sandbox');
      return gateway.verifyWebhook(Buffer.from(d.body), d.headers);
    });

  it('renders the hosted page in Arabic, right to left, with the amount, the reference and the test cards', async () => {
    const { url } = await open();
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('Kwenda');
    expect(page.body).toContain('1,234.5 USD');
    expect(page.body).toContain('KW7F3K9Q');
    for (const label of ['رقم البطاقة', 'تاريخ الانتهاء', 'رمز التحقق', 'الاسم على البطاقة']) expect(page.body).toContain(label);
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995']) expect(page.body).toContain(card);
    expect(page.body).toContain('href="/booking/bk_test?payment=cancel"');
    expect(page.body).not.toMatch(/<script/i);
  });

  it('renders in English when the session is in English', async () => {
    const { url } = await open({ language: 'en', currency: 'SAR', amount: 99 });
    const page = await app.inject({ method: 'GET', url });
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('Card payment');
    expect(page.body).toContain('99 SAR');
    for (const label of ['Card number', 'Expiry (MM/YY)', 'Security code (CVC)', 'Name on card'])
      expect(page.body).toContain(label);
  });

  it('escapes everything it shows', async () => {
    const { url } = await open({ description: '<script>alert(1)</script>', cancelPath: '/x?a="><img src=x>' });
    const page = await app.inject({ method: 'GET', url });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('"><img');
    const echoed = await submit(url, '1234', { name: '<b>x</b>' });
    expect(echoed.body).not.toContain('<b>x</b>');
  });

  it('pays with 4242 4242 4242 4242: 303 to the success page after the signed payment.succeeded webhook', async () => {
    const { url, sessionId } = await open();
    const before = delivered.length;
    const paid = await submit(url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/booking/bk_test?payment=return');
    expect(eventsSince(before)).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'payment.succeeded',
        sessionId,
        providerPaymentId: expect.any(String),
        amount: 1234.5,
        currency: 'USD',
      },
    ]);
    expect((await gateway.findSession(sessionId))?.status).toBe('complete');

    // Paying the completed page again charges nothing and says so, with a way back.
    const again = await submit(url, TEST_CARDS.success);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('تم الدفع لهذه العملية');
    expect(again.body).toContain('href="/booking/bk_test?payment=return"');
    expect(delivered.length).toBe(before + 1);
    expect((await app.inject({ method: 'GET', url })).body).not.toContain('<form');
  });

  it('pays with any other number that passes Luhn', async () => {
    const { url } = await open();
    const before = delivered.length;
    expect((await submit(url, '5555555555554444')).statusCode).toBe(303);
    expect(eventsSince(before).map((e) => e.type)).toEqual(['payment.succeeded']);
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined', 'Your card was declined. Try another card.', 'رُفضت بطاقتك. جرّب بطاقة أخرى.'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds', 'Your card has insufficient funds.', 'رصيد البطاقة غير كافٍ.'],
  ])('declines %s (%s): the page says so and offers the form again; payment.failed is sent', async (card, code, en, ar) => {
    const { url, sessionId } = await open();
    const before = delivered.length;
    const arabic = await submit(url, card);
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toContain(ar);
    expect(arabic.body).toContain('role="alert"');
    expect(arabic.body).toContain('<form');
    expect(arabic.body).toContain('href="/booking/bk_test?payment=cancel"');
    const english = await submit(`${url}?lang=en`, card);
    expect(english.body).toContain(en);
    expect(eventsSince(before)).toEqual([
      { id: expect.any(String), type: 'payment.failed', sessionId, failureCode: code },
      { id: expect.any(String), type: 'payment.failed', sessionId, failureCode: code },
    ]);
    const session = await gateway.findSession(sessionId);
    expect(session).toMatchObject({ status: 'open', attempts: 2, lastDecline: code });
    // Then a good card.
    expect((await submit(url, TEST_CARDS.success)).statusCode).toBe(303);
  });

  it.each([
    ['a number failing Luhn', { cardNumber: '4242424242424241' }, 'cardNumber', 'رقم البطاقة غير صحيح.'],
    ['a past expiry', { expiry: '01/20' }, 'expiry', 'تاريخ الانتهاء غير صحيح أو منتهٍ.'],
    ['a month 13', { expiry: '13/39' }, 'expiry', 'تاريخ الانتهاء غير صحيح أو منتهٍ.'],
    ['no CVC', { cvc: '' }, 'cvc', 'رمز التحقق يتكون من 3 أو 4 أرقام.'],
  ])('re-renders the form with a field error for %s, and sends no webhook', async (_name, form, field, message) => {
    const { url, sessionId } = await open();
    const before = delivered.length;
    const { cardNumber = TEST_CARDS.success, ...rest } = form as Record<string, string>;
    const response = await submit(url, cardNumber, rest);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`id="${field}-error"`);
    expect(response.body).toContain(message);
    expect(response.body).toContain('value="AMNA OSMAN"');
    expect(delivered.length).toBe(before);
    expect((await gateway.findSession(sessionId))?.attempts).toBe(0);
  });

  it('refuses an expired page, and one closed because the hold ended', async () => {
    const past = await open({ expiresAt: new Date(Date.now() - 1000), language: 'en' });
    const before = delivered.length;
    expect((await app.inject({ method: 'GET', url: past.url })).body).toContain('This payment page is closed');
    const refused = await submit(past.url, TEST_CARDS.success);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('This payment page is closed');
    expect(refused.body).toContain('href="/booking/bk_test?payment=cancel"');

    const closed = await open();
    await database.db.transaction((tx) => gateway.expireSession!(tx, closed.sessionId));
    expect((await submit(closed.url, TEST_CARDS.success)).body).toContain('أُغلقت صفحة الدفع هذه');
    expect(delivered.length).toBe(before);
  });

  it('charges once when the form is sent twice at once', async () => {
    const { url, sessionId } = await open();
    const before = delivered.length;
    // Both read the session as open, then wait on its row to complete it.
    const send = () => submit(url, TEST_CARDS.success);
    const answers = await raceAtLock(
      database,
      { sql: 'SELECT 1 FROM gateway_sessions WHERE id = $1 FOR UPDATE', params: [sessionId] },
      [send, send],
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 303]);
    expect(eventsSince(before).map((e) => e.type)).toEqual(['payment.succeeded']);
  });

  it('retries a webhook the API did not take from its table a minute later, with the same event id and a fresh signature', async () => {
    const { url } = await open();
    const before = delivered.length;
    failDeliveries = 1;
    expect((await submit(url, TEST_CARDS.success)).statusCode).toBe(303);
    expect(delivered.length).toBe(before + 1);
    const failedAt = Date.now();
    // Not before its time, then once.
    await gateway.deliverDueWebhooks!(new Date(failedAt + 50_000));
    expect(delivered.length).toBe(before + 1);
    await gateway.deliverDueWebhooks!(new Date(failedAt + 61_000));
    expect(delivered.length).toBe(before + 2);
    await gateway.deliverDueWebhooks!(new Date(failedAt + 3_600_000));
    expect(delivered.length).toBe(before + 2);
    const [first, retry] = eventsSince(before);
    expect(retry!.id).toBe(first!.id);
    expect(delivered[before + 1]!.headers['kwenda-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('answers 404 for an unknown page', async () => {
    const response = await app.inject({ method: 'GET', url: '/gateway/sandbox/checkout/cs_nope' });
    expect(response.statusCode).toBe(404);
  });
});
