import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewaySessions, gatewayWebhooks } from '../../src/db/schema.js';
import type { CheckoutRequest } from '../../src/payments/payment-provider.js';
import { WEBHOOK_LEASE_MS } from '../../src/payments/sandbox/gateway-webhooks.js';
import {
  createSandboxGateway,
  IdempotencyKeyReusedError,
  TEST_CARDS,
  type SandboxGateway,
} from '../../src/payments/sandbox/sandbox-gateway.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The sandbox gateway as a real gateway behaves towards its merchant: each notification is written
 * with the charge and sent from its table at least once for three days, whoever (which process) sends
 * it; the same idempotency key opens the same session; asked about a session, it says where it stands.
 */

const SECRET = 'sandbox-webhooks-secret-0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(backends)('sandbox gateway webhooks and sessions on %s', (backend) => {
  let database: TestDatabase;
  /** Each delivery: the event id and when. What the receiver answers is `answer`'s. */
  let received: { eventId: string; signature: string }[];
  let answer: (eventId: string) => Promise<number>;
  const gateways: SandboxGateway[] = [];
  let keys = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    // Two gateways on one database: two processes of the same server.
    for (let i = 0; i < 2; i++)
      gateways.push(
        createSandboxGateway({
          database,
          env: { SANDBOX_GATEWAY_SECRET: SECRET, DATA_DIR: '/nonexistent' },
          publicUrl: 'https://kwenda.example',
          deliverWebhook: async (_url, body, headers) => {
            const eventId = (JSON.parse(body) as { id: string }).id;
            received.push({ eventId, signature: headers['kwenda-signature']! });
            return { status: await answer(eventId) };
          },
        }),
      );
  });
  beforeEach(() => {
    received = [];
    answer = async () => 200;
  });
  afterAll(async () => database?.destroy());

  const gateway = () => gateways[0]!;
  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    paymentId: `pay_${++keys}`,
    bookingId: `bk_${keys}`,
    bookingReference: 'KW7F3K9Q',
    amount: 250,
    currency: 'USD',
    description: 'KW7F3K9Q',
    customerEmail: null,
    language: 'en',
    successPath: '/booking/x?payment=return',
    cancelPath: '/booking/x?payment=cancel',
    expiresAt: new Date(Date.now() + 2 * HOUR),
    idempotencyKey: `pay_${keys}`,
    ...overrides,
  });
  const webhooksOf = (sessionId: string) =>
    database.db.select().from(gatewayWebhooks).where(eq(gatewayWebhooks.sessionId, sessionId));
  const paidSession = async () => {
    const { sessionId } = await gateway().createCheckout(request());
    expect((await gateway().charge(sessionId, TEST_CARDS.success)).outcome).toBe('paid');
    return sessionId;
  };

  describe('notifications', () => {
    it('writes the event with the charge: a receiver that fails keeps it, with the attempt and its answer', async () => {
      answer = async () => 503;
      const sessionId = await paidSession();
      const [row] = await webhooksOf(sessionId);
      expect(row).toMatchObject({ eventType: 'payment.succeeded', status: 'pending', attempts: 1, lastStatus: 503 });
      expect(row!.nextAttemptAt.getTime() - row!.lastAttemptAt!.getTime()).toBe(MINUTE);
      expect(received.map((r) => r.eventId)).toEqual([row!.id]);
      expect((await gateway().findSession(sessionId))?.status).toBe('complete');

      // Nobody answering at all is recorded the same way, without a status.
      answer = async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:3000');
      };
      const { sessionId: other } = await gateway().createCheckout(request());
      expect((await gateway().charge(other, TEST_CARDS.declined)).outcome).toBe('declined');
      expect((await webhooksOf(other))[0]).toMatchObject({
        eventType: 'payment.failed',
        status: 'pending',
        attempts: 1,
        lastStatus: null,
        lastError: expect.stringContaining('ECONNREFUSED'),
      });
      // Delivered on the next try, with a fresh signature; then never again.
      answer = async () => 200;
      await gateway().deliverDueWebhooks!(new Date(Date.now() + 2 * MINUTE));
      expect((await webhooksOf(sessionId))[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
      expect((await webhooksOf(other))[0]).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
      await gateway().deliverDueWebhooks!(new Date(Date.now() + 2 * HOUR));
      expect(received).toHaveLength(4);
    });

    it('tries for three days: now, after 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h; then marks it failed', async () => {
      answer = async () => 500;
      const sessionId = await paidSession();
      const [first] = await webhooksOf(sessionId);
      const created = first!.createdAt.getTime();
      const attemptsAt: number[] = [first!.lastAttemptAt!.getTime() - created];
      for (let row = first!; row.status === 'pending';) {
        // A moment before it is due: nothing goes.
        await gateway().deliverDueWebhooks!(new Date(row.nextAttemptAt.getTime() - 1000));
        expect((await webhooksOf(sessionId))[0]!.attempts).toBe(row.attempts);
        await gateway().deliverDueWebhooks!(row.nextAttemptAt);
        row = (await webhooksOf(sessionId))[0]!;
        attemptsAt.push(row.lastAttemptAt!.getTime() - created);
      }
      const after = [0, 1, 6, 36, 156, 516].map((m) => m * MINUTE);
      for (let at = 516 * MINUTE + 12 * HOUR; at <= 72 * HOUR; at += 12 * HOUR) after.push(at);
      expect(attemptsAt.map((ms) => Math.round(ms / 1000))).toEqual(after.map((ms) => ms / 1000));
      const [last] = await webhooksOf(sessionId);
      expect(last).toMatchObject({ status: 'failed', attempts: after.length, lastStatus: 500 });
      expect(new Set(received.map((r) => r.eventId))).toEqual(new Set([first!.id]));
    });

    it('several processes sending at once send each attempt once', async () => {
      answer = async () => 503;
      const sessions = [];
      for (let i = 0; i < 6; i++) sessions.push(await paidSession());
      received = [];
      // The receiver is back, and slow: the sweeps overlap.
      answer = async () => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return 200;
      };
      const due = new Date(Date.now() + 2 * MINUTE);
      await Promise.all([
        gateways[0]!.deliverDueWebhooks!(due),
        gateways[1]!.deliverDueWebhooks!(due),
        gateways[0]!.deliverDueWebhooks!(due),
        gateways[1]!.deliverDueWebhooks!(due),
      ]);
      const ids = received.map((r) => r.eventId);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      for (const sessionId of sessions)
        expect((await webhooksOf(sessionId))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    });

    it('leaves an attempt whose process stopped mid-send to another process once its lease ends', async () => {
      // The first attempt never gets an answer: its process is frozen (as if killed).
      let frozen = true;
      answer = () => (frozen ? new Promise<number>(() => undefined) : Promise.resolve(200));
      const { sessionId } = await gateway().createCheckout(request());
      void gateway().charge(sessionId, TEST_CARDS.success);
      await expect.poll(() => received.length).toBe(1);
      frozen = false;
      const [claimed] = await webhooksOf(sessionId);
      expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });
      const claimedAt = claimed!.lastAttemptAt!.getTime();
      await gateways[1]!.deliverDueWebhooks!(new Date(claimedAt + WEBHOOK_LEASE_MS - 1000));
      expect(received).toHaveLength(1);
      await gateways[1]!.deliverDueWebhooks!(new Date(claimedAt + WEBHOOK_LEASE_MS));
      expect(received.map((r) => r.eventId)).toEqual([claimed!.id, claimed!.id]);
      expect((await webhooksOf(sessionId))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    });
  });

  describe('idempotency keys', () => {
    it('opens one session per key, whether asked again later or several times at once', async () => {
      const first = request();
      const opened = await gateway().createCheckout(first);
      expect(await gateway().createCheckout(first)).toEqual(opened);
      const second = request();
      const together = await Promise.all([
        gateways[0]!.createCheckout(second),
        gateways[1]!.createCheckout(second),
        gateways[0]!.createCheckout(second),
      ]);
      expect(new Set(together.map((t) => t.sessionId)).size).toBe(1);
      const sessions = await database.db
        .select({ id: gatewaySessions.id })
        .from(gatewaySessions)
        .where(eq(gatewaySessions.clientReference, second.bookingId));
      expect(sessions).toEqual([{ id: together[0]!.sessionId }]);
    });

    it('refuses a key used for another amount, currency or booking', async () => {
      const first = request();
      await gateway().createCheckout(first);
      for (const other of [{ amount: 251 }, { currency: 'EUR' as const }, { bookingId: 'bk_other' }])
        await expect(gateway().createCheckout({ ...first, ...other })).rejects.toThrow(IdempotencyKeyReusedError);
    });
  });

  describe('retrieveCheckout', () => {
    it('says where a session stands: open, paid (as its webhook said), expired', async () => {
      const open = await gateway().createCheckout(request());
      expect(await gateway().retrieveCheckout(open.sessionId)).toEqual({ status: 'open' });
      // Declines leave it open.
      await gateway().charge(open.sessionId, TEST_CARDS.insufficientFunds);
      expect(await gateway().retrieveCheckout(open.sessionId)).toEqual({ status: 'open' });

      await gateway().charge(open.sessionId, TEST_CARDS.success);
      const paid = await webhooksOf(open.sessionId);
      const succeeded = paid.find((w) => w.eventType === 'payment.succeeded')!;
      const told = gateway().verifyWebhook(Buffer.from(succeeded.body), {
        'kwenda-signature': received.find((r) => r.eventId === succeeded.id)!.signature,
      });
      expect(told.type).toBe('payment.succeeded');
      expect(await gateway().retrieveCheckout(open.sessionId)).toEqual({
        status: 'paid',
        providerPaymentId: told.type === 'payment.succeeded' ? told.providerPaymentId : null,
        amount: 250,
        currency: 'USD',
      });

      const closed = await gateway().createCheckout(request());
      await database.db.transaction((tx) => gateway().expireSession!(tx, closed.sessionId));
      expect(await gateway().retrieveCheckout(closed.sessionId)).toEqual({ status: 'expired' });
      const lapsed = await gateway().createCheckout(request({ expiresAt: new Date(Date.now() - 1000) }));
      expect(await gateway().retrieveCheckout(lapsed.sessionId)).toEqual({ status: 'expired' });
      await expect(gateway().retrieveCheckout('cs_nope')).rejects.toThrow();
    });
  });
});
