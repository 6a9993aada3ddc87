import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, expectPageMeta, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { STAGING_PORT, STAGING_SITE } from '../playwright.config';

/**
 * Issue 5's quality bars on every page a visitor can open without a booking: the page language and
 * direction, a title and description (with their Open Graph twins) in that language, and axe-core
 * with no violation of any impact. The booking page has its own journeys (booking-journey.spec.ts).
 */
type PageCase = {
  name: string;
  path: string;
  heading: string | RegExp;
  title: string;
  description: string;
  /** The HTTP status of the page's address (200 unless said). */
  status?: number;
};

function everyPage(language: string): PageCase[] {
  const t = (key: string, vars?: Record<string, string>) => tr(language, key, vars);
  const brand = t('brand');
  const auth = (page: string, metaKey: string) => ({
    title: `${t(`auth:${page}.title`)} | ${brand}`,
    description: t(`auth:meta.${metaKey}`),
  });
  return [
    { name: 'home', path: '/', heading: t('slogan'), title: t('meta.title'), description: t('meta.description') },
    {
      name: 'offers',
      path: `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(21)}`,
      // The heading names the route searched.
      heading: trPattern(language, 'offers:routeHeading'),
      title: t('pageMeta.offers.title'),
      description: t('pageMeta.offers.description'),
    },
    { name: 'login', path: '/login', heading: t('auth:login.title'), ...auth('login', 'login') },
    { name: 'signup', path: '/signup', heading: t('auth:signup.title'), ...auth('signup', 'signup') },
    {
      name: 'email confirmation',
      path: '/email_confirmation',
      heading: t('auth:confirm.title'),
      ...auth('confirm', 'confirm'),
    },
    { name: 'forgot password', path: '/forgot_password', heading: t('auth:forgot.title'), ...auth('forgot', 'forgot') },
    {
      name: 'password reset',
      path: '/password_reset/0123456789abcdef0123456789abcdef',
      heading: t('auth:reset.title'),
      ...auth('reset', 'reset'),
    },
    { name: 'logout success', path: '/logout_success', heading: t('auth:logout.title'), ...auth('logout', 'logout') },
    {
      name: 'about',
      path: '/about',
      heading: t('content:about.title'),
      title: t('content:about.meta.title'),
      description: t('content:about.meta.description'),
    },
    {
      name: 'faqs',
      path: '/faqs',
      heading: t('content:faqs.title'),
      title: t('content:faqs.meta.title'),
      description: t('content:faqs.meta.description'),
    },
    {
      name: 'privacy policy',
      path: '/privacy_policy',
      heading: t('content:privacy.title'),
      title: t('content:privacy.meta.title'),
      description: t('content:privacy.meta.description'),
    },
    {
      name: 'changelog',
      path: '/changelog',
      heading: t('changelog:title'),
      title: t('changelog:meta.title'),
      description: t('changelog:meta.description'),
    },
    {
      name: 'find my booking',
      path: '/find_booking',
      heading: t('booking:find.title'),
      title: `${t('booking:find.title')} | ${brand}`,
      description: t('booking:find.metaDescription'),
    },
    {
      name: 'coming soon',
      path: '/no-such-page',
      // The friendly page, with a status that tells search engines and monitoring there is no such page.
      status: 404,
      heading: t('comingSoon.title'),
      title: t('pageMeta.comingSoon.title'),
      description: t('pageMeta.comingSoon.description'),
    },
  ];
}

async function expectLanguage(page: Page, language: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
}

const expectMeta = (page: Page, { title, description }: PageCase) => expectPageMeta(page, title, description);

test(
  'every page: its language and direction, a title and description in that language, no axe violation',
  { tag: '@every-combination' },
  async ({ page, language, problems }) => {
    test.setTimeout(180_000);
    for (const pageCase of everyPage(language)) {
      await test.step(pageCase.name, async () => {
        const response = await page.goto(`${pageCase.path}${pageCase.path.includes('?') ? '&' : '?'}lang=${language}`);
        expect(response?.status(), `status of ${pageCase.path}`).toBe(pageCase.status ?? 200);
        // The browser reports the page's own 404 on the console; nothing else may be there.
        if (pageCase.status === 404) problems.splice(0, problems.length, ...problems.filter((p) => !/status of 404/.test(p)));
        await expect(page.getByRole('heading', { level: 1, name: pageCase.heading, exact: true })).toBeVisible();
        await expectLanguage(page, language);
        await expectMeta(page, pageCase);
        // Offers arrive after the heading: let the list settle before axe reads it.
        if (pageCase.name === 'offers') await expect(page.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
        expect(await axeViolations(page), `axe on ${pageCase.path}`).toEqual([]);
      });
    }
  },
);

test('a page title follows the visitor from page to page and back home', { tag: '@both' }, async ({ page, language }) => {
  const pages = everyPage(language);
  const home = pages.find((p) => p.name === 'home')!;
  const login = pages.find((p) => p.name === 'login')!;
  await page.goto(`/login?lang=${language}`);
  await expectMeta(page, login);
  // Client-side navigation (the brand link) must give the home page its own title back.
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible();
  await expectMeta(page, home);
});

test(
  'the site can be used by keyboard: skip link, header links, an FAQ answer opened and closed',
  { tag: '@every-combination' },
  async ({ page, language }, testInfo) => {
    test.skip(testInfo.project.name.includes('phone'), 'a phone has no keyboard; its menu is tested by the page journeys');
    const t = (key: string) => tr(language, key);
    await page.goto(`/?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();

    // The first Tab reaches the skip link; Enter moves focus to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: t('skipToContent') });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // Tabbing from the top of a fresh page reaches the FAQs link in the header; Enter follows it.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
    const faqsLink = page.getByRole('banner').getByRole('link', { name: t('nav.faqs') });
    for (let i = 0; i < 15 && !(await faqsLink.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(faqsLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faqs/);

    // A question is the summary of its details: Enter opens its answer, Space closes it again.
    const question = page
      .locator('summary')
      .filter({ has: page.getByText(t('content:faqs.items.kwenda.what.q'), { exact: true }) });
    const item = page.locator('details').filter({ has: question });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('open', '');
    await expect(page.getByText(t('content:faqs.items.kwenda.what.a'))).toBeVisible();
    await page.keyboard.press('Space');
    await expect(item).not.toHaveAttribute('open');

    // The tabs follow the arrow keys (WAI-ARIA tabs pattern); the direction mirrors in Arabic.
    const firstTab = page.getByRole('tab', { name: t('content:faqs.tabs.kwenda') });
    await firstTab.focus();
    await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(page.getByRole('tab', { name: t('content:faqs.tabs.general') })).toBeFocused();
  },
);

test('a staging build says on every page that bookings are not real, and the footer takes its staging style', async ({
  page,
  language,
}) => {
  const t = (key: string) => tr(language, key);
  // The server reads STAGING at run time: a second server runs with it (playwright.config.ts). Home and
  // about are rendered by the server with its config (the banner in the first paint); login by the browser.
  for (const path of ['/', '/about', '/login']) {
    await page.goto(`http://127.0.0.1:${STAGING_PORT}${path}?lang=${language}`);
    const banner = page.getByRole('complementary', { name: t('staging.label') });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(t('staging.body'));
    await expect(page.getByRole('contentinfo')).toHaveAttribute('data-staging', 'true');
    // The login page's code is lazy: let its heading arrive before axe reads the page.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page), `axe on ${path} in staging`).toEqual([]);
  }
  // Without the flag, a server on the sandbox with the placeholder agency details (the journeys' own) is a
  // trial all the same; only live suppliers, live payments and real details take the banner away (API tests).
  await page.goto(`/?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
  await expect(page.getByRole('complementary', { name: t('staging.label') })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveAttribute('data-staging', 'true');
});

test(
  "the footer gives the agency's phone hours and its social pages, as the server is configured",
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    const t = (key: string, vars?: Record<string, string>) => tr(language, key, vars);
    const hours = (from: string, to: string, opens: string, closes: string) =>
      t('footer:footer.phoneHours', {
        days: t('footer:footer.dayRange', { from: t(`footer:footer.days.${from}`), to: t(`footer:footer.days.${to}`) }),
        opens,
        closes,
      });
    // This run's server: the default hours (Sudan's week, Sunday to Thursday) and no social pages set.
    await page.goto(`/?lang=${language}`);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(hours('sun', 'thu', '09:00', '17:00'));
    await expect(footer.getByRole('heading', { name: t('footer:footer.followTitle') })).toHaveCount(0);

    // The second server has SUPPORT_DAYS, SUPPORT_HOURS and every SOCIAL_*_URL set (playwright.config.ts).
    await page.goto(`http://127.0.0.1:${STAGING_PORT}/?lang=${language}`);
    await expect(footer).toContainText(hours('sat', 'wed', '08:30', '16:00'));
    const follow = footer.getByRole('region', { name: t('footer:footer.followTitle') });
    const networks = [
      ['facebook', STAGING_SITE.SOCIAL_FACEBOOK_URL],
      ['instagram', STAGING_SITE.SOCIAL_INSTAGRAM_URL],
      ['x', STAGING_SITE.SOCIAL_X_URL],
      ['linkedin', STAGING_SITE.SOCIAL_LINKEDIN_URL],
      ['tiktok', STAGING_SITE.SOCIAL_TIKTOK_URL],
    ] as const;
    await expect(follow.getByRole('link')).toHaveCount(networks.length);
    for (const [network, url] of networks) {
      const name = `${t('footer:footer.socialLink', { network: t(`footer:footer.networks.${network}`) })} ${t('opensInNewTab')}`;
      const link = follow.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    // Its icons are drawn (the sprite loaded), not empty boxes.
    const icon = await follow.locator('svg').first().boundingBox();
    expect(icon?.width).toBeGreaterThan(16);
    expect(await axeViolations(page)).toEqual([]);
  },
);
