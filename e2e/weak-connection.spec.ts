import type { CDPSession, Page, Route } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { familyName, fillPassenger, passengerSection } from './support/booking-form';
import { journeyShot } from './support/shots';

/**
 * Issue 17: the journey search -> offers -> booking -> pay later on a weak mobile connection (Chromium's
 * network emulation: 400 kbit/s each way, 400 ms round trip) that drops at the worst moments: while
 * the offers arrive, when the booking's answer is on its way back (the server made it), when the
 * passengers' details are sent, and when pay later's answer is on its way back (the server held it).
 * Every request that failed is sent again, what was typed stays, and the server does each thing once.
 */
const WEAK = { latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

const setOffline = (cdp: CDPSession, offline: boolean) => cdp.send('Network.emulateNetworkConditions', { offline, ...WEAK });

/** What the server answered a booking write, seen on its way to the browser (whether it arrived or not). */
interface Answer {
  status: number;
  replayed: boolean;
  bookingId: string | null;
}

/**
 * Lets the server answer each request of `route`, and loses the first successful answer on its way
 * back: the connection drops (the browser goes offline) just after the server did the work.
 */
async function loseFirstAnswer(page: Page, cdp: CDPSession, url: string | RegExp, method: string, answers: Answer[]) {
  let lost = false;
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { booking?: { id: string } } | null;
    answers.push({
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
      bookingId: body?.booking?.id ?? null,
    });
    if (!lost && response.ok()) {
      lost = true;
      await setOffline(cdp, true);
      return route.abort('internetdisconnected');
    }
    return route.fulfill({ response });
  });
}

test(
  'on a weak connection that drops, search, booking and pay later still work, each done once',
  { tag: '@both' },
  async ({ page, language, problems }, testInfo) => {
    test.setTimeout(180_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const notice = page.getByTestId('connection-notice');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await setOffline(cdp, false);

    // 1. The search: the connection drops as the offers start to arrive, and comes back.
    await page.goto(
      `/?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(27)}&lang=${language}`,
    );
    const streamAsked = page.waitForRequest((request) => request.url().endsWith('/api/v1/offers/stream'));
    await page.getByRole('button', { name: t('search:form.submit') }).click();
    await streamAsked;
    await setOffline(cdp, true);
    await expect(page).toHaveURL(/\/offers\?/);
    // Offline, the search waits for the connection rather than failing.
    await expect(page.getByRole('alert').filter({ hasText: t('offers:states.errorTitle') })).toHaveCount(0);
    await setOffline(cdp, false);
    const books = page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') });
    await expect(books.first()).toBeVisible({ timeout: 30_000 });

    // 2. Book: the server makes the booking, its answer is lost with the connection. The page says so,
    // sends the same request again once back online, and the server answers it with the same booking.
    const created: Answer[] = [];
    await loseFirstAnswer(page, cdp, /\/api\/v1\/bookings$/, 'POST', created);
    for (let i = 0; i < 6 && !/\/booking\/bk_/.test(page.url()); i++) {
      await books.nth(i).click();
      if (i === 0) {
        const prompt = page.getByRole('dialog', { name: t('offers:loginPrompt.title') });
        await prompt.getByRole('button', { name: t('offers:loginPrompt.guest') }).click();
      }
      // About one offer in twenty is sold out when re-priced: the page says so and the next one is tried.
      const outcome = await Promise.race([
        page.waitForURL(/\/booking\/bk_/, { timeout: 30_000 }).then(() => 'booked'),
        page
          .getByRole('alert')
          .filter({ hasText: t('offers:booking.failed') })
          .waitFor({ timeout: 30_000 })
          .then(() => 'failed'),
        notice.waitFor({ timeout: 30_000 }).then(() => 'dropped'),
      ]);
      if (outcome !== 'dropped') continue;
      await expect(notice).toContainText(t('offers:connection.waitingBooking'));
      await expect(notice).toHaveAttribute('data-state', 'waiting');
      await setOffline(cdp, false);
      await page.waitForURL(/\/booking\/bk_/, { timeout: 30_000 });
    }
    await page.unroute(/\/api\/v1\/bookings$/);
    const made = created.filter((answer) => answer.status === 201);
    expect(made, 'the lost answer, then the same booking again').toHaveLength(2);
    expect(made[1]!.replayed).toBe(true);
    expect(new Set(made.map((answer) => answer.bookingId)).size, 'exactly one booking made').toBe(1);
    const bookingId = made[0]!.bookingId!;
    expect(page.url()).toContain(`/booking/${bookingId}`);

    // 3. The passengers: three sends in a row get no answer (the connection resets). The form keeps what
    // was typed, says the details were not sent, and "try again" sends them once the connection is back.
    await expect(page.getByRole('heading', { name: t('booking:passengers.title') })).toBeVisible({ timeout: 30_000 });
    const family = familyName(testInfo.project.name, 'weak');
    await fillPassenger(page, language, 'adult', { first: 'Amna', last: family, born: '1991-04-12', gender: 'F' });
    const email = `weak-${testInfo.project.name}@example.com`;
    await page.getByRole('textbox', { name: t('booking:contact.email') }).fill(email);
    await page.getByRole('textbox', { name: t('booking:contact.mobile') }).fill('0912345678');
    let reset = 0;
    const passengersUrl = new RegExp(`/api/v1/bookings/${bookingId}$`);
    await page.route(passengersUrl, (route) =>
      route.request().method() === 'PUT' && reset < 3 ? (reset++, route.abort('connectionreset')) : route.fallback(),
    );
    await page.getByRole('button', { name: t('booking:submit') }).click();
    await expect(notice).toHaveAttribute('data-state', 'waiting');
    await expect(notice).toContainText(t('booking:connection.waitingPassengers'));
    await expect(notice).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
    await expect(notice).toContainText(t('booking:connection.failedPassengers'));
    expect(reset, 'the first send and two retries').toBe(3);
    const adult = passengerSection(page, language, 'adult');
    await expect(adult.getByRole('textbox', { name: t('booking:fields.firstName') })).toHaveValue('Amna');
    await expect(adult.getByRole('textbox', { name: t('booking:fields.lastName') })).toHaveValue(family);
    await expect(page.getByRole('textbox', { name: t('booking:contact.email') })).toHaveValue(email);
    await page.unroute(passengersUrl);
    // "Try again" reaches a server still completing an earlier try (as when the process doing it
    // stopped mid-request and its key is held until its lease ends): it answers 409 "still running",
    // as the API does, until that try is done. The page says it is still working, asks again by
    // itself, and goes on.
    let running = true;
    let stillRunning = 0;
    await page.route(passengersUrl, (route) =>
      route.request().method() === 'PUT' && running
        ? (stillRunning++,
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'IDEMPOTENCY_KEY_IN_USE',
              message: 'A request with this Idempotency-Key is still running; retry in a moment',
              requestId: 'weak-connection',
            }),
          }))
        : route.fallback(),
    );
    await notice.getByRole('button', { name: t('booking:connection.retry') }).click();
    await expect(notice).toHaveAttribute('data-state', 'busy');
    await expect(notice).toContainText(t('booking:connection.busyTitle'));
    await expect(notice).toContainText(t('booking:connection.busy'));
    await expect.poll(() => stillRunning, { message: 'asked again by itself' }).toBeGreaterThanOrEqual(2);
    expect(await axeViolations(page)).toEqual([]);
    await notice.scrollIntoViewIfNeeded();
    await journeyShot(page, 'weak', 'still-working', testInfo.project.name, false);
    running = false;
    await expect(page.getByRole('heading', { name: t('booking:payment.title') })).toBeVisible({ timeout: 30_000 });
    await page.unroute(passengersUrl);
    await expect(notice).toHaveCount(0);

    // 4. Pay later: the server holds the booking, its answer is lost with the connection; once back
    // online the same request gets the same answer (not "already held"), and the final screen opens.
    const paid: Answer[] = [];
    await loseFirstAnswer(page, cdp, new RegExp(`/api/v1/bookings/${bookingId}/pay$`), 'PUT', paid);
    await page.getByRole('radio', { name: t('booking:payment.later') }).check();
    await page.getByRole('button', { name: new RegExp(t('booking:payment.continue')) }).click();
    await expect(notice).toContainText(t('booking:connection.waitingPayment'));
    await expect(page.getByRole('radio', { name: t('booking:payment.later') })).toBeChecked();
    await setOffline(cdp, false);
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible({ timeout: 30_000 });
    expect(paid.map((answer) => [answer.status, answer.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);

    // The one booking is held for a transfer.
    const booking = (await (await page.request.get(`/api/v1/bookings/${bookingId}`)).json()) as {
      status: string;
      paymentMethod: string;
    };
    expect(booking).toMatchObject({ status: 'pending-payment', paymentMethod: 'bank-transfer' });

    // The dropped requests are in the console as failed loads; nothing else may be.
    const unexpected = problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET/.test(p));
    expect(unexpected).toEqual([]);
    problems.length = 0;
  },
);
