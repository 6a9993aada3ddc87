import { apiErrorSchema, publicConfigSchema, type PageView } from '@kwenda/contracts';
import { createHash } from 'node:crypto';
import { BRAND_FONT_HEAD_SCRIPT } from '@kwenda/contracts/brand-font';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countPageViews } from '../src/modules/analytics/analytics-repository.js';
import { createAnalyticsService } from '../src/modules/analytics/analytics-service.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/** The one inline script of every page (the brand-font check in the head), allowed by its hash and nothing else. */
const brandFontScript = `'sha256-${createHash('sha256').update(BRAND_FONT_HEAD_SCRIPT).digest('base64')}'`;

/** A page view as the web app sends it; override any part. */
const pageView = (overrides: Partial<PageView> = {}): PageView => ({
  path: '/offers',
  referrer: '',
  language: 'ar',
  referralCode: null,
  ...overrides,
});

describe.each(backends)('page views on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.database.sql.exec('TRUNCATE page_views');
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/analytics/pageview', payload: payload as object, headers });
  const rows = () => ctx.database.sql.query<Record<string, unknown>>('SELECT * FROM page_views ORDER BY id');

  it('counts a page view with 204 and stores nothing personal', async () => {
    const response = await post(pageView({ referrer: 'https://www.google.com', language: 'en', referralCode: 'KW2024' }), {
      'user-agent': 'Mozilla/5.0 (test)',
      authorization: 'Bearer whatever',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const stored = await rows();
    expect(stored).toHaveLength(1);
    // The columns are the whole record: no address, user or user agent anywhere.
    expect(Object.keys(stored[0]!).sort()).toEqual(
      ['created_at', 'day', 'id', 'language', 'path', 'referral_code', 'referrer_origin'].sort(),
    );
    expect(stored[0]).toMatchObject({
      path: '/offers',
      language: 'en',
      referral_code: 'KW2024',
      referrer_origin: 'https://www.google.com',
    });
  });

  it('takes the text/plain body navigator.sendBeacon sends', async () => {
    const response = await post(JSON.stringify(pageView({ path: '/' })), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.statusCode).toBe(204);
    expect((await rows()).map((row) => row.path)).toEqual(['/']);
  });

  it('replaces booking ids, reset tokens and address-like segments even in a hand-made request', async () => {
    for (const path of [
      '/booking/bk_AbCdEfGhIjKlMnOpQrStUv',
      '/password_reset/0123456789abcdef0123456789abcdef',
      '/someone@example.com',
    ]) {
      expect((await post(pageView({ path }))).statusCode).toBe(204);
    }
    expect((await rows()).map((row) => row.path)).toEqual(['/booking/:id', '/password_reset/:token', '/:redacted']);
  });

  it.each([
    ['a query string', { path: '/offers?from=PZU&email=a@b.c' }],
    ['a fragment', { path: '/faqs#payment' }],
    ['a relative path', { path: 'offers' }],
    ['a path that is too long', { path: `/${'a'.repeat(250)}` }],
    ['a full referrer URL', { referrer: 'https://www.google.com/search?q=kwenda' }],
    ['a referrer that is not http', { referrer: 'javascript:alert(1)' }],
    ['an unknown language', { language: 'fr' }],
    ['a malformed referral code', { referralCode: '<script>' }],
    ['an extra member', { userId: 'u_1' }],
    ['a missing member', { path: undefined }],
  ])('refuses %s with a 400 JSON error', async (_label, overrides) => {
    const response = await post({ ...pageView(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).code).toBe('VALIDATION_ERROR');
    expect(await rows()).toEqual([]);
  });

  it('refuses a text/plain body that is not JSON, and a body that is too large', async () => {
    const notJson = await post('path=/offers', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'INVALID_JSON' });
    const large = await post(JSON.stringify({ ...pageView(), padding: 'x'.repeat(8000) }), { 'content-type': 'text/plain' });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await rows()).toEqual([]);
  });

  it('counts views per day (in Sudan) and path for the back-office', async () => {
    let now = new Date('2026-03-01T21:30:00Z'); // 23:30 in Khartoum: still 1 March
    const service = createAnalyticsService({ database: ctx.database, clock: () => now });
    await service.recordPageView(pageView({ path: '/' }));
    await service.recordPageView(pageView({ path: '/offers' }));
    await service.recordPageView(pageView({ path: '/', language: 'en' }));
    now = new Date('2026-03-01T22:30:00Z'); // 00:30 on 2 March in Khartoum
    await service.recordPageView(pageView({ path: '/offers' }));
    await service.recordPageView(pageView({ path: '/booking/bk_AbCdEfGhIjKlMnOpQrStUv' }));
    now = new Date('2026-03-05T10:00:00Z');
    await service.recordPageView(pageView({ path: '/faqs' }));

    expect(await countPageViews(ctx.database.db, '2026-03-01', '2026-03-02')).toEqual([
      { day: '2026-03-01', path: '/', views: 2 },
      { day: '2026-03-01', path: '/offers', views: 1 },
      { day: '2026-03-02', path: '/booking/:id', views: 1 },
      { day: '2026-03-02', path: '/offers', views: 1 },
    ]);
    expect(await service.countPageViews('2026-03-05', '2026-03-05')).toEqual([{ day: '2026-03-05', path: '/faqs', views: 1 }]);
    expect(await service.countPageViews('2026-04-01', '2026-04-30')).toEqual([]);
  });
});

describe('third-party tags', () => {
  const cspOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      String(headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;

  it('are absent by default: the config has none and the CSP allows only our own origin', async () => {
    const ctx = await createTestApp('pglite');
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
      const config = publicConfigSchema.parse(response.json());
      expect(config.analytics).toEqual({ plausible: null, ga4MeasurementId: null });
      expect(config.errorReporting).toBeNull();
      const csp = cspOf(response.headers);
      expect(csp['script-src']).toEqual(["'self'", brandFontScript]);
      expect(csp['connect-src']).toEqual(["'self'"]);
    } finally {
      await ctx.close();
    }
  });

  it('are served and allowed by the CSP when configured; the page-view endpoint is rate-limited like the rest', async () => {
    const ctx = await createTestApp('pglite', {
      env: {
        PLAUSIBLE_DOMAIN: 'kwenda.sd',
        GA4_MEASUREMENT_ID: 'G-TEST12345',
        SENTRY_DSN_WEB: 'https://public@o1.ingest.sentry.io/42',
        SENTRY_ENVIRONMENT: 'production',
        RATE_LIMIT_PER_MINUTE: '4',
      },
    });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
      const config = publicConfigSchema.parse(response.json());
      expect(config.analytics).toEqual({
        plausible: { domain: 'kwenda.sd', src: 'https://plausible.io/js/script.manual.js' },
        ga4MeasurementId: 'G-TEST12345',
      });
      expect(config.errorReporting).toEqual({ sentryDsn: 'https://public@o1.ingest.sentry.io/42', environment: 'production' });
      const csp = cspOf(response.headers);
      expect(csp['script-src']).toEqual(["'self'", brandFontScript, 'https://plausible.io', 'https://*.googletagmanager.com']);
      expect(csp['connect-src']).toEqual(
        expect.arrayContaining([
          "'self'",
          'https://plausible.io',
          'https://*.google-analytics.com',
          'https://o1.ingest.sentry.io',
        ]),
      );
      expect(csp['img-src']).toContain('https://*.google-analytics.com');

      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await ctx.app.inject({ method: 'POST', url: '/api/v1/analytics/pageview', payload: pageView() })).statusCode,
        );
      }
      expect(statuses).toEqual([204, 204, 204, 429]);
    } finally {
      await ctx.close();
    }
  });
});
