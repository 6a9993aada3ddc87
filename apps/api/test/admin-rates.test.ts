import type { Booking, OfferSearchResult } from '@kwenda/contracts';
import {
  ratesOverviewSchema,
  type BookingPricing,
  type MarkupRule,
  type RateChange,
  type RatesOverview,
} from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findOffer, getBooking, guestHeaders, readyBooking } from './helpers/booking-factories.js';
import { offerRequest } from './helpers/factories.js';
import { staffMember, travellerHeaders, type TestStaffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

type Who = 'anonymous' | 'traveller' | 'viewer' | 'agent-desk' | 'owner';
const EVERYONE: Who[] = ['anonymous', 'traveller', 'viewer', 'agent-desk', 'owner'];

describe.each(backends)('exchange rates and markups on %s', (backend) => {
  let ctx: TestContext;
  let owner: TestStaffMember;
  let desk: TestStaffMember;
  let viewer: TestStaffMember;
  let traveller: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    owner = await staffMember(ctx.app, 'owner', { fullName: 'Amna Owner' });
    desk = await staffMember(ctx.app, 'agent-desk');
    viewer = await staffMember(ctx.app, 'viewer');
    traveller = await travellerHeaders(ctx);
  });
  afterAll(async () => ctx?.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });
  const headersOf = (who: Who) =>
    ({ anonymous: {}, traveller, viewer: viewer.headers, 'agent-desk': desk.headers, owner: owner.headers })[who];
  const overview = async (): Promise<RatesOverview> => {
    const response = await inject('GET', '/admin/rates', owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    return ratesOverviewSchema.parse(response.json());
  };
  const rateOf = async (currency: string) => (await overview()).rates.find((r) => r.currency === currency)!.unitsPerUsd;
  const setRate = async (body: object) => {
    const response = await inject('POST', '/admin/rates', owner.headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as RateChange;
  };
  const search = async (overrides: Parameters<typeof offerRequest>[0] = {}) => {
    const response = await inject('POST', '/offers/request', {}, offerRequest(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OfferSearchResult;
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  let ruleSeq = 0;
  /** A rule no other test names: a cabin of an airline code of its own. */
  const uniqueRule = (extra: object = {}) => ({
    percent: 1,
    fixedUsd: 0,
    airline: `Z${(++ruleSeq % 10).toString()}`,
    origin: 'KRT',
    destination: ['CAI', 'DXB', 'JED', 'RUH', 'IST', 'DOH'][Math.floor(ruleSeq / 10) % 6],
    ...extra,
  });

  describe('role matrix', () => {
    const expected = (who: Who, ok: number, minRole: 'viewer' | 'owner') =>
      ({
        anonymous: [401, 'UNAUTHORIZED'],
        traveller: [403, 'STAFF_SESSION_REQUIRED'],
        viewer: minRole === 'viewer' ? [ok, null] : [403, 'FORBIDDEN'],
        'agent-desk': minRole === 'viewer' ? [ok, null] : [403, 'FORBIDDEN'],
        owner: [ok, null],
      })[who] as [number, string | null];

    let markupId: string;
    beforeAll(async () => {
      markupId = ((await inject('POST', '/admin/rates/markups', owner.headers, uniqueRule())).json() as MarkupRule).id;
    });

    const routes: [
      string,
      'GET' | 'POST' | 'PUT' | 'DELETE',
      () => Promise<string> | string,
      () => unknown,
      number,
      'viewer' | 'owner',
    ][] = [
      ['read rates, history and markups', 'GET', () => '/admin/rates', () => undefined, 200, 'viewer'],
      // Within 25 % of the rate in effect: no confirmation needed.
      ['set a rate', 'POST', () => '/admin/rates', () => ({ currency: 'QAR', unitsPerUsd: 3.64 }), 201, 'owner'],
      [
        'cancel a rate set for later',
        'DELETE',
        async () => `/admin/rates/${(await setRate({ currency: 'TRY', unitsPerUsd: 42.5, effectiveAt: inAnHour() })).id}`,
        () => undefined,
        200,
        'owner',
      ],
      ['add a markup rule', 'POST', () => '/admin/rates/markups', () => uniqueRule(), 201, 'owner'],
      [
        'change a markup rule',
        'PUT',
        () => `/admin/rates/markups/${markupId}`,
        () => ({ ...uniqueRule(), percent: 2 }),
        200,
        'owner',
      ],
    ];
    for (const [name, method, url, body, ok, minRole] of routes)
      it.each(EVERYONE)(`${name}: %s`, async (who) => {
        const [status, code] = expected(who, ok, minRole);
        const response = await inject(method, await url(), headersOf(who), body());
        expect(response.statusCode, response.body).toBe(status);
        if (code) expect(response.json()).toMatchObject({ code });
      });

    it('refuses a staff member whose second factor is not on yet', async () => {
      const fresh = await staffMember(ctx.app, 'owner', { secondFactor: false });
      const response = await inject('GET', '/admin/rates', fresh.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    });
  });

  describe('setting a rate', () => {
    it('records who set it, when, the rate it replaces, and an audit row', async () => {
      const before = await rateOf('AED');
      const change = await setRate({ currency: 'AED', unitsPerUsd: 3.7 });
      expect(change).toMatchObject({
        currency: 'AED',
        unitsPerUsd: 3.7,
        previousUnitsPerUsd: before,
        status: 'in-effect',
        setBy: { id: owner.userId, name: 'Amna Owner' },
        canceledAt: null,
      });
      expect(Math.abs(Date.parse(change.effectiveAt) - Date.now())).toBeLessThan(10_000);
      const now = await overview();
      expect(now.rates.find((r) => r.currency === 'AED')).toMatchObject({ rateId: change.id, unitsPerUsd: 3.7 });
      expect(now.history[0]).toMatchObject({ id: change.id });
      // The starting rate it replaced stays in the history.
      expect(now.history.find((h) => h.currency === 'AED' && h.id !== change.id)).toMatchObject({
        status: 'replaced',
        setBy: null,
      });
      const [audit] = await ctx.database.sql.query<{ staff_user_id: string; action: string; details: Record<string, unknown> }>(
        "SELECT staff_user_id, action, details FROM staff_actions WHERE target_type = 'exchange-rate' AND target_id = $1",
        [change.id],
      );
      expect(audit).toMatchObject({
        staff_user_id: owner.userId,
        action: 'rate-changed',
        details: { currency: 'AED', from: before, to: 3.7 },
      });
    });

    it('takes a rate set for later into effect at its time, and lets the owner cancel it before', async () => {
      const inEffect = await rateOf('EUR');
      const later = await setRate({ currency: 'EUR', unitsPerUsd: 0.9, effectiveAt: inAnHour() });
      expect(later).toMatchObject({ status: 'scheduled', previousUnitsPerUsd: inEffect });
      const now = await overview();
      const eur = now.rates.find((r) => r.currency === 'EUR')!;
      expect(eur.unitsPerUsd).toBe(inEffect);
      expect(eur.scheduled.map((s) => s.id)).toEqual([later.id]);
      // Searches still price at the rate in effect.
      expect((await search({ currency: 'EUR' })).rate.unitsPerUsd).toBe(inEffect);

      const canceled = await inject('DELETE', `/admin/rates/${later.id}`, owner.headers);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json()).toMatchObject({ status: 'canceled' });
      expect((await overview()).rates.find((r) => r.currency === 'EUR')!.scheduled).toEqual([]);
      const again = await inject('DELETE', `/admin/rates/${later.id}`, owner.headers);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'RATE_ALREADY_IN_EFFECT' });
    });

    it('refuses to cancel a rate in effect, or one that does not exist', async () => {
      const current = (await overview()).rates.find((r) => r.currency === 'SAR')!;
      const inForce = await inject('DELETE', `/admin/rates/${current.rateId}`, owner.headers);
      expect(inForce.statusCode).toBe(409);
      expect(inForce.json()).toMatchObject({ code: 'RATE_ALREADY_IN_EFFECT' });
      const unknown = await inject('DELETE', '/admin/rates/rate_nope', owner.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('asks for a confirmation before a rate far from the one it replaces, and takes it confirmed', async () => {
      const before = await rateOf('EGP');
      const slip = await inject('POST', '/admin/rates', owner.headers, { currency: 'EGP', unitsPerUsd: before * 10 });
      expect(slip.statusCode).toBe(400);
      expect(slip.json()).toMatchObject({ code: 'RATE_CHANGE_UNCONFIRMED', fields: [{ path: 'confirmLargeChange' }] });
      expect(await rateOf('EGP')).toBe(before);
      const confirmed = await setRate({ currency: 'EGP', unitsPerUsd: before * 2, confirmLargeChange: true });
      expect(confirmed.previousUnitsPerUsd).toBe(before);
      await setRate({ currency: 'EGP', unitsPerUsd: before, confirmLargeChange: true });
    });

    it.each([
      ['an unknown currency', { currency: 'XYZ', unitsPerUsd: 10 }, 'currency'],
      ['the US dollar', { currency: 'USD', unitsPerUsd: 1 }, 'currency'],
      ['no rate', { currency: 'SDG' }, 'unitsPerUsd'],
      ['a rate of zero', { currency: 'SDG', unitsPerUsd: 0 }, 'unitsPerUsd'],
      ['a negative rate', { currency: 'SDG', unitsPerUsd: -2600 }, 'unitsPerUsd'],
      ['a rate in words', { currency: 'SDG', unitsPerUsd: 'twenty-six hundred' }, 'unitsPerUsd'],
      ['an absurd rate', { currency: 'SDG', unitsPerUsd: 5_000_000 }, 'unitsPerUsd'],
      ['more than six decimals', { currency: 'EUR', unitsPerUsd: 0.8612345 }, 'unitsPerUsd'],
      ['a time without its offset', { currency: 'SDG', unitsPerUsd: 2600, effectiveAt: '2030-01-01T10:00:00' }, 'effectiveAt'],
      ['a time that is not one', { currency: 'SDG', unitsPerUsd: 2600, effectiveAt: 'tomorrow' }, 'effectiveAt'],
    ])('refuses %s with the field named', async (_name, body, path) => {
      const response = await inject('POST', '/admin/rates', owner.headers, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(response.json().fields)).toContain(path);
    });

    it('refuses a time more than a minute past or more than 30 days ahead, and takes a few seconds late as now', async () => {
      const past = await inject('POST', '/admin/rates', owner.headers, {
        currency: 'SAR',
        unitsPerUsd: 3.75,
        effectiveAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ fields: [{ path: 'effectiveAt', code: 'date_in_past' }] });
      const far = await inject('POST', '/admin/rates', owner.headers, {
        currency: 'SAR',
        unitsPerUsd: 3.75,
        effectiveAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      });
      expect(far.statusCode).toBe(400);
      expect(far.json()).toMatchObject({ fields: [{ path: 'effectiveAt', code: 'date_too_far' }] });
      const late = await setRate({
        currency: 'SAR',
        unitsPerUsd: 3.75,
        effectiveAt: new Date(Date.now() - 20_000).toISOString(),
      });
      expect(late.status).toBe('in-effect');
    });

    it('answers a body that is not JSON with a 4xx, never a 500', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/rates',
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: '{"currency": "SDG", ',
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('markup rules', () => {
    it.each([
      ['a percent over 50', { percent: 60, fixedUsd: 0 }, 'percent'],
      ['a negative percent', { percent: -1, fixedUsd: 0 }, 'percent'],
      ['a fixed amount over 500 USD', { percent: 0, fixedUsd: 900 }, 'fixedUsd'],
      ['fractions of a cent', { percent: 0, fixedUsd: 1.005 }, 'fixedUsd'],
      ['an airline code of three letters', { percent: 1, fixedUsd: 0, airline: 'SDX' }, 'airline'],
      ['an unknown cabin', { percent: 1, fixedUsd: 0, cabin: 'deluxe' }, 'cabin'],
      ['an unknown airport', { percent: 1, fixedUsd: 0, origin: 'QQQ' }, 'origin'],
      ['the same origin and destination', { percent: 1, fixedUsd: 0, origin: 'KRT', destination: 'KRT' }, 'destination'],
    ])('refuses %s with the field named', async (_name, body, path) => {
      const response = await inject('POST', '/admin/rates/markups', owner.headers, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json().fields)).toContain(path);
    });

    it('refuses a second active rule naming the same trips, and takes it once the first is disabled', async () => {
      const body = { percent: 3, fixedUsd: 0, airline: 'tf', cabin: 'business' };
      const first = await inject('POST', '/admin/rates/markups', owner.headers, body);
      expect(first.statusCode, first.body).toBe(201);
      const rule = first.json() as MarkupRule;
      expect(rule).toMatchObject({ airline: 'TF', cabin: 'business', active: true, createdBy: { id: owner.userId } });
      const second = await inject('POST', '/admin/rates/markups', owner.headers, { ...body, percent: 4 });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'MARKUP_RULE_EXISTS' });
      const disabled = await inject('PUT', `/admin/rates/markups/${rule.id}`, owner.headers, { ...body, active: false });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json()).toMatchObject({ active: false });
      const [audit] = await ctx.database.sql.query<{ action: string }>(
        "SELECT action FROM staff_actions WHERE target_type = 'markup-rule' AND target_id = $1 ORDER BY id DESC LIMIT 1",
        [rule.id],
      );
      expect(audit).toEqual({ action: 'markup-disabled' });
      const replacement = await inject('POST', '/admin/rates/markups', owner.headers, { ...body, percent: 4 });
      expect(replacement.statusCode, replacement.body).toBe(201);
      // Switching the first back on would make two: refused.
      const back = await inject('PUT', `/admin/rates/markups/${rule.id}`, owner.headers, body);
      expect(back.statusCode).toBe(409);
      await inject('PUT', `/admin/rates/markups/${(replacement.json() as MarkupRule).id}`, owner.headers, {
        ...body,
        active: false,
      });
    });

    it('answers 404 for a rule that does not exist', async () => {
      const response = await inject('PUT', '/admin/rates/markups/mk_nope', owner.headers, { percent: 1, fixedUsd: 0 });
      expect(response.statusCode).toBe(404);
    });

    it('marks up every offer shown, and the most specific rule wins', async () => {
      const plain = await search({ currency: 'USD' });
      const first = plain.offers[0]!;
      const airline = first.slices[0]!.segments[0]!.airline.iataCode;
      const general = (
        await inject('POST', '/admin/rates/markups', owner.headers, { percent: 10, fixedUsd: 0 })
      ).json() as MarkupRule;
      const own = (
        await inject('POST', '/admin/rates/markups', owner.headers, { percent: 0, fixedUsd: 7, airline })
      ).json() as MarkupRule;
      try {
        const marked = await search({ currency: 'USD' });
        for (const offer of plain.offers) {
          const now = marked.offers.find((o) => o.reference === offer.reference);
          if (!now) continue;
          const ownAirline = offer.slices[0]!.segments[0]!.airline.iataCode === airline;
          // One adult: the airline's rule adds 7 USD; the general rule 10 % (to the cent).
          const expected = ownAirline ? offer.price + 7 : Math.round(offer.price * 110) / 100;
          expect(now.price).toBeCloseTo(expected, 2);
        }
        // The fare calendar and the best offers price the same way.
        const best = await inject('POST', '/offers/best', {}, { filters: offerRequest({ currency: 'USD' }).filters });
        const bestFirst = (best.json() as { price: { reference: string; price: number }[] }).price.find(
          (o) => o.reference === first.reference,
        );
        if (bestFirst) expect(bestFirst.price).toBe(marked.offers.find((o) => o.reference === first.reference)!.price);
        const calendar = await inject('POST', '/offers/calendar', {}, { filters: offerRequest({ currency: 'USD' }).filters });
        const day = (calendar.json() as { days: { departureDate: string; lowestPrice: number | null }[] }).days.find(
          (d) => d.departureDate === offerRequest().filters.departureDate,
        )!;
        expect(day.lowestPrice).toBe(Math.min(...marked.offers.map((o) => o.price)));
      } finally {
        for (const rule of [general, own])
          await inject('PUT', `/admin/rates/markups/${rule.id}`, owner.headers, {
            percent: rule.percent,
            fixedUsd: rule.fixedUsd,
            airline: rule.airline,
            active: false,
          });
      }
      const after = await search({ currency: 'USD' });
      expect(after.offers[0]!.price).toBe(first.price);
    });
  });

  describe('a booking keeps its price', () => {
    it('a new search shows a new SDG rate at once; a booking made before keeps its own rate and amount', async () => {
      const before = await rateOf('SDG');
      const offer = await findOffer(ctx, 'available');
      const created = await createBooking(ctx, offer);
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { booking: { id: string } }).booking.id;
      const booked: Booking = await getBooking(ctx, id);
      expect(booked.amount).toBe(offer.price);
      const [stored] = await ctx.database.sql.query<{ pricing: Record<string, unknown>; exchange_rate: string }>(
        'SELECT pricing, exchange_rate FROM bookings WHERE id = $1',
        [id],
      );
      expect(stored!.pricing).toMatchObject({ currency: 'SDG', exchangeRate: before, markupUsd: 0, markupRuleIds: [] });
      expect(Number(stored!.exchange_rate)).toBe(before);

      const raised = Math.round(before * 1.2);
      await setRate({ currency: 'SDG', unitsPerUsd: raised });
      const fresh = await search({ departureDate: offer.slices[0]!.departureDate.slice(0, 10) });
      expect(fresh.rate).toMatchObject({ currency: 'SDG', unitsPerUsd: raised });
      const again = fresh.offers.find((o) => o.reference === offer.reference);
      if (again) expect(again.price).toBeGreaterThan(offer.price * 1.15);

      const kept = await getBooking(ctx, id);
      expect(kept.amount).toBe(booked.amount);
      expect(kept.priceBreakdown).toEqual(booked.priceBreakdown);
      await setRate({ currency: 'SDG', unitsPerUsd: before });
    });
    it('a booking re-priced by the airline keeps its own rate and markup terms, not the ones set since', async () => {
      const rateBefore = await rateOf('SDG');
      const rule = (
        await inject('POST', '/admin/rates/markups', owner.headers, { percent: 10, fixedUsd: 0 })
      ).json() as MarkupRule;
      try {
        const offer = await findOffer(ctx, 'available');
        const booking = await readyBooking(ctx, offer, 'KEEPRATE');
        expect(booking.amount).toBe(offer.price);
        const pricingOf = async () =>
          (
            await ctx.database.sql.query<{ pricing: BookingPricing; exchange_rate: string; amount: string }>(
              'SELECT pricing, exchange_rate, amount FROM bookings WHERE id = $1',
              [booking.id],
            )
          )[0]!;
        const made = await pricingOf();
        expect(made.pricing).toMatchObject({
          exchangeRate: rateBefore,
          markupRuleIds: [rule.id],
          markupPercent: 10,
          markupFixedUsd: 0,
        });
        expect(made.pricing.markupUsd).toBeCloseTo(made.pricing.fareUsd / 10, 1);

        // The agency raises the rate and the markup; then the airline re-prices the booking's offer.
        await setRate({ currency: 'SDG', unitsPerUsd: Math.round(rateBefore * 1.2) });
        await inject('PUT', `/admin/rates/markups/${rule.id}`, owner.headers, { percent: 20, fixedUsd: 0 });
        const dearer = await findOffer(ctx, 'price-changed');
        await ctx.database.sql.query('UPDATE bookings SET offer_reference = $1 WHERE id = $2', [dearer.reference, booking.id]);
        const response = await ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/bookings/${booking.id}/pay`,
          headers: guestHeaders(ctx, booking.id),
          payload: { payLater: true },
        });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({ code: 'PRICE_CHANGED', booking: { previousAmount: booking.amount } });

        const repriced = await pricingOf();
        expect(Number(repriced.exchange_rate)).toBe(rateBefore);
        expect(repriced.pricing).toMatchObject({ exchangeRate: rateBefore, rateId: made.pricing.rateId, markupPercent: 10 });
        expect(repriced.pricing.fareUsd).not.toBe(made.pricing.fareUsd);
        expect(repriced.pricing.markupUsd).toBeCloseTo(repriced.pricing.fareUsd / 10, 1);
        // One adult, no bag bought: the amount is the marked-up fare at the booking's own rate.
        expect(Number(repriced.amount)).toBe(Math.round(repriced.pricing.totalUsd * rateBefore));
      } finally {
        await inject('PUT', `/admin/rates/markups/${rule.id}`, owner.headers, { percent: 20, fixedUsd: 0, active: false });
        await setRate({ currency: 'SDG', unitsPerUsd: rateBefore });
      }
    });
  });

  describe('two processes on one database', () => {
    it('a rate set through one process prices the next search in the other one', async () => {
      const { buildApp } = await import('../src/app.js');
      const other = await buildApp({ env: ctx.env, database: ctx.database });
      await other.ready();
      try {
        const ask = async () => {
          const response = await other.inject({
            method: 'POST',
            url: '/api/v1/offers/request',
            payload: offerRequest({ currency: 'SAR' }),
          });
          return (response.json() as OfferSearchResult).rate.unitsPerUsd;
        };
        const before = await ask();
        const next = Math.round(before * 1.1 * 10_000) / 10_000;
        await setRate({ currency: 'SAR', unitsPerUsd: next });
        expect(await ask()).toBe(next);
        await setRate({ currency: 'SAR', unitsPerUsd: before });
        expect(await ask()).toBe(before);
      } finally {
        await other.close();
      }
    });
  });
});
