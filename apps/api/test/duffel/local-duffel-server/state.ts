import type { AirlineInitiatedChange, OfferRequest, OrderDocument } from '@duffel/api/types';
import { centsToMoney, IdFactory, toCents } from '../deterministic.js';
import { Timers } from '../timers.js';
import type { OfferRecord } from '../inventory.js';
import { duffelErrors, type LocalCancellation, type LocalOrder, type LocalPayment } from '../payloads.js';
import { WebhookSender, type WebhookEvent, type WebhookEventType } from '../webhooks.js';
import type { LocalDuffelOptions, LocalDuffelScript, LocalDuffelScriptName, RecordedRequest } from './types.js';

export interface SearchState {
  id: string;
  kind: 'offer_request' | 'batch';
  /** Real time the search started; batches arrive relative to it. */
  startedAt: number;
  request: Omit<OfferRequest, 'offers'> & { client_key: string };
  records: OfferRecord[];
  totalBatches: number;
  batchReadyAt: number[];
  /** Real time after which no batch arrives any more (supplier_timeout), or null. */
  cutoffAt: number | null;
  delivered: Set<number>;
}

export interface OrderState {
  order: LocalOrder;
  offerId: string;
  record: OfferRecord;
  guaranteedTotalCents: number;
  repriced: boolean;
  payments: LocalPayment[];
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RequestContext {
  method: string;
  pathname: string;
  query: URLSearchParams;
  body: unknown;
  params: string[];
}

/** A method, a path pattern whose groups become `ctx.params`, and its handler. */
export type Route = [string, RegExp, (ctx: RequestContext) => Promise<Reply> | Reply];

export type Json = Record<string, unknown>;

const ORGANISATION_ID = 'org_0000LocalDuffelStandIn';

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function dataOf(body: unknown): Json {
  if (!isObject(body) || !isObject(body.data))
    throw duffelErrors.badRequest("The request body must be a JSON object with a 'data' key.");
  return body.data;
}

/**
 * What the local Duffel server knows (searches, offers, orders, cancellations, airline changes), its
 * clock, its scripted behaviours and its webhooks: shared by the handlers of every resource.
 */
export class LocalDuffelState {
  readonly searchDelayMs: number;
  readonly batchCount: number;
  readonly ids = new IdFactory('local-duffel');
  readonly webhooks: WebhookSender;
  clockOffsetMs = 0;

  readonly searches = new Map<string, SearchState>();
  readonly offers = new Map<string, OfferRecord>();
  /** Offers dropped from memory; reading one answers offer_no_longer_available rather than not_found. */
  readonly forgottenOffers = new Set<string>();
  readonly orders = new Map<string, OrderState>();
  readonly cancellations = new Map<string, LocalCancellation>();
  readonly changes = new Map<string, AirlineInitiatedChange>();
  readonly scripts: { script: LocalDuffelScript; remaining: number }[] = [];
  readonly requestLog: RecordedRequest[] = [];
  private readonly timers = new Timers();

  constructor(private readonly options: LocalDuffelOptions) {
    this.searchDelayMs = Math.max(0, options.searchDelayMs ?? 0);
    this.batchCount = Math.max(1, Math.floor(options.batches ?? 3));
    this.webhooks = new WebhookSender({
      url: options.webhookUrl,
      secret: options.webhookSecret,
      nowMs: () => this.nowMs(),
      retryDelaysMs: options.webhookRetryDelaysMs,
    });
  }

  nowMs(): number {
    return (this.options.clock ? this.options.clock().getTime() : Date.now()) + this.clockOffsetMs;
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  get closed(): boolean {
    return this.timers.stopped;
  }

  /** Stops every wait, scheduled task and webhook retry. */
  close(): void {
    this.timers.stop();
    this.webhooks.close();
  }

  sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.closed) return Promise.resolve();
    return this.timers.sleep(ms);
  }

  later(ms: number, task: () => void): void {
    this.timers.after(ms, () => {
      if (!this.closed) task();
    });
  }

  takeScript<N extends LocalDuffelScriptName>(
    name: N,
    match: (script: Extract<LocalDuffelScript, { name: N }>) => boolean = () => true,
  ): Extract<LocalDuffelScript, { name: N }> | undefined {
    const index = this.scripts.findIndex(
      (entry) => entry.script.name === name && match(entry.script as Extract<LocalDuffelScript, { name: N }>),
    );
    if (index < 0) return undefined;
    const entry = this.scripts[index]!;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.scripts.splice(index, 1);
    return entry.script as Extract<LocalDuffelScript, { name: N }>;
  }

  addScript(script: LocalDuffelScript): void {
    const names: LocalDuffelScriptName[] = ['offer_gone', 'price_change', 'search_timeout', 'rate_limit', 'order_accepted'];
    if (!names.includes(script.name)) throw new Error(`Unknown script '${String(script.name)}'; use one of ${names.join(', ')}.`);
    this.scripts.push({ script, remaining: Math.max(1, Math.floor(script.times ?? 1)) });
  }

  liveOffer(id: string): OfferRecord {
    const record = this.offers.get(id);
    if (!record) {
      if (this.forgottenOffers.has(id)) throw duffelErrors.offerGone();
      throw duffelErrors.notFound();
    }
    if (record.gone || record.usedByOrderId || Date.parse(record.offer.expires_at) <= this.nowMs())
      throw duffelErrors.offerGone();
    return record;
  }

  tickets(record: OfferRecord, passengers: LocalOrder['passengers']): OrderDocument[] {
    return passengers.map((p) => ({
      type: 'electronic_ticket',
      unique_identifier: this.ids.ticketNumber(record.carrier.ticketPrefix),
      passenger_ids: [p.id],
    }));
  }

  /** An unpaid hold whose price guarantee has passed costs 6% more from then on (once). */
  refreshHold(state: OrderState): void {
    const { order } = state;
    const guarantee = order.payment_status.price_guarantee_expires_at;
    if (!order.payment_status.awaiting_payment || state.repriced || !guarantee || order.cancelled_at) return;
    if (Date.parse(guarantee) > this.nowMs()) return;
    const newTotal = Math.round(state.guaranteedTotalCents * 1.06);
    const increase = newTotal - state.guaranteedTotalCents;
    order.total_amount = centsToMoney(newTotal);
    order.base_amount = centsToMoney((toCents(order.base_amount) ?? 0) + increase);
    order.synced_at = this.nowIso();
    state.repriced = true;
  }

  orderState(id: string): OrderState {
    const state = this.orders.get(id);
    if (!state) throw duffelErrors.notFound();
    this.refreshHold(state);
    return state;
  }

  emit(type: WebhookEventType, object: unknown, idempotencyKey: string): void {
    if (!this.webhooks.enabled) return;
    const event: WebhookEvent = {
      id: this.ids.next('wev'),
      api_version: 'v2',
      type,
      data: { object: structuredClone(object) },
      live_mode: false,
      idempotency_key: idempotencyKey,
      created_at: this.nowIso(),
      identity_organisation_id: ORGANISATION_ID,
    };
    void this.webhooks.send(event);
  }
}
