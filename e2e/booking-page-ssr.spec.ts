import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { bookThroughApi, savePassengersThroughApi, payWithTestCard, type ApiPassenger } from './support/booking-form';
import { journeyShot } from './support/shots';

/**
 * A booking's page reaches the browser that holds the booking's access painted by the server, in every
 * state (passengers, payment, held, ticketed), and hydrates without a change: no hydration error, the
 * server's elements kept, nothing moving, and no second read of the booking the page already carries.
 * Anyone else gets the page painted in its loading state without any of the booking in it, which hydrates
 * and then reads the booking (the limited view). apps/api/src/plugins/web-app.ts
 */

const person = (family: string): ApiPassenger => ({
  firstName: 'AMNA',
  lastName: family,
  dateOfBirth: '1990-04-12',
  gender: 'F',
  documentNumber: 'P01234567',
});

/**
 * Before any script runs, keeps the root's first element (the server's markup) and sums every layout
 * shift from then on, so the test can tell whether hydration kept the markup and moved anything.
 */
async function watchHydration(page: Page) {
  await page.addInitScript(() => {
    const state = { shift: 0, shifts: [] as string[], painted: null as Element | null };
    (window as unknown as { __ssr: typeof state }).__ssr = state;
    document.addEventListener('DOMContentLoaded', () => {
      state.painted = document.querySelector('#root > *');
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        state.shift += entry.value;
        state.shifts.push(
          `${entry.value.toFixed(4)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120)).join(' | ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Loads the booking's page afresh and checks it: the document the server sends this browser already holds
 * `painted` (and the booking's reference), hydration keeps it, moves nothing and reads the booking no more.
 * `prefix` opens it under an agent's referral code ('/KW2024').
 */
async function expectPaintedAndHydrated(
  page: Page,
  id: string,
  language: string,
  painted: string,
  shot: string,
  project: string,
  prefix = '',
) {
  const address = `${prefix}/booking/${id}?lang=${language}`;
  // The document as the server sends it to this browser (its cookies, the page's copy of the access one included).
  const document = await (await page.request.get(address)).text();
  const booking = (await (await page.request.get(`/api/v1/bookings/${id}`)).json()) as { bookingReference: string };
  const root = document.slice(document.indexOf('<div id="root">'));
  expect(root, 'the server painted the step').toContain(painted);
  expect(root).toContain(booking.bookingReference);
  expect(document).toContain('id="kwenda-page-data"');

  const reads: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/v1/bookings/${id}`) reads.push(request.url());
  };
  page.on('request', onRequest);
  await page.goto(address);
  await expect(page.getByText(painted, { exact: false }).first()).toBeVisible();
  // Give anything after hydration (saved copy, drafts, fonts, the config) time to land.
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const state = (window as unknown as { __ssr: { shift: number; shifts: string[]; painted: Element | null } }).__ssr;
    return {
      shift: state.shift,
      shifts: state.shifts,
      kept: state.painted !== null && document.getElementById('root')!.contains(state.painted),
    };
  });
  page.off('request', onRequest);
  expect(result.kept, 'hydration kept the server-rendered markup (no client re-render)').toBe(true);
  expect(result.shifts, 'no layout shift').toEqual([]);
  expect(result.shift).toBe(0);
  expect(reads, 'the booking the page carries is not read again while it hydrates').toEqual([]);
  await journeyShot(page, 'ssr', shot, project, false);
}

test("a booking's page arrives painted for its owner in every state and hydrates without a change @both", async ({
  page,
  browser,
  language,
}, testInfo) => {
  test.setTimeout(180_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const project = testInfo.project.name;
  const family = `SSR${project.replace(/[^a-z]/gi, '').toUpperCase()}`;
  await watchHydration(page);

  // Passengers: nothing sent yet.
  const id = await bookThroughApi(page.request, 24, { adults: 1, children: 0, infants: 0 });
  await expectPaintedAndHydrated(page, id, language, t('booking:passengers.title'), 'passengers', project);

  // A stranger (a browser without the booking's cookie) gets the same page as for a booking that does
  // not exist (but for the id in its address): the page loading, none of the booking in it.
  const stranger = await browser.newContext();
  try {
    const missingId = `bk_${'Z'.repeat(22)}`;
    const theirs = await (await stranger.request.get(`/booking/${id}?lang=${language}`)).text();
    const missing = await stranger.request.get(`/booking/${missingId}?lang=${language}`);
    expect(missing.status()).toBe(404);
    expect(theirs.replaceAll(id, '<id>')).toBe((await missing.text()).replaceAll(missingId, '<id>'));
    expect(theirs).toContain(t('booking:loading'));
    expect(theirs).not.toContain(t('booking:passengers.title'));
    expect(theirs).not.toContain('"booking"');
  } finally {
    await stranger.close();
  }

  // Passengers saved: the page opens at the passengers again, filled in.
  await savePassengersThroughApi(page.request, id, person(family), { email: `ssr-${project}@example.com` });
  await expectPaintedAndHydrated(page, id, language, t('booking:passengers.title'), 'passengers-saved', project);

  // Payment: the card chosen, the gateway's page left unpaid (the page opens at the payment step).
  const byCard = await page.request.put(`/api/v1/bookings/${id}/pay`, { data: { payLater: false } });
  expect(byCard.status(), await byCard.text()).toBe(200);
  const { paymentLink } = ((await byCard.json()) as { booking: { paymentLink: string } }).booking;
  await expectPaintedAndHydrated(page, id, language, t('booking:payment.title'), 'payment', project);

  // Ticketed: paid on the sandbox gateway, back on the page, then opened afresh.
  // The gateway's own page (no app on it to wait for).
  await page.goto(paymentLink, { waitUntil: 'commit' });
  await payWithTestCard(page);
  await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible({
    timeout: 30_000,
  });
  await expectPaintedAndHydrated(page, id, language, t('booking:final.confirmedTitle'), 'ticketed', project);
  await expect(page.getByTestId('pnr')).toBeVisible();

  // Held: another booking, to pay later by transfer.
  const later = await bookThroughApi(page.request, 25, { adults: 1, children: 0, infants: 0 });
  await savePassengersThroughApi(page.request, later, person(family), { email: `ssr-${project}@example.com` });
  const held = await page.request.put(`/api/v1/bookings/${later}/pay`, { data: { payLater: true } });
  expect(held.status(), await held.text()).toBe(200);
  await expectPaintedAndHydrated(page, later, language, t('booking:final.heldTitle'), 'held', project);
});

test("a stranger opening a booking's link gets the page painted loading, hydrated as it is, then the limited view @both", async ({
  page,
  browser,
  language,
}, testInfo) => {
  test.setTimeout(120_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const project = testInfo.project.name;
  const phone = project.includes('phone');
  const family = `STRANGER${project.replace(/[^a-z]/gi, '').toUpperCase()}`;
  const id = await bookThroughApi(page.request, 26, { adults: 1, children: 0, infants: 0 });
  await savePassengersThroughApi(page.request, id, person(family), { email: `ssr-stranger-${project}@example.com` });
  const booking = (await (await page.request.get(`/api/v1/bookings/${id}`)).json()) as {
    bookingReference: string;
    amount: number;
  };

  // Another device with only the link: nothing of the first browser, the project's size and language.
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: language === 'ar' ? 'ar-SD' : 'en-GB',
    // The booking's read is held below: a service worker's own fetch would pass by the page's routes.
    serviceWorkers: 'block',
  });
  try {
    const other = await context.newPage();
    const problems: string[] = [];
    other.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    other.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await watchHydration(other);
    const address = `/booking/${id}?lang=${language}`;

    // The document the server sends it: the page's frame and the loading state painted, no booking in it.
    const document = await (await other.request.get(address)).text();
    const root = document.slice(document.indexOf('<div id="root">'));
    expect(root.startsWith('<div id="root"></div>'), 'the server painted the page').toBe(false);
    expect(root).toContain('id="main-content"');
    expect(root).toContain(t('booking:loading'));
    for (const secret of [booking.bookingReference, family, `ssr-stranger-${project}`, String(booking.amount)])
      expect(document, secret).not.toContain(secret);
    const data = JSON.parse(/id="kwenda-page-data">([^<]*)<\/script>/.exec(document)![1]!) as Record<string, unknown>;
    expect(data).not.toHaveProperty('booking');

    // The booking's read held until the page has hydrated: hydration keeps the loading state as painted.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await other.route(`**/api/v1/bookings/${id}`, async (route) => {
      await released;
      await route.continue();
    });
    await other.goto(address);
    await other.locator('html[data-ready]').waitFor({ state: 'attached' });
    await expect(other.getByRole('status', { name: t('booking:loading') })).toBeVisible();
    await other.waitForTimeout(500);
    const hydrated = await other.evaluate(() => {
      const state = (window as unknown as { __ssr: { shift: number; shifts: string[]; painted: Element | null } }).__ssr;
      return {
        shifts: state.shifts,
        kept: state.painted !== null && document.getElementById('root')!.contains(state.painted),
      };
    });
    expect(hydrated.kept, 'hydration kept the server-rendered markup (no client re-render)').toBe(true);
    expect(hydrated.shifts, 'no layout shift while hydrating').toEqual([]);

    // Then the booking is read as before: the limited view, the frame still the server's.
    release();
    await expect(other.getByText(t('booking:limited.title'))).toBeVisible();
    await expect(
      other.getByRole('heading', { level: 1, name: t('booking:pageTitle', { reference: booking.bookingReference }) }),
    ).toBeVisible();
    expect(
      await other.evaluate(() => {
        const state = (window as unknown as { __ssr: { painted: Element | null } }).__ssr;
        return state.painted !== null && document.getElementById('root')!.contains(state.painted);
      }),
    ).toBe(true);
    await journeyShot(other, 'ssr', 'stranger-limited', project, false);
    expect(problems, 'no console errors or page errors').toEqual([]);
  } finally {
    await context.close();
  }
});

test("a booking made through an agent's link arrives painted under the agent's code too, and to no one else @both", async ({
  page,
  browser,
  language,
}, testInfo) => {
  test.setTimeout(120_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const project = testInfo.project.name;
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await watchHydration(page);

  // Booked through KW2024's link: the site takes the traveller to /KW2024/booking/<id>, painted for them there.
  const id = await bookThroughApi(page.request, 27, { adults: 1, children: 0, infants: 0 }, 'KW2024');
  await expectPaintedAndHydrated(page, id, language, t('booking:passengers.title'), 'referral-passengers', project, '/KW2024');
  // Rendered under the code: its links keep it, and the browser remembers it (for the next booking).
  await expect(page.locator('a[href="/KW2024"]').first()).toBeAttached();
  expect(await page.evaluate(() => window.localStorage.getItem('kwenda.referralCode'))).toBe('KW2024');
  expect(problems, 'no console errors or page errors').toEqual([]);

  // Anyone else gets it loading under the code: the same bytes as a booking that does not exist there.
  const stranger = await browser.newContext();
  try {
    const missingId = `bk_${'Y'.repeat(22)}`;
    const theirs = await stranger.request.get(`/KW2024/booking/${id}?lang=${language}`);
    const missing = await stranger.request.get(`/KW2024/booking/${missingId}?lang=${language}`);
    expect(theirs.status()).toBe(200);
    expect(missing.status()).toBe(404);
    const body = await theirs.text();
    expect(body.replaceAll(id, '<id>')).toBe((await missing.text()).replaceAll(missingId, '<id>'));
    expect(body).toContain(t('booking:loading'));
    expect(body).toContain('href="/KW2024"');
    expect(body).not.toContain(t('booking:passengers.title'));
    expect(body).not.toContain('"booking"');
  } finally {
    await stranger.close();
  }
});
