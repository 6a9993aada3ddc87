import { Duffel } from '@duffel/api';
import type {
  CreateOrder,
  CreateOrderPassenger,
  ListParamsOrders,
  Order as DuffelOrder,
  OrderCancellation,
  PaginationMeta,
} from '@duffel/api/types';
import type { Database } from '../../db/client.js';
import type {
  AirlineChange,
  CancellationQuote,
  CreateOrderResult,
  GetOfferResult,
  InstantOrderResult,
  OfferBatch,
  PassengerRequirements,
  SearchOptions,
  SeatMap,
  Supplier,
  SupplierOffer,
  SupplierOrder,
  SupplierPassenger,
  SupplierSearch,
  TicketedOrder,
} from '../supplier.js';
import {
  abortableWait,
  createCaller,
  sleep as realSleep,
  type DuffelAnswer,
  type DuffelLogger,
  type Sleep,
} from './duffel-calls.js';
import { createDuffelStore, searchKeyOf, type DuffelStore } from './duffel-store.js';
import {
  DuffelInstantPaymentError,
  DuffelOrderPendingError,
  DuffelPriceChangedError,
  DuffelSupplierError,
  DuffelTicketsPendingError,
} from './errors.js';
import {
  cabinFor,
  CLIENT_REFERENCE_KEY,
  currencyDigits,
  duffelDataOf,
  isPaid,
  offerRequestBody,
  passengerRequirementsOf,
  SERVICE_SEPARATOR,
  ticketsOf,
  toAirlineChange,
  toCancellationQuote,
  toSeatMap,
  toSupplierOffer,
  toSupplierOrder,
  type DuffelOfferData,
  type PassengerIdMap,
} from './mapping.js';

export interface DuffelSupplierOptions {
  accessToken: string;
  /** https://api.duffel.com, or the local stand-in in tests. */
  apiUrl: string;
  /** SUPPLIER_TIMEOUT_SECONDS: how long a search waits for the airlines (Duffel's supplier_timeout). */
  searchTimeoutSeconds: number;
  /** Time limit of every other call to Duffel (default 30 s). */
  callTimeoutSeconds?: number;
  database: Database;
  logger: DuffelLogger;
  clock?: () => Date;
  /** How long a search's offers are answered from the cache (default 20; never past the first offer's expiry). */
  offerTtlMinutes?: number;
  /** Tests: waiting (rate limits, polls) without real time, and shorter polls. */
  sleep?: Sleep;
  polling?: Partial<PollingOptions>;
}

interface PollingOptions {
  /** An order creation answered 202 (or lost): looks for the order this many times ... */
  orderLookups: number;
  /** ... this far apart. */
  orderLookupIntervalMs: number;
  /** A hold asked for less than this long ago and not found yet may still be on its way: not asked again. */
  holdInFlightMs: number;
  /** After paying: reads the order this many times for its e-tickets ... */
  ticketReads: number;
  /** ... this far apart. */
  ticketReadIntervalMs: number;
  /** Pages of an offer's orders read when looking for one by its client reference (200 a page). */
  orderScanPages: number;
}

const DEFAULT_POLLING: PollingOptions = {
  orderLookups: 5,
  orderLookupIntervalMs: 1000,
  holdInFlightMs: 90_000,
  ticketReads: 5,
  ticketReadIntervalMs: 1000,
  orderScanPages: 10,
};

/** Time Duffel gets, within SUPPLIER_TIMEOUT_SECONDS, to gather and send what the airlines answered. */
export const SEARCH_MARGIN_MS = 2000;
/** The cache stops answering a search this long before its first offer expires. */
const EXPIRY_MARGIN_MS = 2 * 60_000;
/** Searches kept in each process's memory on top of the shared table (paging reads them often). */
const MEMORY_SEARCHES = 50;
/** Pause between two reads of a batch search that brought nothing new. */
const BATCH_IDLE_MS = 250;

export interface DuffelSupplier extends Supplier {
  readonly name: 'duffel';
}

type StreamBatch = OfferBatch & { timedOut?: boolean };

/**
 * Kwenda's supplier seam on Duffel's flights API (official client @duffel/api). Searches are batch
 * offer requests, kept in duffel_searches for paging; offers are held (hold orders, never instant
 * ones), paid from the Duffel balance, cancelled through order cancellations. Duffel has no
 * idempotency key: a hold is written down before it is asked (duffel_orders) and, when its answer is
 * lost, looked up by the client reference kept in the order's metadata instead of asked again.
 */
export function createDuffelSupplier(options: DuffelSupplierOptions): DuffelSupplier {
  const clock = options.clock ?? (() => new Date());
  const sleep = options.sleep ?? realSleep;
  const polling: PollingOptions = { ...DEFAULT_POLLING, ...options.polling };
  const callTimeoutMs = (options.callTimeoutSeconds ?? 30) * 1000;
  const searchTimeoutMs = options.searchTimeoutSeconds * 1000;
  const cacheMs = (options.offerTtlMinutes ?? 20) * 60_000;
  const { logger } = options;
  const duffel = new Duffel({ token: options.accessToken, basePath: options.apiUrl });
  const call = createCaller({ logger, sleep });
  const store: DuffelStore = createDuffelStore(options.database.db);

  /** A read: asked again after a 429. */
  const read = <T>(operation: string, run: () => Promise<DuffelAnswer<T>>, timeoutMs = callTimeoutMs, signal?: AbortSignal) =>
    call({ operation, timeoutMs, retryRateLimited: true, signal }, run);
  /** A change: asked once; what happened is read back by the caller when the answer is lost. */
  const change = <T>(operation: string, run: () => Promise<DuffelAnswer<T>>) =>
    call({ operation, timeoutMs: callTimeoutMs, retryRateLimited: false }, run);

  const isKind = (error: unknown, ...kinds: DuffelSupplierError['kind'][]) =>
    error instanceof DuffelSupplierError && kinds.includes(error.kind);
  /** Duffel does not know this offer (gone, never made, or an id it refuses): not a failure of the call. */
  const isUnknownOffer = (error: unknown) =>
    isKind(error, 'unavailable', 'not-found') || (isKind(error, 'validation') && (error as DuffelSupplierError).status === 422);

  // ---------------------------------------------------------------------------------------------
  // Searches

  const memory = new Map<string, { offers: readonly SupplierOffer[]; timedOut: boolean; validUntil: number }>();
  const remember = (key: string, entry: { offers: readonly SupplierOffer[]; timedOut: boolean; validUntil: number }) => {
    memory.delete(key);
    memory.set(key, entry);
    if (memory.size > MEMORY_SEARCHES) memory.delete(memory.keys().next().value!);
  };

  async function cached(key: string, now: Date) {
    const local = memory.get(key);
    if (local && local.validUntil > now.getTime()) return local;
    const row = await store.readSearch(key, now);
    if (!row) return null;
    const entry = { offers: row.offers, timedOut: row.timedOut, validUntil: row.validUntil.getTime() };
    remember(key, entry);
    return entry;
  }

  /** Answered from the cache while the offers are fresh: about 20 minutes, and before the first expires. */
  function validUntilOf(offers: readonly SupplierOffer[], searchedAt: Date): Date {
    const firstExpiry = Math.min(...offers.map((o) => Date.parse(o.expiresAt)));
    return new Date(Math.min(searchedAt.getTime() + cacheMs, firstExpiry - EXPIRY_MARGIN_MS));
  }

  /**
   * One batch offer request, read until no batch remains or the search time runs out. The search time
   * is the traveller's whole search (SUPPLIER_TIMEOUT_SECONDS, or the caller's `signal` when it ends
   * sooner): Duffel is told to wait for the airlines a margin less (supplier_timeout), so it closes
   * the search and sends what they answered before that time is up; a search Duffel closes only at
   * its limit has cut off airlines that had not answered, and ends timed out as well. Each batch is
   * yielded as it arrives; the whole search is then kept for searchOffers and paging.
   */
  async function* search(searchInput: SupplierSearch, key: string, now: Date, signal?: AbortSignal): AsyncGenerator<StreamBatch> {
    const started = Date.now();
    const supplierTimeoutMs = Math.min(60_000, Math.max(2000, searchTimeoutMs - SEARCH_MARGIN_MS));
    // Duffel's shortest supplier_timeout is 2 s: a shorter search time is then the caller's signal to keep.
    const deadline = started + Math.max(searchTimeoutMs, supplierTimeoutMs + SEARCH_MARGIN_MS);
    let created;
    try {
      created = await read(
        'POST air/batch_offer_requests',
        () => duffel.batchOfferRequests.create({ ...offerRequestBody(searchInput), supplier_timeout: supplierTimeoutMs }),
        Math.min(callTimeoutMs, deadline - started),
        signal,
      );
    } catch (error) {
      // Out of time before Duffel even took the search: nothing arrived, nothing to keep.
      if (!isKind(error, 'timeout')) throw error;
      logger.warn({ duffel: { operation: 'POST air/batch_offer_requests' } }, 'duffel search timed out');
      yield { offers: [], remainingBatches: 1, totalBatches: 1, timedOut: true };
      return;
    }
    const requestId = created.data.id;
    let remaining = created.data.remaining_batches;
    let total = created.data.total_batches;
    const all: SupplierOffer[] = [];
    let timedOut = false;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) {
        timedOut = true;
        break;
      }
      let answer;
      try {
        answer = await read(
          `GET air/batch_offer_requests/${requestId}`,
          () => duffel.batchOfferRequests.get(requestId),
          left,
          signal,
        );
      } catch (error) {
        if (!isKind(error, 'timeout')) throw error;
        timedOut = true;
        break;
      }
      const offers = answer.data.offers.map((offer) => toSupplierOffer(offer, searchInput.tripType));
      all.push(...offers);
      const progressed = offers.length > 0 || answer.data.remaining_batches !== remaining;
      remaining = answer.data.remaining_batches;
      total = answer.data.total_batches;
      if (remaining <= 0) {
        timedOut = Date.now() - started >= supplierTimeoutMs;
        yield { offers, remainingBatches: 0, totalBatches: total, ...(timedOut ? { timedOut: true } : {}) };
        break;
      }
      if (offers.length > 0) yield { offers, remainingBatches: remaining, totalBatches: total };
      if (!progressed) await abortableWait(sleep, Math.min(BATCH_IDLE_MS, Math.max(0, deadline - Date.now())), signal);
    }
    if (timedOut && remaining > 0) yield { offers: [], remainingBatches: remaining, totalBatches: total, timedOut: true };
    if (timedOut)
      logger.warn(
        { duffel: { offerRequestId: requestId, remainingBatches: remaining, offers: all.length } },
        'duffel search timed out',
      );
    await keep(key, requestId, all, timedOut, now);
  }

  async function keep(key: string, offerRequestId: string, offers: SupplierOffer[], timedOut: boolean, searchedAt: Date) {
    const validUntil = offers.length ? validUntilOf(offers, searchedAt) : new Date(searchedAt.getTime() + cacheMs);
    await store.saveSearch(key, { offerRequestId, offers, timedOut, searchedAt, validUntil });
    remember(key, { offers, timedOut, validUntil: validUntil.getTime() });
  }

  /** A 202's body names the pending creation (por_...), not an order: only an order id is looked up directly. */
  const orderIdOf = (answer: DuffelAnswer<unknown>): { orderId?: string } => {
    const id = (answer.data as { id?: unknown } | undefined)?.id;
    return typeof id === 'string' && id.startsWith('ord_') ? { orderId: id } : {};
  };

  const inFlight = new Map<string, Promise<{ offers: readonly SupplierOffer[]; timedOut: boolean }>>();

  // ---------------------------------------------------------------------------------------------
  // Offers and orders

  async function fetchOffer(reference: string, withServices: boolean) {
    return (
      await read(`GET air/offers/${reference}`, () =>
        duffel.offers.get(reference, withServices ? { return_available_services: true } : undefined),
      )
    ).data;
  }

  async function fetchOrder(orderId: string): Promise<DuffelOrder | null> {
    try {
      return (await read(`GET air/orders/${orderId}`, () => duffel.orders.get(orderId))).data;
    } catch (error) {
      if (isKind(error, 'not-found')) return null;
      throw error;
    }
  }

  /** Kwenda's ids of the order's passengers, as the hold recorded them. */
  const passengerIdsOf = async (orderId: string): Promise<PassengerIdMap | null> =>
    (await store.holdByOrderId(orderId))?.passengerIds ?? null;

  /**
   * The order made for a client reference: Duffel filters orders by offer (an offer has at most one
   * order) but by no metadata, so the offer's orders are read and their metadata compared.
   */
  async function findByReference(clientReference: string, offerId: string): Promise<DuffelOrder | null> {
    let after: string | undefined;
    for (let page = 0; page < polling.orderScanPages; page++) {
      // offer_id is a filter of Duffel's API that the client's typing lacks.
      const params: PaginationMeta & ListParamsOrders & { offer_id: string } = {
        offer_id: offerId,
        limit: 200,
        ...(after ? { after } : {}),
      };
      const answer = await read(`GET air/orders?offer_id=${offerId}`, () => duffel.orders.list(params));
      const found = answer.data.find((order) => order.metadata?.[CLIENT_REFERENCE_KEY] === clientReference);
      if (found) return found;
      const next = (answer.meta as { after?: string | null } | undefined)?.after;
      if (!next) return null;
      after = next;
    }
    logger.warn({ duffel: { offerId, pages: polling.orderScanPages } }, 'duffel order lookup stopped at its page limit');
    return null;
  }

  function heldResult(order: DuffelOrder): CreateOrderResult {
    if (order.cancelled_at || order.cancellation?.confirmed_at) return { status: 'unavailable' };
    const status = order.payment_status ?? { awaiting_payment: true, paid_at: null };
    return {
      status: 'held',
      orderId: order.id,
      paymentRequiredBy: new Date(status.payment_required_by ?? status.paid_at ?? order.created_at),
      priceGuaranteeExpiresAt: status.price_guarantee_expires_at ? new Date(status.price_guarantee_expires_at) : null,
      total: Number(order.total_amount),
      currency: order.total_currency,
    };
  }

  async function adopt(clientReference: string, order: DuffelOrder): Promise<CreateOrderResult> {
    await store.recordHeldOrder(clientReference, {
      orderId: order.id,
      total: Number(order.total_amount),
      currency: order.total_currency,
      now: clock(),
    });
    return heldResult(order);
  }

  /**
   * The hold's answer did not come (a 202, a timeout, a dropped connection, a 5xx): looks for the
   * order a few times, by its id when Duffel gave one, else by the client reference; still nothing,
   * the hold is pending and the caller's journal settles it later. Never asks Duffel to hold again.
   */
  async function lookUpUnanswered(
    clientReference: string,
    offerId: string,
    reason: string,
    lookups: number,
    { orderId, cause }: { orderId?: string; cause?: unknown } = {},
  ): Promise<DuffelOrder> {
    for (let attempt = 0; attempt < lookups; attempt++) {
      if (attempt > 0) await sleep(polling.orderLookupIntervalMs);
      try {
        const order = orderId ? await fetchOrder(orderId) : await findByReference(clientReference, offerId);
        if (order) return order;
      } catch (error) {
        logger.warn({ duffel: { kind: (error as DuffelSupplierError).kind ?? null } }, 'duffel hold lookup failed');
      }
    }
    throw new DuffelOrderPendingError(clientReference, reason, { cause });
  }

  /**
   * POST air/orders, hold or instant, once: an answer Duffel refused is said as it is; a rate limit is
   * waited out and asked again (bounded) after making sure the order was not made; an answer lost to a
   * timeout, the network or a server error that may have made it (anything but 502 order_not_created)
   * and a 202 still being created are looked up by the client reference. Never a blind second order.
   */
  async function placeOrder(
    request: CreateOrder,
    clientReference: string,
    offerId: string,
  ): Promise<
    { status: 'made'; order: DuffelOrder } | { status: 'unavailable' } | { status: 'expired' } | { status: 'price-changed' }
  > {
    const made = (order: DuffelOrder) => ({ status: 'made' as const, order });
    for (let attempt = 0; ; attempt++) {
      let answer: DuffelAnswer<DuffelOrder>;
      try {
        answer = await change('POST air/orders', () => duffel.orders.create(request));
      } catch (error) {
        if (!(error instanceof DuffelSupplierError)) throw error;
        switch (error.kind) {
          case 'unavailable':
            return { status: 'unavailable' };
          case 'expired':
            return { status: 'expired' };
          case 'price-changed':
            return { status: 'price-changed' };
          case 'rate-limited': {
            // Refused before it was processed: after the wait, make sure, then ask again.
            if (attempt >= 2) throw error;
            await sleep(Math.min(Math.max(error.retryAfterMs ?? 1000, 100), 15_000));
            const found = await findByReference(clientReference, offerId);
            if (found) return made(found);
            continue;
          }
          case 'timeout':
          case 'network':
            return made(await lookUpUnanswered(clientReference, offerId, error.kind, 2, { cause: error }));
          case 'server':
            // 502 order_not_created: Duffel guarantees nothing was made; any other 5xx may have made it.
            if (error.code === 'order_not_created') throw error;
            return made(
              await lookUpUnanswered(clientReference, offerId, `Duffel ${error.status ?? 'error'}`, 2, { cause: error }),
            );
          default:
            throw error;
        }
      }
      if (answer.status !== 202) return made(answer.data);
      const reason = 'Duffel is still creating it (202)';
      return made(await lookUpUnanswered(clientReference, offerId, reason, polling.orderLookups, orderIdOf(answer)));
    }
  }

  /** The body's passengers: Duffel's ids, contact on each, passports when required, infants on adults' laps. */
  function orderPassengers(data: DuffelOfferData, passengers: SupplierPassenger[]) {
    if (passengers.length !== data.passengers.length)
      throw new DuffelSupplierError(
        'validation',
        `The offer has ${data.passengers.length} passengers, ${passengers.length} were given`,
        {
          field: 'passengers',
        },
      );
    const known = new Set(data.passengers.map((p) => p.id));
    const ids = passengers.map((p, index) => {
      const id = p.supplierPassengerId ?? data.passengers[index]!.id;
      if (!known.has(id))
        throw new DuffelSupplierError('validation', `Passenger ${p.id} is not one of the offer's`, {
          field: 'supplierPassengerId',
        });
      const expected = data.passengers.find((d) => d.id === id)!.passengerType;
      if (expected !== p.passengerType)
        throw new DuffelSupplierError('validation', `Passenger ${p.id} is a ${p.passengerType}, the offer's is a ${expected}`, {
          field: 'passengerType',
        });
      return id;
    });
    if (new Set(ids).size !== ids.length)
      throw new DuffelSupplierError('validation', 'Two passengers share one offer passenger', { field: 'supplierPassengerId' });
    const email = passengers.find((p) => p.email)?.email ?? null;
    const phone = passengers.find((p) => p.mobile)?.mobile ?? null;
    if (!email || !phone)
      throw new DuffelSupplierError('validation', 'Duffel needs an e-mail address and a phone number on every passenger', {
        field: email ? 'mobile' : 'email',
      });
    const body: CreateOrderPassenger[] = passengers.map((p, index) => {
      const passenger: CreateOrderPassenger = {
        id: ids[index]!,
        title: p.gender === 'F' ? 'ms' : 'mr',
        given_name: p.firstName,
        family_name: p.lastName,
        born_on: p.dateOfBirth,
        gender: p.gender === 'F' ? 'f' : 'm',
        email: p.email ?? email,
        phone_number: p.mobile ?? phone,
      };
      if (data.identityDocumentsRequired) {
        const missing = (['documentNumber', 'documentIssuanceCountry', 'documentExpiryDate'] as const).find((f) => !p[f]);
        if (missing)
          throw new DuffelSupplierError('validation', `The airline needs passport details for passenger ${p.id}`, {
            field: missing,
          });
        passenger.identity_documents = [
          {
            type: 'passport',
            unique_identifier: p.documentNumber!,
            issuing_country_code: p.documentIssuanceCountry!,
            expires_on: p.documentExpiryDate!,
          },
        ];
      }
      return passenger;
    });
    // Each infant sits on an adult's lap: Duffel links them through the adult's infant_passenger_id.
    const adults = body.filter((_, index) => passengers[index]!.passengerType === 'adult');
    const infants = body.filter((_, index) => passengers[index]!.passengerType === 'infant');
    if (infants.length > adults.length)
      throw new DuffelSupplierError('validation', 'Every infant needs an adult of their own', { field: 'passengerType' });
    infants.forEach((infant, index) => (adults[index]!.infant_passenger_id = infant.id));
    const passengerIds: PassengerIdMap = {};
    passengers.forEach((p, index) => (passengerIds[ids[index]!] = p.id));
    return { body, passengerIds };
  }

  /** Paid bags as Duffel services: an option's reference is its service ids, each bought in the same quantity. */
  function orderServices(requirements: PassengerRequirements[], passengers: SupplierPassenger[]) {
    const quantities = new Map<string, number>();
    passengers.forEach((passenger, index) => {
      const options = requirements[index]?.baggage ?? [];
      for (const [reference, quantity] of Object.entries(passenger.extraBaggage)) {
        if (!quantity) continue;
        const option = options.find((o) => o.reference === reference);
        if (!option || option.price === 0)
          throw new DuffelSupplierError('validation', `No extra bag ${reference} for passenger ${passenger.id}`, {
            field: 'extraBaggage',
          });
        if (quantity < 0 || quantity > option.limit)
          throw new DuffelSupplierError('validation', `At most ${option.limit} of bag ${reference}`, { field: 'extraBaggage' });
        for (const id of reference.split(SERVICE_SEPARATOR)) quantities.set(id, (quantities.get(id) ?? 0) + quantity);
      }
    });
    return [...quantities].map(([id, quantity]) => ({ id, quantity }));
  }

  /** Price of the extra bags chosen, in the offer's currency. */
  function extrasOf(requirements: PassengerRequirements[], passengers: SupplierPassenger[], currency: string): number {
    const scale = 10 ** currencyDigits(currency);
    let total = 0;
    passengers.forEach((passenger, index) => {
      for (const option of requirements[index]?.baggage ?? [])
        total += (passenger.extraBaggage[option.reference] ?? 0) * option.price;
    });
    return Math.round(total * scale) / scale;
  }

  /**
   * The e-tickets of a paid order, read a few times (airlines issue them within seconds of payment);
   * still missing, the order is paid and its tickets are pending: asking again reads them.
   */
  async function readTickets(orderId: string, ids: PassengerIdMap, first: DuffelOrder | null): Promise<TicketedOrder> {
    for (let attempt = 0; ; attempt++) {
      const current = attempt === 0 && first ? first : await fetchOrder(orderId);
      const tickets = current && isPaid(current) ? ticketsOf(current, ids) : null;
      if (tickets) return tickets;
      if (attempt + 1 >= polling.ticketReads) throw new DuffelTicketsPendingError(orderId);
      await sleep(polling.ticketReadIntervalMs);
    }
  }

  async function createCancellation(orderId: string): Promise<OrderCancellation> {
    // A pending cancellation changes nothing until confirmed: safe to ask again after a 429.
    return (await read('POST air/order_cancellations', () => duffel.orderCancellations.create({ order_id: orderId }))).data;
  }

  async function confirm(cancellationId: string): Promise<void> {
    try {
      await read(`POST air/order_cancellations/${cancellationId}/actions/confirm`, () =>
        duffel.orderCancellations.confirm(cancellationId),
      );
    } catch (error) {
      // Confirmed already (or the answer of a confirmation was lost): not an error.
      if (isKind(error, 'rate-limited', 'auth')) throw error;
      const current = await read(`GET air/order_cancellations/${cancellationId}`, () =>
        duffel.orderCancellations.get(cancellationId),
      ).catch(() => null);
      if (current?.data.confirmed_at) return;
      throw error;
    }
  }

  const supplier: DuffelSupplier = {
    name: 'duffel',

    async *streamOffers(
      searchInput: SupplierSearch,
      now: Date = clock(),
      { signal }: SearchOptions = {},
    ): AsyncIterable<StreamBatch> {
      if (searchInput.legs.length === 0) {
        yield { offers: [], remainingBatches: 0, totalBatches: 1 };
        return;
      }
      const key = searchKeyOf(searchInput);
      const hit = await cached(key, now);
      if (hit) {
        yield { offers: hit.offers, remainingBatches: 0, totalBatches: 1, ...(hit.timedOut ? { timedOut: true } : {}) };
        return;
      }
      yield* search(searchInput, key, now, signal);
    },

    async recentOffers(searchInput: SupplierSearch, now: Date = clock()): Promise<readonly SupplierOffer[] | null> {
      if (searchInput.legs.length === 0) return [];
      return (await cached(searchKeyOf(searchInput), now))?.offers ?? null;
    },

    async searchOffers(
      searchInput: SupplierSearch,
      now: Date = clock(),
      { signal, onTimedOut }: SearchOptions = {},
    ): Promise<readonly SupplierOffer[]> {
      if (searchInput.legs.length === 0) return [];
      const key = searchKeyOf(searchInput);
      const hit = await cached(key, now);
      if (hit) {
        if (hit.timedOut) onTimedOut?.();
        return hit.offers;
      }
      // Two requests for the same search at once (a page and its facets) share one Duffel search, timed by the first.
      let running = inFlight.get(key);
      if (!running) {
        running = (async () => {
          const offers: SupplierOffer[] = [];
          let timedOut = false;
          for await (const batch of search(searchInput, key, now, signal)) {
            offers.push(...batch.offers);
            timedOut ||= Boolean(batch.timedOut);
          }
          return { offers: memory.get(key)?.offers ?? offers, timedOut };
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      const { offers, timedOut } = await running;
      if (timedOut) onTimedOut?.();
      return offers;
    },

    async getOffer(reference: string, now: Date = clock()): Promise<GetOfferResult> {
      let raw;
      try {
        raw = await fetchOffer(reference, true);
      } catch (error) {
        if (isKind(error, 'expired')) return { status: 'expired' };
        if (!isUnknownOffer(error)) throw error;
        // Duffel answers an expired offer as no longer available: the expiry it was shown with tells them apart.
        const shown = await store.offerTotal(reference);
        return shown && shown.expiresAt.getTime() <= now.getTime() ? { status: 'expired' } : { status: 'unavailable' };
      }
      if (Date.parse(raw.expires_at) <= now.getTime()) return { status: 'expired' };
      const offer = toSupplierOffer(raw);
      const shown = await store.offerTotal(reference);
      await store.setOfferTotal(reference, offer.totalAmount, offer.totalCurrency, new Date(offer.expiresAt));
      if (shown && (shown.amount !== offer.totalAmount || shown.currency !== offer.totalCurrency))
        return { status: 'price-changed', offer, previousTotal: shown.amount };
      return { status: 'available', offer };
    },

    passengerRequirements: passengerRequirementsOf,

    async createOrder({ offerReference, passengers, clientReference }, now: Date = clock()): Promise<CreateOrderResult> {
      // Asked again with the same client reference: the order already made, never a second hold.
      const earlier = await store.holdByClientReference(clientReference);
      if (earlier?.orderId) {
        const order = await fetchOrder(earlier.orderId);
        return order ? heldResult(order) : { status: 'unavailable' };
      }
      if (earlier) {
        const found = await findByReference(clientReference, earlier.offerId);
        if (found) return adopt(clientReference, found);
        if (now.getTime() - earlier.requestedAt.getTime() < polling.holdInFlightMs)
          throw new DuffelOrderPendingError(clientReference, 'an earlier request may still be in progress');
      }

      const priced = await supplier.getOffer(offerReference, now);
      if (priced.status !== 'available') return priced;
      if (priced.offer.requiresInstantPayment) throw new DuffelInstantPaymentError(offerReference);
      const data = duffelDataOf(priced.offer);
      const requirements = passengerRequirementsOf(priced.offer);
      const { body: passengerBody, passengerIds } = orderPassengers(data, passengers);
      const services = orderServices(requirements, passengers);

      await store.recordHoldRequest({ clientReference, offerId: offerReference, passengerIds, now });
      const request = {
        selected_offers: [offerReference],
        passengers: passengerBody,
        ...(services.length ? { services } : {}),
        // The API's order types are "instant" and "hold"; the client's typing still says pay_later.
        type: 'hold' as unknown as CreateOrder['type'],
        metadata: { [CLIENT_REFERENCE_KEY]: clientReference },
      } satisfies CreateOrder;

      const placed = await placeOrder(request, clientReference, offerReference);
      if (placed.status === 'made') return adopt(clientReference, placed.order);
      if (placed.status !== 'price-changed') return placed;
      const again = await supplier.getOffer(offerReference, clock());
      if (again.status !== 'available') return again;
      return { status: 'price-changed', offer: again.offer, previousTotal: priced.offer.totalAmount };
    },

    async ticketOrder(orderId: string, passengers: SupplierPassenger[], offer: SupplierOffer): Promise<TicketedOrder> {
      const order = await fetchOrder(orderId);
      if (!order) throw new DuffelSupplierError('not-found', `Duffel has no order ${orderId}`, { status: 404 });
      if (order.cancelled_at || order.cancellation?.confirmed_at)
        throw new DuffelSupplierError('invalid-state', `Duffel order ${orderId} is cancelled`);
      const hold = await store.holdByOrderId(orderId);
      const ids: PassengerIdMap = { ...(hold?.passengerIds ?? {}) };
      let data: DuffelOfferData | null = null;
      try {
        data = duffelDataOf(offer);
      } catch {
        data = null;
      }
      passengers.forEach((p, index) => {
        const duffelId = p.supplierPassengerId ?? data?.passengers[index]?.id;
        if (duffelId) ids[duffelId] = p.id;
      });

      if (!isPaid(order)) {
        const guaranteeEnds = order.payment_status?.price_guarantee_expires_at;
        if (guaranteeEnds && Date.parse(guaranteeEnds) <= clock().getTime()) {
          const expected = hold?.heldTotal ?? expectedTotal(offer, passengers);
          const total = Number(order.total_amount);
          if (expected !== null && (total !== expected || order.total_currency !== hold?.heldCurrency))
            throw new DuffelPriceChangedError(orderId, expected, total, order.total_currency);
        }
        await pay(order);
        return readTickets(orderId, ids, null);
      }
      // Paid already (an earlier answer was lost): its tickets, never a second payment.
      return readTickets(orderId, ids, order);
    },

    async createInstantOrder({ offer, passengers, clientReference }): Promise<InstantOrderResult> {
      const now = clock();
      const instantResult = async (order: DuffelOrder | null, ids: PassengerIdMap): Promise<InstantOrderResult> => {
        if (!order || order.cancelled_at || order.cancellation?.confirmed_at) return { status: 'unavailable' };
        if (!isPaid(order)) throw new DuffelSupplierError('invalid-state', `Duffel order ${order.id} is not paid`);
        return { status: 'ticketed', orderId: order.id, ticketed: await readTickets(order.id, ids, order) };
      };
      const earlier = await store.holdByClientReference(clientReference);
      if (earlier?.orderId) return instantResult(await fetchOrder(earlier.orderId), earlier.passengerIds);
      if (earlier) {
        const found = await findByReference(clientReference, earlier.offerId);
        if (found) {
          await adopt(clientReference, found);
          return instantResult(found, earlier.passengerIds);
        }
        if (now.getTime() - earlier.requestedAt.getTime() < polling.holdInFlightMs)
          throw new DuffelOrderPendingError(clientReference, 'an earlier request may still be in progress');
      }

      let fresh: SupplierOffer;
      try {
        fresh = toSupplierOffer(await fetchOffer(offer.reference, true), offer.tripType);
      } catch (error) {
        if (isUnknownOffer(error)) return { status: 'unavailable' };
        if (isKind(error, 'expired')) return { status: 'expired' };
        throw error;
      }
      if (Date.parse(fresh.expiresAt) <= now.getTime()) return { status: 'expired' };
      const currency = fresh.totalCurrency;
      const requirements = passengerRequirementsOf(fresh);
      const services = orderServices(requirements, passengers);
      const extras = extrasOf(requirements, passengers, currency);
      const bookedExtras = extrasOf(passengerRequirementsOf(offer), passengers, offer.totalCurrency);
      await store.setOfferTotal(offer.reference, fresh.totalAmount, currency, new Date(fresh.expiresAt));
      // Never more than booked: Kwenda has taken the traveller's money for that price.
      if (currency !== offer.totalCurrency || fresh.totalAmount > offer.totalAmount || extras > bookedExtras)
        return { status: 'price-changed', newTotal: fresh.totalAmount + extras };

      const { body: passengerBody, passengerIds } = orderPassengers(duffelDataOf(fresh), passengers);
      await store.recordHoldRequest({ clientReference, offerId: offer.reference, passengerIds, now });
      const amount = (fresh.totalAmount + extras).toFixed(currencyDigits(currency));
      const request = {
        selected_offers: [offer.reference],
        passengers: passengerBody,
        ...(services.length ? { services } : {}),
        type: 'instant' as const,
        payments: [{ type: 'balance' as const, amount, currency }],
        metadata: { [CLIENT_REFERENCE_KEY]: clientReference },
      } satisfies CreateOrder;

      const placed = await placeOrder(request, clientReference, offer.reference);
      if (placed.status === 'made') {
        await adopt(clientReference, placed.order);
        return instantResult(placed.order, passengerIds);
      }
      if (placed.status !== 'price-changed') return placed;
      const again = await fetchOffer(offer.reference, false).catch(() => null);
      return { status: 'price-changed', newTotal: again ? Number(again.total_amount) + extras : fresh.totalAmount + extras };
    },

    async cancelOrder(orderId: string): Promise<void> {
      const order = await fetchOrder(orderId);
      if (!order || order.cancelled_at || order.cancellation?.confirmed_at) return;
      if (isPaid(order)) {
        // Releasing a hold never cancels tickets already paid for: that is quoteCancellation's.
        logger.warn({ duffel: { orderId } }, 'duffel order is paid: not released');
        return;
      }
      // Past its payment deadline the airline has released the seats already: nothing left to release.
      const deadline = order.payment_status?.payment_required_by;
      if (deadline && Date.parse(deadline) <= clock().getTime()) return;
      let cancellation: OrderCancellation;
      try {
        cancellation = await createCancellation(orderId);
      } catch (error) {
        if (isKind(error, 'not-found')) return;
        if (isKind(error, 'invalid-state', 'validation')) {
          const current = await fetchOrder(orderId);
          if (!current || current.cancelled_at || current.cancellation?.confirmed_at) return;
        }
        throw error;
      }
      await confirm(cancellation.id);
    },

    async getOrder(orderId: string): Promise<SupplierOrder | null> {
      const order = await fetchOrder(orderId);
      return order ? toSupplierOrder(order, await passengerIdsOf(orderId)) : null;
    },

    async findOrder(clientReference: string): Promise<SupplierOrder | null> {
      const hold = await store.holdByClientReference(clientReference);
      // Nothing written down: this adapter never asked Duffel to hold with this reference.
      if (!hold) return null;
      if (hold.orderId) return supplier.getOrder(hold.orderId);
      const found = await findByReference(clientReference, hold.offerId);
      if (!found) return null;
      await adopt(clientReference, found);
      return toSupplierOrder(found, hold.passengerIds);
    },

    async quoteCancellation(orderId: string): Promise<CancellationQuote> {
      const cancellation = await createCancellation(orderId);
      let currency = cancellation.refund_currency;
      if (!currency) currency = (await fetchOrder(orderId))?.total_currency ?? 'USD';
      if (cancellation.refund_amount === null)
        logger.warn({ duffel: { orderId, cancellationId: cancellation.id } }, 'duffel cancellation without a refund quote');
      return toCancellationQuote(cancellation, currency);
    },

    confirmCancellation: confirm,

    async airlineChanges(orderId: string): Promise<AirlineChange[]> {
      let answer;
      try {
        answer = await read(`GET air/airline_initiated_changes?order_id=${orderId}`, () =>
          duffel.airlineInitiatedChanges.list(orderId),
        );
      } catch (error) {
        if (isKind(error, 'not-found')) return [];
        throw error;
      }
      return answer.data.map(toAirlineChange).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },

    async acceptAirlineChange(changeId: string): Promise<AirlineChange> {
      const answer = await read(`POST air/airline_initiated_changes/${changeId}/actions/accept`, () =>
        duffel.airlineInitiatedChanges.accept(changeId),
      );
      return toAirlineChange(answer.data);
    },

    async getSeatMap(reference: string, sliceIndex: number): Promise<SeatMap | null> {
      try {
        const [offer, maps] = await Promise.all([
          fetchOffer(reference, false),
          read(`GET air/seat_maps?offer_id=${reference}`, () => duffel.seatMaps.get({ offer_id: reference })),
        ]);
        const slice = offer.slices[sliceIndex];
        const segment = slice?.segments[0];
        if (!slice || !segment) return null;
        const map = maps.data.find((m) => m.segment_id === segment.id);
        if (!map) return null;
        const cabin = cabinFor(map, segment.passengers[0]?.cabin_class ?? null);
        return cabin ? toSeatMap(cabin, offer.total_currency) : null;
      } catch (error) {
        if (isUnknownOffer(error) || isKind(error, 'expired')) return null;
        throw error;
      }
    },
  };

  /** The offer's total and the extra bags chosen, when the hold left no record of what Duffel held it at. */
  function expectedTotal(offer: SupplierOffer, passengers: SupplierPassenger[]): number | null {
    try {
      const scale = 10 ** currencyDigits(offer.totalCurrency);
      const extras = extrasOf(passengerRequirementsOf(offer), passengers, offer.totalCurrency);
      return Math.round((offer.totalAmount + extras) * scale) / scale;
    } catch {
      return null;
    }
  }

  /**
   * Pays a held order from the Duffel balance, its total as Duffel states it now. A payment is never
   * asked twice blindly: after a 429 or a lost answer the order is read again and paid only if it
   * still awaits payment.
   */
  async function pay(order: DuffelOrder): Promise<void> {
    const payment = { type: 'balance' as const, amount: order.total_amount, currency: order.total_currency };
    for (let attempt = 0; ; attempt++) {
      try {
        await change('POST air/payments', () => duffel.payments.create({ order_id: order.id, payment }));
        return;
      } catch (error) {
        if (!(error instanceof DuffelSupplierError) || error.kind === 'auth') throw error;
        if (error.kind === 'rate-limited' && attempt < 2)
          await sleep(Math.min(Math.max(error.retryAfterMs ?? 1000, 100), 15_000));
        const current = await fetchOrder(order.id).catch(() => null);
        if (current && isPaid(current)) return;
        if (error.kind !== 'rate-limited' || attempt >= 2 || !current) throw error;
        if (current.total_amount !== order.total_amount || current.total_currency !== order.total_currency)
          throw new DuffelPriceChangedError(
            order.id,
            Number(order.total_amount),
            Number(current.total_amount),
            current.total_currency,
          );
      }
    }
  }

  return supplier;
}
