import { offerSearchResultSchema, offerStreamEventSchema, type OfferStreamEvent } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDuffel, type LocalDuffel } from './duffel/local-duffel-server.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';

const TIMEOUT_SECONDS = 5;
/** What the answer may take past SUPPLIER_TIMEOUT_SECONDS: pricing, a database read, the test's own overhead. */
const MARGIN_MS = 1500;

/**
 * SUPPLIER_TIMEOUT_SECONDS is the whole search's time, from the traveller's request to the answer:
 * with a Duffel that takes 30 s, neither the search, its retries nor the nearby-date suggestions made
 * after it may stretch the answer past it. What arrived in time is answered, said to be cut short.
 */
describe('the search timeout on Duffel', () => {
  let duffel: LocalDuffel;
  let ctx: TestContext;

  beforeAll(async () => {
    duffel = await startLocalDuffel({ searchDelayMs: 30_000, batches: 3 });
    ctx = await createTestApp('pglite', {
      env: {
        SUPPLIER: 'duffel',
        DUFFEL_ACCESS_TOKEN: 'duffel_test_local',
        DUFFEL_API_URL: duffel.url,
        SUPPLIER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      },
    });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await duffel?.close();
  });

  it('POST /offers/request answers within the timeout, with the timed-out notice', async () => {
    const started = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: offerRequest({ departureDate: daysAhead(33), currency: 'USD' }),
    });
    const took = Date.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    expect(took).toBeLessThan(TIMEOUT_SECONDS * 1000 + MARGIN_MS);
    expect(offerSearchResultSchema.parse(response.json()).timedOut).toBe(true);
  }, 60_000);

  it('POST /offers/stream completes within the timeout, timed out', async () => {
    const started = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/stream',
      payload: offerRequest({ departureDate: daysAhead(45), currency: 'USD' }),
    });
    const took = Date.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    const events = response.body
      .trim()
      .split('\n')
      .map((line) => offerStreamEventSchema.parse(JSON.parse(line)) as OfferStreamEvent);
    expect(took).toBeLessThan(TIMEOUT_SECONDS * 1000 + MARGIN_MS);
    expect(events.at(-1)).toMatchObject({ type: 'complete', timedOut: true });
  }, 60_000);
});
