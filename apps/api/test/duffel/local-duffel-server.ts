import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AirlineInitiatedChange,
  AirlineInitiatedChangeActionTaken,
  CabinClass,
  OfferRequest,
  OfferRequestPassenger,
  OfferSlice,
  OrderCancellation,
  OrderDocument,
  OrderService,
  OrderSlice,
  PassengerType,
} from '@duffel/api/types';
import { airportFor } from './airports.js';
import { centsToMoney, IdFactory, toCents } from './deterministic.js';
import {
  baggageAvailableServices,
  buildOffers,
  seatMapsFor,
  type ListedOffer,
  type OfferRecord,
  type SearchInput,
  type SearchPassenger,
  type ServiceRecord,
} from './inventory.js';
import { isValidDate, validateMetadata, validatePassengers, validatePayment, validateServices } from './order-validation.js';
import {
  DuffelHttpError,
  duffelErrors,
  errorBody,
  paginate,
  validationError,
  validationItem,
  type DuffelErrorItem,
  type LocalCancellation,
  type LocalOrder,
  type LocalPayment,
} from './payloads.js';
import { WebhookSender, type WebhookDelivery, type WebhookEvent, type WebhookEventType } from './webhooks.js';

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

interface SearchState {
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

interface OrderState {
  order: LocalOrder;
  offerId: string;
  record: OfferRecord;
  guaranteedTotalCents: number;
  repriced: boolean;
  payments: LocalPayment[];
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface RequestContext {
  method: string;
  pathname: string;
  query: URLSearchParams;
  body: unknown;
  params: string[];
}

type Json = Record<string, unknown>;

const DEFAULT_TOKEN = 'duffel_test_local';
const DEFAULT_SUPPLIER_TIMEOUT_MS = 20_000;
const MAX_LONG_POLL_MS = 30_000;
const ORGANISATION_ID = 'org_0000LocalDuffelStandIn';
const REQUEST_LOG_LIMIT = 2000;
const MAX_SEARCHES_KEPT = 1000;
const MAX_FORGOTTEN_OFFERS = 200_000;
const CABINS: CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataOf(body: unknown): Json {
  if (!isObject(body) || !isObject(body.data))
    throw duffelErrors.badRequest("The request body must be a JSON object with a 'data' key.");
  return body.data;
}

function shiftLocal(local: string, hours: number): string {
  return new Date(Date.parse(`${local}Z`) + hours * 3_600_000).toISOString().slice(0, 19);
}

export async function startLocalDuffel(options: LocalDuffelOptions = {}): Promise<LocalDuffel> {
  if (Boolean(options.webhookUrl) !== Boolean(options.webhookSecret)) {
    throw new Error(
      'startLocalDuffel: give both webhookUrl and webhookSecret, or neither, so deliveries are signed as Duffel signs them.',
    );
  }
  const stand = new LocalDuffelServer(options);
  return stand.listen(options.port ?? 0, options.host ?? '127.0.0.1');
}

class LocalDuffelServer {
  private readonly token: string;
  private readonly searchDelayMs: number;
  private readonly batchCount: number;
  private readonly ids = new IdFactory('local-duffel');
  private readonly webhooks: WebhookSender;
  private clockOffsetMs = 0;
  private requestCounter = 0;
  private rateWindow = { minute: -1, count: 0 };

  private readonly searches = new Map<string, SearchState>();
  private readonly offers = new Map<string, OfferRecord>();
  /** Offers dropped from memory; reading one answers offer_no_longer_available rather than not_found. */
  private readonly forgottenOffers = new Set<string>();
  private readonly orders = new Map<string, OrderState>();
  private readonly cancellations = new Map<string, LocalCancellation>();
  private readonly changes = new Map<string, AirlineInitiatedChange>();
  private readonly scripts: { script: LocalDuffelScript; remaining: number }[] = [];
  private readonly requestLog: RecordedRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: LocalDuffelOptions) {
    this.token = options.token ?? DEFAULT_TOKEN;
    this.searchDelayMs = Math.max(0, options.searchDelayMs ?? 0);
    this.batchCount = Math.max(1, Math.floor(options.batches ?? 3));
    this.webhooks = new WebhookSender({
      url: options.webhookUrl,
      secret: options.webhookSecret,
      nowMs: () => this.nowMs(),
      retryDelaysMs: options.webhookRetryDelaysMs,
    });
  }

  // ---------------------------------------------------------------- lifecycle

  async listen(port: number, host: string): Promise<LocalDuffel> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          '{"errors":[{"type":"api_error","code":"internal_server_error","title":"Internal error","message":"Local Duffel failed","documentation_url":""}]}',
        );
      });
    });
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const url = `http://${host}:${address.port}`;
    return {
      url,
      port: address.port,
      control: this.control(),
      close: async () => {
        this.closed = true;
        for (const timer of this.timers) clearTimeout(timer);
        this.timers.clear();
        this.webhooks.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  private nowMs(): number {
    return (this.options.clock ? this.options.clock().getTime() : Date.now()) + this.clockOffsetMs;
  }

  private nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private later(ms: number, task: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) task();
    }, ms);
    this.timers.add(timer);
  }

  // ---------------------------------------------------------------- HTTP plumbing

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requestCounter += 1;
    const requestId = `FkLocal${String(this.requestCounter).padStart(8, '0')}`;
    const url = new URL(req.url ?? '/', 'http://local');
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);

    if (pathname.startsWith('/_control')) {
      const reply = await this.handleControl(method, pathname, raw).catch((error: unknown) => this.toReply(error));
      this.send(res, reply, requestId);
      return;
    }

    const authorizationHeader = req.headers.authorization;
    const authorization: RecordedRequest['authorization'] = !authorizationHeader
      ? 'missing'
      : authorizationHeader === `Bearer ${this.token}`
        ? 'valid'
        : 'invalid';
    const versionHeader = req.headers['duffel-version'];
    const duffelVersion = typeof versionHeader === 'string' ? versionHeader : null;
    let body: unknown = null;
    let bodyError: DuffelHttpError | null = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        bodyError = duffelErrors.badRequest('The request body is not valid JSON.');
      }
    }
    const record: RecordedRequest = {
      requestId,
      at: this.nowIso(),
      method,
      path: req.url ?? '/',
      pathname,
      query: Object.fromEntries(url.searchParams),
      duffelVersion,
      authorization,
      body,
      status: 0,
    };
    this.requestLog.push(record);
    if (this.requestLog.length > REQUEST_LOG_LIMIT) this.requestLog.splice(0, this.requestLog.length - REQUEST_LOG_LIMIT);

    let reply: Reply;
    try {
      if (authorization !== 'valid') throw duffelErrors.unauthorized();
      if (duffelVersion !== 'v2') throw duffelErrors.unsupportedVersion(duffelVersion ?? undefined);
      const limited = this.takeScript('rate_limit', (s) => !s.path_prefix || pathname.startsWith(s.path_prefix));
      if (limited) {
        const seconds = limited.retry_after_seconds ?? 2;
        throw duffelErrors.rateLimited(new Date(this.nowMs() + seconds * 1000), seconds);
      }
      if (bodyError) throw bodyError;
      reply = await this.route({ method, pathname, query: url.searchParams, body, params: [] });
    } catch (error) {
      reply = this.toReply(error);
    }
    record.status = reply.status;
    this.send(res, reply, requestId);
  }

  private toReply(error: unknown): Reply {
    if (error instanceof DuffelHttpError) return { status: error.status, body: error, headers: error.headers };
    throw error;
  }

  private send(res: ServerResponse, reply: Reply, requestId: string): void {
    if (res.destroyed) return;
    const minute = Math.floor(this.nowMs() / 60_000);
    if (this.rateWindow.minute !== minute) this.rateWindow = { minute, count: 0 };
    this.rateWindow.count += 1;
    const body = reply.body instanceof DuffelHttpError ? errorBody(reply.body, requestId) : reply.body;
    const text = JSON.stringify(body);
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-request-id': requestId,
      'ratelimit-limit': '4000',
      'ratelimit-remaining': String(Math.max(0, 4000 - this.rateWindow.count)),
      'ratelimit-reset': new Date((minute + 1) * 60_000).toUTCString(),
      ...reply.headers,
    });
    res.end(text);
  }

  private async route(ctx: RequestContext): Promise<Reply> {
    const routes: [string, RegExp, (ctx: RequestContext) => Promise<Reply> | Reply][] = [
      ['POST', /^\/air\/offer_requests$/, (c) => this.createOfferRequest(c)],
      ['GET', /^\/air\/offer_requests\/([^/]+)$/, (c) => this.getOfferRequest(c)],
      ['POST', /^\/air\/batch_offer_requests$/, (c) => this.createBatchOfferRequest(c)],
      ['GET', /^\/air\/batch_offer_requests\/([^/]+)$/, (c) => this.getBatchOfferRequest(c)],
      ['GET', /^\/air\/offers$/, (c) => this.listOffers(c)],
      ['GET', /^\/air\/offers\/([^/]+)$/, (c) => this.getOffer(c)],
      ['GET', /^\/air\/seat_maps$/, (c) => this.getSeatMaps(c)],
      ['POST', /^\/air\/orders$/, (c) => this.createOrder(c)],
      ['GET', /^\/air\/orders$/, (c) => this.listOrders(c)],
      ['GET', /^\/air\/orders\/([^/]+)$/, (c) => this.getOrder(c)],
      ['PATCH', /^\/air\/orders\/([^/]+)$/, (c) => this.updateOrder(c)],
      ['GET', /^\/air\/orders\/([^/]+)\/available_services$/, (c) => this.orderAvailableServices(c)],
      ['POST', /^\/air\/payments$/, (c) => this.createPayment(c)],
      ['GET', /^\/air\/payments$/, (c) => this.listPayments(c)],
      ['POST', /^\/air\/order_cancellations$/, (c) => this.createCancellation(c)],
      ['GET', /^\/air\/order_cancellations$/, (c) => this.listCancellations(c)],
      ['GET', /^\/air\/order_cancellations\/([^/]+)$/, (c) => this.getCancellation(c)],
      ['POST', /^\/air\/order_cancellations\/([^/]+)\/actions\/confirm$/, (c) => this.confirmCancellation(c)],
      ['GET', /^\/air\/airline_initiated_changes$/, (c) => this.listAirlineChanges(c)],
      ['POST', /^\/air\/airline_initiated_changes\/([^/]+)\/actions\/accept$/, (c) => this.acceptAirlineChange(c)],
      ['PATCH', /^\/air\/airline_initiated_changes\/([^/]+)$/, (c) => this.updateAirlineChange(c)],
    ];
    for (const [method, pattern, handler] of routes) {
      const match = pattern.exec(ctx.pathname);
      if (match && method === ctx.method) return handler({ ...ctx, params: match.slice(1).map(decodeURIComponent) });
    }
    throw duffelErrors.notFound();
  }

  // ---------------------------------------------------------------- scripts

  private takeScript<N extends LocalDuffelScriptName>(
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

  private addScript(script: LocalDuffelScript): void {
    const names: LocalDuffelScriptName[] = ['offer_gone', 'price_change', 'search_timeout', 'rate_limit', 'order_accepted'];
    if (!names.includes(script.name)) throw new Error(`Unknown script '${String(script.name)}'; use one of ${names.join(', ')}.`);
    this.scripts.push({ script, remaining: Math.max(1, Math.floor(script.times ?? 1)) });
  }

  // ---------------------------------------------------------------- searches

  private parseSearch(data: Json): SearchInput {
    const errors: DuffelErrorItem[] = [];
    const slices = Array.isArray(data.slices) ? data.slices : null;
    if (!slices || slices.length === 0) {
      errors.push(validationItem('validation_required', 'slices', '/slices', "Field 'slices' can't be blank", 'Required field'));
    }
    const parsedSlices = (slices ?? []).map((raw, i) => {
      const slice = isObject(raw) ? raw : {};
      for (const field of ['origin', 'destination'] as const) {
        if (typeof slice[field] !== 'string' || !/^[A-Z]{3}$/.test(slice[field] as string)) {
          errors.push(
            validationItem('validation_format', field, `/slices/${i}/${field}`, `Field '${field}' must be a 3-letter IATA code`),
          );
        }
      }
      if (!isValidDate(slice.departure_date)) {
        errors.push(
          validationItem(
            'validation_format',
            'departure_date',
            `/slices/${i}/departure_date`,
            "Field 'departure_date' must be a date (YYYY-MM-DD)",
          ),
        );
      }
      if (typeof slice.origin === 'string' && slice.origin === slice.destination) {
        errors.push(
          validationItem('validation_format', 'destination', `/slices/${i}/destination`, 'Origin and destination must differ'),
        );
      }
      return {
        origin: String(slice.origin),
        destination: String(slice.destination),
        departure_date: String(slice.departure_date),
      };
    });
    const passengersRaw = Array.isArray(data.passengers) ? data.passengers : null;
    if (!passengersRaw || passengersRaw.length === 0) {
      errors.push(
        validationItem('validation_required', 'passengers', '/passengers', "Field 'passengers' can't be blank", 'Required field'),
      );
    } else if (passengersRaw.length > 9) {
      errors.push(validationItem('validation_format', 'passengers', '/passengers', 'At most 9 passengers can travel together'));
    }
    const passengers: SearchPassenger[] = (passengersRaw ?? []).map((raw, i) => {
      const p = isObject(raw) ? raw : {};
      const hasAge = p.age !== undefined && p.age !== null;
      const hasType = p.type !== undefined && p.type !== null;
      let type: PassengerType = 'adult';
      let age: number | null = null;
      if (hasAge && hasType) {
        errors.push(
          validationItem(
            'validation_format',
            'age',
            `/passengers/${i}/age`,
            "A passenger has either an 'age' or a 'type', not both",
          ),
        );
      } else if (hasAge) {
        if (typeof p.age !== 'number' || !Number.isInteger(p.age) || p.age < 0 || p.age > 130) {
          errors.push(
            validationItem('validation_format', 'age', `/passengers/${i}/age`, "Field 'age' must be a whole number of years"),
          );
        } else {
          age = p.age;
          type = p.age < 2 ? 'infant_without_seat' : p.age < 12 ? 'child' : 'adult';
        }
      } else if (hasType) {
        if (p.type === 'adult' || p.type === 'child' || p.type === 'infant_without_seat') type = p.type;
        else
          errors.push(
            validationItem(
              'validation_inclusion',
              'type',
              `/passengers/${i}/type`,
              "Field 'type' must be 'adult'; give an 'age' for under-18s",
              'Invalid value',
            ),
          );
      } else {
        errors.push(
          validationItem(
            'validation_required',
            'type',
            `/passengers/${i}/type`,
            "Each passenger needs a 'type' or an 'age'",
            'Required field',
          ),
        );
      }
      return { id: this.ids.next('pas'), type, age };
    });
    const infants = passengers.filter((p) => p.type === 'infant_without_seat').length;
    const adults = passengers.filter((p) => p.type === 'adult').length;
    if (infants > adults) {
      errors.push(
        validationItem('validation_format', 'passengers', '/passengers', 'Each infant must travel on the lap of an adult'),
      );
    }
    const cabinClass = (data.cabin_class ?? 'economy') as CabinClass;
    if (!CABINS.includes(cabinClass)) {
      errors.push(
        validationItem(
          'validation_inclusion',
          'cabin_class',
          '/cabin_class',
          `Field 'cabin_class' must be one of ${CABINS.join(', ')}`,
          'Invalid value',
        ),
      );
    }
    const maxConnections = data.max_connections ?? 1;
    if (maxConnections !== 0 && maxConnections !== 1 && maxConnections !== 2) {
      errors.push(
        validationItem(
          'validation_inclusion',
          'max_connections',
          '/max_connections',
          "Field 'max_connections' must be 0, 1 or 2",
          'Invalid value',
        ),
      );
    }
    if (errors.length > 0) throw validationError(errors);
    return { slices: parsedSlices, passengers, cabinClass, maxConnections: Number(maxConnections) };
  }

  /** Duffel ignores supplier_timeout values outside 2 to 60 seconds and uses its default of 20 seconds. */
  private supplierTimeout(query: URLSearchParams): number {
    const value = Number(query.get('supplier_timeout'));
    return Number.isFinite(value) && value >= 2_000 && value <= 60_000 ? value : DEFAULT_SUPPLIER_TIMEOUT_MS;
  }

  private startSearch(kind: SearchState['kind'], data: Json, query: URLSearchParams): { state: SearchState; timedOut: boolean } {
    const search = this.parseSearch(data);
    const id = this.ids.next('orq');
    const startedAt = Date.now();
    const records = buildOffers(search, { ids: this.ids, now: this.nowMs(), offerRequestId: id, batches: this.batchCount });
    const timedOut = Boolean(this.takeScript('search_timeout'));
    const totalBatches = this.batchCount;
    const batchReadyAt = Array.from({ length: totalBatches }, (_, b) =>
      timedOut ? Number.POSITIVE_INFINITY : startedAt + Math.round((this.searchDelayMs * (b + 1)) / totalBatches),
    );
    const passengers: OfferRequestPassenger[] = search.passengers.map((p) =>
      p.age === null ? { id: p.id, type: p.type } : { id: p.id, age: p.age },
    );
    const state: SearchState = {
      id,
      kind,
      startedAt,
      request: {
        id,
        live_mode: false,
        created_at: this.nowIso(),
        cabin_class: search.cabinClass,
        client_key: `local_client_key_${id}`,
        passengers,
        slices: search.slices.map((s) => ({
          origin: airportFor(s.origin).duffel,
          destination: airportFor(s.destination).duffel,
          origin_type: 'airport',
          destination_type: 'airport',
          departure_date: s.departure_date,
        })),
      },
      records,
      totalBatches,
      batchReadyAt,
      cutoffAt: startedAt + this.supplierTimeout(query),
      delivered: new Set(),
    };
    this.searches.set(id, state);
    for (const record of records) this.offers.set(record.offer.id, record);
    this.forgetOldSearches();
    return { state, timedOut };
  }

  /**
   * Keeps memory flat under load (the bench searches thousands of times): only the latest searches are kept;
   * the offers of older ones are remembered as gone, so reading them answers offer_no_longer_available.
   */
  private forgetOldSearches(): void {
    while (this.searches.size > MAX_SEARCHES_KEPT) {
      const oldest = this.searches.keys().next().value;
      if (oldest === undefined) break;
      const state = this.searches.get(oldest)!;
      this.searches.delete(oldest);
      for (const record of state.records) {
        this.offers.delete(record.offer.id);
        this.forgottenOffers.add(record.offer.id);
      }
    }
    while (this.forgottenOffers.size > MAX_FORGOTTEN_OFFERS) {
      const first = this.forgottenOffers.values().next().value;
      if (first === undefined) break;
      this.forgottenOffers.delete(first);
    }
  }

  private batchArrived(state: SearchState, batch: number, at: number): boolean {
    const readyAt = state.batchReadyAt[batch] ?? Number.POSITIVE_INFINITY;
    return readyAt <= at && (state.cutoffAt === null || readyAt <= state.cutoffAt);
  }

  private arrivedOffers(state: SearchState, at = Date.now()): ListedOffer[] {
    return state.records.filter((r) => this.batchArrived(state, r.batchIndex, at)).map((r) => r.offer);
  }

  private async createOfferRequest(ctx: RequestContext): Promise<Reply> {
    const { state, timedOut } = this.startSearch('offer_request', dataOf(ctx.body), ctx.query);
    const deadline = Math.min(state.startedAt + this.searchDelayMs, state.cutoffAt ?? Number.POSITIVE_INFINITY);
    if (timedOut) {
      await this.sleep((state.cutoffAt ?? Date.now()) - Date.now());
      throw duffelErrors.gatewayTimeout();
    }
    await this.sleep(deadline - Date.now());
    const offers = ctx.query.get('return_offers') === 'false' ? [] : this.arrivedOffers(state, deadline);
    return { status: 201, body: { data: { ...state.request, offers } } };
  }

  private getOfferRequest(ctx: RequestContext): Reply {
    const state = this.searches.get(ctx.params[0]!);
    if (!state) throw duffelErrors.notFound();
    return { status: 200, body: { data: { ...state.request, offers: this.arrivedOffers(state) } } };
  }

  private createBatchOfferRequest(ctx: RequestContext): Reply {
    const { state } = this.startSearch('batch', dataOf(ctx.body), ctx.query);
    const { id, live_mode, created_at, client_key } = state.request;
    return {
      status: 201,
      body: {
        data: { id, live_mode, created_at, client_key, total_batches: state.totalBatches, remaining_batches: state.totalBatches },
      },
    };
  }

  /** Long-polls: answers as soon as at least one batch is new, or when nothing more can come. */
  private async getBatchOfferRequest(ctx: RequestContext): Promise<Reply> {
    const state = this.searches.get(ctx.params[0]!);
    if (!state || state.kind !== 'batch') throw duffelErrors.notFound();
    const pollEnds = Date.now() + MAX_LONG_POLL_MS;
    for (;;) {
      const now = Date.now();
      const fresh: number[] = [];
      let dropped = 0;
      for (let b = 0; b < state.totalBatches; b += 1) {
        if (state.delivered.has(b)) continue;
        if (this.batchArrived(state, b, now)) fresh.push(b);
        else if (state.cutoffAt !== null && now >= state.cutoffAt) {
          state.delivered.add(b);
          dropped += 1;
        }
      }
      const remaining = state.totalBatches - state.delivered.size - fresh.length;
      if (fresh.length > 0 || dropped > 0 || remaining === 0 || now >= pollEnds || this.closed) {
        for (const b of fresh) state.delivered.add(b);
        const offers = state.records.filter((r) => fresh.includes(r.batchIndex)).map((r) => r.offer);
        const { id, live_mode, created_at, client_key } = state.request;
        return {
          status: 200,
          body: {
            data: {
              id,
              live_mode,
              created_at,
              client_key,
              total_batches: state.totalBatches,
              remaining_batches: remaining,
              offers,
            },
          },
        };
      }
      const nextReady = Math.min(
        ...state.batchReadyAt.filter((_, b) => !state.delivered.has(b)),
        state.cutoffAt ?? Number.POSITIVE_INFINITY,
        pollEnds,
      );
      await this.sleep(Math.max(1, nextReady - now));
    }
  }

  // ---------------------------------------------------------------- offers

  private liveOffer(id: string): OfferRecord {
    const record = this.offers.get(id);
    if (!record) {
      if (this.forgottenOffers.has(id)) throw duffelErrors.offerGone();
      throw duffelErrors.notFound();
    }
    if (record.gone || record.usedByOrderId || Date.parse(record.offer.expires_at) <= this.nowMs())
      throw duffelErrors.offerGone();
    return record;
  }

  private listOffers(ctx: RequestContext): Reply {
    const requestId = ctx.query.get('offer_request_id');
    if (!requestId) {
      throw validationError([
        validationItem(
          'validation_required',
          'offer_request_id',
          '/offer_request_id',
          "Field 'offer_request_id' can't be blank",
          'Required field',
        ),
      ]);
    }
    const state = this.searches.get(requestId);
    if (!state) throw duffelErrors.notFound();
    let offers = this.arrivedOffers(state);
    const maxConnections = ctx.query.get('max_connections');
    if (maxConnections !== null)
      offers = offers.filter((o) => o.slices.every((s) => s.segments.length - 1 <= Number(maxConnections)));
    const sort = ctx.query.get('sort');
    if (sort) {
      const descending = sort.startsWith('-');
      const key = sort.replace(/^-/, '');
      const value = (o: ListedOffer) =>
        key === 'total_amount' ? Number(o.total_amount) : o.slices.reduce((sum, s) => sum + durationMinutes(s.duration), 0);
      offers = [...offers].sort((a, b) => (descending ? value(b) - value(a) : value(a) - value(b)));
    }
    return { status: 200, body: paginate(offers, ctx.query) };
  }

  private getOffer(ctx: RequestContext): Reply {
    const id = ctx.params[0]!;
    const record = this.liveOffer(id);
    if (this.takeScript('offer_gone', (s) => !s.offer_id || s.offer_id === id)) {
      record.gone = true;
      throw duffelErrors.offerGone();
    }
    const change = this.takeScript('price_change', (s) => !s.offer_id || s.offer_id === id);
    if (change) {
      const total = toCents(record.offer.total_amount) ?? 0;
      const increase = toCents(change.increase_amount ?? '') ?? Math.max(1000, Math.round(total * 0.06));
      record.offer.total_amount = centsToMoney(total + increase);
      record.offer.base_amount = centsToMoney((toCents(record.offer.base_amount) ?? 0) + increase);
      record.offer.updated_at = this.nowIso();
    }
    const withServices = ctx.query.get('return_available_services') === 'true';
    return {
      status: 200,
      body: { data: { ...record.offer, available_services: withServices ? baggageAvailableServices(record) : [] } },
    };
  }

  private getSeatMaps(ctx: RequestContext): Reply {
    const offerId = ctx.query.get('offer_id');
    if (!offerId) {
      throw validationError([
        validationItem('validation_required', 'offer_id', '/offer_id', "Field 'offer_id' can't be blank", 'Required field'),
      ]);
    }
    const record = this.liveOffer(offerId);
    return { status: 200, body: { data: seatMapsFor(record, this.ids).seatMaps } };
  }

  // ---------------------------------------------------------------- orders

  private async createOrder(ctx: RequestContext): Promise<Reply> {
    const data = dataOf(ctx.body);
    const selected = data.selected_offers;
    if (!Array.isArray(selected) || selected.length !== 1 || typeof selected[0] !== 'string') {
      throw validationError([
        validationItem(
          'validation_format',
          'selected_offers',
          '/selected_offers',
          "Field 'selected_offers' must list exactly one offer id",
        ),
      ]);
    }
    const record = this.liveOffer(selected[0]);
    const errors: DuffelErrorItem[] = [];
    const rawType = data.type;
    const type = rawType === 'instant' ? 'instant' : rawType === 'hold' || rawType === 'pay_later' ? 'hold' : null;
    if (!type)
      errors.push(
        validationItem('validation_inclusion', 'type', '/type', "Field 'type' must be 'instant' or 'hold'", 'Invalid value'),
      );
    if (type === 'hold' && record.offer.payment_requirements.requires_instant_payment) {
      errors.push(
        validationItem(
          'validation_inclusion',
          'type',
          '/type',
          'This offer requires instant payment and cannot be held',
          'Invalid value',
        ),
      );
    }
    const today = this.nowIso().slice(0, 10);
    const passengers = validatePassengers(data.passengers, record, today);
    errors.push(...passengers.errors);
    const catalogue = new Map<string, ServiceRecord>(record.baggageServices.map((s) => [s.id, s]));
    if (Array.isArray(data.services) && data.services.length > 0) {
      for (const [id, service] of seatMapsFor(record, this.ids).services) catalogue.set(id, service);
    }
    const services = validateServices(data.services, catalogue);
    errors.push(...services.errors);
    const metadata = validateMetadata(data.metadata);
    errors.push(...metadata.errors);

    const servicesCents = services.chosen.reduce((sum, c) => sum + c.service.unitCents * c.quantity, 0);
    const offerCents = toCents(record.offer.total_amount) ?? 0;
    const totalCents = offerCents + servicesCents;
    const currency = record.offer.total_currency;
    let amountMatches = true;
    const payments = data.payments;
    if (type === 'instant') {
      if (!Array.isArray(payments) || payments.length !== 1) {
        errors.push(
          validationItem(
            'validation_required',
            'payments',
            '/payments',
            'An instant order needs exactly one payment',
            'Required field',
          ),
        );
      } else {
        const payment = validatePayment(payments[0], '/payments/0');
        errors.push(...payment.errors);
        if (payment.payment) amountMatches = payment.payment.amountCents === totalCents && payment.payment.currency === currency;
      }
    } else if (type === 'hold' && Array.isArray(payments) && payments.length > 0) {
      errors.push(
        validationItem(
          'validation_format',
          'payments',
          '/payments',
          'A hold order is paid later: leave payments out',
          'Invalid field',
        ),
      );
    }
    if (errors.length > 0) throw validationError(errors);
    if (!amountMatches) throw duffelErrors.amountMismatch();

    const accepted = this.takeScript('order_accepted');
    const build = () => this.buildOrder(record, type!, passengers.passengers, services.chosen, metadata.metadata, totalCents);
    if (accepted) {
      const pendingId = this.ids.next('por');
      const pending = {
        id: pendingId,
        type,
        selected_offers: [record.offer.id],
        metadata: metadata.metadata,
        live_mode: false,
        created_at: this.nowIso(),
      };
      record.usedByOrderId = pendingId;
      this.later(accepted.delay_ms ?? 300, () => {
        if (accepted.outcome === 'created') {
          record.usedByOrderId = undefined;
          const state = build();
          this.emit('order.created', state.order, state.order.id);
          return;
        }
        record.usedByOrderId = undefined;
        this.emit(
          'order.creation_failed',
          {
            ...pending,
            errors: [
              {
                type: 'airline_error',
                code: 'airline_unknown',
                title: 'Order could not be created',
                message: 'The airline did not confirm the order. No order was created and no payment was taken.',
                documentation_url: 'https://duffel.com/docs/api/overview/errors',
              },
            ],
          },
          Buffer.from(`failed-${pendingId}`).toString('base64'),
        );
      });
      return { status: 202, body: { data: pending } };
    }
    const state = build();
    this.emit('order.created', state.order, state.order.id);
    return { status: 201, body: { data: state.order } };
  }

  private buildOrder(
    record: OfferRecord,
    type: 'instant' | 'hold',
    passengers: LocalOrder['passengers'],
    chosen: { service: ServiceRecord; quantity: number }[],
    metadata: Record<string, string>,
    totalCents: number,
  ): OrderState {
    const { offer } = record;
    const now = this.nowIso();
    const orderId = this.ids.next('ord');
    const seatFor = new Map<string, ServiceRecord>();
    for (const { service } of chosen) {
      if (service.kind === 'seat') seatFor.set(`${service.segmentIds[0]}:${service.passengerIds[0]}`, service);
    }
    const servicesCents = totalCents - (toCents(offer.total_amount) ?? 0);
    const services: OrderService[] = chosen.map(({ service, quantity }) => ({
      id: service.id,
      type: service.kind,
      quantity,
      passenger_ids: service.passengerIds,
      segment_ids: service.segmentIds,
      total_amount: centsToMoney(service.unitCents * quantity),
      total_currency: service.currency,
      metadata:
        service.kind === 'seat' && service.seat
          ? { designator: service.seat.designator, name: service.seat.name, disclosures: service.seat.disclosures }
          : { type: 'checked', maximum_weight_kg: 23, maximum_height_cm: null, maximum_length_cm: null, maximum_depth_cm: null },
    }));
    const order: LocalOrder = {
      id: orderId,
      type,
      live_mode: false,
      created_at: now,
      synced_at: now,
      booking_reference: this.ids.bookingReference(),
      owner: offer.owner,
      slices: offer.slices.map((slice) => orderSliceFrom(slice, seatFor)),
      passengers,
      services,
      base_amount: centsToMoney((toCents(offer.base_amount) ?? 0) + servicesCents),
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount ?? '0.00',
      tax_currency: offer.tax_currency ?? offer.total_currency,
      total_amount: centsToMoney(totalCents),
      total_currency: offer.total_currency,
      conditions: offer.conditions,
      metadata,
      payment_status:
        type === 'instant'
          ? { awaiting_payment: false, paid_at: now }
          : {
              awaiting_payment: true,
              paid_at: null,
              payment_required_by: offer.payment_requirements.payment_required_by ?? undefined,
              price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at ?? undefined,
            },
      documents: type === 'instant' ? this.tickets(record, passengers) : [],
      available_actions: ['cancel', 'change', 'update'],
      airline_initiated_changes: [],
      cancelled_at: null,
      cancellation: null,
      content: 'self_managed',
      changes: [],
      users: [],
    };
    record.usedByOrderId = orderId;
    const state: OrderState = {
      order,
      offerId: offer.id,
      record,
      guaranteedTotalCents: totalCents,
      repriced: false,
      payments: [],
    };
    this.orders.set(orderId, state);
    return state;
  }

  private tickets(record: OfferRecord, passengers: LocalOrder['passengers']): OrderDocument[] {
    return passengers.map((p) => ({
      type: 'electronic_ticket',
      unique_identifier: this.ids.ticketNumber(record.carrier.ticketPrefix),
      passenger_ids: [p.id],
    }));
  }

  /** An unpaid hold whose price guarantee has passed costs 6% more from then on (once). */
  private refreshHold(state: OrderState): void {
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

  private orderState(id: string): OrderState {
    const state = this.orders.get(id);
    if (!state) throw duffelErrors.notFound();
    this.refreshHold(state);
    return state;
  }

  private getOrder(ctx: RequestContext): Reply {
    return { status: 200, body: { data: this.orderState(ctx.params[0]!).order } };
  }

  private listOrders(ctx: RequestContext): Reply {
    const bookingReference = ctx.query.get('booking_reference');
    const offerId = ctx.query.get('offer_id');
    const awaiting = ctx.query.get('awaiting_payment');
    const states = [...this.orders.values()].reverse().filter((s) => {
      this.refreshHold(s);
      if (bookingReference && s.order.booking_reference !== bookingReference) return false;
      if (offerId && s.offerId !== offerId) return false;
      if (awaiting !== null && String(s.order.payment_status.awaiting_payment) !== awaiting) return false;
      return true;
    });
    return {
      status: 200,
      body: paginate(
        states.map((s) => s.order),
        ctx.query,
      ),
    };
  }

  private updateOrder(ctx: RequestContext): Reply {
    const state = this.orderState(ctx.params[0]!);
    const data = dataOf(ctx.body);
    // The client library nests the new metadata under `options`; the API documents it at the top level.
    const source = isObject(data.options) ? data.options : data;
    const metadata = validateMetadata(source.metadata);
    if (metadata.errors.length > 0) throw validationError(metadata.errors);
    state.order.metadata = metadata.metadata;
    return { status: 200, body: { data: state.order } };
  }

  private orderAvailableServices(ctx: RequestContext): Reply {
    this.orderState(ctx.params[0]!);
    return { status: 200, body: { data: [] } };
  }

  private createPayment(ctx: RequestContext): Reply {
    const data = dataOf(ctx.body);
    if (typeof data.order_id !== 'string') {
      throw validationError([
        validationItem('validation_required', 'order_id', '/order_id', "Field 'order_id' can't be blank", 'Required field'),
      ]);
    }
    const state = this.orderState(data.order_id);
    const { order } = state;
    if (order.cancelled_at) throw duffelErrors.alreadyCancelled();
    if (!order.payment_status.awaiting_payment) throw duffelErrors.alreadyPaid();
    const payBy = order.payment_status.payment_required_by;
    if (payBy && Date.parse(payBy) <= this.nowMs()) throw duffelErrors.orderExpired();
    const payment = validatePayment(data.payment, '/payment');
    if (payment.errors.length > 0 || !payment.payment) throw validationError(payment.errors);
    const totalCents = toCents(order.total_amount) ?? 0;
    if (payment.payment.currency !== order.total_currency || payment.payment.amountCents !== totalCents) {
      if (state.repriced && payment.payment.amountCents === state.guaranteedTotalCents)
        throw duffelErrors.priceChanged(order.total_amount, order.total_currency);
      throw duffelErrors.amountMismatch();
    }
    const now = this.nowIso();
    const created: LocalPayment = {
      id: this.ids.next('pay'),
      order_id: order.id,
      type: 'balance',
      amount: order.total_amount,
      currency: order.total_currency,
      status: 'succeeded',
      created_at: now,
      live_mode: false,
    };
    state.payments.push(created);
    order.payment_status = { awaiting_payment: false, paid_at: now };
    order.documents = this.tickets(state.record, order.passengers);
    order.synced_at = now;
    this.emit('payment.created', created, created.id);
    return { status: 201, body: { data: created } };
  }

  private listPayments(ctx: RequestContext): Reply {
    const orderId = ctx.query.get('order_id');
    const payments = [...this.orders.values()].filter((s) => !orderId || s.order.id === orderId).flatMap((s) => s.payments);
    return { status: 200, body: paginate(payments, ctx.query) };
  }

  // ---------------------------------------------------------------- cancellations

  private createCancellation(ctx: RequestContext): Reply {
    const data = dataOf(ctx.body);
    if (typeof data.order_id !== 'string') {
      throw validationError([
        validationItem('validation_required', 'order_id', '/order_id', "Field 'order_id' can't be blank", 'Required field'),
      ]);
    }
    const { order } = this.orderState(data.order_id);
    if (order.cancelled_at) throw duffelErrors.alreadyCancelled();
    let refundAmount: string | null;
    let refundTo: OrderCancellation['refund_to'] = 'balance';
    if (order.payment_status.awaiting_payment) {
      refundAmount = '0.00';
      refundTo = 'awaiting_payment';
    } else {
      const rule = order.conditions.refund_before_departure;
      const total = toCents(order.total_amount) ?? 0;
      if (rule === null) refundAmount = null;
      else if (!rule.allowed) refundAmount = '0.00';
      else refundAmount = centsToMoney(Math.max(0, total - (toCents(rule.penalty_amount ?? '0') ?? 0)));
    }
    const cancellation = {
      id: this.ids.next('ore'),
      order_id: order.id,
      live_mode: false,
      created_at: this.nowIso(),
      expires_at: new Date(this.nowMs() + 15 * 60_000).toISOString(),
      confirmed_at: null,
      refund_amount: refundAmount,
      refund_currency: refundAmount === null ? null : order.total_currency,
      refund_to: refundTo,
      airline_credits: [],
    } satisfies LocalCancellation;
    this.cancellations.set(cancellation.id, cancellation);
    return { status: 201, body: { data: cancellation } };
  }

  private getCancellation(ctx: RequestContext): Reply {
    const cancellation = this.cancellations.get(ctx.params[0]!);
    if (!cancellation) throw duffelErrors.notFound();
    return { status: 200, body: { data: cancellation } };
  }

  private listCancellations(ctx: RequestContext): Reply {
    const orderId = ctx.query.get('order_id');
    const list = [...this.cancellations.values()].filter((c) => !orderId || c.order_id === orderId);
    return { status: 200, body: paginate(list, ctx.query) };
  }

  private confirmCancellation(ctx: RequestContext): Reply {
    const cancellation = this.cancellations.get(ctx.params[0]!);
    if (!cancellation) throw duffelErrors.notFound();
    const state = this.orderState(cancellation.order_id);
    if (cancellation.confirmed_at || state.order.cancelled_at) throw duffelErrors.alreadyCancelled();
    const latest = [...this.cancellations.values()].filter((c) => c.order_id === cancellation.order_id).pop();
    if (latest?.id !== cancellation.id || Date.parse(cancellation.expires_at) <= this.nowMs())
      throw duffelErrors.cancellationExpired();
    const now = this.nowIso();
    cancellation.confirmed_at = now;
    state.order.cancelled_at = now;
    state.order.cancellation = cancellation;
    state.order.available_actions = ['update'];
    state.order.synced_at = now;
    return { status: 200, body: { data: cancellation } };
  }

  // ---------------------------------------------------------------- airline-initiated changes

  private airlineChange(orderId: string, shiftHours: number): AirlineInitiatedChange {
    const state = this.orders.get(orderId);
    if (!state) throw new Error(`airlineChange: no order ${orderId}`);
    const { order } = state;
    if (order.cancelled_at) throw new Error(`airlineChange: order ${orderId} is cancelled`);
    const before = order.slices[0];
    if (!before) throw new Error(`airlineChange: order ${orderId} has no slice`);
    const after: OrderSlice = {
      ...structuredClone(before),
      id: this.ids.next('sli'),
      segments: before.segments.map((segment) => ({
        ...structuredClone(segment),
        id: this.ids.next('seg'),
        departing_at: shiftLocal(segment.departing_at, shiftHours),
        arriving_at: shiftLocal(segment.arriving_at, shiftHours),
      })),
    };
    const now = this.nowIso();
    const change: AirlineInitiatedChange = {
      id: this.ids.next('aic'),
      order_id: order.id,
      action_taken: null,
      action_taken_at: null,
      added: [after],
      removed: [structuredClone(before)],
      available_actions: ['accept', 'cancel', 'change', 'update'],
      created_at: now,
      updated_at: now,
      travel_agent_ticket: null,
    };
    order.slices[0] = after;
    order.airline_initiated_changes.push(change);
    order.synced_at = now;
    this.changes.set(change.id, change);
    this.emit('order.airline_initiated_change_detected', change, change.id);
    return change;
  }

  private listAirlineChanges(ctx: RequestContext): Reply {
    const orderId = ctx.query.get('order_id');
    const list = [...this.changes.values()].filter((c) => !orderId || c.order_id === orderId);
    return { status: 200, body: paginate(list, ctx.query) };
  }

  private changeFor(id: string): AirlineInitiatedChange {
    const change = this.changes.get(id);
    if (!change) throw duffelErrors.notFound();
    return change;
  }

  private acceptAirlineChange(ctx: RequestContext): Reply {
    const change = this.changeFor(ctx.params[0]!);
    const latest = this.orders.get(change.order_id)?.order.airline_initiated_changes.at(-1);
    if (latest?.id !== change.id) throw duffelErrors.staleChange();
    if (change.action_taken) throw duffelErrors.changeAlreadyActioned();
    this.markChange(change, 'accepted');
    return { status: 200, body: { data: change } };
  }

  private updateAirlineChange(ctx: RequestContext): Reply {
    const change = this.changeFor(ctx.params[0]!);
    const action = dataOf(ctx.body).action_taken;
    if (action !== 'accepted' && action !== 'cancelled' && action !== 'changed') {
      throw validationError([
        validationItem(
          'validation_inclusion',
          'action_taken',
          '/action_taken',
          "Field 'action_taken' must be accepted, cancelled or changed",
          'Invalid value',
        ),
      ]);
    }
    if (change.action_taken) throw duffelErrors.changeAlreadyActioned();
    this.markChange(change, action);
    return { status: 200, body: { data: change } };
  }

  private markChange(change: AirlineInitiatedChange, action: AirlineInitiatedChangeActionTaken): void {
    const now = this.nowIso();
    change.action_taken = action;
    change.action_taken_at = now;
    change.available_actions = [];
    change.updated_at = now;
  }

  // ---------------------------------------------------------------- webhooks

  private emit(type: WebhookEventType, object: unknown, idempotencyKey: string): void {
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

  // ---------------------------------------------------------------- control

  private control(): LocalDuffelControl {
    // Getters cannot close over `this` directly; these arrows do.
    const pendingScripts = () => this.scripts.map((entry) => ({ ...entry.script, times: entry.remaining }));
    const requests = () => this.requestLog;
    const webhooks = () => this.webhooks.deliveries;
    return {
      script: (script) => this.addScript(script),
      offerGone: (o = {}) => this.addScript({ name: 'offer_gone', times: o.times, offer_id: o.offerId }),
      priceChange: (o = {}) =>
        this.addScript({ name: 'price_change', times: o.times, offer_id: o.offerId, increase_amount: o.increaseAmount }),
      searchTimeout: (o = {}) => this.addScript({ name: 'search_timeout', times: o.times }),
      rateLimit: (times, o = {}) =>
        this.addScript({ name: 'rate_limit', times, retry_after_seconds: o.retryAfterSeconds, path_prefix: o.pathPrefix }),
      orderAccepted: (o = {}) =>
        this.addScript({ name: 'order_accepted', times: o.times, outcome: o.outcome, delay_ms: o.delayMs }),
      get pendingScripts() {
        return pendingScripts();
      },
      airlineChange: (orderId, o = {}) => this.airlineChange(orderId, o.shiftHours ?? 3),
      get requests() {
        return requests();
      },
      clearRequests: () => {
        this.requestLog.length = 0;
      },
      order: (id) => {
        const state = this.orders.get(id);
        if (state) this.refreshHold(state);
        return state?.order;
      },
      offer: (id) => this.offers.get(id)?.offer,
      advanceClock: (ms) => {
        this.clockOffsetMs += ms;
      },
      now: () => new Date(this.nowMs()),
      get webhooks() {
        return webhooks();
      },
      waitForWebhook: (type, timeoutMs, match) => this.webhooks.waitFor(type, timeoutMs, match),
      reset: () => {
        this.scripts.length = 0;
        this.requestLog.length = 0;
        this.clockOffsetMs = 0;
      },
    };
  }

  private async handleControl(method: string, pathname: string, raw: string): Promise<Reply> {
    let body: Json = {};
    if (raw) {
      try {
        const parsed: unknown = JSON.parse(raw);
        body = isObject(parsed) ? parsed : {};
      } catch {
        throw duffelErrors.badRequest('The control request body is not valid JSON.');
      }
    }
    const control = this.control();
    if (method === 'GET' && pathname === '/_control/health') return { status: 200, body: { data: { ok: true } } };
    if (method === 'POST' && pathname === '/_control/script') {
      const scripts = Array.isArray(body.scripts) ? body.scripts : [body];
      try {
        for (const script of scripts) this.addScript(script as LocalDuffelScript);
      } catch (error) {
        throw duffelErrors.badRequest((error as Error).message);
      }
      return { status: 200, body: { data: control.pendingScripts } };
    }
    if (method === 'POST' && pathname === '/_control/airline-change') {
      if (typeof body.order_id !== 'string' || !this.orders.has(body.order_id)) throw duffelErrors.notFound();
      const shift = typeof body.shift_hours === 'number' ? body.shift_hours : 3;
      return { status: 201, body: { data: this.airlineChange(body.order_id, shift) } };
    }
    if (method === 'GET' && pathname === '/_control/requests') return { status: 200, body: { data: this.requestLog } };
    if (method === 'DELETE' && pathname === '/_control/requests') {
      control.clearRequests();
      return { status: 200, body: { data: [] } };
    }
    if (method === 'GET' && pathname === '/_control/webhooks') return { status: 200, body: { data: this.webhooks.deliveries } };
    if (method === 'POST' && pathname === '/_control/clock') {
      if (typeof body.advance_ms !== 'number') throw duffelErrors.badRequest("Give 'advance_ms' as a number.");
      control.advanceClock(body.advance_ms);
      return { status: 200, body: { data: { now: control.now().toISOString() } } };
    }
    if (method === 'POST' && pathname === '/_control/reset') {
      control.reset();
      return { status: 200, body: { data: { ok: true } } };
    }
    const orderMatch = /^\/_control\/orders\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && orderMatch) {
      const order = control.order(decodeURIComponent(orderMatch[1]!));
      if (!order) throw duffelErrors.notFound();
      const state = this.orders.get(order.id)!;
      return { status: 200, body: { data: { ...order, offer_id: state.offerId, payments: state.payments } } };
    }
    throw duffelErrors.notFound();
  }
}

function orderSliceFrom(slice: OfferSlice, seatFor: Map<string, ServiceRecord>): OrderSlice {
  return {
    id: slice.id,
    origin: slice.origin,
    destination: slice.destination,
    origin_type: slice.origin_type,
    destination_type: slice.destination_type,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    conditions: { change_before_departure: slice.conditions.change_before_departure },
    segments: slice.segments.map((segment) => ({
      id: segment.id,
      aircraft: segment.aircraft,
      origin: segment.origin,
      destination: segment.destination,
      origin_terminal: segment.origin_terminal ?? '',
      destination_terminal: segment.destination_terminal ?? '',
      departing_at: segment.departing_at,
      arriving_at: segment.arriving_at,
      duration: segment.duration ?? '',
      distance: segment.distance ?? '',
      marketing_carrier: segment.marketing_carrier,
      marketing_carrier_flight_number: segment.marketing_carrier_flight_number,
      operating_carrier: segment.operating_carrier,
      operating_carrier_flight_number: segment.operating_carrier_flight_number,
      stops: segment.stops,
      passengers: segment.passengers.map((p) => {
        const seat = seatFor.get(`${segment.id}:${p.passenger_id}`)?.seat;
        return {
          passenger_id: p.passenger_id,
          cabin_class: p.cabin_class,
          cabin_class_marketing_name: p.cabin_class_marketing_name,
          baggages: p.baggages,
          ...(seat ? { seat } : {}),
        };
      }),
    })),
  };
}

function durationMinutes(duration: string | null): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration ?? '');
  if (!match) return 0;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
