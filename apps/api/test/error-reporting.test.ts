import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testEnv } from './helpers/test-env.js';
import { AppError } from '../src/errors.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startSentryStandIn } from './helpers/sentry-stand-in.js';

describe('unexpected errors with SENTRY_DSN set', () => {
  let sentry: Awaited<ReturnType<typeof startSentryStandIn>>;
  let database: TestDatabase;
  let app: App;
  let closed = false;

  beforeAll(async () => {
    sentry = await startSentryStandIn();
    database = await createTestDatabase('pglite');
    const env = testEnv({
      SENTRY_DSN: sentry.dsn,
      SENTRY_ENVIRONMENT: 'test-suite',
    });
    app = await buildApp({ env, database });
    // Two routes that fail the ways real ones do: a bug (500) and a refusal (409).
    app.get('/api/v1/test/bug/:id', async () => {
      throw new Error('kaboom: a bug in a handler');
    });
    app.get('/api/v1/test/refusal', async () => {
      throw new AppError(409, 'INVALID_BOOKING_STATE', 'not now');
    });
    await app.ready();
  });
  afterAll(async () => {
    if (!closed) await app?.close();
    await database?.destroy();
    await sentry?.close();
  });

  it('sends one Sentry event for a 5xx and none for 4xx answers', async () => {
    const bug = await app.inject({
      method: 'GET',
      url: '/api/v1/test/bug/bk_AbCdEfGhIjKlMnOpQrStUv?email=someone@example.com',
      headers: { authorization: 'Bearer secret-token', cookie: 'session=secret' },
    });
    expect(bug.statusCode).toBe(500);
    // The answer hides the internals and carries the request id the report is tagged with.
    expect(bug.json()).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Unexpected error; please try again shortly' });
    const { requestId } = bug.json() as { requestId: string };

    const refusals = await Promise.all([
      app.inject({ method: 'GET', url: '/api/v1/test/refusal' }),
      app.inject({ method: 'POST', url: '/api/v1/analytics/pageview', payload: { path: 'nope' } }),
      app.inject({ method: 'GET', url: '/api/v1/bookings/bk_missingmissingmissing00' }),
      app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
    ]);
    expect(refusals.map((response) => response.statusCode)).toEqual([409, 400, 404, 404]);

    // Closing the app flushes the client's queue.
    await app.close();
    closed = true;

    const events = sentry.events();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.url).toMatch(/^\/api\/1\/envelope\/\?/);
    const payload = event!.payload as {
      exception: { values: { type: string; value: string }[] };
      tags: Record<string, string>;
      environment: string;
      request?: unknown;
      user?: unknown;
    };
    expect(payload.exception.values.at(-1)).toMatchObject({ type: 'Error', value: 'kaboom: a bug in a handler' });
    expect(payload.tags).toMatchObject({
      request_id: requestId,
      method: 'GET',
      route: '/api/v1/test/bug/:id',
      status: '500',
    });
    expect(payload.environment).toBe('test-suite');
    // Nothing from the request itself: no URL with its id, no headers, no cookies, no user.
    const serialized = JSON.stringify(payload);
    expect(serialized).not.toContain('bk_AbCdEfGhIjKlMnOpQrStUv');
    expect(serialized).not.toContain('someone@example.com');
    expect(serialized).not.toContain('secret');
    expect(payload.request).toBeUndefined();
    expect(payload.user).toBeUndefined();
  });
});
