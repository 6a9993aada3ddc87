import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';

/**
 * Google sign-in against the local OpenID provider (e2e/support/oidc-provider.mjs), which signs in
 * "Social Tester" <social.e2e@example.com> at once: the real redirects, PKCE, state and nonce.
 */
const PERSON = { name: 'Social Tester', email: 'social.e2e@example.com' };

/** The header's account links, or on a phone the same links in the menu. */
async function accountLinks(page: Page, language: string, project: string) {
  if (project.includes('phone')) {
    await page.getByRole('button', { name: tr(language, 'nav.openMenu') }).click();
    return page.getByRole('dialog');
  }
  return page.getByRole('banner');
}

const googleButton = (page: Page) => page.getByRole('link', { name: /Google/ }).or(page.getByRole('button', { name: /Google/ }));

async function expectSignedIn(page: Page) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('kwenda.session') ?? 'null'));
  expect(session).toMatchObject({ user: { email: PERSON.email, fullName: PERSON.name } });
  const account = await page.request.get('/api/v1/account', { headers: { authorization: `Bearer ${session.jwt}` } });
  expect(account.status()).toBe(200);
  expect(await account.json()).toMatchObject({ email: PERSON.email, fullName: PERSON.name, active: true });
}

test('signs in with Google and lands home, logged in', async ({ page, language }, testInfo) => {
  await page.goto(`/login?lang=${language}`);
  await expect(page.getByRole('heading', { name: tr(language, 'auth:login.title') })).toBeVisible();
  await expect(googleButton(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await googleButton(page).click();

  // Through the provider and back: the login page trades the ticket and goes home.
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('social_ticket'));
  const links = await accountLinks(page, language, testInfo.project.name);
  const profile = links.getByRole('link', { name: PERSON.name });
  await expect(profile).toBeVisible();
  await expect(profile).toHaveAttribute('href', /\/profile$/);
  await expect(page.getByText(tr(language, 'auth:welcome', { name: PERSON.name }))).toBeVisible();
  await expectSignedIn(page);
});

test('comes back to the page that asked for the login', { tag: '@en-desktop' }, async ({ page, language }) => {
  await page.goto(`/login?lang=${language}&return_to=${encodeURIComponent('/profile')}`);
  await expect(page.getByRole('heading', { name: tr(language, 'auth:login.title') })).toBeVisible();
  await googleButton(page).click();
  await page.waitForURL((url) => url.pathname === '/profile');
  await expect(page.getByRole('heading', { name: tr(language, 'auth:profile.greeting', { name: PERSON.name }) })).toBeVisible();
  await expect(page.getByText(PERSON.email)).toBeVisible();
  await expectSignedIn(page);
});
