import type { AirlineInitiatedChange } from '@duffel/api/types';
import type { ListedOffer } from '../inventory.js';
import type { LocalOrder } from '../payloads.js';
import type { WebhookDelivery, WebhookEventType } from '../webhooks.js';

export interface LocalDuffelOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The bearer token the server accepts. */
  token?: string;
  /** How long a whole search takes; a batch search's batches arrive spread over it. */
  searchDelayMs?: number;
  /** Number of batches of a batch search (offers are grouped by airline). */
  batches?: number;
  webhookUrl?: string;
  webhookSecret?: string;
  /** Waits between webhook attempts after a failed delivery. */
  webhookRetryDelaysMs?: number[];
  /** Time source for timestamps, expiries and holds (search delays always run on real time). */
  clock?: () => Date;
}

/** Scripted behaviours; each affects the next `times` (default 1) matching calls. */
export type LocalDuffelScript =
  | { name: 'offer_gone'; times?: number; offer_id?: string }
  | { name: 'price_change'; times?: number; offer_id?: string; increase_amount?: string }
  | { name: 'search_timeout'; times?: number }
  | { name: 'rate_limit'; times?: number; retry_after_seconds?: number; path_prefix?: string }
  | { name: 'order_accepted'; times?: number; outcome?: 'failed' | 'created'; delay_ms?: number };

export type LocalDuffelScriptName = LocalDuffelScript['name'];

export interface RecordedRequest {
  requestId: string;
  at: string;
  method: string;
  /** Path and query as received, e.g. `/air/offer_requests/?return_offers=false`. */
  path: string;
  /** Path without query and trailing slash, e.g. `/air/offer_requests`. */
  pathname: string;
  query: Record<string, string>;
  duffelVersion: string | null;
  /** Whether the Authorization header carried the expected token; the token itself is never kept. */
  authorization: 'valid' | 'invalid' | 'missing';
  body: unknown;
  status: number;
}

export interface LocalDuffelControl {
  script(script: LocalDuffelScript): void;
  offerGone(options?: { times?: number; offerId?: string }): void;
  priceChange(options?: { times?: number; offerId?: string; increaseAmount?: string }): void;
  searchTimeout(options?: { times?: number }): void;
  rateLimit(times: number, options?: { retryAfterSeconds?: number; pathPrefix?: string }): void;
  orderAccepted(options?: { times?: number; outcome?: 'failed' | 'created'; delayMs?: number }): void;
  readonly pendingScripts: readonly LocalDuffelScript[];
  /** Moves the order's first slice by `shiftHours` (default 3) and sends `order.airline_initiated_change_detected`. */
  airlineChange(orderId: string, options?: { shiftHours?: number }): AirlineInitiatedChange;
  readonly requests: readonly RecordedRequest[];
  clearRequests(): void;
  order(id: string): LocalOrder | undefined;
  offer(id: string): ListedOffer | undefined;
  /** Moves the server's clock forward (offer expiry, hold deadlines, price guarantees). */
  advanceClock(ms: number): void;
  now(): Date;
  readonly webhooks: readonly WebhookDelivery[];
  waitForWebhook(
    type: WebhookEventType,
    timeoutMs?: number,
    match?: (delivery: WebhookDelivery) => boolean,
  ): Promise<WebhookDelivery>;
  /** Drops scripts, the request log and the clock offset (offers and orders stay). */
  reset(): void;
}

export interface LocalDuffel {
  url: string;
  port: number;
  control: LocalDuffelControl;
  close(): Promise<void>;
}
