import { todayIn, type OfferRequest } from '@kwenda/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createSearchCounter, narrowsOffers } from '../src/modules/analytics/search-counter.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/** A first-page search, as the offers routes hand it to the counter. */
const request = (overrides: Partial<OfferRequest> = {}): OfferRequest =>
  ({
    filters: {
      tripType: 'one-way',
      departureStation: 'PZU',
      destinationStation: 'CAI',
      departureDate: '2030-01-10',
      passengers: { adults: 1, children: 0, infants: 0 },
      baggage: { hold: 0, carryOn: 0 },
      currency: 'SDG',
    },
    page: 1,
    order: 'lowest',
    ...overrides,
  }) as OfferRequest;

describe.each(backends)('searches counted per route and day on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.database.sql.exec('TRUNCATE route_searches');
  });

  const search = async (payload: object) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/offers/request', payload });
    return response.statusCode;
  };
  const counts = () =>
    ctx.database.sql.query<{ day: string; origin: string; destination: string; searches: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, origin, destination, searches FROM route_searches ORDER BY origin, destination`,
    );
  /** The writes are not awaited by the search: wait until the table shows what is expected. */
  const eventually = (expected: unknown) => vi.waitFor(async () => expect(await counts()).toEqual(expected), { timeout: 5000 });

  it('counts a real search once per route and Khartoum day, with nothing else stored', async () => {
    expect(await search(offerRequest())).toBe(200);
    await eventually([{ day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 1 }]);
    expect(await search(offerRequest())).toBe(200);
    await eventually([{ day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 2 }]);
    const [row] = await ctx.database.sql.query<Record<string, unknown>>('SELECT * FROM route_searches');
    expect(Object.keys(row!).sort()).toEqual(['day', 'destination', 'origin', 'searches']);
  });

  it('counts the first page only, unfiltered: paging and the filters of the same page render do not count', async () => {
    expect(await search(offerRequest())).toBe(200);
    await eventually([{ day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 1 }]);
    expect(await search(offerRequest({}, { page: 2 }))).toBe(200);
    expect(await search(offerRequest({}, { offerFilters: { stops: ['direct'] } }))).toBe(200);
    expect(await search(offerRequest({}, { offerFilters: { bagsIncluded: true } }))).toBe(200);
    // A refused search is no search.
    expect(await search(offerRequest({ destinationStation: 'ZZZ' }))).toBe(400);
    expect(await search({ filters: { tripType: 'one-way' } })).toBe(400);
    // A round trip counts its outbound; the counted search after them proves the others were not late.
    expect(
      await search(
        offerRequest({ tripType: 'round-trip', departureStation: 'KRT', destinationStation: 'JED', returnDate: daysAhead(28) }),
      ),
    ).toBe(200);
    await eventually([
      { day: todayIn(), origin: 'KRT', destination: 'JED', searches: 1 },
      { day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 1 },
    ]);
  });

  it('adds a second of searches up in one write, and counters in several processes add to the same rows', async () => {
    const writes = vi.spyOn(ctx.database.db, 'insert');
    const logger = { error: vi.fn() };
    // Two processes' counters over one database, neither flushing by itself during the test.
    const first = createSearchCounter({ database: ctx.database, logger, flushMs: 60_000 });
    const second = createSearchCounter({ database: ctx.database, logger, flushMs: 60_000 });
    const jed = { ...request().filters, destinationStation: 'JED' };
    for (let i = 0; i < 30; i++) first.countSearch(request());
    for (let i = 0; i < 5; i++) first.countSearch(request({ filters: jed }));
    for (let i = 0; i < 7; i++) second.countSearch(request());
    expect(writes).not.toHaveBeenCalled();
    await Promise.all([first.settled(), second.settled()]);
    expect(writes).toHaveBeenCalledTimes(2);
    await first.settled();
    expect(writes).toHaveBeenCalledTimes(2);
    writes.mockRestore();
    expect(logger.error).not.toHaveBeenCalled();
    expect(await counts()).toEqual([
      { day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 37 },
      { day: todayIn(), origin: 'PZU', destination: 'JED', searches: 5 },
    ]);
  });

  it('writes by itself once the second is over', async () => {
    const counter = createSearchCounter({ database: ctx.database, logger: { error: vi.fn() }, flushMs: 50 });
    counter.countSearch(request());
    counter.countSearch(request());
    await eventually([{ day: todayIn(), origin: 'PZU', destination: 'CAI', searches: 2 }]);
  });
});

describe('the search counter', () => {
  it('never fails the search when the count cannot be written: it logs the error', async () => {
    const failing = {
      db: {
        insert: () => {
          throw new Error('database down');
        },
      },
    } as unknown as Database;
    const logger = { error: vi.fn() };
    const counter = createSearchCounter({ database: failing, logger });
    expect(() => counter.countSearch(request())).not.toThrow();
    await counter.settled();
    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.error.mock.calls[0]![1]).toBe('offers searches were not counted');
  });

  it('tells a narrowing filter from empty ones', () => {
    expect(narrowsOffers(undefined)).toBe(false);
    expect(narrowsOffers({})).toBe(false);
    expect(narrowsOffers({ stops: [], airlines: [], slices: [{ departure: [], arrival: [] }], bagsIncluded: false })).toBe(false);
    expect(narrowsOffers({ stops: ['direct'] })).toBe(true);
    expect(narrowsOffers({ slices: [{ departure: [], arrival: ['evening'] }] })).toBe(true);
    expect(narrowsOffers({ maxPrice: 0 })).toBe(true);
    expect(narrowsOffers({ bagsIncluded: true })).toBe(true);
  });
});
