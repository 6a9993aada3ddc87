import type { FareCalendarResult } from '@kwenda/contracts';
import type { Locator, Page } from '@playwright/test';
import { axeViolations, daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { isOffersAnswer, nextOffersAnswer } from './support/offers-answer';

/**
 * Issue 13, what travellers expect on the offers page: each offer says whether it can be refunded or
 * changed (a badge on the card, the penalties in the details), and a strip of the lowest prices on the
 * days around the chosen date comes after the offers; tapping a day searches it.
 */

const offersAddress = (language: string, query: string) => `/offers?${query}&lang=${language}`;
const oneWay = (date: string, extra = '') =>
  `tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${date}${extra}`;

/** The price a card's book button names ("Book this flight for SDG 1,234,000" -> "SDG 1,234,000"). */
async function bookedPrice(button: Locator, language: string) {
  const [before, after] = tr(language, 'offers:card.bookLabel', { price: '\u0000' }).split('\u0000') as [string, string];
  const label = (await button.getAttribute('aria-label'))!;
  return label.slice(before.length, label.length - after.length);
}

/** Taps on a phone, clicks on a desktop, or presses Enter on the focused control (keyboard). */
async function activate(target: Locator, how: 'tap' | 'click' | 'keyboard') {
  if (how === 'tap') await target.tap();
  else if (how === 'click') await target.click();
  else {
    await target.focus();
    await expect(target).toBeFocused();
    await target.press('Enter');
  }
}

/** An amount as the site writes its digits in both languages (Latin digits, grouped by thousands). */
const grouped = (amount: number) => amount.toLocaleString('en-US', { maximumFractionDigits: 2 });

const strip = (page: Page, language: string, roundTrip = false) =>
  page.getByRole('region', { name: tr(language, roundTrip ? 'offers:calendar.titleRoundTrip' : 'offers:calendar.title') });

test(
  'every offer shows whether it can be refunded or changed, and the details give the penalties',
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const answer = nextOffersAnswer(page);
    await page.goto(offersAddress(language, oneWay(daysAhead(21), '&adults=2')));
    const { offers } = await answer;
    const cards = page.locator('article');
    await expect(cards.first()).toBeVisible();

    const refundBadges = [t('offers:conditions.badges.refundable'), t('offers:conditions.badges.nonRefundable')];
    const changeBadges = [
      t('offers:conditions.badges.changeable'),
      t('offers:conditions.badges.freeChanges'),
      t('offers:conditions.badges.notChangeable'),
    ];
    // Every card carries one refund badge and one change badge, as its offer's conditions say.
    await expect(cards).toHaveCount(offers.length);
    for (const [index, offer] of offers.entries()) {
      const badges = cards
        .nth(index)
        .getByRole('list', { name: t('offers:conditions.badges.label') })
        .getByRole('listitem');
      const refund = offer.conditions.refundBeforeDeparture!;
      const change = offer.conditions.changeBeforeDeparture!;
      await expect(badges).toHaveText([
        refund.allowed ? refundBadges[0]! : refundBadges[1]!,
        !change.allowed ? changeBadges[2]! : change.penaltyAmount === 0 ? changeBadges[1]! : changeBadges[0]!,
      ]);
    }
    expect(await axeViolations(page)).toEqual([]);

    // The details of an offer with a fee: each condition with its penalty in the traveller's currency.
    const index = offers.findIndex((o) => (o.conditions.changeBeforeDeparture?.penaltyAmount ?? 0) > 0);
    expect(index, 'some offer charges for a change').toBeGreaterThanOrEqual(0);
    const offer = offers[index]!;
    await cards
      .nth(index)
      .getByRole('button', { name: trPattern(language, 'offers:card.detailsLabel') })
      .click();
    const dialog = page.getByRole('dialog');
    const section = dialog.getByRole('region', { name: t('offers:conditions.title') });
    await expect(section).toBeVisible();
    const refund = offer.conditions.refundBeforeDeparture!;
    await expect(section).toContainText(t('offers:conditions.refund'));
    await expect(section).toContainText(
      !refund.allowed
        ? t('offers:conditions.notAllowed')
        : refund.penaltyAmount === 0
          ? t('offers:conditions.free')
          : grouped(refund.penaltyAmount!),
    );
    await expect(section).toContainText(t('offers:conditions.change'));
    await expect(section).toContainText(grouped(offer.conditions.changeBeforeDeparture!.penaltyAmount!));
    await expect(section).toContainText(language === 'ar' ? 'ج.س' : 'SDG');
    // Two travellers: the fees are the party's.
    await expect(section).toContainText(t('offers:conditions.forAllTravellers'));
    expect(await axeViolations(page)).toEqual([]);
  },
);

test(
  'the fare calendar comes after the offers, marks the chosen day, and a tapped day is searched',
  { tag: '@both' },
  async ({ page, language, isMobile }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
    const date = daysAhead(21);
    let offersAnswered = 0;
    let calendarAsked = 0;
    page.on('response', (r) => {
      if (isOffersAnswer(r) && !offersAnswered) offersAnswered = Date.now();
    });
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/offers/calendar') && !calendarAsked) calendarAsked = Date.now();
    });
    const calendarAnswer = page.waitForResponse((r) => r.url().endsWith('/api/v1/offers/calendar'));
    await page.goto(offersAddress(language, oneWay(date)));

    const bookButtons = page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') });
    await expect(bookButtons.first()).toBeVisible();
    const calendar = (await (await calendarAnswer).json()) as FareCalendarResult;
    // Asked only once the offers had arrived: it never slows the search itself.
    expect(calendarAsked).toBeGreaterThanOrEqual(offersAnswered);
    expect(offersAnswered).toBeGreaterThan(0);

    const region = strip(page, language);
    const days = region.getByRole('listitem');
    await expect(days).toHaveCount(7);
    // The chosen day is marked and shows the cheapest offer of the list (sorted by lowest price).
    const chosen = region.locator('[aria-current="date"]');
    await expect(chosen).toContainText(t('offers:calendar.chosen'));
    await expect(chosen).toContainText(await bookedPrice(bookButtons.first(), language));
    expect(calendar.days[3]!.departureDate).toBe(date);

    // Earliest day first in reading order: on the right in Arabic, on the left in English.
    const first = (await days.first().boundingBox())!;
    const last = (await days.last().boundingBox())!;
    if (language === 'ar') expect(first.x).toBeGreaterThan(last.x);
    else expect(first.x).toBeLessThan(last.x);
    // On a phone the strip scrolls sideways with the chosen day in view; the page itself does not scroll sideways.
    await expect(chosen).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    if (isMobile) {
      // A traveller who scrolled the strip keeps their place while more offers load below.
      const scroller = region.locator('ol').locator('..');
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth && el.scrollLeft !== 0)).toBe(true);
      await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
      const before = await bookButtons.count();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => bookButtons.count()).toBeGreaterThan(before);
      expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    }

    // Tap (phone) or keyboard (desktop) the day after: its offers are searched and the address says so.
    const next = calendar.days[4]!;
    expect(next.status).toBe('priced');
    const nextButton = region.getByRole('button').filter({ hasText: grouped(next.lowestPrice!) });
    await activate(nextButton, isMobile ? 'tap' : 'keyboard');
    await expect(page).toHaveURL(new RegExp(`departureDate=${next.departureDate}`));
    await expect(bookButtons.first()).toBeVisible();
    const chosenNext = strip(page, language).locator('[aria-current="date"]');
    await expect(chosenNext).toContainText(grouped(next.lowestPrice!));
    // The previous day's list can still be on screen for a moment: read the first card once the new one is in.
    await expect
      .poll(async () => ((await chosenNext.textContent()) ?? '').includes(await bookedPrice(bookButtons.first(), language)))
      .toBe(true);
    await expect(strip(page, language).getByRole('listitem')).toHaveCount(7);
    // Back returns to the first date.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`departureDate=${date}`));
  },
);

test('a round trip moves as a whole; days before today are left out; days without flights say so', async ({
  page,
  language,
  isMobile,
}) => {
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  await page.goto(
    offersAddress(
      language,
      `tripType=round-trip&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(21)}&returnDate=${daysAhead(28)}`,
    ),
  );
  const region = strip(page, language, true);
  await expect(region.getByRole('listitem')).toHaveCount(7);
  await expect(region.locator('[aria-current="date"]')).toContainText(t('offers:calendar.returnOn', { date: '' }).trim());
  await activate(region.getByRole('button').first(), isMobile ? 'tap' : 'click');
  await expect(page).toHaveURL(new RegExp(`departureDate=${daysAhead(18)}&returnDate=${daysAhead(25)}`));

  // Tomorrow: the strip starts today.
  await page.goto(offersAddress(language, oneWay(daysAhead(1))));
  const soon = strip(page, language);
  await expect(soon.getByRole('listitem')).toHaveCount(5);

  // Port Sudan - Dongola direct flies three days a week: the other days say there is no flight, and cannot be searched.
  await page.goto(
    offersAddress(
      language,
      `tripType=one-way&departureStation=PZU&destinationStation=DOG&departureDate=${daysAhead(20)}&direct=1`,
    ),
  );
  const thin = strip(page, language);
  await expect(thin.getByRole('listitem')).toHaveCount(7);
  const empty = thin.getByRole('listitem').filter({ hasText: t('offers:calendar.noFlights') });
  await expect(empty.first()).toBeVisible();
  await expect(empty.first().getByRole('button')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Multi-city: no strip.
  await page.goto(offersAddress(language, `tripType=multi-city&slices=PZU-CAI-${daysAhead(21)},CAI-IST-${daysAhead(25)}`));
  await expect(page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: t('offers:calendar.title') })).toHaveCount(0);
});
