import type { Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr } from './i18n';
import {
  bookThroughApi,
  familyName,
  fillPassenger,
  passengerSection,
  savePassengersThroughApi,
  year,
  type ApiPassenger,
  type Person,
} from './support/booking-form';

/**
 * The booking page's steps as a traveller on a phone or a desktop meets them (issue 13): typing
 * that survives a reload, each step opening at its top, no payment method chosen for them, a saved
 * mobile number that comes back whole, an already-booked passenger told so, a view-only seat map,
 * and helper texts laid out in the page's direction.
 */

const DRAFT_PREFIX = 'kwenda.bookingDraft.';
const storedDrafts = (page: Page) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), DRAFT_PREFIX);

/** Mantine's teal 8, the brand colour the current step is drawn in (src/app/theme.ts). */
const BRAND = 'rgb(11, 94, 85)';

/** Every label, hint and error of the page's form fields, with the direction each is laid out in. */
const fieldTextDirections = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.mantine-InputWrapper-label, .mantine-InputWrapper-description, .mantine-InputWrapper-error, fieldset legend',
      ),
    ]
      .filter((element) => element.offsetParent !== null && element.textContent!.trim())
      .map((element) => `${getComputedStyle(element).direction} ${element.textContent!.trim().slice(0, 30)}`),
  );

/** One traveller booked twice on the same flights. */
const dupePassenger = (family: string): ApiPassenger => ({
  firstName: 'KHALID',
  lastName: family.toUpperCase(),
  dateOfBirth: '1988-02-11',
  gender: 'M',
  documentNumber: 'P07654321',
});

async function expectFieldTextsIn(page: Page, language: string, atLeast = 1) {
  const directions = await fieldTextDirections(page);
  expect(directions.length).toBeGreaterThanOrEqual(atLeast);
  const wrong = directions.filter((line) => !line.startsWith(language === 'ar' ? 'rtl' : 'ltr'));
  expect(wrong, 'labels, hints and errors follow the page direction').toEqual([]);
}

/** Valid passenger details saved through the API, as the passenger step would send them. */
test('the passenger step survives a reload, payment opens at its top with nothing chosen, a saved mobile comes back whole', async ({
  page,
  language,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const family = familyName(testInfo.project.name, 'steps');
  const id = await bookThroughApi(page.request, 26, { adults: 1, children: 1, infants: 1 });
  await page.goto(`/booking/${id}?lang=${language}`);
  await expect(page.getByRole('heading', { name: t('booking:passengers.title') })).toBeVisible();

  // The step bar: on a phone one line names the step, on a desktop every label shows in full;
  // the current step in the brand colour.
  const stepBar = page.getByRole('navigation', { name: t('booking:steps.label') });
  const progress = stepBar.getByText(t('booking:steps.progress', { current: 2, total: 4, label: t('booking:steps.passengers') }));
  if (isMobile) await expect(progress).toBeVisible();
  else {
    await expect(progress).toBeHidden();
    for (const step of ['search', 'passengers', 'payment', 'confirmation'])
      await expect(stepBar.locator('ol').getByText(t(`booking:steps.${step}`))).toBeVisible();
  }
  const current = stepBar.locator('li[aria-current="step"] span[aria-hidden]').first();
  await expect(current).toHaveCSS('background-color', BRAND);
  const cutOff = await stepBar.evaluate(
    (nav) =>
      [...nav.querySelectorAll<HTMLElement>('li, li *')].filter((el) => el.offsetWidth > 1 && el.scrollWidth > el.clientWidth + 1)
        .length,
  );
  expect(cutOff, 'no step label is cut off').toBe(0);

  // Sent empty: every hint and error is laid out in the page's direction (the mobile number's too).
  await page.getByRole('button', { name: t('booking:submit') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('booking:reviewErrors') })).toBeVisible();
  await expectFieldTextsIn(page, language, 20);

  const people: Record<'adult' | 'child' | 'infant', Person & { passport: string }> = {
    adult: { first: 'Ahmed', last: family, born: '1990-05-15', gender: 'M', passport: 'P01234561' },
    child: { first: 'Omer', last: family, born: `${year(-7)}-03-10`, gender: 'M', passport: 'P01234562' },
    infant: { first: 'Hiba', last: family, born: daysAhead(-200), gender: 'F', passport: 'P01234563' },
  };
  for (const [type, person] of Object.entries(people)) await fillPassenger(page, language, type as keyof typeof people, person);
  await page.getByRole('textbox', { name: t('booking:contact.email') }).fill(`steps-${testInfo.project.name}@example.com`);
  // A Saudi number: its dial code must come back as +966 with its own digits.
  const dialCode = page.getByRole('combobox', { name: t('booking:contact.dialCode') });
  const mobile = page.getByRole('textbox', { name: t('booking:contact.mobile') });
  await dialCode.selectOption('+966');
  await mobile.fill('0501234567');
  expect(await storedDrafts(page)).toEqual([`${DRAFT_PREFIX}${id}`]);

  // A reload (or a dropped connection, or a closed tab) costs nothing.
  await page.reload();
  await expect(page.getByText(t('booking:passengers.restored'))).toBeVisible();
  for (const [type, person] of Object.entries(people)) {
    const section = passengerSection(page, language, type as keyof typeof people);
    await expect(section.getByRole('textbox', { name: t('booking:fields.firstName') })).toHaveValue(person.first);
    await expect(section.getByRole('textbox', { name: t('booking:fields.lastName') })).toHaveValue(person.last);
    await expect(section.getByRole('textbox', { name: t('booking:fields.documentNumber') })).toHaveValue(person.passport);
    const [y, m, d] = person.born.split('-');
    const birth = t('booking:fields.dateOfBirth');
    await expect(section.getByLabel(`${birth}: ${t('booking:fields.year')}`)).toHaveValue(y!);
    await expect(section.getByLabel(`${birth}: ${t('booking:fields.month')}`)).toHaveValue(m!);
    await expect(section.getByLabel(`${birth}: ${t('booking:fields.day')}`)).toHaveValue(d!);
    await expect(section.getByRole('radio', { name: t(`booking:gender.${person.gender}`), exact: true })).toBeChecked();
    await expect(section.getByRole('combobox', { name: t('booking:fields.nationalityCountry') })).not.toHaveValue('');
  }
  await expect(dialCode).toHaveValue('+966');
  await expect(mobile).toHaveValue('501234567');

  // Sent: the payment step opens at its top, its heading focused, the kept typing gone.
  await page.getByRole('button', { name: t('booking:submit') }).click();
  const paymentTitle = page.getByRole('heading', { name: t('booking:payment.title') });
  await expect(paymentTitle).toBeFocused();
  await expect(paymentTitle).toBeInViewport();
  await expect(page.getByRole('radio', { name: t('booking:payment.later') })).toBeInViewport();
  expect(await storedDrafts(page)).toEqual([]);
  await expect(stepBar.locator('li[aria-current="step"]')).toHaveAttribute('data-state', 'current');

  // Nothing is chosen for the traveller: confirming without a choice asks for one.
  for (const choice of ['later', 'card'])
    await expect(page.getByRole('radio', { name: t(`booking:payment.${choice}`) })).not.toBeChecked();
  const confirm = page.getByRole('button', { name: new RegExp(t('booking:payment.continue')) });
  await confirm.click();
  await expect(page.getByText(t('booking:payment.choose'))).toBeVisible();
  await expect(page.getByRole('radio', { name: t('booking:payment.later') })).toBeFocused();
  await expect(paymentTitle).toBeVisible();

  // Reopened before paying, the booking shows its saved mobile number as dial code + digits, and
  // sending it again is accepted (not +966966...).
  await page.reload();
  await expect(dialCode).toHaveValue('+966');
  await expect(mobile).toHaveValue('501234567');
  await page.getByRole('button', { name: t('booking:submit') }).click();
  await expect(paymentTitle).toBeFocused();

  await page.getByRole('radio', { name: t('booking:payment.later') }).check();
  await confirm.click();
  const heldTitle = page.getByRole('heading', { name: t('booking:final.heldTitle') });
  await expect(heldTitle).toBeFocused();
  await expect(heldTitle).toBeInViewport();
  // The receipt field says what to do before a file is chosen.
  await expect(page.getByRole('button', { name: t('booking:receipt.file') })).toContainText(t('booking:receipt.placeholder'));
  expect(await axeViolations(page)).toEqual([]);
});

test(
  'a passenger who already holds these flights is told so (with a link only to their own booking), not that the offer expired',
  { tag: '@en-desktop' },
  async ({ page, language, problems }, testInfo) => {
    test.setTimeout(120_000);
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const family = familyName(testInfo.project.name, 'dupe');
    // Two bookings of the same flights for the same person, both saved; the first is then held.
    const first = await bookThroughApi(page.request, 28, { adults: 1, children: 0, infants: 0 });
    const second = await bookThroughApi(page.request, 28, { adults: 1, children: 0, infants: 0 });
    await savePassengersThroughApi(page.request, first, dupePassenger(family), { email: 'dupe@example.com' });
    await savePassengersThroughApi(page.request, second, dupePassenger(family), { email: 'dupe@example.com' });
    const held = await page.request.put(`/api/v1/bookings/${first}/pay`, { data: { payLater: true } });
    expect(held.status(), await held.text()).toBe(200);

    await page.goto(`/booking/${second}?lang=${language}`);
    await page.getByRole('button', { name: t('booking:submit') }).click();
    const alert = page.getByRole('alert').filter({ hasText: t('booking:alreadyBooked.title') });
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    await expect(alert).toContainText(`KHALID ${family.toUpperCase()}`);
    // Both are guest bookings: whoever holds one's id can open it, so the other is not linked.
    await expect(alert).toContainText(t('booking:alreadyBooked.elsewhere'));
    await expect(alert.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: t('booking:expired.title') })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // The account's own booking is linked (the server names it only to its account).
    await page.route(/\/api\/v1\/bookings\/bk_[^/]+$/, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'PASSENGER_ALREADY_BOOKED',
              message: 'already booked',
              alreadyBooked: [{ id: 'px_1', firstName: 'KHALID', lastName: family.toUpperCase() }],
              existingBookingId: first,
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: t('booking:submit') }).click();
    const open = page.getByRole('link', { name: t('booking:alreadyBooked.open') });
    await expect(open).toHaveAttribute('href', new RegExp(`/booking/${first}$`));
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/booking/${first}`));
    await expect(page.getByRole('heading', { name: t('booking:final.heldTitle') })).toBeVisible();

    // The browser reports the 409 answers itself in the console; nothing else may be there.
    expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    problems.length = 0;
  },
);

test('the seat map says it is view only and shows no seat prices', async ({ page, language }) => {
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const id = await bookThroughApi(page.request, 29, { adults: 1, children: 0, infants: 0 });
  await page.goto(`/booking/${id}?lang=${language}`);
  await page
    .getByRole('button', { name: t('booking:trip.seatMap') })
    .first()
    .click();
  const map = page.getByRole('dialog', { name: t('booking:seatMap.title') });
  await expect(map.getByText(t('booking:seatMap.viewOnly'), { exact: true })).toBeVisible();
  await expect(map.getByText(t('booking:seatMap.note'))).toBeVisible();
  const seats = await map
    .locator('[role="img"]')
    .evaluateAll((images) => images.map((image) => image.getAttribute('aria-label')!));
  expect(seats.length).toBeGreaterThan(20);
  const described = new RegExp(
    `^(${[t('booking:seatMap.seatAvailable'), t('booking:seatMap.seatTaken')]
      .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{seat\\}\\}', '\\d+[A-F]'))
      .join('|')})$`,
  );
  for (const seat of seats) expect(seat).toMatch(described);
  await expect(map).not.toContainText(/SDG|ج\.س|\d[\d,.]*\s*(SDG|ج)/);
  expect(await axeViolations(page)).toEqual([]);
});

test(
  'hints and errors on the account forms follow the page direction',
  { tag: '@both' },
  async ({ page, language, problems }) => {
    for (const path of ['/signup', '/login', '/forgot_password']) {
      await page.goto(`${path}?lang=${language}`);
      await page.locator('main form button[type="submit"]').first().click();
      await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
      await expectFieldTextsIn(page, language);
    }
    // The browser reports the refused (400) answers itself in the console; nothing else may be there.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    problems.length = 0;
  },
);
