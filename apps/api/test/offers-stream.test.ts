import { offerStreamEventSchema, todayIn, type OfferSearchResult, type OfferStreamEvent } from '@kwenda/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import type { OfferBatch, Supplier, SupplierOffer, SupplierSearch } from '../src/suppliers/supplier.js';
import { offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const BATCH_DELAY_MS = 400;

type Mode = 'slow' | 'timeout' | 'fail';

/**
 * The sandbox as a slow airline: its offers in three batches, BATCH_DELAY_MS apart ('timeout': the
 * third never comes; 'fail': the second is an error). Like a real adapter, a search that ended is what
 * searchOffers answers next, and a stream left early stops (`stoppedEarly`).
 */
function slowSupplier(sandbox: Supplier) {
  const recent = new Map<string, readonly SupplierOffer[]>();
  const state = { mode: 'slow' as Mode, batchesYielded: 0, stoppedEarly: false, streams: 0 };
  const supplier: Supplier = {
    ...sandbox,
    async searchOffers(search: SupplierSearch, now?: Date) {
      return recent.get(JSON.stringify(search)) ?? sandbox.searchOffers(search, now);
    },
    async *streamOffers(search: SupplierSearch, now?: Date): AsyncGenerator<OfferBatch & { timedOut?: boolean }> {
      state.streams += 1;
      const all = await sandbox.searchOffers(search, now);
      const third = Math.ceil(all.length / 3);
      const batches = [all.slice(0, third), all.slice(third, 2 * third), all.slice(2 * third)];
      const delivered: SupplierOffer[] = [];
      let ended = false;
      try {
        for (const [i, offers] of batches.entries()) {
          if (i > 0) await sleep(BATCH_DELAY_MS);
          if (state.mode === 'fail' && i === 1) throw new Error('connection reset by the airline');
          if (state.mode === 'timeout' && i === 2) {
            ended = true;
            recent.set(JSON.stringify(search), delivered);
            yield { offers: [], remainingBatches: 1, totalBatches: 3, timedOut: true };
            return;
          }
          delivered.push(...offers);
          state.batchesYielded += 1;
          if (i === 2) {
            ended = true;
            recent.set(JSON.stringify(search), delivered);
          }
          yield { offers, remainingBatches: 2 - i, totalBatches: 3 };
        }
      } finally {
        if (!ended) state.stoppedEarly = true;
      }
    },
  };
  return { supplier, state, forget: () => recent.clear() };
}

describe.each(backends)('POST /offers/stream on %s', (backend) => {
  let ctx: TestContext;
  let origin: string;
  let fake: ReturnType<typeof slowSupplier>;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => (fake = slowSupplier(createSandboxSupplier({ database }))).supplier,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    fake.state.mode = 'slow';
    fake.state.batchesYielded = 0;
    fake.state.stoppedEarly = false;
    fake.state.streams = 0;
    fake.forget();
  });

  const post = (path: string, body: unknown, init: RequestInit = {}) =>
    fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify(body),
      ...init,
    });

  /** Reads the NDJSON answer line by line, noting when each event arrived. */
  async function readEvents(response: Response, until?: (event: OfferStreamEvent) => boolean) {
    const events: { event: OfferStreamEvent; at: number }[] = [];
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const event = offerStreamEventSchema.parse(JSON.parse(buffered.slice(0, newline)));
        buffered = buffered.slice(newline + 1);
        events.push({ event, at: performance.now() });
        if (until?.(event)) {
          await reader.cancel();
          return events;
        }
      }
    }
    expect(buffered).toBe('');
    return events;
  }

  const pageOne = async (body: unknown) => (await (await post('/offers/request', body)).json()) as OfferSearchResult;

  it('sends each batch as it arrives, uncompressed and unbuffered, and ends with /offers/request page 1', async () => {
    const body = offerRequest();
    const started = performance.now();
    const response = await post('/offers/stream', body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    const events = await readEvents(response);
    const types = events.map((e) => e.event.type);
    expect(types).toEqual(['progress', 'offers', 'progress', 'offers', 'progress', 'complete']);

    const progress = events.flatMap((e) => (e.event.type === 'progress' ? [e.event] : []));
    expect(progress.map((p) => [p.remainingBatches, p.totalBatches])).toEqual([
      [2, 3],
      [1, 3],
      [0, 3],
    ]);
    expect(progress[0]!.receivedOffers).toBeGreaterThan(0);
    expect(progress[0]!.receivedOffers).toBeLessThan(progress[2]!.receivedOffers);

    // The first offers reach the client well before the search ends (two batch delays later).
    const firstOffers = events.find((e) => e.event.type === 'offers')!;
    const complete = events.at(-1)!;
    expect(firstOffers.at - started).toBeLessThan(complete.at - started - BATCH_DELAY_MS * 1.5);

    // Every page so far is page 1 of what arrived: priced, sorted, no suggestions before the end.
    for (const { event } of events) {
      if (event.type !== 'offers') continue;
      expect(event.result.page).toBe(1);
      expect(event.result.suggestions).toEqual([]);
      expect(event.result.facets.unfiltered).toBeLessThan(progress[2]!.receivedOffers);
      const prices = event.result.offers.map((o) => o.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    if (complete.event.type !== 'complete') throw new Error('no complete event');
    expect(complete.event.timedOut).toBe(false);
    expect(complete.event.result.facets.unfiltered).toBe(progress[2]!.receivedOffers);
    // Paging and filter changes continue from the supplier's recent results, not a new search.
    expect(await pageOne(body)).toEqual(complete.event.result);
    expect(fake.state.streams).toBe(1);
  });

  it('prices, sorts and filters the streamed pages as /offers/request does', async () => {
    const body = offerRequest({ currency: 'USD' }, { order: 'fastest', offerFilters: { stops: ['direct'] } });
    const events = await readEvents(await post('/offers/stream', body));
    const complete = events.at(-1)!.event;
    if (complete.type !== 'complete') throw new Error(`ended with ${complete.type}`);
    expect(complete.result.offers.length).toBeGreaterThan(0);
    for (const offer of complete.result.offers) {
      expect(offer.currency).toBe('USD');
      expect(offer.slices[0]!.segments).toHaveLength(1);
    }
    expect(await pageOne(body)).toEqual(complete.result);
  });

  it('says the search timed out and keeps what arrived, which is what paging answers next', async () => {
    fake.state.mode = 'timeout';
    const body = offerRequest();
    const events = await readEvents(await post('/offers/stream', body));
    expect(events.map((e) => e.event.type)).toEqual(['progress', 'offers', 'progress', 'offers', 'progress', 'complete']);
    const complete = events.at(-1)!.event;
    if (complete.type !== 'complete') throw new Error('no complete event');
    expect(complete.timedOut).toBe(true);
    const lastProgress = events.at(-2)!.event;
    if (lastProgress.type !== 'progress') throw new Error('no progress before complete');
    expect(lastProgress.remainingBatches).toBe(1);
    expect(complete.result.facets.unfiltered).toBe(lastProgress.receivedOffers);
    expect(await pageOne(body)).toEqual(complete.result);
  });

  it('keeps what arrived, and says the search is incomplete, when a supplier fails mid-search', async () => {
    fake.state.mode = 'fail';
    const events = await readEvents(await post('/offers/stream', offerRequest()));
    // The agency's seats still answered: one supplier failing never empties the list.
    expect(events.map((e) => e.event.type)).toEqual(['progress', 'offers', 'progress', 'complete']);
    const [first, , , last] = events.map((e) => e.event);
    if (first?.type !== 'progress' || last?.type !== 'complete') throw new Error('no progress or complete event');
    expect(last.timedOut).toBe(true);
    expect(last.result.facets.unfiltered).toBe(first.receivedOffers);
    expect(first.receivedOffers).toBeGreaterThan(0);
  });

  it('stops the supplier search when the client goes away', async () => {
    const stop = new AbortController();
    const response = await post('/offers/stream', offerRequest(), { signal: stop.signal });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"progress"');
    stop.abort();
    await vi.waitFor(() => expect(fake.state.stoppedEarly).toBe(true), { timeout: BATCH_DELAY_MS * 3 });
    // The third batch was never asked for.
    await sleep(BATCH_DELAY_MS * 2);
    expect(fake.state.batchesYielded).toBeLessThan(3);
  });

  it('refuses bad input with the usual 400 JSON before any search', async () => {
    const unknownAirport = await post('/offers/stream', offerRequest({ destinationStation: 'ZZZ' }));
    expect(unknownAirport.status).toBe(400);
    expect(unknownAirport.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await unknownAirport.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'filters.destinationStation', code: 'unknown_airport' }],
    });
    const malformed = await post('/offers/stream', { filters: { tripType: 'one-way' } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    expect(fake.state.streams).toBe(0);
  });

  it('counts a streamed search once on the dashboard', async () => {
    await ctx.database.sql.exec('TRUNCATE route_searches');
    await readEvents(await post('/offers/stream', offerRequest()));
    await vi.waitFor(
      async () =>
        expect(
          await ctx.database.sql.query(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day, origin, destination, searches FROM route_searches`,
          ),
        ).toEqual([{ day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 1 }]),
      { timeout: 5000 },
    );
  });

  it('is documented in OpenAPI as an NDJSON answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    const ok = doc.paths['/api/v1/offers/stream']!.post.responses['200']!;
    expect(Object.keys(ok.content)).toEqual(['application/x-ndjson']);
    expect(JSON.stringify(ok.content['application/x-ndjson']!.schema)).toContain('timedOut');
  });
});
