import { todayIn, type OfferRequest } from '@kwenda/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createSearchCounter, narrowsOffers } from '../src/modules/analytics/search-counter.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

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
});

describe('the search counter', () => {
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
    expect(logger.error.mock.calls[0]![1]).toBe('an offers search was not counted');
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
