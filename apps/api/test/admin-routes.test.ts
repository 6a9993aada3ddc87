import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffHeaders, travellerHeaders } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/** The staff routes a stranger may call: signing in, and opening an invitation's link. */
const OPEN = new Set([
  'POST /api/v1/admin/auth/login',
  'GET /api/v1/admin/auth/invitations/{token}',
  'POST /api/v1/admin/auth/invitations/{token}',
]);

/**
 * Every staff route in the OpenAPI document: who is asking is settled before anything they sent is
 * read, and no answer is kept by a browser or a proxy. New routes join the sweep by being documented.
 */
describe.each(backends)('the staff routes on %s', (backend) => {
  let ctx: TestContext;
  let routes: { method: string; url: string }[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(spec.paths)
      .filter(([url]) => url.startsWith('/api/v1/admin/'))
      .flatMap(([url, methods]) =>
        Object.keys(methods)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => ({ method: method.toUpperCase(), url })),
      );
  }, 60_000);
  afterAll(async () => ctx?.close());

  /** The route with every path parameter malformed, and a body that is not even JSON. */
  const malformed = (route: { method: string; url: string }, headers: Record<string, string>) =>
    ctx.app.inject({
      method: route.method as 'GET',
      url: `${route.url.replace(/\{[^}]+\}/g, '%20not-an-id!')}${route.method === 'GET' ? '?limit=-1&days=abc' : ''}`,
      ...(route.method === 'GET' ? {} : { payload: '{"unterminated": ' }),
      headers: { ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }), ...headers },
    });

  it('covers the staff routes, with and without path parameters', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((route) => route.url === '/api/v1/admin/agents/{id}')).toBe(true);
  });

  it('answers a stranger and a traveller 401 or 403 before it looks at a malformed id, query or body', async () => {
    const traveller = await travellerHeaders(ctx);
    const wrong: string[] = [];
    for (const route of routes.filter((route) => !OPEN.has(`${route.method} ${route.url}`))) {
      for (const [who, headers] of [
        ['a stranger', {}],
        ['a traveller', traveller],
        ['a forged token', { authorization: 'Bearer garbage.token.here' }],
      ] as const) {
        const response = await malformed(route, headers);
        if (![401, 403].includes(response.statusCode))
          wrong.push(`${route.method} ${route.url} as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('still validates for staff: a malformed id is 400 once the owner asks', async () => {
    const owner = await staffHeaders(ctx.app, 'owner');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/agents/%20not-an-id!', headers: owner });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers every staff GET with Cache-Control: no-store, whatever its status', async () => {
    const owner = await staffHeaders(ctx.app, 'owner');
    const kept: string[] = [];
    for (const route of routes.filter((route) => route.method === 'GET')) {
      for (const headers of [owner, {}]) {
        const url = route.url.replace(/\{[^}]+\}/g, 'unknown');
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        if (response.headers['cache-control'] !== 'no-store' && response.headers['cache-control'] !== 'private, no-store')
          kept.push(`GET ${url} ${response.statusCode}: ${String(response.headers['cache-control'])}`);
      }
    }
    expect(kept).toEqual([]);
    // The two lists that had no header of their own.
    for (const url of ['/api/v1/admin/agents', '/api/v1/admin/limits']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: owner });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  }, 120_000);
});
