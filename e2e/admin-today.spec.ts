import fs from 'node:fs';
import type { DashboardResponse } from '@kwenda/contracts/admin';
import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { dashboardFor } from './support/dashboard-fixture';
import { sharedStaffMember } from './support/staff';

/**
 * The "Today" screen as staff see it, in both languages, on a phone (390 px) and a desktop. The figures
 * come from a fixed answer of GET /admin/dashboard so every shot shows full charts and every count;
 * the server's figures themselves are tested through the API (apps/api/test/admin-dashboard*.test.ts).
 */

const SHOTS = '/tmp/kw/shots';

/** A staff session as the sign-in stores it (the fixed dashboard answer needs no real token). */
const session = {
  jwt: 'e2e.staff.token',
  expiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
  staff: { id: 'u_e2e_viewer', fullName: 'Hiba Viewer', email: 'viewer@agency.test', role: 'viewer', secondFactor: true },
};

async function openToday(page: Page, language: string, query = '') {
  await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(session));
  await page.route('**/api/v1/admin/dashboard?*', async (route) => {
    const days = new URL(route.request().url()).searchParams.get('days') === '30' ? 30 : 7;
    await route.fulfill({ json: dashboardFor(days) });
  });
  // The fixed session's token is no real one: the trial notice's answer is fixed too (a trial on placeholders).
  await page.route('**/api/v1/admin/trial-mode', (route) =>
    route.fulfill({ json: { trial: true, reasons: ['placeholders'], missingSettings: ['BANK_ACCOUNTS'] } }),
  );
  await page.goto(`/admin${query}${query ? '&' : '?'}lang=${language}`);
}

test(
  'Today: what needs action, the day, charts and searched routes, 7 and 30 days',
  { tag: '@both' },
  async ({ page, language }, testInfo) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-today:${key}`, vars);
    const count = (n: number) => new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB').format(n);
    const funnelLabel = ({ offersPageViews, bookings, paid }: { offersPageViews: number; bookings: number; paid: number }) =>
      t('funnel.chartLabel', { views: count(offersPageViews), bookings: count(bookings), paid: count(paid) });
    const shot = async (name: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${language}-${device}.png`, fullPage: true });
    };
    const device = testInfo.project.name.includes('phone') ? 'phone' : 'desktop';
    await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
    fs.mkdirSync(SHOTS, { recursive: true });

    await openToday(page, language);
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    // Each card names its count and opens the screen where it is dealt with.
    const transfers = page.getByRole('link', { name: `3 ${t('actions.transfers.title', { count: 3 })}` });
    await expect(transfers).toHaveAttribute('href', '/admin/transfers');
    await expect(page.getByRole('link', { name: `1 ${t('actions.ticketing.title', { count: 1 })}` })).toHaveAttribute(
      'href',
      '/admin/ticketing',
    );
    await expect(page.getByRole('link', { name: `2 ${t('actions.refunds.title', { count: 2 })}` })).toHaveAttribute(
      'href',
      '/admin/refunds',
    );
    await expect(page.getByRole('link', { name: `2 ${t('actions.holds.title', { count: 2 })}` })).toHaveAttribute(
      'href',
      /\/admin\/bookings\?status=pending-payment/,
    );

    // The charts are images with a name, and their numbers are in tables screen readers reach.
    const week = dashboardFor(7).period.funnel;
    await expect(
      page.getByRole('img', {
        name: funnelLabel(week),
      }),
    ).toBeVisible();
    const daily = page.getByRole('table', { name: t('daily.heading') });
    await expect(daily.getByRole('row')).toHaveCount(8);
    await expect(page.getByRole('table', { name: t('funnel.heading') }).getByRole('row')).toHaveCount(4);

    // The searched routes: one not booked at all is flagged; each opens its bookings.
    await expect(page.getByText(t('routes.notBooked')).filter({ visible: true }).first()).toBeVisible();
    await expect(page.locator(`a[href*="origin=KRT"][href*="destination=DXB"]`).filter({ visible: true })).toHaveCount(1);

    // Time runs in reading order: today is the last label, on the right in English and the left in Arabic.
    const bars = page.locator('svg rect[data-series="bookings"]');
    const firstBox = (await bars.first().boundingBox())!;
    const lastBox = (await bars.last().boundingBox())!;
    if (language === 'ar') expect(firstBox.x).toBeGreaterThan(lastBox.x);
    else expect(firstBox.x).toBeLessThan(lastBox.x);

    // Nothing overflows the page sideways on a phone: wide tables scroll inside their own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(await axeViolations(page)).toEqual([]);
    await shot('today-dashboard');

    // The 30-day switch: the address keeps it and every period figure follows.
    await page.getByText(t('period.30'), { exact: true }).click();
    await expect(page).toHaveURL(/days=30/);
    await expect(daily.getByRole('row')).toHaveCount(31);
    const month = dashboardFor(30).period.funnel;
    await expect(
      page.getByRole('img', {
        name: funnelLabel(month),
      }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot('today-dashboard-30');
  },
);

test('Today without a staff session sends to the sign-in page', async ({ page, language }) => {
  await page.goto(`/admin?lang=${language}`);
  await expect(page).toHaveURL(/\/admin\/login\?return_to=%2Fadmin/);
});

test(
  'a real viewer sees a search made on the site counted on Today, and the screen shows the server’s figures',
  { tag: '@en-desktop' },
  async ({ page, language, request }) => {
    test.setTimeout(90_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-today:${key}`, vars);
    const count = (n: number) => new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB').format(n);
    const viewer = await sharedStaffMember('viewer', 'Hiba Viewer');
    const dashboard = async () => {
      const response = await request.get('/api/v1/admin/dashboard', { headers: { authorization: `Bearer ${viewer.jwt}` } });
      expect(response.status()).toBe(200);
      return (await response.json()) as DashboardResponse;
    };
    const before = await dashboard();
    // A traveller's search on the offers page (the first page, unfiltered): the route is counted once.
    const search = await request.post('/api/v1/offers/request', {
      data: {
        filters: {
          tripType: 'one-way',
          departureStation: 'PZU',
          destinationStation: 'IST',
          departureDate: daysAhead(24),
          passengers: { adults: 1, children: 0, infants: 0 },
          baggage: { hold: 0, carryOn: 0 },
          currency: 'SDG',
        },
        page: 1,
      },
    });
    expect(search.status()).toBe(200);
    await expect.poll(async () => (await dashboard()).period.searches).toBeGreaterThan(before.period.searches);

    // The screen shows what the server answered it (other journeys add to the figures meanwhile).
    await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(viewer.session));
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/dashboard' && r.ok());
    await page.goto(`/admin?lang=${language}`);
    const shown = (await (await answered).json()) as DashboardResponse;
    expect(shown.period.searches).toBeGreaterThan(before.period.searches);
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('actions.heading') })).toBeVisible();
    await expect(page.getByText(t('routes.total', { n: count(shown.period.searches) }))).toBeVisible();
    const { offersPageViews, bookings, paid } = shown.period.funnel;
    await expect(
      page.getByRole('img', {
        name: t('funnel.chartLabel', { views: count(offersPageViews), bookings: count(bookings), paid: count(paid) }),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', {
        name: `${count(shown.actions.transfersToVerify)} ${t('actions.transfers.title', { count: shown.actions.transfersToVerify })}`,
      }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: t('daily.heading') }).getByRole('row')).toHaveCount(8);
    // The most searched route of the answer is listed, and opens its bookings.
    const top = shown.period.routes[0]!;
    await expect(
      page.locator(`a[href*="origin=${top.origin}"][href*="destination=${top.destination}"]`).filter({ visible: true }),
    ).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  },
);
