import {
  addDays,
  fareCalendarResultSchema,
  offerSearchResultSchema,
  type FareCalendarResult,
  type SearchFiltersInput,
} from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, offerRequest, searchFilters } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

describe.each(backends)('fare calendar API on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const calendar = async (filters: unknown) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/offers/calendar', payload: { filters } as object });
    return {
      response,
      json: response.json() as FareCalendarResult & { code?: string; fields?: { path: string; code: string }[] },
    };
  };
  /** The cheapest offer a search of that day shows first (order "lowest"). */
  const cheapestOf = async (overrides: Partial<SearchFiltersInput>) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/offers/request', payload: offerRequest(overrides) });
    expect(response.statusCode).toBe(200);
    return offerSearchResultSchema.parse(response.json()).offers[0]?.price ?? null;
  };

  it('prices the three days either side of the date as the search of each day does, in the traveller currency', async () => {
    const date = daysAhead(21);
    const { response, json } = await calendar(searchFilters({ departureDate: date }));
    expect(response.statusCode).toBe(200);
    const result = fareCalendarResultSchema.parse(json);
    expect(result.currency).toBe('SDG');
    expect(result.days.map((d) => d.departureDate)).toEqual([-3, -2, -1, 0, 1, 2, 3].map((n) => addDays(date, n)));
    for (const day of result.days) {
      expect(day.returnDate).toBeNull();
      expect(day.status).toBe('priced');
      expect(day.lowestPrice).toBe(await cheapestOf({ departureDate: day.departureDate }));
    }
    // Not one price repeated seven times: the days really differ.
    expect(new Set(result.days.map((d) => d.lowestPrice)).size).toBeGreaterThan(1);
  });

  it('converts with the exchange rate, like the offers', async () => {
    const date = daysAhead(30);
    const { json } = await calendar(searchFilters({ departureDate: date, currency: 'USD' }));
    expect(json.currency).toBe('USD');
    const middle = json.days[3]!;
    expect(middle.departureDate).toBe(date);
    expect(middle.lowestPrice).toBe(await cheapestOf({ departureDate: date, currency: 'USD' }));
    const sdg = (await calendar(searchFilters({ departureDate: date }))).json.days[3]!.lowestPrice!;
    // A pound price is hundreds of times the dollar price (the rate is kept in the database).
    expect(sdg / middle.lowestPrice!).toBeGreaterThan(100);
  });

  it('moves a round trip as a whole: the same trip length on every day, priced as that round trip', async () => {
    const departure = daysAhead(21);
    const returnDate = daysAhead(28);
    const { response, json } = await calendar(searchFilters({ tripType: 'round-trip', departureDate: departure, returnDate }));
    expect(response.statusCode).toBe(200);
    for (const [index, day] of json.days.entries()) {
      expect(day.departureDate).toBe(addDays(departure, index - 3));
      expect(day.returnDate).toBe(addDays(returnDate, index - 3));
      if (index % 3 === 0)
        expect(day.lowestPrice).toBe(
          await cheapestOf({ tripType: 'round-trip', departureDate: day.departureDate, returnDate: day.returnDate! }),
        );
    }
  });

  it('does not search days before today, and says which days have no flight', async () => {
    const tomorrow = daysAhead(1);
    const { json } = await calendar(searchFilters({ departureDate: tomorrow }));
    expect(json.days.slice(0, 2)).toEqual([
      { departureDate: addDays(tomorrow, -3), returnDate: null, status: 'past', lowestPrice: null },
      { departureDate: addDays(tomorrow, -2), returnDate: null, status: 'past', lowestPrice: null },
    ]);
    expect(json.days[2]!.departureDate).toBe(daysAhead(0));
    expect(json.days[2]!.status).not.toBe('past');

    // Port Sudan - Dongola is flown direct on three weekdays only: any week has days without a flight.
    const dongola = (
      await calendar(searchFilters({ destinationStation: 'DOG', departureDate: daysAhead(20), maxConnections: 0 }))
    ).json;
    const empty = dongola.days.filter((d) => d.status === 'no-flights');
    expect(empty.length).toBeGreaterThan(0);
    for (const day of empty) {
      expect(day.lowestPrice).toBeNull();
      expect(await cheapestOf({ destinationStation: 'DOG', departureDate: day.departureDate, maxConnections: 0 })).toBeNull();
    }
    expect(dongola.days.some((d) => d.status === 'priced')).toBe(true);
  });

  it('stops at the end of the sales window', async () => {
    const { json } = await calendar(searchFilters({ departureDate: daysAhead(359) }));
    expect(json.days.slice(5).map((d) => [d.status, d.lowestPrice])).toEqual([
      ['not-on-sale', null],
      ['not-on-sale', null],
    ]);
  });

  it('answers bad input with a 400 JSON error', async () => {
    const multiCity = await calendar(
      searchFilters({
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
    expect(multiCity.response.statusCode).toBe(400);
    expect(multiCity.json.code).toBe('VALIDATION_ERROR');
    expect(multiCity.json.fields?.map((f) => f.code)).toContain('calendar_multi_city');

    for (const filters of [
      searchFilters({ departureDate: daysAhead(-1) }),
      searchFilters({ departureStation: 'ZZZ' }),
      searchFilters({ departureDate: '2026-02-30' }),
      { ...searchFilters(), currency: 'XXX' },
      null,
    ]) {
      const { response, json } = await calendar(filters);
      expect(response.statusCode).toBe(400);
      expect(json.code).toBe('VALIDATION_ERROR');
    }
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/calendar',
      payload: '{"filters": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: expect.any(String) });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(doc.paths['/api/v1/offers/calendar']).toHaveProperty('post');
  });
});
