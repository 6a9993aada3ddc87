import { airportListSchema, countryListSchema, publicConfigSchema } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

describe.each(backends)('system endpoints on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: { STAGING: 'true' } });
  });
  afterAll(async () => ctx?.close());

  it('reports health when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('runs migrations once: a second run applies nothing', async () => {
    expect(await migrate(ctx.database.sql)).toEqual([]);
    const rows = await ctx.database.sql.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('serves the staging flag at run time', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(publicConfigSchema.parse(response.json()).staging).toBe(true);
  });

  it('names the operating agency and its commercial registration number', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(publicConfigSchema.parse(response.json()).agency).toEqual({
      legalNameAr: 'كوندا للسفر والسياحة',
      legalNameEn: 'Kwenda Travel & Tourism',
      commercialRegistrationNumber: '000000',
    });
  });

  it('lists at least 300 airports with Arabic and English names, and revalidates with an ETag', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/trips/airports' });
    expect(response.statusCode).toBe(200);
    const airports = airportListSchema.parse(response.json());
    expect(airports.length).toBeGreaterThanOrEqual(300);
    expect(airports.find((a) => a.iataCode === 'PZU')).toMatchObject({ cityNameAr: 'بورتسودان', countryCode: 'SD' });
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/trips/airports',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('lists every country with its dial code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/countries' });
    const countries = countryListSchema.parse(response.json());
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.find((c) => c.code === 'SD')).toMatchObject({ dialCode: '+249', nameAr: 'السودان' });
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/offers/request',
        '/api/v1/offers/best',
        '/api/v1/trips/airports',
        '/api/v1/countries',
        '/api/v1/health',
      ]),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with a JSON error', async () => {
    const ctx = await createTestApp('pglite');
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    await ctx.app.close();
  });
});

describe('airports list compression', () => {
  it('answers gzip, brotli and identity with the same list', async () => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const ctx = await createTestApp('pglite');
    try {
      const get = (encoding?: string) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/v1/trips/airports',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const plain = await get();
      const gz = await get('gzip, deflate');
      const br = await get('gzip, deflate, br');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    } finally {
      await ctx.close();
    }
  });
});
