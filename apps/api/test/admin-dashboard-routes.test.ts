import { todayIn } from '@kwenda/contracts';
import { dashboardResponseSchema } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offerRequest } from './helpers/factories.js';
import { staffMember, travellerHeaders } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

type Who = 'anonymous' | 'traveller' | 'no-second-factor' | 'viewer' | 'agent-desk' | 'owner';

describe.each(backends)('GET /admin/dashboard on %s', (backend) => {
  let ctx: TestContext;
  let headers: Record<Who, Record<string, string>>;

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    headers = {
      anonymous: {},
      traveller: await travellerHeaders(ctx),
      'no-second-factor': (await staffMember(ctx.app, 'owner', { secondFactor: false })).headers,
      viewer: (await staffMember(ctx.app, 'viewer')).headers,
      'agent-desk': (await staffMember(ctx.app, 'agent-desk')).headers,
      owner: (await staffMember(ctx.app, 'owner')).headers,
    };
  });
  afterAll(async () => ctx?.close());

  const get = (who: Who, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/admin/dashboard${query}`, headers: headers[who] });

  it.each([
    ['anonymous', 401, 'UNAUTHORIZED'],
    ['traveller', 403, 'STAFF_SESSION_REQUIRED'],
    ['no-second-factor', 403, 'SECOND_FACTOR_REQUIRED'],
    ['viewer', 200, null],
    ['agent-desk', 200, null],
    ['owner', 200, null],
  ] as const)('answers %s with %i', async (who, status, code) => {
    const response = await get(who);
    expect(response.statusCode).toBe(status);
    if (code) expect(response.json()).toMatchObject({ code });
    else {
      const body = dashboardResponseSchema.parse(response.json());
      expect(body.period.days).toBe(7);
      expect(body.today.day).toBe(todayIn());
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it.each(['?days=14', '?days=', '?days=seven', '?days=7&days=30'])(
    'refuses %s with a 400 naming the parameter',
    async (query) => {
      const response = await get('viewer', query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.body).toMatch(/days/);
    },
  );

  it('counts an offers search made through the API in the period and its routes', async () => {
    const before = dashboardResponseSchema.parse((await get('owner', '?days=30')).json());
    expect(before.period).toMatchObject({ days: 30, searches: 0, routes: [] });
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: offerRequest({ departureStation: 'KRT', destinationStation: 'JED' }),
    });
    expect(search.statusCode).toBe(200);
    // The count is written after the search has answered.
    await vi.waitFor(
      async () => {
        const after = dashboardResponseSchema.parse((await get('owner', '?days=30')).json());
        expect(after.period.searches).toBe(1);
        expect(after.period.routes).toEqual([{ origin: 'KRT', destination: 'JED', searches: 1, bookings: 0, paid: 0 }]);
      },
      { timeout: 5000 },
    );
  });
});
