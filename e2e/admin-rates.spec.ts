import type { Booking, Currency, OfferSearchResult } from '@kwenda/contracts';
import type { RatesOverview } from '@kwenda/contracts/admin';
import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { sharedStaffMember, type RealStaffMember } from './support/staff';
import { offersSearchBody } from './support/booking-form';
import { firstAvailableOffer, nextOffersAnswer } from './support/offers-answer';

/**
 * Rates and prices. The journey is real: an owner made with the documented command (`npm run staff --
 * create ... --role owner`, its set-up link, a password and the authenticator), a booking made before,
 * the rate changed on the screen, a new search priced at the new rate while the booking keeps its own.
 * The command works beside the running server, on PostgreSQL and on the embedded database alike.
 * The screenshots of every state come from a fixed answer of GET /admin/rates.
 */

const SHOTS = '/tmp/kw/shots';
/** Each project changes a currency of its own: the four run side by side against one server. */
const CURRENCY_OF: Record<string, Currency> = { 'ar-desktop': 'SDG', 'en-desktop': 'EGP', 'ar-phone': 'SAR', 'en-phone': 'AED' };
const deviceOf = (project: string) => (project.endsWith('phone') ? 'phone' : 'desktop');
const sizeOf = (project: string) => (deviceOf(project) === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });

type StoredSession = RealStaffMember['session'];

async function signIn(page: Page, session: StoredSession) {
  await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(session));
}

test.describe('rates and prices', () => {
  test('the owner changes a rate: a new search shows the new price, a booking made before keeps its own', async ({
    page,
    request,
    language,
  }, info) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-rates:${key}`, vars);
    const currency = CURRENCY_OF[info.project.name]!;
    await page.setViewportSize(sizeOf(info.project.name));
    const owner = (await sharedStaffMember('owner', 'Amna Owner')).session;
    const headers = { authorization: `Bearer ${owner.jwt}` };
    const rates = (await (await request.get('/api/v1/admin/rates', { headers })).json()) as RatesOverview;
    const before = rates.rates.find((r) => r.currency === currency)!.unitsPerUsd;

    // A booking made at today's rate.
    const days = 30 + Object.keys(CURRENCY_OF).indexOf(info.project.name);
    const first = (await (
      await request.post('/api/v1/offers/request', { data: offersSearchBody(days, { currency }) })
    ).json()) as OfferSearchResult;
    expect(first.rate).toMatchObject({ currency, unitsPerUsd: before });
    // The first offer the airline neither re-prices nor withdraws when booked (the sandbox does either to a few).
    const offer = first.offers[firstAvailableOffer(first.offers)]!;
    const created = await request.post('/api/v1/bookings', {
      data: {
        reference: offer.reference,
        payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const bookingId = ((await created.json()) as { booking: { id: string } }).booking.id;
    const booked = (await (await request.get(`/api/v1/bookings/${bookingId}`)).json()) as Booking;
    expect(booked.previousAmount).toBeNull();
    expect(booked.amount).toBe(offer.price);

    const next = Math.round(before * 1.2 * 100) / 100;
    await signIn(page, owner);
    try {
      // The owner sets a new rate on the screen (20 % up: no confirmation needed).
      await page.goto(`/admin/rates?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
      await page.getByRole('button', { name: t('rates.changeLabel', { currency }) }).click();
      const dialog = page.getByRole('dialog', { name: t('form.title') });
      await dialog.getByRole('textbox', { name: t('form.rate') }).fill(String(next));
      await expect(dialog.getByTestId('rate-preview')).toBeVisible();
      await dialog.getByRole('button', { name: t('form.submit') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('rates.setNotice', { currency }) })).toBeVisible();
      const card = page.getByRole('article', { name: new RegExp(`^${currency} `) });
      await expect(card.getByTestId('rate-value')).toContainText(next.toLocaleString('en-US', { maximumFractionDigits: 6 }));
      await expect(card).toContainText(t('rates.setBy', { name: 'Amna Owner' }));
      // The newest line of this currency (other journeys change theirs side by side).
      const newest = page.getByTestId('rates-history').locator('tbody tr').filter({ hasText: currency }).first();
      await expect(newest).toContainText('Amna Owner');
      await expect(newest).toContainText(t('history.status.in-effect'));
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/rates-changed-${language}-${deviceOf(info.project.name)}.png`, fullPage: true });

      // A new search, on the offers page: priced at the new rate, with the rate and its date in small print.
      const answer = nextOffersAnswer(page);
      await page.goto(
        `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(days)}&currency=${currency}&lang=${language}`,
      );
      const shown = await answer;
      expect(shown.rate).toMatchObject({ currency, unitsPerUsd: next });
      const same = shown.offers.find((o) => o.reference === offer.reference) ?? shown.offers[0]!;
      expect(same.price).toBeGreaterThan(offer.price * 1.15);
      await expect(page.getByTestId('rate-note')).toContainText(next.toLocaleString('en-US', { maximumFractionDigits: 2 }));
      await page.screenshot({ path: `${SHOTS}/rates-offers-note-${language}-${deviceOf(info.project.name)}.png` });

      // The booking made before keeps its rate and amount.
      const kept = (await (await request.get(`/api/v1/bookings/${bookingId}`)).json()) as Booking;
      expect(kept.amount).toBe(booked!.amount);
      expect(kept.priceBreakdown).toEqual(booked!.priceBreakdown);
    } finally {
      // Back to the rate of before at once, even when a step failed: the other journeys of this server search in it.
      const back = await request.post('/api/v1/admin/rates', {
        headers,
        data: { currency, unitsPerUsd: before, confirmLargeChange: true },
      });
      expect(back.status()).toBe(201);
    }
  });

  for (const role of ['owner', 'viewer'] as const)
    test(`the screen as the ${role} sees it, every state`, async ({ page, language }, info) => {
      const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-rates:${key}`, vars);
      await page.setViewportSize(sizeOf(info.project.name));
      await signIn(page, {
        jwt: 'e2e.staff.token',
        expiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
        staff: { id: `us_e2e_${role}`, fullName: 'Amna Owner', email: `${role}@agency.test`, role, secondFactor: true },
      });
      await page.route('**/api/v1/admin/rates', (route) => route.fulfill({ json: OVERVIEW }));
      await page.goto(`/admin/rates?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
      await expect(page.getByTestId('rate-card')).toHaveCount(OVERVIEW.rates.length);
      await expect(page.getByTestId('markup-rule')).toHaveCount(OVERVIEW.markups.length);
      const device = deviceOf(info.project.name);
      if (role === 'owner') {
        await expect(page.getByRole('button', { name: t('markups.add') })).toBeVisible();
        await expect(
          page.getByRole('button', {
            name: new RegExp(t('rates.cancelScheduledLabel', { currency: 'SDG', date: 'DATE' }).split('DATE')[0]!),
          }),
        ).toBeVisible();
      } else {
        await expect(page.getByText(t('readOnly'))).toBeVisible();
        await expect(page.getByRole('button', { name: t('rates.change') })).toHaveCount(0);
      }
      // Nothing wider than the screen: the history scrolls inside its own area.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/rates-${role}-${language}-${device}.png`, fullPage: true });
      if (role !== 'owner') return;

      // The change form, with a rate far from the one in effect: the confirmation is asked.
      await page.getByRole('button', { name: t('rates.changeLabel', { currency: 'SDG' }) }).click();
      const dialog = page.getByRole('dialog', { name: t('form.title') });
      await dialog.getByRole('textbox', { name: t('form.rate') }).fill('26000');
      await dialog.getByText(t('form.later'), { exact: true }).click();
      await expect(dialog.getByRole('radio', { name: t('form.later') })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: t('form.confirmLarge') })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/rates-change-form-${language}-${device}.png` });
      await dialog.getByRole('button', { name: t('cancel') }).click();

      // The markup form.
      await page.getByRole('button', { name: t('markups.add') }).click();
      const markup = page.getByRole('dialog', { name: t('markups.form.addTitle') });
      await markup.getByRole('textbox', { name: t('markups.form.airline') }).fill('SD');
      await markup.getByRole('textbox', { name: t('markups.form.origin') }).fill('KRT');
      await markup.getByRole('textbox', { name: t('markups.form.destination') }).fill('KRT');
      await markup.getByRole('button', { name: t('markups.form.submit') }).click();
      await expect(markup.getByText(t('markups.form.errors.destination'))).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/rates-markup-form-${language}-${device}.png` });
    });
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const amna = { id: 'us_owner', name: 'Amna Owner' };

/** SDG's next rate, set an hour ago for tomorrow: in its currency's line and first in the history. */
const scheduledSdg: RatesOverview['history'][number] = {
  id: 'rate_sdg_4',
  currency: 'SDG',
  unitsPerUsd: 2700,
  previousUnitsPerUsd: 2650,
  effectiveAt: new Date(Date.now() + 20 * 3_600_000).toISOString(),
  setAt: hoursAgo(1),
  setBy: amna,
  status: 'scheduled',
  canceledAt: null,
};

const OVERVIEW: RatesOverview = {
  rates: [
    {
      currency: 'SDG',
      rateId: 'rate_sdg_3',
      unitsPerUsd: 2650,
      effectiveAt: hoursAgo(5),
      setBy: amna,
      scheduled: [scheduledSdg],
    },
    { currency: 'EUR', rateId: 'rate_start_eur', unitsPerUsd: 0.86, effectiveAt: hoursAgo(900), setBy: null, scheduled: [] },
    { currency: 'SAR', rateId: 'rate_start_sar', unitsPerUsd: 3.75, effectiveAt: hoursAgo(900), setBy: null, scheduled: [] },
    { currency: 'AED', rateId: 'rate_aed_2', unitsPerUsd: 3.6725, effectiveAt: hoursAgo(30), setBy: amna, scheduled: [] },
    { currency: 'EGP', rateId: 'rate_start_egp', unitsPerUsd: 47.5, effectiveAt: hoursAgo(900), setBy: null, scheduled: [] },
    { currency: 'QAR', rateId: 'rate_start_qar', unitsPerUsd: 3.64, effectiveAt: hoursAgo(900), setBy: null, scheduled: [] },
    { currency: 'TRY', rateId: 'rate_start_try', unitsPerUsd: 42.5, effectiveAt: hoursAgo(900), setBy: null, scheduled: [] },
  ],
  history: [
    scheduledSdg,
    {
      id: 'rate_sdg_3',
      currency: 'SDG',
      unitsPerUsd: 2650,
      previousUnitsPerUsd: 2600,
      effectiveAt: hoursAgo(5),
      setBy: amna,
      setAt: hoursAgo(5),
      status: 'in-effect',
      canceledAt: null,
    },
    {
      id: 'rate_aed_2',
      currency: 'AED',
      unitsPerUsd: 3.6725,
      previousUnitsPerUsd: 3.67,
      effectiveAt: hoursAgo(30),
      setBy: amna,
      setAt: hoursAgo(31),
      status: 'in-effect',
      canceledAt: null,
    },
    {
      id: 'rate_sdg_x',
      currency: 'SDG',
      unitsPerUsd: 6200,
      previousUnitsPerUsd: 2600,
      effectiveAt: hoursAgo(40),
      setBy: amna,
      setAt: hoursAgo(48),
      status: 'canceled',
      canceledAt: hoursAgo(47),
    },
    {
      id: 'rate_start_sdg',
      currency: 'SDG',
      unitsPerUsd: 2600,
      previousUnitsPerUsd: null,
      effectiveAt: hoursAgo(900),
      setBy: null,
      setAt: hoursAgo(900),
      status: 'replaced',
      canceledAt: null,
    },
  ],
  markups: [
    {
      id: 'mk_1',
      percent: 5,
      fixedUsd: 0,
      airline: null,
      origin: null,
      destination: null,
      cabin: null,
      active: true,
      note: null,
      createdAt: hoursAgo(200),
      createdBy: amna,
      updatedAt: hoursAgo(200),
      updatedBy: amna,
    },
    {
      id: 'mk_2',
      percent: 2,
      fixedUsd: 10,
      airline: 'SD',
      origin: 'KRT',
      destination: 'DXB',
      cabin: 'business',
      active: true,
      note: 'Sudan Airways business to Dubai',
      createdAt: hoursAgo(100),
      createdBy: amna,
      updatedAt: hoursAgo(20),
      updatedBy: amna,
    },
    {
      id: 'mk_3',
      percent: 0,
      fixedUsd: 0,
      airline: 'TF',
      origin: null,
      destination: null,
      cabin: null,
      active: false,
      note: null,
      createdAt: hoursAgo(300),
      createdBy: amna,
      updatedAt: hoursAgo(50),
      updatedBy: amna,
    },
  ],
};
