import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { waitForMail } from './support/mailbox';

/** A confirmed account made through the API, as sign-up would make it. */
async function confirmedAccount(page: Page, project: string, fullName: string) {
  const email = `back-${project}-${Date.now().toString(36)}@example.com`;
  const password = 'White-Nile-Evening-9';
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { payload: { fullName, email, password, passwordConfirmation: password } },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { registration } = (await registered.json()) as { registration: string };
  const otp = /\b(\d{6})\b/.exec((await waitForMail(email, /Kwenda code/)).text)![1]!;
  const verified = await page.request.post('/api/v1/auth/otp', { data: { email, otp, fullName, registration } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { email, password };
}

// Arabic on a phone only (no tag): one combination is enough for the browser's history and cache.
test('after logging out, Back shows no one signed in and the page hydrates cleanly', async ({ page, language }, testInfo) => {
  test.setTimeout(120_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const name = 'Amna Back';
  const { email, password } = await confirmedAccount(page, testInfo.project.name, name);
  const menu = async () => {
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    return page.getByRole('dialog');
  };

  await page.goto(`/login?lang=${language}`);
  await page.getByRole('textbox', { name: t('auth:fields.email'), exact: true }).fill(email);
  await page.getByRole('textbox', { name: t('auth:fields.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth:login.submit'), exact: true }).click();
  await expect(page.getByText(t('auth:welcome', { name }))).toBeVisible();

  // Another page, then log out there.
  await (await menu()).getByRole('link', { name: t('nav.faqs') }).click();
  await expect(page).toHaveURL(/\/faqs/);
  await (await menu()).getByRole('button', { name: t('nav.logout') }).click();
  await expect(page.getByRole('heading', { name: t('auth:logout.title') })).toBeVisible();

  // Back: home, where the previous traveller was welcomed by name.
  await page.goBack();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByText(t('auth:welcome', { name }))).toBeHidden();
  await expect(page.getByText(name)).toHaveCount(0);
  // The same entry loaded anew: it hydrates as the server rendered it, signed out.
  await page.reload();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(page.getByText(name)).toHaveCount(0);
  const dialog = await menu();
  await expect(dialog.getByRole('link', { name: t('nav.login') })).toBeVisible();
  // The fixture fails the test on any console error (React's hydration error #418 among them).
});
