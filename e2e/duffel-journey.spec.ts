import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StaffSignedIn, TotpConfirmResponse, TotpSetupResponse } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { fill, mailStrings } from '../apps/api/src/modules/mail/locales/index';
import { totpCode } from '../apps/api/src/modules/staff/totp';
import { DUFFEL } from '../playwright.config';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { familyName, passengerSection, payOnSandboxGateway, pickCountry, pickDate, year } from './support/booking-form';
import { attachment, pdfText, waitForMail } from './support/mailbox';

/**
 * Real flights, end to end: the app with SUPPLIER=duffel against the local server that speaks Duffel's
 * HTTP API (apps/api/test/duffel: a search takes 2 s in three batches, webhooks signed to the app). A
 * traveller searches Port Sudan -> Cairo and sees the offers stream in; books as a guest and pays later
 * (a hold at the airline, the deadline shown), the agency approves the transfer on its desk and the
 * booking is ticketed and e-mailed; the airline then moves the flight and the traveller accepts the new
 * times. Another traveller pays by card (an offer the airline sells for immediate payment only, which
 * cannot be held), is ticketed, and cancels at the airline's refund quote. Both languages: Arabic on a
 * phone (duffel-ar), English on a desktop (duffel-en).
 */

const APP = `http://127.0.0.1:${DUFFEL.appPort}`;
const DUFFEL_API = `http://127.0.0.1:${DUFFEL.apiPort}`;
const SHOTS = '/tmp/kw-duffel-shots';

type StreamWindow = Window & { offersStream?: string };
type T = (key: string, vars?: Record<string, string | number>) => string;
type StreamedOffer = {
  reference: string;
  price: number;
  instantPaymentOnly?: boolean;
  slices: { segments: { flightNumber: string }[] }[];
};
type BookingJson = {
  id: string;
  bookingReference: string;
  status: string;
  statusTrigger: string;
  pnr: string | null;
  holdExpiresAt: string | null;
  passengers: { ticketNumber: string | null; requiredFields: string[] }[];
  slices: { departureDate: string; segments: { departureDate: string; arrivalDate: string; flightNumber: string }[] }[];
};

/** The Duffel server's own API (the adapter's bearer token and version header). */
async function duffelApi<D>(route: string): Promise<D> {
  const response = await fetch(`${DUFFEL_API}${route}`, {
    headers: { authorization: `Bearer ${DUFFEL.token}`, 'duffel-version': 'v2' },
  });
  expect(response.status, route).toBe(200);
  return ((await response.json()) as { data: D }).data;
}

async function duffelControl(route: string, body: unknown) {
  const response = await fetch(`${DUFFEL_API}/_control${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${route}: ${response.status} ${await response.clone().text()}`).toBe(true);
}

/**
 * Nothing overflows the page sideways (a phone scrolls down, never across); then a picture for review
 * into /tmp/kw-duffel-shots: the whole page on a desktop, on a phone the screen around `focus`.
 */
async function shot(page: Page, testInfo: TestInfo, name: string, focus?: Locator) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name}: horizontal overflow`).toBeLessThanOrEqual(0);
  const phone = (page.viewportSize()?.width ?? 1000) < 700;
  if (phone && focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`), fullPage: !phone });
}

// ---------- a desk agent of the Duffel server ----------

async function post<R>(route: string, body?: unknown, jwt?: string): Promise<R> {
  const response = await fetch(`${APP}/api/v1${route}`, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as R;
}

let deskAgent: Promise<{ jwt: string; session: unknown }> | undefined;

/**
 * A desk agent of the Duffel server, made as the agency does (`npm run staff -- create`, the set-up link,
 * password, authenticator). The command asks the running server when the embedded database is open
 * (its postmaster.pid); this server's DATA_DIR is its own, so the command gets a directory that says so
 * and the server's address; the token it signs is the run's JWT_SECRET, which the server shares.
 */
function duffelDeskAgent() {
  deskAgent ??= (async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-e2e-duffel-staff-'));
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    fs.writeFileSync(path.join(dataDir, 'pglite', 'postmaster.pid'), '');
    const email = `desk-${Date.now().toString(36)}${randomBytes(2).toString('hex')}@agency.test`;
    const printed = execFileSync('npx', ['tsx', 'apps/api/scripts/staff.ts', 'create', email, '--role', 'agent-desk'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        ENV_FILE: '/dev/null',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(DUFFEL.appPort),
        PUBLIC_URL: APP,
        LOG_LEVEL: 'warn',
      },
    });
    const token = /\/admin\/setup\/([A-Za-z0-9_-]+)/.exec(printed)?.[1];
    if (!token) throw new Error(`No set-up link in:\n${printed}`);
    const password = 'desk-of-the-red-sea-2026';
    const signedIn = await post<StaffSignedIn>(`/admin/auth/invitations/${token}`, {
      fullName: 'Hamid Duffel',
      password,
      passwordConfirmation: password,
    });
    const { secret } = await post<TotpSetupResponse>('/admin/auth/totp/setup', undefined, signedIn.jwt);
    await post<TotpConfirmResponse>('/admin/auth/totp/confirm', { code: totpCode(secret, new Date()) }, signedIn.jwt);
    return {
      jwt: signedIn.jwt,
      session: {
        jwt: signedIn.jwt,
        expiresAt: signedIn.expiresAt,
        staff: { id: signedIn.staff.userId, fullName: 'Hamid Duffel', email, role: 'agent-desk', secondFactor: true },
      },
    };
  })();
  deskAgent.catch(() => (deskAgent = undefined));
  return deskAgent;
}

// ---------- search, book, fill ----------

/**
 * The offers page searches Port Sudan -> Cairo: the airlines' batches stream in, the first offers on
 * screen while the progress bar still runs, then the bar goes and every offer is there. Answers the
 * offers in the page's order (the stream's last event).
 */
async function searchStreaming(page: Page, language: string, days: number, testInfo: TestInfo, photograph = false) {
  const t: T = (key, vars) => tr(language, key, vars);
  // The stream's own answer, read beside the page (the browser does not keep a streamed body).
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const answer = await realFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.endsWith('/api/v1/offers/stream') || !answer.body) return answer;
      const [forPage, forTest] = answer.body.tee();
      void new Response(forTest).text().then((text) => ((window as StreamWindow).offersStream = text));
      return new Response(forPage, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    };
  });
  await page.goto(
    `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(days)}&lang=${language}`,
  );
  // One moment seen whole: the progress bar still running and offers already on screen.
  const progressLabel = t('offers:stream.progressLabel');
  const midway = await page.waitForFunction(
    (label) => {
      const bar = document.querySelector(`[role="progressbar"][aria-label="${label}"]`);
      const status = bar?.closest('[role="status"]');
      const shown = document.querySelectorAll('article').length;
      return status && shown > 0 ? { shown, text: status.textContent ?? '' } : null;
    },
    progressLabel,
    { polling: 'raf', timeout: 20_000 },
  );
  const mid = (await midway.jsonValue())!;
  if (photograph) await shot(page, testInfo, 'offers-streaming');
  const body = await page.waitForFunction(() => (window as StreamWindow).offersStream);
  const events = ((await body.jsonValue()) as string)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; totalBatches?: number; result?: { offers: StreamedOffer[] } });
  const complete = events.find((e) => e.type === 'complete')!;
  const offers = complete.result!.offers;
  // The server sent several batches, and the page showed fewer offers midway than at the end.
  expect(events.filter((e) => e.type === 'progress').length).toBeGreaterThan(1);
  expect(mid.text).toMatch(trPattern(language, 'offers:stream.progress'));
  await expect(page.getByRole('progressbar', { name: progressLabel })).toHaveCount(0);
  await expect(page.locator('article')).toHaveCount(offers.length);
  expect(mid.shown).toBeLessThan(offers.length);
  await expect(page.getByText(t('offers:stream.timedOutTitle'))).toHaveCount(0);
  return offers;
}

/** Book the offers at these positions in turn until one opens its booking page (a guest, logged out). */
async function bookOneOf(page: Page, language: string, positions: number[]) {
  const t: T = (key, vars) => tr(language, key, vars);
  let asked = false;
  for (const position of positions) {
    await page
      .locator('article')
      .nth(position)
      .getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') })
      .click();
    if (!asked) {
      const prompt = page.getByRole('dialog', { name: t('offers:loginPrompt.title') });
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: t('offers:loginPrompt.guest') }).click();
      asked = true;
    }
    const outcome = await Promise.race([
      page.waitForURL(/\/booking\/bk_/, { timeout: 20_000 }).then(() => 'booked'),
      page
        .getByRole('alert')
        .filter({ hasText: t('offers:booking.failed') })
        .waitFor({ timeout: 20_000 })
        .then(() => 'failed'),
    ]);
    if (outcome === 'booked') return position;
  }
  throw new Error('no bookable offer');
}

/** The one adult as the airline asks: names, birth date, gender, and the passport only when the offer wants it. */
async function fillTraveller(page: Page, language: string, last: string, email: string, offer: StreamedOffer) {
  const expectDocuments = asksDocuments(offer);
  const t: T = (key, vars) => tr(language, key, vars);
  await expect(page.getByRole('heading', { name: t('booking:passengers.title') })).toBeVisible();
  const section = passengerSection(page, language, 'adult');
  await section.getByRole('textbox', { name: t('booking:fields.firstName') }).fill('Amna');
  await section.getByRole('textbox', { name: t('booking:fields.lastName') }).fill(last);
  await pickDate(section, language, 'booking:fields.dateOfBirth', '1991-06-14');
  await section.getByRole('radio', { name: t('booking:gender.F'), exact: true }).check();
  const documentNumber = section.getByRole('textbox', { name: t('booking:fields.documentNumber') });
  // Duffel asks for the passport on some airlines' offers only (passenger_identity_documents_required).
  await expect(documentNumber).toHaveCount(expectDocuments ? 1 : 0);
  if (expectDocuments) {
    await pickCountry(page, section, language, 'booking:fields.nationalityCountry', 'SD');
    await documentNumber.fill(`P0${randomBytes(3).toString('hex').toUpperCase()}`);
    await pickCountry(page, section, language, 'booking:fields.documentIssuanceCountry', 'SD');
    await pickDate(section, language, 'booking:fields.documentExpiryDate', `${year(5)}-03-09`);
  }
  await page.getByRole('textbox', { name: t('booking:contact.email') }).fill(email);
  await page.getByRole('textbox', { name: t('booking:contact.mobile') }).fill('0912345678');
  await page.getByRole('button', { name: t('booking:submit') }).click();
  await expect(page.getByRole('heading', { name: t('booking:payment.title') })).toBeVisible();
}

const bookingIdOf = (page: Page) => /\/booking\/(bk_[^/?#]+)/.exec(page.url())![1]!;

async function bookingJson(page: Page, id: string): Promise<BookingJson> {
  const response = await page.request.get(`/api/v1/bookings/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as BookingJson;
}

/** Ticketed: the final screen's PNR, a 13-digit ticket per passenger, and the e-ticket PDF e-mailed. */
async function expectTicketed(page: Page, language: string, id: string, email: string) {
  const t: T = (key, vars) => tr(language, key, vars);
  await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible({
    timeout: 30_000,
  });
  const pnr = (await page.getByTestId('pnr').textContent())!.trim();
  expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
  await expect(page.getByText(t('booking:final.emailed', { email }))).toBeVisible();
  const booking = await bookingJson(page, id);
  expect(booking).toMatchObject({ status: 'confirmed', pnr });
  for (const passenger of booking.passengers) expect(passenger.ticketNumber).toMatch(/^\d{13}$/);
  const subject = fill(mailStrings('en').eTicket.subject, { reference: booking.bookingReference });
  const mail = await waitForMail(email, new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
  const text = pdfText(await attachment(mail, 0));
  expect(text).toContain(pnr);
  expect(text).toContain(booking.passengers[0]!.ticketNumber!);
  return { booking, pnr };
}

const identityDocumentsAirlines = /^(SV|TK|QR|LH)/;
const airlineOf = (offer: StreamedOffer) => offer.slices[0]!.segments[0]!.flightNumber.replace(/\s/g, '').slice(0, 2);
/** Whether the offer's airline asks for the passport at booking (the stand-in's SV, TK, QR and LH do). */
const asksDocuments = (offer: StreamedOffer) => identityDocumentsAirlines.test(airlineOf(offer));

test.describe.configure({ mode: 'parallel' });

test('streamed search, pay later held at the airline, transfer approved on the desk, ticketed; the airline moves the flight and the traveller accepts', async ({
  page,
  language,
}, testInfo) => {
  test.setTimeout(180_000);
  const t: T = (key, vars) => tr(language, key, vars);
  const project = testInfo.project.name;
  const email = `duffel-later-${project}-${randomBytes(3).toString('hex')}@example.com`;

  // 1. The search streams in. Each project (and a retry) searches its own days: the same search again would
  // be answered at once from the app's recent results, not streamed from the airlines.
  const offers = await searchStreaming(page, language, (language === 'ar' ? 21 : 28) + testInfo.retry * 50, testInfo, true);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, testInfo, 'offers');

  // 2. A guest books an offer the airline lets be held, one that asks for the passport.
  const holdable = offers.map((offer, i) => ({ offer, i })).filter(({ offer }) => !offer.instantPaymentOnly);
  const ordered = [
    ...holdable.filter(({ offer }) => asksDocuments(offer)),
    ...holdable.filter(({ offer }) => !asksDocuments(offer)),
  ];
  const position = await bookOneOf(
    page,
    language,
    ordered.map(({ i }) => i),
  );
  const id = bookingIdOf(page);
  await fillTraveller(page, language, familyName(project, 'duffellater'), email, offers[position]!);

  await page.getByRole('radio', { name: t('booking:payment.later') }).check();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, testInfo, 'payment', page.getByRole('heading', { name: t('booking:payment.title') }));
  await page.getByRole('button', { name: new RegExp(t('booking:payment.continue')) }).click();
  await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible({ timeout: 30_000 });
  const held = await bookingJson(page, id);
  expect(held).toMatchObject({ status: 'pending-payment', statusTrigger: 'payment-info-submit' });
  expect(Date.parse(held.holdExpiresAt!)).toBeGreaterThan(Date.now());
  // The deadline, on the agency's clock, as the page says it.
  await expect(
    page.getByText(t('booking:final.held', { time: formatAgencyDateTime(held.holdExpiresAt!, language) })),
  ).toBeVisible();
  const reference = (await page.getByTestId('booking-reference').textContent())!.trim();
  expect(reference).toBe(held.bookingReference);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, testInfo, 'held', page.getByRole('heading', { name: t('booking:final.heldTitle') }));

  // The traveller sends the transfer receipt.
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
  await page.locator('input[type=file]').setInputFiles({ name: 'bankak.png', mimeType: 'image/png', buffer: png });
  // The transfer's number, required with the file (a new one each run: a number pays one booking).
  await page.getByTestId('transaction-number').fill(String(Date.now()));
  await page.getByRole('button', { name: t('booking:receipt.upload') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('booking:receipt.uploaded') })).toBeVisible();

  // The agency approves it on the desk (/admin/transfers), signed in as a desk agent.
  const agent = await duffelDeskAgent();
  const desk = await page.context().newPage();
  await desk.addInitScript((value) => localStorage.setItem('kwenda.staffSession', value), JSON.stringify(agent.session));
  await desk.goto(`/admin/transfers?lang=${language}`);
  await desk.locator('html[data-ready]').waitFor({ state: 'attached' });
  const d: T = (key, vars) => tr(language, `admin-desk:${key}`, vars);
  const card = desk.getByRole('article', { name: reference });
  await expect(card.getByText(d('transfers.expected'))).toBeVisible();
  await shot(desk, testInfo, 'desk-transfer');
  await card.getByRole('button', { name: d('transfers.approve') }).click();
  const approve = desk.getByRole('dialog', { name: d('approve.title') });
  await approve.getByRole('button', { name: d('approve.confirm') }).click();
  await expect(desk.getByRole('status').filter({ hasText: reference })).toBeVisible();
  await desk.close();

  // Paid at the airline and ticketed: the PNR, the tickets, the e-ticket e-mailed.
  await page.reload();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  const { booking, pnr } = await expectTicketed(page, language, id, email);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, testInfo, 'ticketed-later', page.getByTestId('pnr'));

  // 4. The airline moves the flight three hours later (Duffel's order.airline_initiated_change_detected).
  const orders = await duffelApi<{ id: string; type: string; payment_status: { awaiting_payment: boolean } }[]>(
    `/air/orders?booking_reference=${pnr}`,
  );
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ type: 'hold', payment_status: { awaiting_payment: false } });
  await duffelControl('/airline-change', { order_id: orders[0]!.id, shift_hours: 3 });
  await expect.poll(async () => (await bookingJson(page, id)).status, { timeout: 30_000 }).toBe('rescheduled');
  await page.reload();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  const panel = page.getByRole('region', { name: t('booking:airlineChange.title') });
  await expect(panel).toBeVisible();
  const before = booking.slices[0]!.segments[0]!;
  const hhmm = (local: string) => local.slice(11, 16);
  const shifted = (local: string) => {
    const at = new Date(`${local.slice(0, 16)}:00Z`);
    return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
  };
  await expect(panel.getByTestId('change-old')).toContainText(hhmm(before.departureDate));
  await expect(panel.getByTestId('change-new')).toContainText(hhmm(shifted(before.departureDate)));
  const changeSubject = fill(mailStrings('en').airlineChange.subject, { reference: booking.bookingReference });
  const changeMail = await waitForMail(email, new RegExp(changeSubject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(changeMail.text).toContain(hhmm(shifted(before.departureDate)));
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, testInfo, 'airline-change', panel);

  // The traveller accepts: confirmed again, on the new times.
  const trip = page.getByRole('region', { name: t('booking:trip.title') });
  await expect(trip).toContainText(hhmm(before.departureDate));
  await panel.getByRole('button', { name: t('booking:airlineChange.accept') }).click();
  await expect(panel).toHaveCount(0);
  // The pointer leaves the spot where the button was ("Cancel this booking" now sits there, hovered).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { name: new RegExp(t('booking:final.confirmedTitle')) })).toBeVisible();
  const accepted = await bookingJson(page, id);
  expect(accepted.status).toBe('confirmed');
  expect(accepted.slices[0]!.segments[0]!.departureDate.slice(0, 16)).toBe(shifted(before.departureDate));
  // The trip now reads the new departure time.
  await expect(trip).toContainText(hhmm(shifted(before.departureDate)));
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, testInfo, 'change-accepted', trip);
});

test(
  'card on the gateway for an offer that cannot be held, ticketed; cancelled at the airline’s refund quote',
  { tag: '@en-desktop' },
  async ({ page, language, problems }, testInfo) => {
    test.setTimeout(180_000);
    const t: T = (key, vars) => tr(language, key, vars);
    const project = testInfo.project.name;
    const email = `duffel-card-${project}-${randomBytes(3).toString('hex')}@example.com`;

    // The search of a day whose cheapest offers include one sold for immediate payment only.
    const offers = await searchStreaming(page, language, (language === 'ar' ? 24 : 35) + testInfo.retry * 50, testInfo);
    const instant = offers.map((offer, i) => ({ offer, i })).filter(({ offer }) => offer.instantPaymentOnly);
    const others = offers.map((offer, i) => ({ offer, i })).filter(({ offer }) => !offer.instantPaymentOnly);
    const position = await bookOneOf(
      page,
      language,
      [...instant, ...others].map(({ i }) => i),
    );
    const chosen = offers[position]!;
    const id = bookingIdOf(page);
    await fillTraveller(page, language, familyName(project, 'duffelcard'), email, chosen);

    if (chosen.instantPaymentOnly) {
      // Pay later is shown switched off, with the airline's reason; the server refuses it too, and nothing is held.
      await expect(page.getByRole('radio', { name: t('booking:payment.later') })).toBeDisabled();
      await expect(page.getByText(t('booking:payment.laterUnavailable'))).toBeVisible();
      const refused = await page.evaluate(async (bookingId) => {
        const answer = await fetch(`/api/v1/bookings/${bookingId}/pay`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ payLater: true }),
        });
        return { status: answer.status, code: ((await answer.json()) as { code?: string }).code };
      }, id);
      expect(refused).toEqual({ status: 409, code: 'INSTANT_PAYMENT_ONLY' });
      expect((await bookingJson(page, id)).status).toBe('created');
      await shot(page, testInfo, 'instant-only', page.getByRole('heading', { name: t('booking:payment.title') }));
      // The browser reports the 409 itself; nothing else may be in the console.
      expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
      problems.length = 0;
    } else {
      testInfo.annotations.push({ type: 'note', description: 'no instant-payment-only offer on this day' });
    }

    // 3. Paid by card on the sandbox gateway's page.
    await payOnSandboxGateway(page, language);
    const { booking, pnr } = await expectTicketed(page, language, id, email);
    const [order] = await duffelApi<{ id: string; type: string }[]>(`/air/orders?booking_reference=${pnr}`);
    expect(order!.type).toBe(chosen.instantPaymentOnly ? 'instant' : 'hold');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, testInfo, 'ticketed-card', page.getByTestId('pnr'));

    // 5. The traveller asks to cancel: the airline's refund is quoted first, nothing changes yet.
    await page.getByRole('button', { name: t('booking:cancelRefund.offer') }).click();
    const quote = page.getByTestId('cancellation-quote');
    await expect(quote).toBeVisible();
    await expect(quote).toContainText(t('booking:cancelRefund.quoteTitle'));
    const refund = (await quote.getByTestId('refund-amount').textContent())!.trim();
    expect(refund).toMatch(/\d/);
    expect((await bookingJson(page, id)).status).toBe('confirmed');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, testInfo, 'refund-quote', quote);

    await quote.getByRole('button', { name: t('booking:cancelRefund.confirm') }).click();
    await expect(page.getByRole('heading', { name: t('booking:final.closedTitle') })).toBeVisible();
    await expect(page.getByText(t('booking:final.travellerCanceledAtQuote'))).toBeVisible();
    // The page states what was paid, the airline's fee and the refund owed.
    await expect(page.getByTestId('cancellation-refund')).toContainText(t('booking:cancelled.owed'));
    const canceled = await bookingJson(page, id);
    expect(canceled).toMatchObject({ status: 'canceled', statusTrigger: 'traveller-canceled' });
    // Cancelled at the airline, and the refund recorded on the booking for the desk to pay back.
    const atAirline = (await (await fetch(`${DUFFEL_API}/_control/orders/${order!.id}`)).json()) as {
      cancelled_at?: string | null;
      cancellation?: { refund_amount: string | null } | null;
      data?: { cancelled_at: string | null };
    };
    expect(atAirline.cancelled_at ?? atAirline.data?.cancelled_at).toBeTruthy();
    const agent = await duffelDeskAgent();
    const detail = (await (
      await fetch(`${APP}/api/v1/admin/bookings/${id}`, { headers: { authorization: `Bearer ${agent.jwt}` } })
    ).json()) as { events?: { statusTrigger: string; details: { refund?: { amount: number | null } } }[] };
    const event = JSON.stringify(detail);
    expect(event).toContain('traveller-canceled');
    expect(event).toMatch(/"refund":\{"amount":/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, testInfo, 'canceled', page.getByRole('heading', { name: t('booking:final.closedTitle') }));
    void booking;
  },
);
