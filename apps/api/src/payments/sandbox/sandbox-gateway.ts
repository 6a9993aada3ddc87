import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { gatewayIdempotencyKeys, gatewaySessions, type GatewaySessionRow } from '../../db/schema.js';
import type { Env } from '../../env.js';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutState,
  type DeliverWebhook,
  type PaymentEvent,
  type PaymentProvider,
} from '../payment-provider.js';
import { createGatewayWebhooks } from './gateway-webhooks.js';

/**
 * The embedded card gateway: a hosted payment page served by our own server, with documented
 * test cards, that reports outcomes to the API through signed webhooks exactly as a real gateway
 * does (Stripe's scheme: `Kwenda-Signature: t=<unix>,v1=<HMAC-SHA256(secret, t + "." + body)>`,
 * five-minute replay window), sent from a table at least once for three days (gateway-webhooks.ts),
 * and answers questions about its sessions as Stripe's API does. Nothing here trusts the browser:
 * the API learns of a payment only from the gateway itself.
 */

export const SIGNATURE_HEADER = 'kwenda-signature';
export const REPLAY_WINDOW_SECONDS = 300;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The secret from SANDBOX_GATEWAY_SECRET, else one generated once and kept under DATA_DIR. */
export function gatewaySecret(env: Pick<Env, 'SANDBOX_GATEWAY_SECRET' | 'DATA_DIR'>): string {
  if (env.SANDBOX_GATEWAY_SECRET) return env.SANDBOX_GATEWAY_SECRET;
  const file = path.resolve(env.DATA_DIR, 'sandbox-gateway.secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('hex');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

export function signPayload(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifySignature(secret: string, body: string, header: string | undefined, now: Date): void {
  if (!header) throw new WebhookSignatureError(`Missing ${SIGNATURE_HEADER} header`);
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1))
    throw new WebhookSignatureError('Malformed signature header');
  if (Math.abs(now.getTime() / 1000 - timestamp) > REPLAY_WINDOW_SECONDS)
    throw new WebhookSignatureError('Timestamp outside the replay window');
  const expected = Buffer.from(signPayload(secret, body, timestamp).split('v1=')[1]!, 'hex');
  if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw new WebhookSignatureError('Signature does not match');
}

export type DeclineCode = 'card_declined' | 'insufficient_funds';

/** A key used again for another payment (Stripe answers idempotency_error the same way). */
export class IdempotencyKeyReusedError extends Error {}

/** What an idempotency key is bound to: the money and whom it is for. */
const requestHash = (request: CheckoutRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.bookingId, Number(request.amount).toFixed(2), request.currency]))
    .digest('hex');

export interface SandboxGateway extends PaymentProvider {
  readonly name: 'sandbox';
  findSession(id: string): Promise<GatewaySessionRow | undefined>;
  /** The card form was sent: charge (or decline) and notify the API. */
  charge(
    sessionId: string,
    cardNumber: string,
    now?: Date,
  ): Promise<
    | { outcome: 'paid' | 'declined'; decline?: DeclineCode; session: GatewaySessionRow }
    | { outcome: 'closed'; session: GatewaySessionRow }
  >;
}

export function createSandboxGateway(deps: {
  database: Database;
  env: Pick<Env, 'SANDBOX_GATEWAY_SECRET' | 'DATA_DIR'>;
  publicUrl: string;
  deliverWebhook?: DeliverWebhook;
  logger?: { warn(obj: object, msg?: string): void; error?(obj: object, msg?: string): void };
}): SandboxGateway {
  const { db } = deps.database;
  const secret = gatewaySecret(deps.env);
  const webhooks = createGatewayWebhooks({
    db,
    webhookUrl: `${deps.publicUrl}/api/v1/payments/webhooks/sandbox`,
    sign: (body, timestamp) => signPayload(secret, body, timestamp),
    signatureHeader: SIGNATURE_HEADER,
    deliver: deps.deliverWebhook,
    logger: deps.logger,
  });
  const pageOf = (id: string) => ({ sessionId: id, url: `/gateway/sandbox/checkout/${id}` });

  const findSession = async (id: string) => {
    const [row] = await db.select().from(gatewaySessions).where(eq(gatewaySessions.id, id));
    return row;
  };

  /** The session opened under this key, if any; a key bound to another payment is refused. */
  const sessionOfKey = async (key: string, hash: string) => {
    const [row] = await db.select().from(gatewayIdempotencyKeys).where(eq(gatewayIdempotencyKeys.key, key));
    if (row && row.requestHash !== hash)
      throw new IdempotencyKeyReusedError(`Idempotency key ${key} was used for another payment`);
    return row?.sessionId;
  };

  return {
    name: 'sandbox',
    findSession,

    async createCheckout(request) {
      const hash = requestHash(request);
      const known = await sessionOfKey(request.idempotencyKey, hash);
      if (known) return pageOf(known);
      const id = `cs_${randomBytes(16).toString('base64url')}`;
      const opened = await db
        .transaction(async (tx) => {
          await tx.insert(gatewaySessions).values({
            id,
            amount: request.amount,
            currency: request.currency,
            description: request.description,
            clientReference: request.bookingId,
            successUrl: request.successPath,
            cancelUrl: request.cancelPath,
            language: request.language,
            expiresAt: request.expiresAt,
          });
          const [bound] = await tx
            .insert(gatewayIdempotencyKeys)
            .values({ key: request.idempotencyKey, sessionId: id, requestHash: hash })
            .onConflictDoNothing()
            .returning();
          // Another request under the same key opened its session first: give this one up, answer that one.
          if (!bound) tx.rollback();
          return id;
        })
        .catch(async (error: unknown) => {
          const winner = await sessionOfKey(request.idempotencyKey, hash);
          if (winner) return winner;
          throw error;
        });
      return pageOf(opened);
    },

    async retrieveCheckout(sessionId, now = new Date()): Promise<CheckoutState> {
      const session = await findSession(sessionId);
      if (!session) throw new Error(`No sandbox session ${sessionId}`);
      if (session.status === 'complete') {
        const eventId = await webhooks.succeededEventOf(sessionId);
        return {
          status: 'paid',
          providerPaymentId: eventId ? `pay_${eventId}` : null,
          amount: Number(session.amount),
          currency: session.currency,
        };
      }
      if (session.status === 'expired' || session.expiresAt <= now) return { status: 'expired' };
      return { status: 'open' };
    },

    deliverDueWebhooks: (now) => webhooks.deliverDue(now),

    verifyWebhook(rawBody, headers, now = new Date()): PaymentEvent {
      const header = headers[SIGNATURE_HEADER];
      verifySignature(secret, rawBody.toString('utf8'), Array.isArray(header) ? header[0] : header, now);
      let event: {
        id?: unknown;
        type?: unknown;
        data?: { sessionId?: unknown; amount?: unknown; currency?: unknown; failureCode?: unknown };
      };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('Body is not JSON');
      }
      if (typeof event.id !== 'string' || !event.id) throw new WebhookSignatureError('Event without an id');
      const id = event.id;
      const sessionId = String(event.data?.sessionId ?? '');
      switch (event.type) {
        case 'payment.succeeded':
          return {
            id,
            type: 'payment.succeeded',
            sessionId,
            providerPaymentId: `pay_${id}`,
            amount: Number(event.data?.amount),
            currency: String(event.data?.currency),
          };
        case 'payment.failed':
          return { id, type: 'payment.failed', sessionId, failureCode: String(event.data?.failureCode ?? 'card_declined') };
        case 'session.expired':
          return { id, type: 'session.expired', sessionId };
        default:
          return { id, type: 'ignored', eventType: String(event.type) };
      }
    },

    async expireSession(tx, sessionId) {
      await tx
        .update(gatewaySessions)
        .set({ status: 'expired' })
        .where(and(eq(gatewaySessions.id, sessionId), eq(gatewaySessions.status, 'open')));
    },

    async charge(sessionId, cardNumber, now = new Date()) {
      const session = await findSession(sessionId);
      if (!session) throw new Error('unknown session');
      if (session.status === 'open' && session.expiresAt <= now) {
        await db
          .update(gatewaySessions)
          .set({ status: 'expired' })
          .where(and(eq(gatewaySessions.id, sessionId), eq(gatewaySessions.status, 'open')));
        return { outcome: 'closed', session: { ...session, status: 'expired' } };
      }
      if (session.status !== 'open') return { outcome: 'closed', session };
      const decline: DeclineCode | undefined =
        cardNumber === TEST_CARDS.declined
          ? 'card_declined'
          : cardNumber === TEST_CARDS.insufficientFunds
            ? 'insufficient_funds'
            : undefined;
      // The outcome and its notification are one transaction: a crash cannot keep one without the other.
      if (decline) {
        const { updated, eventId } = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(gatewaySessions)
            .set({ attempts: sql`${gatewaySessions.attempts} + 1`, lastDecline: decline })
            .where(eq(gatewaySessions.id, sessionId))
            .returning();
          return { updated: updated!, eventId: await webhooks.enqueue(tx, 'payment.failed', updated!, { failureCode: decline }) };
        });
        await webhooks.deliverNow(eventId);
        return { outcome: 'declined', decline, session: updated };
      }
      // Only one submit of the form can complete the session: a double click charges once.
      const charged = await db.transaction(async (tx) => {
        const [completed] = await tx
          .update(gatewaySessions)
          .set({ status: 'complete', completedAt: now, attempts: sql`${gatewaySessions.attempts} + 1` })
          .where(and(eq(gatewaySessions.id, sessionId), eq(gatewaySessions.status, 'open')))
          .returning();
        return completed ? { completed, eventId: await webhooks.enqueue(tx, 'payment.succeeded', completed) } : null;
      });
      if (!charged) return { outcome: 'closed', session: (await findSession(sessionId))! };
      await webhooks.deliverNow(charged.eventId);
      return { outcome: 'paid', session: charged.completed };
    },
  };
}
