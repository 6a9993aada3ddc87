import type { Page, Request } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';

/**
 * Issue 5: the changelog (markdown from the repo, sanitized, left to right inside the RTL site) and
 * the page views the web app reports on the first load and on every route change.
 */

const otherLanguage = (language: string) => (language === 'ar' ? 'en' : 'ar');

test('the changelog shows its entries left to right under a heading in the page language', async ({ page, language }) => {
  await page.goto(`/changelog?lang=${language}`);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: tr(language, 'changelog:title') })).toBeVisible();

  const entries = page.locator('main article');
  await expect(entries).toHaveAttribute('dir', 'ltr');
  await expect(entries).toHaveAttribute('lang', 'en');
  expect(await entries.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  await expect(entries.getByRole('heading', { level: 2 }).first()).toHaveText(/^\d+\.\d+\.\d+ — \d{4}-\d{2}-\d{2}$/);
  for (const shipped of ['Search', 'Offers', 'Booking', 'Payment and the e-ticket', 'Accounts']) {
    // Later releases may have a section of the same name: the first one is enough.
    await expect(entries.getByRole('heading', { level: 3, name: shipped, exact: true }).first()).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);

  // The other language: the heading follows, the entries stay left to right.
  const other = otherLanguage(language);
  await page.getByRole('link', { name: tr(language, 'language.switchLabel') }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: tr(other, 'changelog:title') })).toBeVisible();
  await expect(entries).toHaveAttribute('dir', 'ltr');
  expect(await entries.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  expect(await axeViolations(page)).toEqual([]);
});

const hostileChangelog = `## 9.9.9 — 2026-12-01

### Hostile entry

- Harmless text that stays.
- <script>window.__pwned=1</script>
- <img src=x onerror="window.__pwned=2"> an image with a handler
- <a href="javascript:window.__pwned=3">a javascript link</a> and a [markdown one](javascript:window.__pwned=3)
- <iframe src="/" onload="window.__pwned=4"></iframe>
- <p style="position:fixed;inset:0" onmouseover="window.__pwned=5">styled</p>
`;

test('a changelog entry carrying a script runs nothing', { tag: '@en-desktop' }, async ({ page, language }) => {
  await page.route('**/changelog.md', (route) =>
    route.fulfill({ status: 200, contentType: 'text/markdown; charset=utf-8', body: hostileChangelog }),
  );
  await page.goto(`/changelog?lang=${language}`);
  const entries = page.locator('main article');
  await expect(entries.getByRole('heading', { level: 3, name: 'Hostile entry' })).toBeVisible();
  await expect(entries).toContainText('Harmless text that stays.');
  // Raw HTML in the file is shown as text, never parsed.
  await expect(entries).toContainText('<script>window.__pwned=1</script>');
  await entries.hover();
  await page.waitForTimeout(300); // time for an image error or a frame load to fire, had one survived

  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await entries.locator('script, img, iframe, [style], [onerror], [onload], [onmouseover]').count()).toBe(0);
  expect(await page.evaluate(() => [...document.scripts].some((script) => script.text.includes('__pwned')))).toBe(false);
  const hrefs = await entries.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href !== null && /^\s*javascript:/i.test(href))).toEqual([]);
});

const isPageView = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/analytics/pageview';

/** The next page view the page sends for `path`, and the API's answer to it. */
function nextPageView(page: Page, path: string) {
  return page.waitForRequest((request) => isPageView(request) && JSON.parse(request.postData() ?? '{}').path === path);
}

test(
  'the first load and a route change each send a page view without the query string',
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (isPageView(request)) sent.push(JSON.parse(request.postData() ?? 'null'));
    });

    // Arriving with a referral code and a query string: the path has neither, the code travels apart.
    const first = nextPageView(page, '/changelog');
    await page.goto(`/KW2024/changelog?lang=${language}&utm_source=newsletter`);
    const firstView = await first;
    expect(JSON.parse(firstView.postData()!)).toEqual({
      path: '/changelog',
      referrer: '',
      language,
      referralCode: 'KW2024',
    });
    expect((await firstView.response())?.status()).toBe(204);
    await expect(page.getByRole('heading', { level: 1, name: tr(language, 'changelog:title') })).toBeVisible();

    // An in-site link to another route: the brand in the header, home (keeping the referral segment).
    const second = nextPageView(page, '/');
    await page
      .getByRole('banner')
      .getByRole('link', { name: tr(language, 'brand'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/KW2024$/);
    const secondView = await second;
    expect(new URL(secondView.url()).search).toBe('');
    expect(JSON.parse(secondView.postData()!)).toEqual({ path: '/', referrer: '', language, referralCode: 'KW2024' });

    // One view per route: re-rendering and the language switch add none.
    await page.getByRole('link', { name: tr(language, 'language.switchLabel') }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', otherLanguage(language));
    await page.waitForTimeout(300);
    expect(sent.map((view) => (view as { path: string }).path)).toEqual(['/changelog', '/']);
  },
);

test('an unexpected error shows a friendly message with a way home, and goes to Sentry when it is on', async ({
  page,
  language,
  problems,
  baseURL,
}) => {
  const t = (key: string) => tr(language, key);
  // Sentry on, pointed at this origin (the CSP allows it); its envelopes are caught here.
  await page.route('**/api/v1/config', async (route) => {
    const response = await route.fetch();
    const errorReporting = { sentryDsn: `${baseURL!.replace('://', '://e2ekey@')}/1`, environment: 'e2e' };
    const config = { ...(await response.json()), errorReporting };
    await route.fulfill({ response, json: config });
  });
  const envelopes: string[] = [];
  await page.route('**/api/1/envelope/**', async (route) => {
    envelopes.push(route.request().postData() ?? '');
    await route.fulfill({ status: 200, json: {} });
  });
  // The changelog's code throws when it runs: a bug, not a failed download.
  await page.route(/\/assets\/changelog-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: "throw new Error('kw-e2e: broken changelog module');" }),
  );

  await page.goto(`/changelog?lang=${language}&token=secret-in-the-query`);
  const alert = page.getByRole('alert').filter({ hasText: t('routeError.unexpectedTitle') });
  await expect(alert).toBeVisible();
  await expect(alert.getByText(t('routeError.unexpectedBody'))).toBeVisible();
  await expect(alert.getByRole('button', { name: t('routeError.reload') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await expect.poll(() => envelopes.find((body) => body.includes('kw-e2e: broken changelog module'))).toBeTruthy();
  const report = envelopes.find((body) => body.includes('kw-e2e: broken changelog module'))!;
  expect(report).not.toContain('secret-in-the-query');
  const event = JSON.parse(report.split('\n')[2]!) as { environment: string; request?: { url?: string } };
  expect(event.environment).toBe('e2e');
  expect(event.request?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/changelog$/);

  // The way back home.
  await alert.getByRole('link', { name: t('routeError.home') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();

  // React logs the error it caught; nothing else may reach the console.
  const unexpected = problems.filter((problem) => !/kw-e2e: broken changelog module/.test(problem));
  expect(unexpected).toEqual([]);
  problems.length = 0;
});
