import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Booking } from '@kwenda/contracts';
import { axeViolations, expect, test } from './fixtures';
import { tr } from './i18n';
import { bookThroughApi, familyName, savePassengersThroughApi } from './support/booking-form';
import { sharedStaffMember, signInOnDesk } from './support/staff';

/**
 * The staff's bookings table and a booking's page, in both languages, on a phone (390 px) and a
 * desktop, all real: a traveller's booking made through the API and held for a bank transfer, a desk
 * agent made with the staff command line who signs in on the desk's own page with the authenticator's
 * code, finds the booking by the traveller's last name typed in lower case, opens it, shows a document
 * number (the view is recorded under the agent's name and listed on the page) and goes back to the list.
 */

const SHOTS = '/tmp/kw/shots';
/** Random Latin letters: passenger names take letters only, and each run's traveller is someone new. */
const randomLetters = (n: number) => [...randomBytes(n)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

test(
  'staff find a booking by the traveller’s last name and open everything about it',
  { tag: '@en-desktop' },
  async ({ page, request, language }, testInfo) => {
    test.setTimeout(90_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, `admin-bookings:${key}`, vars);
    const device = testInfo.project.name.includes('phone') ? 'phone' : 'desktop';
    await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
    fs.mkdirSync(SHOTS, { recursive: true });
    // From the top: a full-page shot taken scrolled down paints the fixed header mid-page.
    const shot = async (name: string) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/${name}-${language}-${device}.png`, fullPage: true });
    };

    // A real traveller's booking, held for a bank transfer.
    const family = `${familyName(testInfo.project.name, 'desk').split(' ')[1]}${randomLetters(4)}`;
    const traveller = `Fatima ${family}`;
    const id = await bookThroughApi(request, 21, { adults: 1, children: 0, infants: 0 });
    await savePassengersThroughApi(
      request,
      id,
      { firstName: 'Fatima', lastName: family, dateOfBirth: '1990-05-14', gender: 'F', documentNumber: 'P04417730' },
      { email: `fatima-${family.toLowerCase()}@example.com` },
    );
    const held = await request.put(`/api/v1/bookings/${id}/pay`, { data: { payLater: true } });
    expect(held.status(), await held.text()).toBe(200);
    const booking = (await (await request.get(`/api/v1/bookings/${id}`)).json()) as Booking;
    expect(booking.status).toBe('pending-payment');

    // A desk agent opens the bookings: the desk asks them to sign in first, then brings them back.
    const agent = await sharedStaffMember('agent-desk', 'Hamid Desk');
    await page.goto(`/admin/bookings?lang=${language}`);
    await signInOnDesk(page, agent, language);
    await expect(page).toHaveURL(/\/admin\/bookings/);

    await expect(page.getByRole('heading', { level: 1, name: t('list.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    // Every booking of the server (other journeys make theirs side by side), newest first.
    await expect(page.getByRole('link', { name: /^KW[A-Z0-9]{6}$/ }).first()).toBeVisible();
    if (device === 'desktop') {
      // A real table whose headings sort: the booking date, newest first, by default.
      await expect(page.getByRole('columnheader', { name: t('columns.created') })).toHaveAttribute('aria-sort', 'descending');
      await page.getByRole('button', { name: t('columns.amount') }).click();
      await expect(page).toHaveURL(/sort=amount/);
      await expect(page.getByRole('columnheader', { name: t('columns.amount') })).toHaveAttribute('aria-sort', 'descending');
    } else {
      // On a phone the filters wait behind a button.
      const toggle = page.getByRole('button', { name: t('filters.toggle'), exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(page.getByRole('textbox', { name: t('filters.referralCode') })).toBeVisible();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot('bookings-list');

    // The traveller's last name, typed in lower case, finds the booking (and only it); the address keeps the search.
    await page.getByRole('searchbox', { name: t('search.label') }).fill(family.toLowerCase());
    await page.getByRole('button', { name: t('search.submit'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${family.toLowerCase()}`));
    await expect(page.getByText(t('list.count_one'))).toBeVisible();
    await expect(page.getByRole('link', { name: /^KW[A-Z0-9]{6}$/ })).toHaveCount(1);
    await page.getByRole('link', { name: booking.bookingReference }).click();

    // Everything on one page: the real booking, its timeline and the e-mails the traveller was sent.
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.bookingReference);
    for (const section of [
      'detail.summary',
      'itinerary.title',
      'passengerList.title',
      'price.title',
      'payments.title',
      'emails.title',
      'timeline.title',
    ])
      await expect(page.getByRole('heading', { level: 2, name: t(section) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: traveller })).toBeVisible();
    await expect(page.getByText(t('triggers.payment-info-submit')).first()).toBeVisible();
    // The hold's e-mail among the messages sent, as an e-mail.
    await expect(
      page.locator('[data-testid="message-row"][data-channel="email"]').filter({ hasText: t('emails.kinds.held') }),
    ).toBeVisible();

    // The document number is masked until asked for; then shown, and the view recorded under the agent's name.
    const documentNumber = page.getByTestId('document-number');
    await expect(documentNumber).toHaveText('••••••730');
    await expect(page.getByRole('heading', { level: 3, name: t('passengerList.views') })).toHaveCount(0);
    // The desk's actions have loaded their own state.
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    // Nothing wider than a phone: long values (an offer reference in the timeline) wrap.
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(detailOverflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: t('passengerList.showFor', { name: traveller }) }).click();
    await expect(documentNumber).toHaveText('P04417730');
    await expect(page.getByRole('heading', { level: 3, name: t('passengerList.views') })).toBeVisible();
    const views = page.getByRole('listitem').filter({ hasText: agent.fullName });
    await expect(views).toHaveCount(1);
    await expect(views).toContainText(traveller);
    expect(await axeViolations(page)).toEqual([]);
    await shot('bookings-detail');
    await page.getByRole('button', { name: t('passengerList.hide') }).click();
    await expect(documentNumber).toHaveText('••••••730');

    // Back to the same list.
    await page.getByRole('link', { name: t('detail.back') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?(.+&)?q=${family.toLowerCase()}`));
    await expect(page.getByRole('searchbox', { name: t('search.label') })).toHaveValue(family.toLowerCase());
    await expect(page.getByRole('link', { name: booking.bookingReference })).toBeVisible();
  },
);
