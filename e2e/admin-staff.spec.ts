import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { totpCode, totpStep } from '../apps/api/src/modules/staff/totp';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';
import { waitForMail } from './support/mailbox';
import { createStaffWithCommand, STAFF_E2E_PASSWORD } from './support/staff';

/**
 * The agency starts: the first owner is made with the documented command (`npm run staff -- create`),
 * opens the printed link, chooses a name and password, turns on the authenticator (the codes are
 * computed here from the key the page shows, as a phone would), keeps the recovery codes, invites a
 * desk agent whose invitation arrives in a real SMTP mailbox, and signs in again with a code. In both
 * languages, on a phone (390 px) and a desktop; every screen passes axe and is photographed.
 */

const SHOTS = '/tmp/kw/shots';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function shoot(page: Page, name: string, language: string, device: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `${SHOTS}/staff-${name}-${language}-${device}.png`, fullPage: true });
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

/** The set-up link's form, then the authenticator: answers the key the page showed and the step its code was for. */
async function setUpAccount(page: Page, link: string, language: string, fullName: string, shots?: { device: string }) {
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-staff:${key}`, vars);
  await page.goto(`${new URL(link).pathname}?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('setup.title') })).toBeVisible();
  const name = page.getByLabel(t('setup.fullName'));
  await expect(name).toBeVisible();
  if (shots) await shoot(page, 'setup', language, shots.device);
  await name.fill(fullName);
  await page.getByRole('textbox', { name: t('setup.password'), exact: true }).fill(STAFF_E2E_PASSWORD);
  await page.getByRole('textbox', { name: t('setup.confirmation'), exact: true }).fill(STAFF_E2E_PASSWORD);
  await page.getByRole('button', { name: t('setup.submit') }).click();

  // Nothing else opens before the second factor: the security page, with its QR code and key.
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByText(t('security.requiredTitle'))).toBeVisible();
  await expect(page.getByRole('img', { name: t('security.qrAlt', { brand: tr(language, 'common:brand') }) })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shots) await shoot(page, 'security', language, shots.device);

  const now = new Date();
  await page.getByLabel(t('security.code')).fill(totpCode(secret, now));
  await page.getByRole('button', { name: t('security.confirm') }).click();
  const codes = page.getByRole('list', { name: t('security.codesList') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(codes.getByRole('listitem').first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  if (shots) await shoot(page, 'recovery-codes', language, shots.device);
  const continueButton = page.getByRole('button', { name: t('security.continue') });
  await expect(continueButton).toBeDisabled();
  await page.getByLabel(t('security.saved')).check();
  await continueButton.click();
  await expect(page).toHaveURL(/\/admin$/);
  return { secret, step: totpStep(now) };
}

async function newPhoneOrDesktop(browser: Browser, device: string, language: string) {
  const context = await browser.newContext({
    viewport: device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    locale: language === 'ar' ? 'ar-SD' : 'en-GB',
  });
  return context.newPage();
}

test('the first owner sets up with an authenticator and invites a desk agent', async ({
  page,
  language,
  browser,
  problems,
}, testInfo) => {
  test.setTimeout(120_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-staff:${key}`, vars);
  const device = testInfo.project.name.includes('phone') ? 'phone' : 'desktop';
  await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  fs.mkdirSync(SHOTS, { recursive: true });

  const ownerEmail = `owner-${unique()}@agency.test`;
  const link = createStaffWithCommand(ownerEmail, 'owner', language as 'ar' | 'en');
  const owner = await setUpAccount(page, link, language, language === 'ar' ? 'آمنة عثمان' : 'Amna Osman', { device });
  // The set-up link works once.
  const reused = await page.request.get(`/api/v1/admin/auth/invitations/${link.split('/').pop()}`);
  expect(reused.status()).toBe(400);

  // The Staff screen: invite a desk agent; the invitation arrives by e-mail.
  await page.goto(`/admin/staff?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('staff.title') })).toBeVisible();
  const deskEmail = `desk-${unique()}@agency.test`;
  await page.getByRole('textbox', { name: t('staff.invite.email'), exact: true }).fill(deskEmail);
  await page.getByRole('button', { name: t('staff.invite.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('staff.invite.sent', { email: deskEmail }) })).toBeVisible();
  const invitedCard = page.getByRole('listitem').filter({ hasText: deskEmail });
  await expect(invitedCard.getByText(t('staff.status.invited'))).toBeVisible();
  await shoot(page, 'staff', language, device);

  const mail = await waitForMail(deskEmail, /Kwenda|كوندا/);
  expect(mail.text).toContain(language === 'ar' ? 'آمنة عثمان' : 'Amna Osman');
  const deskLink = /(http\S+\/admin\/setup\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

  // The desk agent opens the e-mailed link on their own device and sets up in turn.
  const deskPage = await newPhoneOrDesktop(browser, device, language);
  await setUpAccount(deskPage, deskLink, language, 'Hiba Desk');
  await expect(deskPage.getByRole('link', { name: tr(language, 'admin:nav.staff') })).toHaveCount(0);
  await deskPage.context().close();

  // The owner sees the agent active, and the owner's own recent actions.
  await page.reload();
  await expect(invitedCard.getByText(t('staff.status.active'))).toBeVisible();
  const ownerCard = page.getByRole('listitem').filter({ hasText: ownerEmail });
  await ownerCard.getByRole('button', { name: t('staff.actions') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(tr(language, 'admin-staff:actions.staff-invited'))).toBeVisible();
  await expect(dialog.getByText(tr(language, 'admin-staff:actions.second-factor-on'))).toBeVisible();
  await shoot(page, 'staff-actions', language, device);
  await dialog.getByRole('button', { name: t('staff.close') }).click();

  // Signing out and in again takes the password, then a code from the app (never the one already used).
  await page.getByRole('button', { name: tr(language, 'admin:signOut') }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();
  await page.getByLabel(t('login.email')).fill(ownerEmail);
  await page.getByRole('textbox', { name: t('login.password'), exact: true }).fill(STAFF_E2E_PASSWORD);
  await shoot(page, 'login', language, device);
  await page.getByRole('button', { name: t('login.submit') }).click();
  const code = page.getByLabel(t('login.code'));
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: t('login.verify') }).click();
  await expect(page.getByRole('alert')).toContainText(tr(language, 'admin:codes.INVALID_SECOND_FACTOR'));
  await shoot(page, 'login-code', language, device);
  const now = Date.now();
  const next = totpStep(new Date(now)) > owner.step ? new Date(now) : new Date(now + 30_000);
  await code.fill(totpCode(owner.secret, next));
  await page.getByRole('button', { name: t('login.verify') }).click();
  // Back where the owner was when signing out.
  await expect(page).toHaveURL(/\/admin\/staff/);
  await expect(page.getByRole('heading', { level: 1, name: t('staff.title') })).toBeVisible();
  // The browser logs the refused code (401) itself; nothing else may be there.
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  problems.length = 0;
});
