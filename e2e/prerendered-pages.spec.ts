import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tr } from './i18n';

/**
 * Home, about, FAQs and the privacy policy come prerendered (apps/web/scripts/prerender.mjs) in the
 * visitor's language: they paint before any script runs, and React then hydrates the painted page
 * (the same elements become interactive) rather than drawing it again.
 */
const other = (language: string) => (language === 'ar' ? 'en' : 'ar');

/** Tags the painted heading and FAQ questions; a client render would replace them with untagged ones. */
const markPainted = (page: Page) =>
  page.evaluate(() =>
    document.querySelectorAll('h1, [aria-expanded]').forEach((element) => Object.assign(element, { painted: true })),
  );
const stillPainted = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h1, [aria-expanded]')].every(
      (element) => (element as Element & { painted?: boolean }).painted === true,
    ),
  );

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('prerendered pages read whole before any script has run', async ({ page, language }) => {
    const t = (key: string) => tr(language, key);
    await page.goto(`/faqs?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page).toHaveTitle(t('content:faqs.meta.title'));
    await expect(page.getByRole('heading', { level: 1, name: t('content:faqs.title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: t('content:faqs.tabs.payment') })).toBeVisible();

    await page.goto(`/about?lang=${language}`);
    await expect(page).toHaveTitle(t('content:about.meta.title'));
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', t('content:about.meta.description'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto(`/?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
    await expect(page.getByRole('radio', { name: t('search:tripType.round-trip') })).toBeVisible();
  });
});

test('the browser hydrates the painted page: the same elements become interactive', async ({ page, language }) => {
  const t = (key: string) => tr(language, key);
  // Hold the app's script back until the painted page has been marked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  // A held module script holds DOMContentLoaded too: wait for the painted page instead.
  await page.goto(`/faqs?lang=${language}`, { waitUntil: 'commit' });
  const question = page.getByRole('button', { name: t('content:faqs.items.kwenda.what.q'), exact: true });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await markPainted(page);
  // The page view is reported from an effect: React has hydrated the page once it goes out.
  const hydrated = page.waitForRequest('**/api/v1/analytics/pageview');
  release();
  await hydrated;

  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  // React adopted the server's elements: a client render would have replaced them with new ones.
  expect(await stillPainted(page), 'the heading and questions are the prerendered elements').toBe(true);
});

test('a language chosen on the site is the language the server prerenders next time', async ({ page, language }) => {
  await page.goto(`/?lang=${language}`);
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', language);
  await page
    .getByRole('button', { name: tr(language, 'language.switchLabel') })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', other(language));

  // No ?lang= now: the server reads the cookie the switch set.
  const about = await (await page.request.get('/about')).text();
  expect(about).toContain(`data-prerendered="${other(language)}"`);
  expect(about).toContain(`<h1`);
  expect(about).toContain(tr(other(language), 'content:about.title'));
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', other(language));
});

test('a page part whose data arrives before its code still hydrates in place', async ({ page, language }) => {
  // The FAQ page's contact box uses GET /config; its code is a lazy chunk. Hold the chunk until the
  // config has arrived: the part must hydrate as prerendered (without it), then show it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/content-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const config = page.waitForResponse('**/api/v1/config');
  await page.goto(`/faqs?lang=${language}`, { waitUntil: 'commit' });
  const question = page.getByRole('button', { name: tr(language, 'content:faqs.items.kwenda.what.q'), exact: true });
  await expect(question).toBeVisible();
  await markPainted(page);
  await config;
  release();
  await expect(page.getByRole('link', { name: tr(language, 'content:faqs.help.email'), exact: true })).toBeVisible();
  expect(await stillPainted(page), 'the FAQ part kept its prerendered elements').toBe(true);
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: tr(language, 'content:faqs.help.email'), exact: true })).toBeVisible();
});
