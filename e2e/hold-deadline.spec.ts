import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { tr } from './i18n';
import { bookThroughApi, savePassengersThroughApi } from './support/booking-form';

/**
 * The payment deadline of a held booking is read on the agency's clock, with the zone named: a hold
 * made at 22:01 in Khartoum for two hours ends at 00:01 on the next day, although the UTC date of
 * the deadline (22:01Z) is still the first day. Whatever the browser's own time zone.
 */

/** 22:01 in Khartoum (UTC+2) on Tuesday 24 November 2026, plus the default two-hour hold. */
const HELD_AT = new Date('2026-11-24T20:01:00Z');
const DEADLINE = new Date(HELD_AT.getTime() + 120 * 60_000).toISOString();
const SHOWN = {
  ar: 'الأربعاء، 25 نوفمبر الساعة 00:01 بتوقيت الخرطوم',
  en: 'Wednesday 25 November at 00:01 Khartoum time',
};

/** A booking held for a bank transfer, made through the API as the booking page would. */
async function heldBooking(request: APIRequestContext) {
  const id = await bookThroughApi(request, 27, { adults: 1, children: 0, infants: 0 });
  await savePassengersThroughApi(
    request,
    id,
    {
      firstName: 'SARA',
      lastName: `DEADLINE${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'X').toUpperCase()}`,
      dateOfBirth: '1991-06-21',
      gender: 'F',
      documentNumber: 'P07651234',
    },
    { email: 'deadline@example.com' },
  );
  const held = await request.put(`/api/v1/bookings/${id}/pay`, { data: { payLater: true } });
  expect(held.status(), await held.text()).toBe(200);
  return id;
}

// Two time zones in Arabic on a phone, the third in English on a desktop (the tags: playwright.config.ts).
for (const [timezoneId, tag] of [
  ['Africa/Khartoum', []],
  ['America/New_York', ['@en-desktop']],
  ['Asia/Riyadh', []],
] as const) {
  test.describe(`a browser set to ${timezoneId}`, { tag: [...tag] }, () => {
    test.use({ timezoneId });

    test('shows a hold made at 22:01 Khartoum time ending the next day at 00:01 Khartoum time', async ({ page, language }) => {
      test.setTimeout(90_000);
      const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
      const id = await heldBooking(page.request);
      // The browser's clock at the moment of the hold; the server answers with the hold's deadline.
      await page.clock.setFixedTime(new Date(HELD_AT.getTime() + 4 * 60_000));
      await page.route(
        (url) => url.pathname === `/api/v1/bookings/${id}`,
        async (route) => {
          if (route.request().method() !== 'GET') return route.continue();
          const response = await route.fetch();
          const booking = (await response.json()) as { holdExpiresAt: string | null };
          await route.fulfill({ response, json: { ...booking, holdExpiresAt: DEADLINE } });
        },
      );
      // The page as the browser renders it, in its own time zone, from the read above: without the page's
      // copy of the access cookie the server sends it empty (with it, the server paints the real deadline).
      await page.context().clearCookies({ name: 'kwenda_booking', path: `/booking/${id}` });
      await page.goto(`/booking/${id}?lang=${language}`);
      await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
      await expect(page.getByText(t('booking:final.held', { time: SHOWN[language] }))).toBeVisible();
      // Never the UTC date of the deadline with the Khartoum time beside it. (The note saying when the page
      // was saved on this device for use offline rightly names the 24th: it was saved at 22:05 Khartoum time.)
      const shown = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[data-testid="saved-trip-note"]').forEach((note) => note.remove());
        return copy.textContent ?? '';
      });
      expect(shown).toContain(SHOWN[language]);
      expect(shown).not.toContain(language === 'ar' ? '24 نوفمبر' : '24 November');
    });
  });
}
