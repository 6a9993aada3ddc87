import { fareCalendarResultSchema } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDuffel, type LocalDuffel } from './duffel/local-duffel-server.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';

/**
 * The fare calendar on a metered supplier: a Duffel search takes seconds and counts against the
 * agency's search-to-book ratio, so the strip around a search prices only the asked day and the days
 * someone searched recently, and says "not searched" for the others instead of six more airline
 * searches per page view. The sandbox (searches are free) still prices every day (offers-calendar.test.ts).
 */
describe('fare calendar on Duffel', () => {
  let duffel: LocalDuffel;
  let ctx: TestContext;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const filters = (departureDate: string) => ({
    tripType: 'one-way' as const,
    departureStation: 'PZU',
    destinationStation: 'CAI',
    departureDate,
    passengers: { adults: 1, children: 0, infants: 0 },
    baggage: { hold: 0, carryOn: 0 },
    currency: 'USD' as const,
  });
  const offerRequests = () =>
    duffel.control.requests.filter((r) => r.method === 'POST' && r.pathname.startsWith('/air/batch_offer_requests')).length +
    duffel.control.requests.filter((r) => r.method === 'POST' && r.pathname.startsWith('/air/offer_requests')).length;

  beforeAll(async () => {
    duffel = await startLocalDuffel({ searchDelayMs: 60, batches: 2 });
    ctx = await createTestApp('pglite', {
      env: { SUPPLIER: 'duffel', DUFFEL_ACCESS_TOKEN: 'duffel_test_local', DUFFEL_API_URL: duffel.url },
    });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await duffel?.close();
  });

  it('prices the asked day and days already searched, and searches no other day', async () => {
    const asked = day(40);
    // Someone searched two days later a moment ago.
    const earlier = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: { filters: filters(day(42)), page: 1, order: 'lowest' },
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    const before = offerRequests();

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/calendar',
      payload: { filters: filters(asked) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { days } = fareCalendarResultSchema.parse(response.json());
    expect(days).toHaveLength(7);
    const byDate = new Map(days.map((d) => [d.departureDate, d]));
    expect(byDate.get(asked)).toMatchObject({ status: 'priced', lowestPrice: expect.any(Number) });
    expect(byDate.get(day(42))).toMatchObject({ status: 'priced', lowestPrice: expect.any(Number) });
    for (const other of [37, 38, 39, 41, 43].map(day))
      expect(byDate.get(other)).toMatchObject({ status: 'not-searched', lowestPrice: null });
    // One airline search, for the asked day only.
    expect(offerRequests() - before).toBe(1);

    // The day's search was kept: the offers page of that day is answered without asking Duffel again.
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: { filters: filters(asked), page: 1, order: 'lowest' },
    });
    expect(page.statusCode).toBe(200);
    expect(Math.min(...page.json().offers.map((o: { price: number }) => o.price))).toBe(byDate.get(asked)!.lowestPrice);
    expect(offerRequests() - before).toBe(1);
  });
});
