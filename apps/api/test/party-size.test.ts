import type { ApiError } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';

/**
 * Airlines sell at most 9 seats per booking (adults and children; an infant on a lap takes none),
 * and each infant needs an adult's lap. Every request carrying passenger counts refuses a party
 * that breaks either rule with a 400 naming the problem, before any supplier is asked.
 */
describe('party size on every request that carries passenger counts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { env: { RUN_JOBS: 'false' } });
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });
  const fieldsOf = (body: ApiError) => (body.fields ?? []).map((field) => `${field.path}:${field.code}`);

  const parties: [string, { adults: number; children: number; infants: number }, string[]][] = [
    ['9 adults, 9 children and 9 infants', { adults: 9, children: 9, infants: 9 }, ['passengers:too_many_passengers']],
    ['5 adults and 5 children', { adults: 5, children: 5, infants: 0 }, ['passengers:too_many_passengers']],
    ['2 adults with 3 infants', { adults: 2, children: 0, infants: 3 }, ['passengers.infants:infants_exceed_adults']],
  ];

  it.each(parties)('a search for %s is refused with a stable code', async (_name, passengers, expected) => {
    for (const url of ['/api/v1/offers/request', '/api/v1/offers/best']) {
      const body = url.endsWith('best') ? { filters: offerRequest({ passengers }).filters } : offerRequest({ passengers });
      const response = await post(url, body);
      expect(response.statusCode, url).toBe(400);
      const error = response.json() as ApiError;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(error)).toEqual(expected.map((field) => `filters.${field}`));
      expect(error.message).toMatch(/seats|lap/);
    }
  });

  it.each(parties)('a booking for %s is refused with a stable code', async (_name, passengers, expected) => {
    const response = await post('/api/v1/bookings', {
      reference: 'any-offer',
      payload: { passengers, baggage: { hold: 1, carryOn: 0 }, currency: 'SDG' },
    });
    expect(response.statusCode).toBe(400);
    const error = response.json() as ApiError;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(error)).toEqual(expected.map((field) => `payload.${field}`));
  });

  it('searches for a full party: 5 adults, 4 children and 5 infants on laps', async () => {
    const response = await post('/api/v1/offers/request', offerRequest({ passengers: { adults: 5, children: 4, infants: 5 } }));
    expect(response.statusCode, response.body).toBe(200);
  });
});
