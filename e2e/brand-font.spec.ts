import { BRAND_FONT_CLASS, BRAND_FONT_FETCHED_KEY } from '../packages/contracts/src/brand-font';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { siteNav } from './support/site-nav';

/**
 * A first visit paints in the phone's own typeface, metric-matched to the brand face, and asks for no
 * font file before the page has loaded; it fetches the brand faces once settled, the next page shows
 * them, and a page loaded afresh has them from its first paint by the head script's class, which the
 * content security policy allows (a refused inline script fails every journey: fixtures.ts).
 */
test('the brand face: not waited for on a first visit, shown from the next page on @both', async ({
  page,
  language,
}, testInfo) => {
  const t = (key: string) => tr(language, key);
  const fonts: { url: string; at: number }[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push({ url: request.url(), at: Date.now() });
  });
  let loadedAt = 0;
  page.on('load', () => (loadedAt ||= Date.now()));
  const pageFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
  const hasClass = () => page.evaluate((name) => document.documentElement.classList.contains(name), BRAND_FONT_CLASS);

  await page.goto(`/?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
  expect(await hasClass()).toBe(false);
  expect(await pageFont()).toMatch(/^"?Kwenda Fallback Noto Sans Arabic"?, /);

  // Fetched once the page has loaded and settled, and remembered; this page keeps its typeface.
  await page.waitForFunction((key) => localStorage.getItem(key) === '1', BRAND_FONT_FETCHED_KEY, { timeout: 20_000 });
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((font) => /ibm-plex-sans-arabic-.*\.woff2$/.test(font.url) && font.at >= loadedAt)).toBe(true);
  expect(await hasClass()).toBe(false);

  // The next page the site opens uses it.
  await (await siteNav(page, language, testInfo.project.name)).getByRole('link', { name: t('nav.about') }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: t('content:about.title') })).toBeVisible();
  expect(await hasClass()).toBe(true);
  expect(await pageFont()).toMatch(/^"?IBM Plex Sans Arabic"?, /);

  // A page loaded afresh has the class before its first paint, and the faces from the cache.
  await page.goto(`/faqs?lang=${language}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.body !== null);
  expect(await hasClass()).toBe(true);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  expect(await pageFont()).toMatch(/^"?IBM Plex Sans Arabic"?, /);
  const sample = language === 'ar' ? 'كوندا' : 'Kwenda';
  await expect.poll(() => page.evaluate((text) => document.fonts.check('16px "IBM Plex Sans Arabic"', text), sample)).toBe(true);
});
