import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import { savePassengersThroughApi } from './support/booking-form';
import { sharedStaffMember } from './support/staff';

const SHOTS = '/work/notes/shots';
const letters = () => [...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

/** A booking in `currency` with one adult, passengers saved: ready to pay. */
async function bookIn(request: APIRequestContext, currency: string, lastName: string) {
  const search = await request.post('/api/v1/offers/request', {
    data: {
      filters: {
        tripType: 'one-way',
        departureStation: 'PZU',
        destinationStation: 'CAI',
        departureDate: daysAhead(26),
        cabinClass: null,
        passengers: { adults: 1, children: 0, infants: 0 },
        baggage: { hold: 1, carryOn: 0 },
        currency,
      },
      page: 1,
      order: 'lowest',
    },
  });
  const { offers } = (await search.json()) as { offers: { reference: string }[] };
  for (const offer of offers.slice(0, 8)) {
    const created = await request.post('/api/v1/bookings', {
      data: {
        reference: offer.reference,
        payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency },
      },
    });
    if (created.status() !== 201) continue;
    const id = ((await created.json()) as { booking: { id: string } }).booking.id;
    await savePassengersThroughApi(
      request,
      id,
      { firstName: `AMNA${letters()}`, lastName, dateOfBirth: '1990-04-12', gender: 'F', documentNumber: 'P01234567' },
      { email: `d-${letters().toLowerCase()}@example.com` },
    );
    return id;
  }
  throw new Error('no bookable offer');
}

test(
  'D shots: a transfer in the account currency, a ticket issued by hand',
  { tag: '@both' },
  async ({ page, language }, testInfo) => {
    test.setTimeout(240_000);
    const request = page.request;
    const device = testInfo.project.name.includes('phone') ? 'phone' : 'desktop';
    await page.setViewportSize(device === 'desktop' ? { width: 1366, height: 900 } : { width: 390, height: 844 });
    fs.mkdirSync(SHOTS, { recursive: true });
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);

    // A booking priced in dollars, paid later into the agency's SDG (Bankak) account: asked in pounds.
    const usd = await bookIn(request, 'USD', `DOLLAR${letters()}`);
    const held = await request.put(`/api/v1/bookings/${usd}/pay`, { data: { payLater: true } });
    expect(held.status(), await held.text()).toBe(200);
    await page.goto(`/booking/${usd}?lang=${language}`);
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();
    await expect(page.getByTestId('transfer-amount').first()).toBeVisible();
    await expect(page.getByRole('button', { name: t('booking:final.switchToCard') })).toBeVisible();
    await page.getByTestId('transfer-account').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/D-16-transfer-${language}-${device}.png`, fullPage: device === 'phone' });

    // Paid by card, and the airline refuses the ticket: the page says it is issued by hand, by when.
    const refused = await bookIn(request, 'SDG', 'TICKETFAIL');
    const started = await request.put(`/api/v1/bookings/${refused}/pay`, { data: { payLater: false } });
    const link = ((await started.json()) as { booking: { paymentLink: string } }).booking.paymentLink;
    const paid = await request.post(link, {
      form: { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'AMNA OSMAN' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    await page.goto(`/booking/${refused}?payment=return&lang=${language}`);
    await expect(page.getByTestId('manual-ticketing')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: t('booking:final.manualTitle') })).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/D-17-by-hand-${language}-${device}.png`, fullPage: device === 'phone' });

    // The desk issues it by hand: the page shows the ticket.
    const agent = await sharedStaffMember('agent-desk', 'Hamid Desk');
    const booking = (await (await request.get(`/api/v1/bookings/${refused}`)).json()) as { passengers: { id: string }[] };
    const digits = `${Date.now()}`.slice(-10);
    const manual = await request.post(`/api/v1/admin/bookings/${refused}/manual-ticket`, {
      headers: { authorization: `Bearer ${agent.jwt}` },
      data: {
        pnr: `D${letters().slice(0, 5)}`,
        tickets: [{ passengerId: booking.passengers[0]!.id, ticketNumber: `077${digits}` }],
      },
    });
    expect(manual.status(), await manual.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/D-17-ticketed-${language}-${device}.png`, fullPage: false });
  },
);
