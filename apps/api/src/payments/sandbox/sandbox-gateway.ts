import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { gatewaySessions, type GatewaySessionRow } from '../../db/schema.js';
import type { Env } from '../../env.js';
import { WebhookSignatureError, type DeliverWebhook, type PaymentEvent, type PaymentProvider } from '../payment-provider.js';

/**
 * The embedded card gateway: a hosted payment page served by our own server, with documented
 * test cards, that reports outcomes to the API through signed webhooks exactly as a real gateway
 * does (Stripe's scheme: `Kwenda-Signature: t=<unix>,v1=<HMAC-SHA256(secret, t + "." + body)>`,
 * five-minute replay window). Nothing here trusts the browser: the API learns of a payment only
 * from a webhook whose signature checks out.
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
  logger?: { warn(obj: object, msg?: string): void };
  /** Waits between delivery attempts after the first one failed. */
  retryDelaysMs?: number[];
}): SandboxGateway {
  const { db } = deps.database;
  const secret = gatewaySecret(deps.env);
  const webhookUrl = `${deps.publicUrl}/api/v1/payments/webhooks/sandbox`;
  const deliver: DeliverWebhook =
    deps.deliverWebhook ??
    (async (url, body, headers) => {
      const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
      return { status: response.status };
    });

  /** Like a real gateway: the first attempt now, retries with backoff when the API does not answer 2xx. */
  async function notify(type: string, session: GatewaySessionRow, data: Record<string, unknown> = {}) {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { sessionId: session.id, amount: session.amount, currency: session.currency, ...data },
    });
    const attempt = async () => {
      const headers = {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signPayload(secret, body, Math.floor(Date.now() / 1000)),
      };
      const { status } = await deliver(webhookUrl, body, headers);
      if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`);
    };
    try {
      await attempt();
    } catch (error) {
      deps.logger?.warn({ err: error, sessionId: session.id }, 'sandbox webhook failed; retrying');
      void (async () => {
        for (const delay of deps.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000]) {
          await new Promise((resolve) => setTimeout(resolve, delay).unref());
          try {
            return await attempt();
          } catch {
            /* next try */
          }
        }
        deps.logger?.warn({ sessionId: session.id, type }, 'sandbox webhook undelivered after every retry');
      })();
    }
  }

  const findSession = async (id: string) => {
    const [row] = await db.select().from(gatewaySessions).where(eq(gatewaySessions.id, id));
    return row;
  };

  return {
    name: 'sandbox',
    findSession,

    async createCheckout(request) {
      const id = `cs_${randomBytes(16).toString('base64url')}`;
      await db.insert(gatewaySessions).values({
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
      return { sessionId: id, url: `/gateway/sandbox/checkout/${id}` };
    },

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
      if (decline) {
        const [updated] = await db
          .update(gatewaySessions)
          .set({ attempts: sql`${gatewaySessions.attempts} + 1`, lastDecline: decline })
          .where(eq(gatewaySessions.id, sessionId))
          .returning();
        await notify('payment.failed', updated!, { failureCode: decline });
        return { outcome: 'declined', decline, session: updated! };
      }
      // Only one submit of the form can complete the session: a double click charges once.
      const [completed] = await db
        .update(gatewaySessions)
        .set({ status: 'complete', completedAt: now, attempts: sql`${gatewaySessions.attempts} + 1` })
        .where(and(eq(gatewaySessions.id, sessionId), eq(gatewaySessions.status, 'open')))
        .returning();
      if (!completed) return { outcome: 'closed', session: (await findSession(sessionId))! };
      await notify('payment.succeeded', completed);
      return { outcome: 'paid', session: completed };
    },
  };
}
