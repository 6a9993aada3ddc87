import type { BrowserContext, Page } from '@playwright/test';
import { daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { bookThroughApi, payOnSandboxGateway, savePassengersThroughApi } from './support/booking-form';
import { waitForMail } from './support/mailbox';

/**
 * Issue 17, "works offline where it matters": the installable app (manifest, icons), the service worker
 * (apps/web/src/service-worker/sw.ts), and with the connection cut: the home page, the search form's
 * note, the last results of a search (not bookable), the owner's bookings and e-ticket saved on the
 * device, nothing for a stranger, nothing after logout.
 * docs/decisions/0031-service-worker-and-offline-trips.md
 */
test.use({ serviceWorkers: 'allow' });

/** What a browser logs when a request fails because it is offline: expected here, not a fault. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED|Failed to fetch|net::ERR_FAILED|Failed to load resource/;
const dropOfflineNoise = (problems: string[]) =>
  problems.splice(0, problems.length, ...problems.filter((problem) => !OFFLINE_NOISE.test(problem)));

/** Waits until the service worker is active and controls the page (it claims open pages at once). */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Everything a page of this origin could read back: caches and their entries, localStorage, IndexedDB. */
function storedOnDevice(page: Page) {
  return page.evaluate(async () => {
    const cacheEntries: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      cacheEntries[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    const local = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? '']));
    const databases = (await indexedDB.databases()).map((database) => database.name ?? '');
    return { cacheEntries, local, databases };
  });
}

/** The width and height a PNG declares (its IHDR chunk). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('installable: the manifest is Arabic, right to left, its icons load, and every kind of page links it', async ({
  page,
  language,
}) => {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    lang: string;
    dir: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: 'كوندا',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b5e55',
    background_color: '#ffffff',
  });
  expect(manifest.name).toContain('كوندا');
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body())).toEqual({ width, height });
  }

  // A prerendered page, a page rendered per request (offers), the app's empty page (login), a missing page.
  const offers = `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(30)}&lang=${language}`;
  for (const path of [`/?lang=${language}`, offers, `/login?lang=${language}`, `/no-such-page?lang=${language}`]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  }
  // The browser reads it as the page's manifest.
  await page.goto(`/?lang=${language}`);
  const linked = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href);
  expect(linked).toMatch(/\/manifest\.webmanifest$/);
});

test(
  'offline: the home page opens, the search form says so, the last results show their age and wait to be booked',
  { tag: '@both' },
  async ({ page, context, language, problems }) => {
    test.setTimeout(90_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    await page.goto(`/?lang=${language}`);
    await serviceWorkerInControl(page);
    // The worker precached the home page, the app, its fonts and the airport list.
    const cached = await storedOnDevice(page);
    const precache = Object.entries(cached.cacheEntries).find(([name]) => name.includes('precache'))?.[1] ?? [];
    expect(precache).toEqual(
      expect.arrayContaining([`/prerendered/${language}/index.html`, `/prerendered/${language}/app.html`]),
    );
    expect(precache.filter((file) => file.endsWith('.woff2')).length).toBeGreaterThanOrEqual(4);
    expect(precache.some((file) => file.includes('admin'))).toBe(false);
    expect(cached.cacheEntries['kwenda-public-data']).toEqual(expect.arrayContaining(['/api/v1/trips/airports']));

    // A search online: its results are kept on this device.
    const search = `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(24)}&lang=${language}`;
    await page.goto(search);
    const books = page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') });
    await expect(books.first()).toBeEnabled({ timeout: 30_000 });
    // The cards are added a few at a time; the paging footer comes once the last of them is there.
    await expect(
      page.getByRole('button', { name: t('offers:paging.loadMore') }).or(page.getByText(t('offers:paging.end'))),
    ).toBeVisible();
    const online = await books.count();
    await expect(page.getByTestId('fare-calendar')).toHaveCount(1);
    await expect(page.getByTestId('offers-offline')).toHaveCount(0);

    // Online, pages come from the server (rendered with the run-time config in #kwenda-page-data).
    await page.goto(`/?lang=${language}`);
    await expect(page.locator('#kwenda-page-data')).toHaveCount(1);

    await context.setOffline(true);
    // The home page, from the service worker: the copy prerendered at build, in the visitor's language.
    const home = await page.goto(`/?lang=${language}`);
    expect(home?.fromServiceWorker()).toBe(true);
    await expect(page.locator('#kwenda-page-data')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('form', { name: t('search:form.label') })).toBeVisible();
    await expect(page.getByTestId('search-offline')).toHaveText(t('search:offline'));
    await expect(page.getByRole('button', { name: t('search:form.submit') })).not.toHaveAttribute('aria-busy', 'true');

    // The same search: the saved results, their age, and booking held back until online.
    await page.goto(search);
    const note = page.getByTestId('offers-offline');
    await expect(note).toContainText(t('offers:offline.title'));
    const minuteAgo = language === 'ar' ? /هذه الدقيقة|الآن|قبل/ : /this minute|now|minute ago|minutes ago/;
    await expect(note).toContainText(minuteAgo);
    await expect(books).toHaveCount(online);
    for (const book of await books.all()) await expect(book).toBeDisabled();
    // Nothing that waits for the server: no fare calendar or its placeholder, no filters loading.
    await expect(page.getByTestId('fare-calendar')).toHaveCount(0);
    await expect(page.getByText(t('offers:filters.loading'))).toHaveCount(0);
    await expect(page.getByText(t('offers:states.loading'))).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`offers-offline-${language}.png`), fullPage: true });

    // A search never made here: said plainly, no spinner.
    await page.goto(search.replace('destinationStation=CAI', 'destinationStation=JED'));
    await expect(page.getByTestId('offers-offline')).toContainText(t('offers:offline.none'));
    await page.goBack();
    await expect(books.first()).toBeDisabled();

    // Back online: the search runs again and its offers can be booked.
    await context.setOffline(false);
    await expect(page.getByTestId('offers-offline')).toHaveCount(0);
    await expect(books.first()).toBeEnabled({ timeout: 30_000 });
    dropOfflineNoise(problems);
  },
);

/** An account, confirmed with its e-mailed code, signed in on the page; its token for API calls. */
async function signedInAccount(page: Page, context: BrowserContext, project: string) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `offline-${project}-${stamp}@example.com`;
  const password = 'Red-Sea-Harbour-17';
  await context.setExtraHTTPHeaders({
    'x-forwarded-for': `10.17.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  });
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { payload: { fullName: 'Hiba Yousif', email, password, passwordConfirmation: password } },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const mail = await waitForMail(email, /Kwenda code/);
  const otp = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const verified = await page.request.post('/api/v1/auth/otp', { data: { email, otp, fullName: 'Hiba Yousif' } });
  expect(verified.status(), await verified.text()).toBe(200);
  const auth = (await verified.json()) as { jwt: string; expiresAt: string; user: unknown };
  await page.evaluate(
    (session) => localStorage.setItem('kwenda.session', session),
    JSON.stringify({ jwt: auth.jwt, expiresAt: auth.expiresAt, user: auth.user }),
  );
  return auth.jwt;
}

test(
  "my trip offline: the owner's held and ticketed bookings and the e-ticket open with no connection; a stranger's view is not kept; logout removes them",
  { tag: '@both' },
  async ({ page, context, browser, language, problems }, testInfo) => {
    test.setTimeout(240_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const project = testInfo.project.name;
    const lastName = `OFFLINE${project.replace(/[^a-z]/g, '').toUpperCase()}`;
    const passenger = { firstName: 'AMNA', lastName, dateOfBirth: '1991-04-17', gender: 'F', documentNumber: 'P01234567' };
    const party = { adults: 1, children: 0, infants: 0 };
    await page.goto(`/?lang=${language}`);
    await serviceWorkerInControl(page);

    // A guest's held booking (this browser made it: the owner).
    const held = await bookThroughApi(page.request, 26, party);
    await savePassengersThroughApi(page.request, held, passenger, { email: `offline.${project}@example.com` });
    expect((await page.request.put(`/api/v1/bookings/${held}/pay`, { data: { payLater: true } })).status()).toBe(200);
    await page.goto(`/booking/${held}?lang=${language}`);
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
    await expect(page.getByTestId('saved-trip-note')).toContainText(t('booking:savedTrip.saved').split('{{time}}')[0]!);

    // An account's booking, paid by card: confirmed, its e-ticket issued and saved with it.
    const jwt = await signedInAccount(page, context, project);
    const account = { authorization: `Bearer ${jwt}` };
    const ticketed = await bookThroughApi(
      {
        post: (url: string, options: { data: unknown }) => page.request.post(url, { ...options, headers: account }),
      } as unknown as Parameters<typeof bookThroughApi>[0],
      27,
      party,
    );
    const accountRequest = {
      get: (url: string) => page.request.get(url, { headers: account }),
      put: (url: string, options: { data: unknown }) => page.request.put(url, { ...options, headers: account }),
    } as unknown as Parameters<typeof savePassengersThroughApi>[0];
    await savePassengersThroughApi(accountRequest, ticketed, passenger, { email: `offline.account.${project}@example.com` });
    await page.goto(`/booking/${ticketed}?lang=${language}`);
    // The passengers the API saved are on the form: on to the payment.
    await page.getByRole('button', { name: t('booking:submit') }).click();
    await payOnSandboxGateway(page, language);
    await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible({
      timeout: 30_000,
    });
    const ticketLink = (await page.getByRole('link', { name: t('booking:final.print') }).getAttribute('href'))!;
    expect(ticketLink).toMatch(/\/ticket\.pdf$/);
    await expect
      .poll(async () => (await storedOnDevice(page)).cacheEntries['kwenda-saved-trips'] ?? [], { timeout: 15_000 })
      .toEqual(expect.arrayContaining([`/api/v1/bookings/${held}`, `/api/v1/bookings/${ticketed}`, ticketLink]));

    await context.setOffline(true);
    // The held booking: the app from the service worker, the booking from this device, with the note.
    await page.goto(`/booking/${held}?lang=${language}`);
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
    const note = page.getByTestId('saved-trip-note');
    await expect(note).toContainText(t('booking:savedTrip.offlineTitle'));
    await expect(note).toContainText(t('booking:savedTrip.offline').split('{{time}}')[0]!);
    await page.screenshot({ path: testInfo.outputPath(`held-offline-${language}.png`), fullPage: true });

    // The ticketed booking and its e-ticket PDF.
    await page.goto(`/booking/${ticketed}?lang=${language}`);
    await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible();
    await expect(note).toContainText(t('booking:savedTrip.offlineTitle'));
    // The e-ticket button's address, requested from the page as the button does: the saved PDF.
    const pdf = await page.evaluate(async (link) => {
      const response = await fetch(link);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        start: String.fromCharCode(...bytes.slice(0, 5)),
        size: bytes.length,
      };
    }, ticketLink);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', start: '%PDF-' });
    expect(pdf.size).toBeGreaterThan(1000);
    await page.screenshot({ path: testInfo.outputPath(`ticketed-offline-${language}.png`), fullPage: true });
    await context.setOffline(false);

    // A stranger with the held booking's link: the limited view, and nothing of it kept on their device.
    const stranger = await browser.newContext({ serviceWorkers: 'allow', locale: language === 'ar' ? 'ar-SD' : 'en-GB' });
    try {
      const other = await stranger.newPage();
      await other.goto(`/booking/${held}?lang=${language}`);
      await expect(other.getByText(t('booking:limited.title'))).toBeVisible();
      await expect(other.getByTestId('saved-trip-note')).toHaveCount(0);
      await other.waitForTimeout(500);
      const theirs = await storedOnDevice(other);
      expect(theirs.cacheEntries['kwenda-saved-trips'] ?? []).toEqual([]);
      expect(JSON.stringify(theirs)).not.toContain(lastName);
    } finally {
      await stranger.close();
    }

    // Logout: no booking, e-ticket or passenger detail remains anywhere the page can read.
    await context.setExtraHTTPHeaders({});
    await page.goto(`/?lang=${language}`);
    if (project.includes('phone')) {
      await page.getByRole('button', { name: t('nav.openMenu') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('nav.logout') })
        .click();
    } else {
      await page
        .getByRole('banner')
        .getByRole('button', { name: t('nav.logout') })
        .click();
    }
    await expect(page.getByRole('heading', { name: t('auth:logout.title') })).toBeVisible();
    const left = await storedOnDevice(page);
    expect(left.cacheEntries['kwenda-saved-trips']).toBeUndefined();
    const everything = JSON.stringify(left);
    for (const secret of [lastName, 'P01234567', held, ticketed, 'kwenda.session']) expect(everything).not.toContain(secret);
    dropOfflineNoise(problems);
  },
);
