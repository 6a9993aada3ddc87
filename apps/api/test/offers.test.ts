import { offerSearchResultSchema, bestOffersResultSchema, type Offer, type OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const totalMinutes = (offer: Offer) => offer.slices.reduce((sum, s) => sum + s.durationInMinutes, 0);

describe.each(backends)('offers API on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const search = async (body: unknown) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/offers/request', payload: body as object });
    return { response, json: response.json() as OfferSearchResult };
  };

  it('finds PZU to CAI offers three weeks ahead, cheapest first, priced in SDG', async () => {
    const { response, json } = await search(offerRequest());
    expect(response.statusCode).toBe(200);
    const result = offerSearchResultSchema.parse(json);
    expect(result.offers.length).toBeGreaterThan(0);
    expect(result.offers.length).toBeLessThanOrEqual(result.pageSize);
    for (const offer of result.offers) {
      expect(offer.currency).toBe('SDG');
      expect(offer.slices[0]!.origin).toBe('PZU');
      expect(offer.slices.at(-1)!.destination).toBe('CAI');
      expect(offer.slices[0]!.departureDate.slice(0, 10)).toBe(daysAhead(21));
      expect(Date.parse(offer.expiresAt)).toBeGreaterThan(Date.now());
      expect(offer.slices[0]!.airlines[0]!.logo).toMatch(/^\/airlines\/[A-Z0-9]{2}\.png$/);
    }
    const prices = result.offers.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('sorts by total duration for "fastest"', async () => {
    const { json } = await search(offerRequest({}, { order: 'fastest' }));
    const durations = json.offers.map(totalMinutes);
    expect(durations.length).toBeGreaterThan(1);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  it('converts prices with the exchange rate kept in the database', async () => {
    const sdg = (await search(offerRequest())).json.offers[0]!;
    const usd = (await search(offerRequest({ currency: 'USD' }))).json.offers.find((o) => o.reference === sdg.reference)!;
    expect(usd.currency).toBe('USD');
    const [row] = await ctx.database.sql.query<{ units_per_usd: string }>(
      "SELECT units_per_usd FROM exchange_rates WHERE currency = 'SDG'",
    );
    const rate = Number(row!.units_per_usd);
    // USD is rounded to cents, SDG to whole pounds.
    expect(Math.abs(sdg.price - usd.price * rate)).toBeLessThanOrEqual(rate * 0.005 + 0.5);
  });

  it('pages through results and answers an empty page past the last', async () => {
    const first = (await search(offerRequest())).json;
    const pages = Math.ceil(first.total / first.pageSize);
    const seen = new Set(first.offers.map((o) => o.reference));
    if (pages > 1) {
      const second = (await search(offerRequest({}, { page: 2 }))).json;
      expect(second.offers.length).toBeGreaterThan(0);
      for (const offer of second.offers) expect(seen.has(offer.reference)).toBe(false);
    }
    const past = (await search(offerRequest({}, { page: pages + 1 }))).json;
    expect(past.offers).toEqual([]);
  });

  it('direct-only returns only non-stop itineraries', async () => {
    const { json } = await search(offerRequest({ maxConnections: 0 }));
    expect(json.offers.length).toBeGreaterThan(0);
    for (const offer of json.offers) expect(offer.slices[0]!.segments).toHaveLength(1);
  });

  it('searches round trips with an outbound and a return slice', async () => {
    const { response, json } = await search(offerRequest({ tripType: 'round-trip', returnDate: daysAhead(28) }));
    expect(response.statusCode).toBe(200);
    expect(json.offers.length).toBeGreaterThan(0);
    const [out, back] = json.offers[0]!.slices;
    expect(out!.origin).toBe('PZU');
    expect(back!.origin).toBe('CAI');
    expect(back!.departureDate.slice(0, 10)).toBe(daysAhead(28));
  });

  it('searches multi-city trips leg by leg', async () => {
    const { response, json } = await search(
      offerRequest({
        tripType: 'multi-city',
        departureStation: undefined,
        destinationStation: undefined,
        departureDate: undefined,
        slices: [
          { id: 'a', departureStation: 'PZU', destinationStation: 'CAI', departureDate: daysAhead(21) },
          { id: 'b', departureStation: 'CAI', destinationStation: 'IST', departureDate: daysAhead(25) },
        ],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(json.offers.length).toBeGreaterThan(0);
    expect(json.offers[0]!.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['PZU-CAI', 'CAI-IST']);
  });

  it('suggests nearby dates, each a bookable offer, when the asked date has no direct flight on a thin route', async () => {
    // Thin domestic routes fly on a few weekdays only: one day of the coming week has none.
    let emptyDay: OfferSearchResult | undefined;
    for (let day = 14; day < 21 && !emptyDay; day++) {
      const { json } = await search(
        offerRequest({ destinationStation: 'DOG', departureDate: daysAhead(day), maxConnections: 0 }),
      );
      if (json.offers.length === 0) emptyDay = json;
    }
    expect(emptyDay, 'PZU-DOG should have a weekday without a direct flight').toBeDefined();
    expect(emptyDay!.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of emptyDay!.suggestions) {
      expect(suggestion.requestedDate).toBeDefined();
      expect(suggestion.slices[0]!.departureDate.slice(0, 10)).not.toBe(suggestion.requestedDate);
      expect(suggestion.reference).toBeTruthy();
    }
  });

  it('answers /offers/best with cheapest and fastest first', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/best',
      payload: { filters: offerRequest().filters },
    });
    expect(response.statusCode).toBe(200);
    const best = bestOffersResultSchema.parse(response.json());
    const all = (await search(offerRequest())).json;
    expect(best.price[0]!.price).toBe(all.offers[0]!.price);
    expect(Math.min(...best.duration.map(totalMinutes))).toBe(totalMinutes(best.duration[0]!));
  });
});
