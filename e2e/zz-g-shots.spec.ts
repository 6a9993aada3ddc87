import fs from 'node:fs';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { bookThroughApi, savePassengersThroughApi } from './support/booking-form';
import { sharedStaffMember, signInOnDesk } from './support/staff';

const SHOTS = '/work/notes/shots';

test(
  'G shots: footer without script, scroll on a new page, the desk',
  { tag: '@both' },
  async ({ page, browser, language }, testInfo) => {
    test.setTimeout(300_000);
    const device = testInfo.project.name.includes('phone') ? 'ar-phone' : 'en-desktop';
    const viewport = device === 'ar-phone' ? { width: 390, height: 844 } : { width: 1366, height: 900 };
    await page.setViewportSize(viewport);
    fs.mkdirSync(SHOTS, { recursive: true });
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);

    // The footer of home and the FAQs as a browser without JavaScript shows it.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport,
      locale: language === 'ar' ? 'ar-SD' : 'en-GB',
    });
    const plain = await noScript.newPage();
    for (const path of ['/', '/faqs']) {
      await plain.goto(`${testInfo.project.use.baseURL ?? ''}${path}?lang=${language}`);
      const footer = plain.locator('footer');
      await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
      await expect(footer.locator('a[href^="https://wa.me/"]')).toHaveCount(1);
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: `${SHOTS}/G-footer-nojs${path === '/' ? '-home' : '-faqs'}-${device}.png` });
    }
    await noScript.close();

    // A new page opens at its top: the FAQs scrolled far down, then a link in the header.
    await page.goto(`/faqs?lang=${language}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    if (device === 'ar-phone') {
      await page.getByRole('button', { name: t('nav.openMenu') }).click();
      await page
        .getByRole('dialog')
        .getByRole('link', { name: t('nav.about') })
        .click();
    } else
      await page
        .getByRole('banner')
        .getByRole('link', { name: t('nav.about') })
        .click();
    await expect(page).toHaveURL(/\/about/);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/G-scroll-new-page-top-${device}.png` });
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    // The desk: a pay-later booking waiting for its transfer, so Today counts one of something.
    const id = await bookThroughApi(page.request, 30, { adults: 1, children: 0, infants: 0 });
    await savePassengersThroughApi(
      page.request,
      id,
      { firstName: 'AMNA', lastName: 'SHOTG', dateOfBirth: '1990-02-03', gender: 'F', documentNumber: 'P07654321' },
      { email: `g-shots-${device}@example.com` },
    );
    const owner = await sharedStaffMember('owner', 'Amna Owner');
    await page.goto(`/admin?lang=${language}`);
    await signInOnDesk(page, owner, language);
    await page.goto(`/admin?lang=${language}`);
    await expect(page.getByRole('heading', { name: t('admin-today:actions.heading') })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/G-desk-today-${device}.png`, fullPage: true });

    await page.goto(`/admin/bookings/${id}?lang=${language}`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/G-desk-history-${device}.png`, fullPage: true });

    await page.goto(`/admin/staff?lang=${language}`);
    const emailField = page.getByRole('textbox', { name: t('admin-staff:staff.invite.email') });
    await emailField.fill('hiba@agency');
    await page.getByRole('button', { name: t('admin-staff:staff.invite.submit') }).click();
    await expect(page.getByText(t('admin-staff:staff.invite.emailInvalid'))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/G-desk-invite-error-${device}.png` });
    const invitee = `g-invite-${device}-${Date.now()}@agency.test`;
    for (const _ of [1, 2]) {
      await emailField.fill(invitee);
      await page.getByRole('button', { name: t('admin-staff:staff.invite.submit') }).click();
      await expect(emailField).toHaveValue('');
    }
    await expect(
      page.getByText(
        t('admin-staff:staff.invite.resent', { email: invitee })
          .replace(/[\u2066-\u2069]/g, '')
          .slice(0, 20),
      ),
    ).toBeVisible();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/G-desk-reinvite-${device}.png` });
  },
);
