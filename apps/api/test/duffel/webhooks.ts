import { createHmac } from 'node:crypto';
import { Timers } from './timers.js';

// Duffel signs each delivery with the webhook's secret: header `X-Duffel-Signature: t=<timestamp>,v1=<hex>`,
// where v1 = hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`)) (as Duffel's own client libraries check it).

export function signDuffelWebhook(rawBody: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

export type WebhookEventType =
  'order.created' | 'order.creation_failed' | 'payment.created' | 'order.airline_initiated_change_detected' | 'ping.triggered';

/** Duffel's v2 event envelope. */
export interface WebhookEvent<T = unknown> {
  id: string;
  api_version: 'v2';
  type: WebhookEventType;
  data: { object: T };
  live_mode: false;
  idempotency_key: string;
  created_at: string;
  identity_organisation_id: string;
}

export interface WebhookDelivery {
  event: WebhookEvent;
  attempts: number;
  /** HTTP status of the last attempt, or null when the receiver could not be reached. */
  status: number | null;
  delivered: boolean;
  finished: boolean;
}

interface WebhookSenderOptions {
  url?: string;
  secret?: string;
  nowMs: () => number;
  /** Waits before the 2nd, 3rd... attempt after a non-2xx answer or a connection failure. */
  retryDelaysMs?: number[];
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly waiters = new Set<{ match: (d: WebhookDelivery) => boolean; resolve: (d: WebhookDelivery) => void }>();
  private readonly timers = new Timers();

  constructor(private readonly options: WebhookSenderOptions) {}

  get enabled(): boolean {
    return Boolean(this.options.url);
  }

  /** Sends in the background; the returned promise settles when delivery succeeded or retries ran out. */
  send(event: WebhookEvent): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = { event, attempts: 0, status: null, delivered: false, finished: false };
    this.deliveries.push(delivery);
    if (!this.options.url) {
      delivery.finished = true;
      this.notify(delivery);
      return Promise.resolve(delivery);
    }
    return this.attempt(delivery);
  }

  private async attempt(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    const delays = this.options.retryDelaysMs ?? [250, 1000, 3000];
    const body = JSON.stringify(delivery.event);
    for (let attempt = 0; attempt <= delays.length && !this.timers.stopped; attempt += 1) {
      if (attempt > 0) await this.timers.sleep(delays[attempt - 1] ?? 0);
      if (this.timers.stopped) break;
      delivery.attempts += 1;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'Duffel-Webhooks/1.0 (local stand-in)',
      };
      if (this.options.secret) {
        headers['x-duffel-signature'] = signDuffelWebhook(body, this.options.secret, Math.floor(this.options.nowMs() / 1000));
      }
      try {
        const response = await fetch(this.options.url!, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer().catch(() => undefined);
        delivery.status = response.status;
        if (response.ok) {
          delivery.delivered = true;
          break;
        }
      } catch {
        delivery.status = null;
      }
    }
    delivery.finished = true;
    this.notify(delivery);
    return delivery;
  }

  /** Resolves with the first finished delivery of the given event type (already finished ones count). */
  waitFor(
    type: WebhookEventType,
    timeoutMs = 5000,
    match: (d: WebhookDelivery) => boolean = () => true,
  ): Promise<WebhookDelivery> {
    const done = this.deliveries.find((d) => d.finished && d.event.type === type && match(d));
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const waiter = {
        match: (d: WebhookDelivery) => d.event.type === type && match(d),
        resolve: (d: WebhookDelivery) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(d);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no ${type} webhook within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  close(): void {
    this.timers.stop();
  }

  private notify(delivery: WebhookDelivery): void {
    for (const waiter of [...this.waiters]) if (waiter.match(delivery)) waiter.resolve(delivery);
  }
}
