import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app.js';

/**
 * Every route in the OpenAPI document, fed garbage: each answer must be a 4xx JSON error with a
 * code (never a 500), whatever the body, the path parameters or the token look like. New routes
 * join the sweep by being documented.
 */
describe('every route answers bad input with a 4xx JSON error', () => {
  let ctx: TestContext;
  let routes: { method: string; url: string; hasBody: boolean }[] = [];
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    routes = Object.entries(spec.paths).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), url, hasBody: Boolean(operation.requestBody) })),
    );
  });
  afterAll(async () => ctx?.close());

  const strangeIds = ['x', '%00', 'bk_' + 'a'.repeat(250), '..%2F..%2Fetc%2Fpasswd', "1' OR '1'='1", '💥'];
  const bodies: [string, string | undefined][] = [
    ['invalid JSON', '{"unterminated": '],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['a number', '42'],
    ['a string', '"hello"'],
    ['an empty object', '{}'],
    [
      'wrong types everywhere',
      JSON.stringify({ email: 7, password: [], payload: 'x', filters: null, reference: {}, provider: 9 }),
    ],
    ['a huge string field', JSON.stringify({ email: 'a'.repeat(100_000), payload: { fullName: 'b'.repeat(100_000) } })],
    ['prototype pollution', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
  ];

  it('covers the documented routes', () => {
    expect(routes.length).toBeGreaterThan(15);
  });

  it('never answers 5xx, always JSON with a code', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const id of strangeIds) {
        const url = route.url.replace(/\{[^}]+\}/g, id);
        for (const [label, payload] of route.hasBody || route.method !== 'GET' ? bodies : [['no body', undefined] as const]) {
          for (const authorization of [undefined, 'Bearer garbage.token.here']) {
            const response = await ctx.app.inject({
              method: route.method as 'GET',
              url,
              payload,
              headers: {
                ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
                ...(authorization ? { authorization } : {}),
              },
            });
            const where = `${route.method} ${url} with ${label}${authorization ? ' and a bad token' : ''}`;
            if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
            else if (response.statusCode >= 400) {
              const json = (() => {
                try {
                  return response.json() as { code?: unknown };
                } catch {
                  return null;
                }
              })();
              if (typeof json?.code !== 'string') failures.push(`${where}: ${response.statusCode} without a JSON code`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
