import type { ApiError } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';

describe('offers API refuses bad input with a 400 naming the field', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers,
    });

  const cases: [string, unknown, string, string?][] = [
    ['a past departure date', offerRequest({ departureDate: daysAhead(-1) }), 'filters.departureDate', 'date_in_past'],
    [
      'a return before departure',
      offerRequest({ tripType: 'round-trip', returnDate: daysAhead(10) }),
      'filters.returnDate',
      'return_before_departure',
    ],
    ['a round trip without return', offerRequest({ tripType: 'round-trip' }), 'filters.returnDate', 'return_required'],
    ['10 adults', offerRequest({ passengers: { adults: 10, children: 0, infants: 0 } }), 'filters.passengers.adults'],
    ['3 hold bags', offerRequest({ baggage: { hold: 3, carryOn: 0 } }), 'filters.baggage.hold'],
    ['2 carry-on bags', offerRequest({ baggage: { hold: 1, carryOn: 2 } }), 'filters.baggage.carryOn'],
    [
      'no traveller',
      offerRequest({ passengers: { adults: 0, children: 0, infants: 0 } }),
      'filters.passengers.adults',
      'no_traveller',
    ],
    [
      'more infants than adults',
      offerRequest({ passengers: { adults: 1, children: 0, infants: 2 } }),
      'filters.passengers.infants',
      'infants_exceed_adults',
    ],
    ['an unknown airport', offerRequest({ destinationStation: 'ZZZ' }), 'filters.destinationStation', 'unknown_airport'],
    ['a malformed airport code', offerRequest({ destinationStation: 'CAIRO' }), 'filters.destinationStation'],
    [
      'the same origin and destination',
      offerRequest({ destinationStation: 'PZU' }),
      'filters.destinationStation',
      'same_stations',
    ],
    ['an unknown currency', offerRequest({ currency: 'XYZ' as never }), 'filters.currency'],
    ['a wrong type', { ...offerRequest(), page: 'two' }, 'page'],
    ['an impossible date', offerRequest({ departureDate: '2027-02-30' }), 'filters.departureDate'],
    ['an unknown trip type', offerRequest({ tripType: 'circle' as never }), 'filters.tripType'],
    ['a date more than a year ahead', offerRequest({ departureDate: daysAhead(400) }), 'filters.departureDate', 'date_too_far'],
    [
      'a multi-city trip with one leg',
      offerRequest({
        tripType: 'multi-city',
        slices: [{ id: 'a', departureStation: 'PZU', destinationStation: 'CAI', departureDate: daysAhead(21) }],
      }),
      'filters.slices',
      'legs_required',
    ],
    ['a page below 1', offerRequest({}, { page: 0 }), 'page'],
    ['an unknown order', offerRequest({}, { order: 'random' as never }), 'order'],
  ];

  it.each(cases)('refuses %s', async (_name, payload, path, code) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json() as ApiError;
    expect(body.code).toBe('VALIDATION_ERROR');
    const field = body.fields?.find((f) => f.path === path);
    expect(field, `expected an error on ${path}, got ${JSON.stringify(body.fields)}`).toBeDefined();
    if (code) expect(field!.code).toBe(code);
  });

  it('refuses malformed JSON, an empty body and a non-JSON content type', async () => {
    const malformed = await post('{"filters": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'INVALID_JSON' });
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as ApiError).fields?.[0]?.path).toBe('filters');
  });

  it('keeps serving after bad input', async () => {
    for (let i = 0; i < 20; i++) await post('{not json');
    const response = await post(offerRequest());
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong method with a JSON 405 that names the right one', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/offers/request' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
