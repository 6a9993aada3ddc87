import type { Browser, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';
import { bookThroughApi, savePassengersThroughApi } from './support/booking-form';
import { waitForMail } from './support/mailbox';

/**
 * Issue 15: a booking's link opened on another device shows only the limited view (initials, masked
 * contact, no passport, nothing to change); Find my booking (reference, last name, the e-mailed code)
 * gives that device the booking whole. Screenshots of both screens go to SHOTS_DIR when it is set.
 */

const SHOTS = process.env.SHOTS_DIR;
const deviceOf = (project: string) => (project.includes('phone') ? 'phone' : 'desktop');

/** A second device: a browser with nothing of the first (no cookies, no storage), the project's size and language. */
async function anotherDevice(browser: Browser, project: string, language: string) {
  const phone = deviceOf(project) === 'phone';
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: language === 'ar' ? 'ar-SD' : 'en-GB',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

test('a booking opened on another device is limited, and Find my booking gives that device all of it', async ({
  page,
  browser,
  language,
}, testInfo) => {
  test.setTimeout(150_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const project = testInfo.project.name;
  const device = deviceOf(project);
  const lastName = `PRIVATE${project.replace(/[^a-z]/g, '').toUpperCase()}`;
  const email = `privacy.${project}@example.com`;
  const passport = `P0${Math.floor(1_000_000 + Math.random() * 8_000_000)}`;

  // The phone that booked: this browser made the booking (its cookie), saved the passenger and chose to pay later.
  const id = await bookThroughApi(page.request, 23, { adults: 1, children: 0, infants: 0 });
  await savePassengersThroughApi(
    page.request,
    id,
    { firstName: 'AMNA', lastName, dateOfBirth: '1991-04-17', gender: 'F', documentNumber: passport },
    { email },
  );
  expect((await page.request.put(`/api/v1/bookings/${id}/pay`, { data: { payLater: true } })).status()).toBe(200);
  await page.goto(`/booking/${id}?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  await expect(page.getByText(t('booking:limited.title'))).toHaveCount(0);

  // Another device with only the link: the itinerary and status, initials, masked contact, nothing to change.
  const other = await anotherDevice(browser, project, language);
  try {
    await open(other.page, `/booking/${id}?lang=${language}`);
    await expect(other.page.getByText(t('booking:limited.title'))).toBeVisible();
    await expect(other.page.getByRole('heading', { level: 1, name: t('booking:pageTitle', { reference }) })).toBeVisible();
    await expect(other.page.getByTestId('limited-status')).toContainText(t('booking:limited.status.pending-payment'));
    await expect(other.page.getByText('A. P.')).toBeVisible();
    await expect(other.page.getByText('p•••@e•••.com')).toBeVisible();
    const shown = await other.page.locator('body').innerText();
    for (const secret of [passport, lastName, email, '1991-04-17', '912345678']) expect(shown).not.toContain(secret);
    // No step, upload or payment to press.
    await expect(other.page.getByRole('navigation', { name: t('booking:steps.label') })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: t('booking:final.whatsapp') })).toHaveCount(0);
    expect(await axeViolations(other.page)).toEqual([]);
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/limited-view-${language}-${device}.png`, fullPage: true });
    // The server refuses this device's changes too.
    const refused = await other.page.request.put(`/api/v1/bookings/${id}/pay`, { data: { payLater: false } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'BOOKING_ACCESS_REQUIRED' });

    // Find my booking: the reference comes from the limited view; the last name typed as people do.
    await other.page
      .getByRole('main')
      .getByRole('link', { name: t('booking:limited.find') })
      .click();
    await expect(other.page).toHaveURL(/\/find_booking/);
    await expect(other.page.getByRole('heading', { level: 1, name: t('booking:find.title') })).toBeVisible();
    await expect(other.page.getByRole('textbox', { name: t('booking:find.reference') })).toHaveValue(reference);
    await other.page.getByRole('textbox', { name: t('booking:find.lastName') }).fill(lastName.toLowerCase());
    expect(await axeViolations(other.page)).toEqual([]);
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/find-booking-${language}-${device}.png`, fullPage: true });
    await other.page.getByRole('button', { name: t('booking:find.send') }).click();
    const codeInput = other.page.getByRole('textbox', { name: t('booking:find.code') });
    await expect(codeInput).toBeFocused();

    // A wrong code is refused where the code is typed.
    await codeInput.fill('000000');
    await other.page.getByRole('button', { name: t('booking:find.open') }).click();
    await expect(other.page.getByText(t('booking:find.wrongCode'))).toBeVisible();
    expect(await axeViolations(other.page)).toEqual([]);
    if (SHOTS) await other.page.screenshot({ path: `${SHOTS}/find-booking-code-${language}-${device}.png`, fullPage: true });

    const mail = await waitForMail(email, new RegExp(`${reference}: \\d{6}`));
    const code = /(\d{6})/.exec(mail.subject)![1]!;
    await codeInput.fill(code);
    await other.page.getByRole('button', { name: t('booking:find.open') }).click();
    await expect(other.page).toHaveURL(new RegExp(`/booking/${id}`));
    // Whole on this device now: the held booking's final screen, with its receipt upload.
    await expect(other.page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
    await expect(other.page.getByText(t('booking:limited.title'))).toHaveCount(0);
    const whole = await (await other.page.request.get(`/api/v1/bookings/${id}`)).json();
    expect(whole).toMatchObject({ access: 'full', passengers: [{ documentNumber: passport }] });
    // The browser reported the refusals it was sent (a 403, the wrong code's 400); nothing else went wrong.
    expect(other.problems.filter((p) => !/status of (400|403)/.test(p))).toEqual([]);
  } finally {
    await other.close();
  }
});
