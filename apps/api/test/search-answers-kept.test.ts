import { offerSearchResultSchema, type OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * A search asked again while the supplier keeps its offers (a popular route, paging, a shared link) is
 * priced, sorted, filtered and serialised once (offers-service.ts, several-suppliers.ts): the answers
 * must stay those of a search made anew, page by page and filter by filter.
 */
describe.each(backends)('searches asked again on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const search = async (body: object) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/offers/request', payload: body });
    expect(response.statusCode).toBe(200);
    return { body: response.body, json: offerSearchResultSchema.parse(response.json()) as OfferSearchResult };
  };

  it('answers each page, order and filter as asked, the same each time', async () => {
    const first = await search(offerRequest({}, { page: 1 }));
    expect(first.json.total).toBeGreaterThan(10);
    const second = await search(offerRequest({}, { page: 2 }));
    const fastest = await search(offerRequest({}, { page: 1, order: 'fastest' }));
    const nonstop = await search({ ...offerRequest({}, { page: 1 }), offerFilters: { stops: ['direct'] } });
    const inUsd = await search(offerRequest({ currency: 'USD' }, { page: 1 }));

    // The pages split one list: no offer twice, every offer of the search once.
    const pageOne = first.json.offers.map((o) => o.reference);
    const pageTwo = second.json.offers.map((o) => o.reference);
    expect(pageTwo.filter((reference) => pageOne.includes(reference))).toEqual([]);
    expect(second.json.page).toBe(2);
    expect(second.json.total).toBe(first.json.total);
    // Another order, filter or currency is another answer, never the page kept for the first.
    const minutes = fastest.json.offers.map((o) => o.slices.reduce((sum, s) => sum + s.durationInMinutes, 0));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(nonstop.json.offers.every((o) => o.slices.every((s) => s.segments.length === 1))).toBe(true);
    expect(nonstop.json.total).toBeLessThan(first.json.total);
    expect(inUsd.json.offers.every((o) => o.currency === 'USD')).toBe(true);

    // Asked again: the very same answers.
    expect((await search(offerRequest({}, { page: 1 }))).body).toBe(first.body);
    expect((await search(offerRequest({}, { page: 2 }))).body).toBe(second.body);
    expect((await search({ ...offerRequest({}, { page: 1 }), offerFilters: { stops: ['direct'] } })).body).toBe(nonstop.body);
  });

  it('sends the security headers on every answer: a search, a missing route, a page', async () => {
    for (const url of ['/api/v1/offers/request', '/api/v1/no-such-route', '/about']) {
      const response = await ctx.app.inject(
        url === '/api/v1/offers/request' ? { method: 'POST', url, payload: offerRequest() } : { method: 'GET', url },
      );
      expect(response.headers['content-security-policy'], url).toMatch(/^default-src 'self';/);
      expect(response.headers, url).toMatchObject({
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
