import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';
import { bookThroughApi, savePassengersThroughApi } from './support/booking-form';
import { sharedStaffMember, type RealStaffMember } from './support/staff';

/**
 * Limits on unpaid bookings: the desk lifts the cap for one traveller's e-mail, for some hours, with a
 * reason, sees it listed with who lifted it, and ends it; and a traveller refused by a cap reads why on
 * the booking page. Each project (language and device) lifts an e-mail of its own, side by side.
 */

const SHOTS = '/tmp/kw/shots';
const deviceOf = (project: string) => (project.endsWith('phone') ? 'phone' : 'desktop');
const sizeOf = (project: string) => (deviceOf(project) === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });

async function signIn(page: Page, session: RealStaffMember['session']) {
  await page.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(session));
}

test.describe('limits on unpaid bookings', () => {
  test('the desk lifts a cap for an e-mail, sees it listed, and ends it', async ({ page, language }, info) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-limits:${key}`, vars);
    const device = deviceOf(info.project.name);
    await page.setViewportSize(sizeOf(info.project.name));
    const desk = await sharedStaffMember('agent-desk', 'Hiba Desk');
    await signIn(page, desk.session);
    const email = `family.${info.project.name}.${Date.now().toString(36)}@example.sd`;

    await page.goto(`/admin/limits?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await expect(page.getByRole('region', { name: t('caps.title') })).toContainText(t('caps.perContact'));
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/limits-${language}-${device}.png`, fullPage: true });

    await page.getByRole('button', { name: t('form.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('form.title') });
    // Sent empty: each field says what it needs.
    await dialog.getByRole('button', { name: t('form.submit') }).click();
    await expect(dialog.getByText(t('form.valueWrong.email'))).toBeVisible();
    await expect(dialog.getByText(t('form.reasonWrong'))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/limits-form-${language}-${device}.png` });

    await dialog.getByRole('textbox', { name: t('form.value.email') }).fill(email);
    await dialog.getByRole('textbox', { name: t('form.hours') }).fill('6');
    await dialog.getByRole('textbox', { name: t('form.reason') }).fill('Three families travelling together to Cairo');
    await dialog.getByRole('button', { name: t('form.submit') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    const card = page.getByRole('listitem', { name: email });
    await expect(card).toContainText('Hiba Desk');
    await expect(card).toContainText('Three families travelling together to Cairo');
    await expect(card).toContainText(t('kind.email'));
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/limits-lifted-${language}-${device}.png`, fullPage: true });

    await card.getByRole('button', { name: t('card.end') }).click();
    const confirm = page.getByRole('dialog', { name: t('end.title') });
    await expect(confirm).toContainText(email);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: t('end.confirm') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('end.done', { value: `\u2066${email}\u2069` }) })).toBeVisible();
    await expect(page.getByRole('listitem', { name: email })).toHaveCount(0);
  });

  test(
    'a viewer reads the caps and the lifts but is not offered to lift one',
    { tag: '@en-desktop' },
    async ({ page, language }, info) => {
      const t = (key: string) => tr(language, `admin-limits:${key}`);
      await page.setViewportSize(sizeOf(info.project.name));
      const viewer = await sharedStaffMember('viewer');
      await signIn(page, viewer.session);
      await page.goto(`/admin/limits?lang=${language}`);
      await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
      await expect(page.getByText(t('readOnly'))).toBeVisible();
      await expect(page.getByRole('button', { name: t('form.open') })).toHaveCount(0);
      // The desk's menu leads here.
      await expect(page.getByRole('link', { name: tr(language, 'admin:nav.limits') })).toHaveAttribute('aria-current', 'page');
    },
  );

  test("a traveller refused by a cap reads why on the booking page, in the page's language", async ({
    page,
    language,
    problems,
  }, info) => {
    const device = deviceOf(info.project.name);
    await page.setViewportSize(sizeOf(info.project.name));
    // The guest's booking, made in this browser (its access cookie), passengers and contact saved.
    const id = await bookThroughApi(page.request, 35, { adults: 1, children: 0, infants: 0 });
    await savePassengersThroughApi(
      page.request,
      id,
      {
        firstName: 'AMNA',
        lastName: `CAPPED${info.project.name.replace(/[^a-z]/g, '').toUpperCase()}`,
        dateOfBirth: '1990-02-11',
        gender: 'F',
        documentNumber: 'P07654321',
      },
      { email: `capped.${info.project.name}@example.sd` },
    );
    // The e2e server's caps are set high for the other journeys (the caps themselves have API tests):
    // the server's refusal, as it sends it when this e-mail already holds its share, stands in here.
    await page.route(`**/api/v1/bookings/${id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'HOLD_LIMIT_EMAIL', message: 'This e-mail already has 3 unpaid bookings held' }),
          })
        : route.continue(),
    );
    await page.goto(`/booking/${id}?lang=${language}`);
    await page.getByRole('button', { name: tr(language, 'booking:submit') }).click();
    const alert = page.getByRole('alert').filter({ hasText: tr(language, 'errors:codes.HOLD_LIMIT_EMAIL') });
    await expect(alert).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await alert.screenshot({ path: `${SHOTS}/limits-traveller-refused-${language}-${device}.png` });
    // The browser reports the refusal (409) it was sent; nothing else went wrong.
    expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    problems.length = 0;
  });
});
