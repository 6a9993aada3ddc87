import type { CabinClass, OfferRequestPassenger, PassengerType } from '@duffel/api/types';
import { airportFor } from '../airports.js';
import { buildOffers, type ListedOffer, type SearchInput, type SearchPassenger } from '../inventory.js';
import { isValidDate } from '../order-validation.js';
import { duffelErrors, requiredField, validationError, validationItem, type DuffelErrorItem } from '../payloads.js';
import {
  dataOf,
  isObject,
  type Json,
  type LocalDuffelState,
  type Reply,
  type RequestContext,
  type Route,
  type SearchState,
} from './state.js';

const DEFAULT_SUPPLIER_TIMEOUT_MS = 20_000;
const MAX_LONG_POLL_MS = 30_000;
const MAX_SEARCHES_KEPT = 1000;
const MAX_FORGOTTEN_OFFERS = 200_000;
const CABINS: CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];

export function batchArrived(state: SearchState, batch: number, at: number): boolean {
  const readyAt = state.batchReadyAt[batch] ?? Number.POSITIVE_INFINITY;
  return readyAt <= at && (state.cutoffAt === null || readyAt <= state.cutoffAt);
}

export function arrivedOffers(state: SearchState, at = Date.now()): ListedOffer[] {
  return state.records.filter((r) => batchArrived(state, r.batchIndex, at)).map((r) => r.offer);
}

/** Searches: offer requests (answered when the search ends) and batch offer requests (long-polled batch by batch). */
export function offerRequestRoutes(s: LocalDuffelState): Route[] {
  function parseSearch(data: Json): SearchInput {
    const errors: DuffelErrorItem[] = [];
    const slices = Array.isArray(data.slices) ? data.slices : null;
    if (!slices || slices.length === 0) {
      errors.push(requiredField('slices'));
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
      errors.push(requiredField('passengers'));
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
      return { id: s.ids.next('pas'), type, age };
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
  function supplierTimeout(query: URLSearchParams): number {
    const value = Number(query.get('supplier_timeout'));
    return Number.isFinite(value) && value >= 2_000 && value <= 60_000 ? value : DEFAULT_SUPPLIER_TIMEOUT_MS;
  }

  function startSearch(kind: SearchState['kind'], data: Json, query: URLSearchParams): { state: SearchState; timedOut: boolean } {
    const search = parseSearch(data);
    const id = s.ids.next('orq');
    const startedAt = Date.now();
    const records = buildOffers(search, { ids: s.ids, now: s.nowMs(), offerRequestId: id, batches: s.batchCount });
    const timedOut = Boolean(s.takeScript('search_timeout'));
    const totalBatches = s.batchCount;
    const batchReadyAt = Array.from({ length: totalBatches }, (_, b) =>
      timedOut ? Number.POSITIVE_INFINITY : startedAt + Math.round((s.searchDelayMs * (b + 1)) / totalBatches),
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
        created_at: s.nowIso(),
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
      cutoffAt: startedAt + supplierTimeout(query),
      delivered: new Set(),
    };
    s.searches.set(id, state);
    for (const record of records) s.offers.set(record.offer.id, record);
    forgetOldSearches();
    return { state, timedOut };
  }

  /**
   * Keeps memory flat under load (the bench searches thousands of times): only the latest searches are kept;
   * the offers of older ones are remembered as gone, so reading them answers offer_no_longer_available.
   */
  function forgetOldSearches(): void {
    while (s.searches.size > MAX_SEARCHES_KEPT) {
      const oldest = s.searches.keys().next().value;
      if (oldest === undefined) break;
      const state = s.searches.get(oldest)!;
      s.searches.delete(oldest);
      for (const record of state.records) {
        s.offers.delete(record.offer.id);
        s.forgottenOffers.add(record.offer.id);
      }
    }
    while (s.forgottenOffers.size > MAX_FORGOTTEN_OFFERS) {
      const first = s.forgottenOffers.values().next().value;
      if (first === undefined) break;
      s.forgottenOffers.delete(first);
    }
  }

  async function createOfferRequest(ctx: RequestContext): Promise<Reply> {
    const { state, timedOut } = startSearch('offer_request', dataOf(ctx.body), ctx.query);
    const deadline = Math.min(state.startedAt + s.searchDelayMs, state.cutoffAt ?? Number.POSITIVE_INFINITY);
    if (timedOut) {
      await s.sleep((state.cutoffAt ?? Date.now()) - Date.now());
      throw duffelErrors.gatewayTimeout();
    }
    await s.sleep(deadline - Date.now());
    const offers = ctx.query.get('return_offers') === 'false' ? [] : arrivedOffers(state, deadline);
    return { status: 201, body: { data: { ...state.request, offers } } };
  }

  function getOfferRequest(ctx: RequestContext): Reply {
    const state = s.searches.get(ctx.params[0]!);
    if (!state) throw duffelErrors.notFound();
    return { status: 200, body: { data: { ...state.request, offers: arrivedOffers(state) } } };
  }

  function createBatchOfferRequest(ctx: RequestContext): Reply {
    const { state } = startSearch('batch', dataOf(ctx.body), ctx.query);
    const { id, live_mode, created_at, client_key } = state.request;
    return {
      status: 201,
      body: {
        data: { id, live_mode, created_at, client_key, total_batches: state.totalBatches, remaining_batches: state.totalBatches },
      },
    };
  }

  /** Long-polls: answers as soon as at least one batch is new, or when nothing more can come. */
  async function getBatchOfferRequest(ctx: RequestContext): Promise<Reply> {
    const state = s.searches.get(ctx.params[0]!);
    if (!state || state.kind !== 'batch') throw duffelErrors.notFound();
    const pollEnds = Date.now() + MAX_LONG_POLL_MS;
    for (;;) {
      const now = Date.now();
      const fresh: number[] = [];
      let dropped = 0;
      for (let b = 0; b < state.totalBatches; b += 1) {
        if (state.delivered.has(b)) continue;
        if (batchArrived(state, b, now)) fresh.push(b);
        else if (state.cutoffAt !== null && now >= state.cutoffAt) {
          state.delivered.add(b);
          dropped += 1;
        }
      }
      const remaining = state.totalBatches - state.delivered.size - fresh.length;
      if (fresh.length > 0 || dropped > 0 || remaining === 0 || now >= pollEnds || s.closed) {
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
      await s.sleep(Math.max(1, nextReady - now));
    }
  }

  return [
    ['POST', /^\/air\/offer_requests$/, createOfferRequest],
    ['GET', /^\/air\/offer_requests\/([^/]+)$/, getOfferRequest],
    ['POST', /^\/air\/batch_offer_requests$/, createBatchOfferRequest],
    ['GET', /^\/air\/batch_offer_requests\/([^/]+)$/, getBatchOfferRequest],
  ];
}
