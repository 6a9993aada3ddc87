import type { OfferBatch, SearchOptions, Supplier, SupplierOffer, SupplierSearch } from '../supplier.js';
import { abortableWait } from './duffel-calls.js';
import { isKind, type DuffelContext } from './duffel-context.js';
import { searchKeyOf } from './duffel-store.js';
import { offerRequestBody, toSupplierOffer } from './mapping.js';

/** Time Duffel gets, within SUPPLIER_TIMEOUT_SECONDS, to gather and send what the airlines answered. */
export const SEARCH_MARGIN_MS = 2000;
/** The cache stops answering a search this long before its first offer expires. */
const EXPIRY_MARGIN_MS = 2 * 60_000;
/** Searches kept in each process's memory on top of the shared table (paging reads them often). */
const MEMORY_SEARCHES = 50;
/** Pause between two reads of a batch search that brought nothing new. */
const BATCH_IDLE_MS = 250;

type StreamBatch = OfferBatch & { timedOut?: boolean };

interface CachedOffers {
  offers: readonly SupplierOffer[];
  timedOut: boolean;
  validUntil: number;
}

/**
 * Duffel's searches: batch offer requests, each kept in duffel_searches (and the latest in memory)
 * for paging and for the same search asked again while its offers are fresh.
 */
export function createDuffelSearch(
  { duffel, store, logger, clock, sleep, callTimeoutMs, read }: DuffelContext,
  { searchTimeoutSeconds, offerTtlMinutes }: { searchTimeoutSeconds: number; offerTtlMinutes?: number },
): Pick<Supplier, 'streamOffers' | 'recentOffers' | 'searchOffers'> {
  const searchTimeoutMs = searchTimeoutSeconds * 1000;
  const cacheMs = (offerTtlMinutes ?? 20) * 60_000;

  const memory = new Map<string, CachedOffers>();
  const remember = (key: string, entry: CachedOffers) => {
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

  const inFlight = new Map<string, Promise<{ offers: readonly SupplierOffer[]; timedOut: boolean }>>();

  return {
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
  };
}
