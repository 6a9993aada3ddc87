import { dashboardResponseSchema } from '@kwenda/contracts/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRateChanges } from '../src/db/schema.js';
import { createSandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import type { Supplier, SupplierOffer, SupplierSearch } from '../src/suppliers/supplier.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { staffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * Airlines flying to Sudan sell in currencies travellers are not shown (Qatar Airways in pounds
 * sterling, Kenya Airways in shillings, ...): an offer in a currency without an agency rate is left out
 * of the search. Those currencies come with a dated rate; a currency still without one is counted (how
 * many offers, since when) and shown on the desk's Today screen until the owner sets its rate.
 */
describe.each(backends)('supplier currencies without a rate (%s)', (backend) => {
  let ctx: TestContext;
  /** The currency the airline sells in for the next searches. */
  let sellingIn = 'GBP';

  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => {
        const sandbox = createSandboxSupplier({ database });
        // The sandbox's fares, as sold in another currency (the same amounts: the labels are what matter).
        const relabel = (offers: readonly SupplierOffer[]) => offers.map((o) => ({ ...o, totalCurrency: sellingIn }));
        const supplier: Supplier = Object.create(sandbox) as Supplier;
        Object.assign(supplier, {
          searchOffers: async (search: SupplierSearch, now?: Date) => relabel(await sandbox.searchOffers(search, now)),
        });
        return supplier;
      },
    });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const search = (day: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: offerRequest({ departureDate: daysAhead(day), currency: 'SDG' }),
    });

  it('sells the offers of every currency airlines to Sudan sell in, each rate dated', async () => {
    for (const [index, currency] of ['GBP', 'KES', 'ETB', 'UGX', 'OMR', 'KWD', 'BHD', 'JOD'].entries()) {
      sellingIn = currency;
      const response = await search(20 + index);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().offers.length, currency).toBeGreaterThan(0);
    }
    const owner = await staffMember(ctx.app, 'owner');
    const rates = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/rates', headers: owner.headers });
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json().rates.find((r: { currency: string }) => r.currency === 'GBP')).toMatchObject({
      effectiveAt: '2026-11-28T00:00:00.000Z',
    });
  });

  it('counts offers left out per currency and shows them on Today until the owner sets the rate', async () => {
    const owner = await staffMember(ctx.app, 'owner');
    const today = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard?days=7', headers: owner.headers });
      expect(response.statusCode, response.body).toBe(200);
      return dashboardResponseSchema.parse(response.json()).unpricedCurrencies;
    };
    // As before the rates came: no rate for the Jordanian dinar.
    await ctx.database.db.delete(exchangeRateChanges).where(eq(exchangeRateChanges.currency, 'JOD'));
    sellingIn = 'JOD';
    const started = Date.now();
    const first = await search(40);
    expect(first.json().offers).toEqual([]);
    const second = await search(41);
    expect(second.json().offers).toEqual([]);

    // Counted in batches: written within a second or so.
    let listed = await today();
    for (let i = 0; i < 30 && !listed.some((u) => u.currency === 'JOD'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = await today();
    }
    const jod = listed.find((u) => u.currency === 'JOD');
    expect(jod, 'JOD is listed on Today').toBeTruthy();
    expect(jod!.offers).toBeGreaterThan(1);
    expect(Date.parse(jod!.firstSeenAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(jod!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(jod!.firstSeenAt));
    expect(listed.some((u) => u.currency === 'GBP')).toBe(false);

    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/rates',
      headers: owner.headers,
      payload: { currency: 'JOD', unitsPerUsd: 0.709 },
    });
    expect(set.statusCode, set.body).toBe(201);
    expect((await today()).some((u) => u.currency === 'JOD')).toBe(false);
    expect((await search(42)).json().offers.length).toBeGreaterThan(0);
  });
});
