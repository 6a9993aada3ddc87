import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gatewayWebhooks, type GatewaySessionRow, type GatewayWebhookRow } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import { crashPoint } from '../../crash-points.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { gatewayWebhooksQueue } from '../../jobs/due-queues.js';
import type { DeliverWebhook } from '../payment-provider.js';

/**
 * The sandbox gateway's notifications, delivered like a real gateway's: each event is a row written
 * in the transaction that completed or declined the session (so a crash cannot lose it), then sent
 * from the table, at least once, with backoff over three days, every attempt recorded. Several
 * processes may deliver at once: an attempt is claimed with FOR UPDATE SKIP LOCKED and a lease, so
 * no two processes send the same attempt, and a process killed mid-send leaves the event to be sent
 * again when the lease ends. The receiver must therefore take an event twice (it does: webhook_events).
 */

/** Waits after the 1st, 2nd, ... failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
export const webhookRetryDelayMs = (failedAttempts: number) =>
  RETRY_DELAYS_MS[Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1]!;
/** An event not taken within three days of its creation is marked failed (a person looks at it). */
export const WEBHOOK_GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** One attempt waits this long for an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a claimed attempt is invisible to other processes: well over one attempt's timeout. */
export const WEBHOOK_LEASE_MS = 30_000;
/** Events claimed by one sweep. */
const BATCH = 20;

export type SignWebhook = (body: string, timestamp: number) => string;

export function createGatewayWebhooks(deps: {
  db: Db;
  webhookUrl: string;
  sign: SignWebhook;
  signatureHeader: string;
  deliver?: DeliverWebhook;
  logger?: { warn(obj: object, msg?: string): void; error?(obj: object, msg?: string): void };
}) {
  const { db } = deps;
  const deliver: DeliverWebhook =
    deps.deliver ??
    (async (url, body, headers) => {
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      return { status: response.status };
    });

  /**
   * Takes due events for this process (`onlyId`: that one event, if due), each attempt counted and
   * leased (jobs/claim-due.ts), so nobody else takes them while this process waits for the receiver.
   */
  function claim(now: Date, limit: number, onlyId?: string): Promise<GatewayWebhookRow[]> {
    return db.transaction((tx) =>
      claimDue(tx, gatewayWebhooksQueue, {
        now,
        leaseMs: WEBHOOK_LEASE_MS,
        limit,
        where: onlyId ? eq(gatewayWebhooks.id, onlyId) : undefined,
      }),
    );
  }

  /** Records what the claimed attempt got; ignored when a later attempt has claimed the event since. */
  async function record(row: GatewayWebhookRow, result: { status: number | null; error: string | null }, now: Date) {
    const ofThisAttempt = and(
      eq(gatewayWebhooks.id, row.id),
      eq(gatewayWebhooks.attempts, row.attempts),
      eq(gatewayWebhooks.status, 'pending'),
    );
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await db
        .update(gatewayWebhooks)
        .set({ status: 'delivered', lastStatus: result.status, lastError: null, deliveredAt: now })
        .where(ofThisAttempt);
      return 'delivered' as const;
    }
    const delayMs = webhookRetryDelayMs(row.attempts);
    const giveUp = now.getTime() + delayMs > row.createdAt.getTime() + WEBHOOK_GIVE_UP_AFTER_MS;
    // Only the attempt that claimed it: a later claim (after the lease) records its own.
    await retryLater(db, gatewayWebhooksQueue, row, {
      now,
      error: result.error,
      delayMs,
      giveUp,
      set: { lastStatus: result.status },
      where: eq(gatewayWebhooks.attempts, row.attempts),
    });
    if (giveUp)
      (deps.logger?.error ?? deps.logger?.warn)?.(
        { eventId: row.id, sessionId: row.sessionId, attempts: row.attempts },
        'sandbox webhook given up after 3 days of failed deliveries',
      );
    else
      deps.logger?.warn(
        { eventId: row.id, attempts: row.attempts, status: result.status, err: result.error },
        'sandbox webhook not taken; it is sent again later',
      );
    return giveUp ? ('failed' as const) : ('pending' as const);
  }

  async function attempt(row: GatewayWebhookRow, now: Date) {
    await crashPoint('gateway.webhook-sending');
    let result: { status: number | null; error: string | null };
    try {
      const headers = {
        'content-type': 'application/json',
        [deps.signatureHeader]: deps.sign(row.body, Math.floor(Date.now() / 1000)),
      };
      const { status } = await deliver(deps.webhookUrl, row.body, headers);
      result = { status, error: status >= 200 && status < 300 ? null : `answered ${status}` };
    } catch (error) {
      result = { status: null, error: (error as Error).message || String(error) };
    }
    return record(row, result, now);
  }

  return {
    /** Writes an event in the caller's transaction (the one that changed the session); returns its id. */
    async enqueue(
      tx: Tx,
      type: string,
      session: GatewaySessionRow,
      data: Record<string, unknown> = {},
      now = new Date(),
    ): Promise<string> {
      const id = `evt_${randomBytes(12).toString('hex')}`;
      const body = JSON.stringify({
        id,
        type,
        created: Math.floor(now.getTime() / 1000),
        data: { sessionId: session.id, amount: session.amount, currency: session.currency, ...data },
      });
      await tx
        .insert(gatewayWebhooks)
        .values({ id, sessionId: session.id, eventType: type, body, createdAt: now, nextAttemptAt: now });
      return id;
    },

    /** The first attempt, right after the commit (unless another process took it first). */
    async deliverNow(id: string, now = new Date()) {
      const [row] = await claim(now, 1, id);
      return row ? attempt(row, now) : null;
    },

    /** Every event due at `now`; returns how many were taken and how many went unanswered. */
    async deliverDue(now = new Date()): Promise<{ delivered: number; failed: number }> {
      let delivered = 0;
      let failed = 0;
      for (;;) {
        const batch = await claim(now, BATCH);
        for (const row of batch) {
          if ((await attempt(row, now)) === 'delivered') delivered++;
          else failed++;
        }
        // Claimed rows are leased past `now`, so each round takes new ones until none is due.
        if (batch.length < BATCH) return { delivered, failed };
      }
    },

    /** The notification of a successful charge, if the session has one (its id names the payment). */
    async succeededEventOf(sessionId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: gatewayWebhooks.id })
        .from(gatewayWebhooks)
        .where(and(eq(gatewayWebhooks.sessionId, sessionId), eq(gatewayWebhooks.eventType, 'payment.succeeded')))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

export type GatewayWebhooks = ReturnType<typeof createGatewayWebhooks>;
