import { Duffel } from '@duffel/api';
import type { Order as DuffelOrder } from '@duffel/api/types';
import type { Database } from '../../db/client.js';
import { createCaller, sleep as realSleep, type DuffelAnswer, type DuffelLogger, type Sleep } from './duffel-calls.js';
import { createDuffelStore, type DuffelStore } from './duffel-store.js';
import { DuffelSupplierError } from './errors.js';

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

export interface PollingOptions {
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

export const isKind = (error: unknown, ...kinds: DuffelSupplierError['kind'][]) =>
  error instanceof DuffelSupplierError && kinds.includes(error.kind);

/** Duffel does not know this offer (gone, never made, or an id it refuses): not a failure of the call. */
export const isUnknownOffer = (error: unknown) =>
  isKind(error, 'unavailable', 'not-found') || (isKind(error, 'validation') && (error as DuffelSupplierError).status === 422);

/** Duffel's cancelled order, or one whose cancellation is confirmed. */
export const isCancelled = (order: DuffelOrder) => Boolean(order.cancelled_at || order.cancellation?.confirmed_at);

/** How long to wait after a 429 before making sure and asking again: Duffel's retry-after, kept between 0.1 and 15 s. */
export const rateLimitWaitMs = (error: DuffelSupplierError) => Math.min(Math.max(error.retryAfterMs ?? 1000, 100), 15_000);

/**
 * What every part of the Duffel adapter shares: the official client, the calls' time limits and
 * retries, the adapter's own tables (duffel_searches, duffel_orders), the clock and the polls.
 */
export function createDuffelContext(options: DuffelSupplierOptions) {
  const callTimeoutMs = (options.callTimeoutSeconds ?? 30) * 1000;
  const sleep = options.sleep ?? realSleep;
  const { logger } = options;
  const duffel = new Duffel({ token: options.accessToken, basePath: options.apiUrl });
  const call = createCaller({ logger, sleep });

  /** A read: asked again after a 429. */
  const read = <T>(operation: string, run: () => Promise<DuffelAnswer<T>>, timeoutMs = callTimeoutMs, signal?: AbortSignal) =>
    call({ operation, timeoutMs, retryRateLimited: true, signal }, run);
  /** A change: asked once; what happened is read back by the caller when the answer is lost. */
  const change = <T>(operation: string, run: () => Promise<DuffelAnswer<T>>) =>
    call({ operation, timeoutMs: callTimeoutMs, retryRateLimited: false }, run);

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

  const store: DuffelStore = createDuffelStore(options.database.db);
  const polling: PollingOptions = { ...DEFAULT_POLLING, ...options.polling };
  return {
    duffel,
    store,
    logger,
    clock: options.clock ?? (() => new Date()),
    sleep,
    polling,
    callTimeoutMs,
    read,
    change,
    fetchOffer,
    fetchOrder,
  };
}

export type DuffelContext = ReturnType<typeof createDuffelContext>;
