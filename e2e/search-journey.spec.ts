import { expect, test, axeViolations, daysAhead } from './fixtures';
import { tr, trPattern } from './i18n';

/**
 * The journey of issue 2: a new visitor searches Port Sudan -> Cairo one way three weeks ahead,
 * sorts by fastest, switches to USD, scrolls for the next page, opens an offer's details, and on a
 * date with no flight sees alternative dates. Runs in Arabic and English, desktop and phone.
 */
test('search PZU to CAI and explore the offers', async ({ page, language }) => {
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const departure = daysAhead(21);

  await page.goto('/');
  // Arabic first: a new visitor lands on the right-to-left Arabic site.
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: tr('ar', 'slogan') })).toBeVisible();
  if (language === 'en') {
    // The language switch is visible on phones and desktops alike.
    await page.getByRole('link', { name: tr('ar', 'language.switchLabel') }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  }
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Airports: by code, then by city name in the page's language; Enter picks the first match.
  await page.getByRole('button', { name: new RegExp(t('search:airport.from')) }).click();
  await page.getByRole('combobox', { name: t('search:airport.from') }).fill('PZU');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: new RegExp(`^${t('search:airport.to')}`) }).click();
  await page.getByRole('combobox', { name: t('search:airport.to') }).fill(language === 'ar' ? 'القاهرة' : 'cairo');
  await page.keyboard.press('Enter');

  // The address follows the form.
  await expect(page).toHaveURL(/departureStation=PZU/);
  await expect(page).toHaveURL(/destinationStation=CAI/);

  // Date three weeks ahead from the calendar.
  await page.getByRole('button', { name: new RegExp(t('search:dates.departure')) }).click();
  const target = new Date(`${departure}T12:00:00Z`);
  const today = new Date(`${daysAhead(0)}T12:00:00Z`);
  const monthsAhead = (target.getUTCFullYear() - today.getUTCFullYear()) * 12 + target.getUTCMonth() - today.getUTCMonth();
  for (let i = 0; i < monthsAhead; i++) await page.getByRole('button', { name: t('search:dates.nextMonth') }).click();
  await page
    .locator('table button:not([data-outside]):not([data-hidden])')
    .filter({ hasText: new RegExp(`^${target.getUTCDate()}$`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`departureDate=${departure}`));

  await page.getByRole('button', { name: t('search:form.submit') }).click();

  // Offers page with the spec's query parameters.
  await expect(page).toHaveURL(
    new RegExp(`/offers\\?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${departure}`),
  );
  const bookButtons = page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') });
  await expect(bookButtons.first()).toBeVisible();
  const firstCard = page.locator('article').first();
  await expect(firstCard).toContainText(/PZU/);
  await expect(firstCard).toContainText(/CAI/);
  await expect(firstCard.locator('img').first()).toHaveAttribute('src', /\/airlines\/[A-Z0-9]{2}\.svg/);
  await expect(firstCard).toContainText(language === 'ar' ? 'ج.س' : 'SDG');
  expect(await axeViolations(page)).toEqual([]);

  // Fastest first: the first offer is a direct flight.
  await page.getByText(t('offers:sort.fastest'), { exact: true }).click();
  await expect(page).toHaveURL(/order=fastest/);
  await expect(page.locator('article').first()).toContainText(t('offers:card.direct'));

  // Currency re-runs the search.
  await page.getByLabel(t('offers:currency.label')).selectOption('USD');
  await expect(page).toHaveURL(/currency=USD/);
  await expect(page.locator('article').first()).toContainText(language === 'ar' ? /US\$|دولار|USD/ : /US\$|\$|USD/);

  // Infinite scroll: reaching the bottom loads the next page until a page comes back empty.
  const before = await bookButtons.count();
  await page.mouse.wheel(0, 100_000);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => bookButtons.count()).toBeGreaterThan(before);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText(t('offers:paging.end'))).toBeVisible();

  // Details of an offer.
  await page
    .getByRole('button', { name: trPattern(language, 'offers:card.detailsLabel') })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/[A-Z0-9]{2}\s?\d{2,4}/);
  await dialog
    .getByRole('button', { name: t('offers:details.close') })
    .first()
    .click();
  await expect(dialog).toBeHidden();
});

test('a date without a flight offers alternative dates', async ({ page, language }) => {
  // PZU-DOG flies on Mondays, Thursdays and Saturdays only: pick the next Tuesday at least 10 days ahead.
  let offset = 10;
  while (new Date(`${daysAhead(offset)}T12:00:00Z`).getUTCDay() !== 2) offset++;
  const date = daysAhead(offset);
  await page.goto(
    `/offers?tripType=one-way&departureStation=PZU&destinationStation=DOG&departureDate=${date}&direct=1&lang=${language}`,
  );
  const section = page.getByRole('region', { name: trPattern(language, 'offers:suggestions.noneOnDate') });
  await expect(section).toBeVisible();
  await expect(section.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).first()).toBeVisible();
  // Customer service on WhatsApp with the route and date already written.
  const whatsapp = page.locator('a[href^="https://wa.me/"]').filter({ hasText: tr(language, 'offers:states.whatsapp') });
  await expect(whatsapp).toHaveAttribute('href', /DOG/);
});

test('a page whose code cannot be downloaded offers a reload instead of a blank screen', async ({ page, language, problems }) => {
  await page.route(/\/assets\/offers-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto(
    `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(21)}&lang=${language}`,
  );
  await expect(page.getByRole('alert').filter({ hasText: tr(language, 'routeError.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: tr(language, 'routeError.reload') })).toBeVisible();
  // The header still works: the visitor can go home.
  await expect(page.getByRole('banner')).toBeVisible();
  // The failed download itself is reported in the console; nothing else may be.
  const unexpected = problems.filter(
    (p) => !/offers-page|Failed to fetch dynamically imported module|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p),
  );
  expect(unexpected).toEqual([]);
  problems.length = 0;
});
