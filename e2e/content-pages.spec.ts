import { axeViolations, expect, expectPageMeta, test } from './fixtures';
import { tr } from './i18n';
import { siteNav } from './support/site-nav';

/**
 * Issue 5's content pages in the project's language: about, the FAQs (every tab, one answer at a
 * time, links to one answer, back and forward) and the bilingual privacy policy.
 */

test('about: reached from the header, the four features, 50 years of experience, a way to search', async ({
  page,
  language,
}, testInfo) => {
  const t = (key: string) => tr(language, key);
  await page.goto(`/?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
  await (await siteNav(page, language, testInfo.project.name)).getByRole('link', { name: t('nav.about') }).click();

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: t('content:about.title') })).toBeVisible();
  for (const feature of ['platform', 'agent', 'experience', 'prices']) {
    await expect(page.getByRole('heading', { level: 3, name: t(`content:about.features.${feature}.title`) })).toBeVisible();
  }
  await expect(page.getByText(t('content:about.team.body'))).toBeVisible();
  await expect(page.getByText(t('content:about.team.body'))).toContainText('50');
  await expectPageMeta(page, t('content:about.meta.title'), t('content:about.meta.description'));
  expect(await axeViolations(page)).toEqual([]);

  // The call to action goes home, where the site's own title and description come back.
  await page.getByRole('link', { name: t('content:about.cta.button') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
  await expectPageMeta(page, t('meta.title'), t('meta.description'));
});

const tabs = ['kwenda', 'general', 'payment', 'baggage', 'specialServices', 'rules'] as const;
/** The first question of each tab. */
const firstQuestion = {
  kwenda: 'what',
  general: 'fareRules',
  payment: 'methods',
  baggage: 'allowance',
  specialServices: 'available',
  rules: 'nameMatch',
} as const;

test(
  'faqs: every tab, one answer open at a time, a link to one answer, back and forward',
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    const t = (key: string) => tr(language, key);
    const tab = (key: string) => page.getByRole('tab', { name: t(`content:faqs.tabs.${key}`) });
    // A question is the <summary> of its <details>: it opens without JavaScript too.
    const question = (tabKey: string, id: string) =>
      page.locator('summary').filter({ has: page.getByText(t(`content:faqs.items.${tabKey}.${id}.q`), { exact: true }) });
    const answer = (tabKey: string, id: string) =>
      page.getByRole('region', { name: t(`content:faqs.items.${tabKey}.${id}.q`), exact: true });
    const expectOpen = (tabKey: string, id: string, open: boolean) =>
      open
        ? expect(page.locator('details').filter({ has: question(tabKey, id) })).toHaveAttribute('open', '')
        : expect(page.locator('details').filter({ has: question(tabKey, id) })).not.toHaveAttribute('open');

    await page.goto(`/faqs?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: t('content:faqs.title') })).toBeVisible();
    await expectPageMeta(page, t('content:faqs.meta.title'), t('content:faqs.meta.description'));
    await expect(page.getByRole('tablist', { name: t('content:faqs.tabsLabel') }).getByRole('tab')).toHaveCount(6);
    // The kwenda tab by default, every question closed.
    await expect(tab('kwenda')).toHaveAttribute('aria-selected', 'true');
    await expectOpen('kwenda', 'what', false);

    // Every tab, in turn, shows its own questions and is kept in the address.
    for (const key of [...tabs.slice(1), 'kwenda'] as const) {
      await tab(key).click();
      await expect(tab(key)).toHaveAttribute('aria-selected', 'true');
      await expect(question(key, firstQuestion[key])).toBeVisible();
      if (key === 'kwenda') await expect(page).not.toHaveURL(/tab=/);
      else await expect(page).toHaveURL(new RegExp(`[?&]tab=${key}(&|$)`));
    }

    // One answer at a time: opening another closes the first; clicking again closes it.
    await tab('baggage').click();
    await question('baggage', 'allowance').click();
    await expectOpen('baggage', 'allowance', true);
    await expect(answer('baggage', 'allowance')).toContainText(t('content:faqs.items.baggage.allowance.points.1'));
    await question('baggage', 'liquids').click();
    await expectOpen('baggage', 'liquids', true);
    await expectOpen('baggage', 'allowance', false);
    await expect(answer('baggage', 'allowance')).toBeHidden();
    await expect(page).toHaveURL(/[?&]tab=baggage&q=liquids$/);
    // The answer's list and its important-note box.
    const liquids = answer('baggage', 'liquids');
    await expect(liquids.getByRole('listitem')).toHaveCount(4);
    await expect(liquids.getByRole('note')).toContainText(t('content:faqs.important'));
    await expect(liquids.getByRole('note')).toContainText(t('content:faqs.items.baggage.liquids.note'));
    expect(await axeViolations(page)).toEqual([]);
    await question('baggage', 'liquids').click();
    await expectOpen('baggage', 'liquids', false);
    await expect(liquids).toBeHidden();
    await expect(page).not.toHaveURL(/q=/);

    // Back and forward retrace the answers.
    await page.goBack();
    await expectOpen('baggage', 'liquids', true);
    await page.goBack();
    await expectOpen('baggage', 'allowance', true);
    await expectOpen('baggage', 'liquids', false);
    await page.goForward();
    await expectOpen('baggage', 'liquids', true);

    // A link to one answer (loaded afresh) opens its tab with that answer open and in view.
    await page.goto('/faqs?tab=specialServices&q=medicalClearance');
    await expect(tab('specialServices')).toHaveAttribute('aria-selected', 'true');
    await expectOpen('specialServices', 'medicalClearance', true);
    const medical = answer('specialServices', 'medicalClearance');
    await expect(medical).toContainText(t('content:faqs.items.specialServices.medicalClearance.note'));
    await expect(question('specialServices', 'medicalClearance')).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);

    // The keyboard reaches the questions and toggles them.
    await question('specialServices', 'howToRequest').focus();
    await page.keyboard.press('Enter');
    await expectOpen('specialServices', 'howToRequest', true);
    await expectOpen('specialServices', 'medicalClearance', false);
  },
);

test('privacy policy: Arabic and English side by side, the Arabic text prevails, the registration number from the config', async ({
  page,
  language,
  request,
}, testInfo) => {
  const t = (key: string) => tr(language, key);
  const config = (await (await request.get('/api/v1/config')).json()) as {
    supportEmail: string;
    agency: { legalNameAr: string; legalNameEn: string; commercialRegistrationNumber: string };
  };

  await page.goto(`/privacy_policy?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1, name: t('content:privacy.title') })).toBeVisible();
  await expectPageMeta(page, t('content:privacy.meta.title'), t('content:privacy.meta.description'));

  const columns = { ar: page.locator('article[lang="ar"][dir="rtl"]'), en: page.locator('article[lang="en"][dir="ltr"]') };
  for (const [columnLanguage, column] of Object.entries(columns)) {
    const c = (key: string) => tr(columnLanguage, key);
    await expect(column.getByRole('heading', { level: 2, name: c('content:privacy.doc.languageName') })).toBeVisible();
    await expect(column.getByRole('note')).toContainText(c('content:privacy.doc.prevails'));
    await expect(column).toContainText(config.agency.commercialRegistrationNumber);
    await expect(column).toContainText(columnLanguage === 'ar' ? config.agency.legalNameAr : config.agency.legalNameEn);
    // The terms: minors and people not legally eligible may not use the services.
    await expect(column.getByRole('heading', { level: 3, name: c('content:privacy.doc.sections.terms.title') })).toBeVisible();
    await expect(column).toContainText(c('content:privacy.doc.sections.terms.points.1'));
    await expect(column.getByRole('link', { name: config.supportEmail }).first()).toHaveAttribute(
      'href',
      `mailto:${config.supportEmail}`,
    );
  }

  const ar = (await columns.ar.boundingBox())!;
  const en = (await columns.en.boundingBox())!;
  if (testInfo.project.name.includes('desktop')) {
    // Side by side, Arabic on the right in either reading direction.
    expect(Math.abs(ar.y - en.y)).toBeLessThan(2);
    expect(ar.x).toBeGreaterThan(en.x + en.width - 1);
  } else {
    // Stacked, the reader's language first, both within the screen's width.
    const [first, second] = language === 'ar' ? [ar, en] : [en, ar];
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    const width = page.viewportSize()!.width;
    for (const box of [ar, en]) expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(await axeViolations(page)).toEqual([]);
});

test(
  'privacy policy: the operator and registration come with the page, before GET /config could answer',
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    // The server renders the policy with its run-time config: hold GET /config back for good.
    await page.route('**/api/v1/config', () => new Promise(() => {}));
    const config = (await (await page.request.get('/api/v1/config')).json()) as {
      agency: { legalNameAr: string; commercialRegistrationNumber: string };
    };
    await page.goto(`/privacy_policy?lang=${language}`);
    const arabic = page.locator('article[lang="ar"]');
    await expect(arabic).toContainText(config.agency.legalNameAr);
    await expect(arabic).toContainText(config.agency.commercialRegistrationNumber);
    await expect(page.getByRole('status', { name: tr(language, 'loading') })).toHaveCount(0);
  },
);

test('privacy policy: reached in the browser while the configuration is loading, a named status says so', async ({
  page,
  language,
}) => {
  // The sign-up page is rendered in the browser, which asks GET /config: hold it back (log-in is
  // prerendered, and its page comes with the config).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/config', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/signup?lang=${language}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Go to the policy within the app, as a link would.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/privacy_policy');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('status', { name: tr(language, 'loading') })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  release();
  await expect(page.getByRole('status', { name: tr(language, 'loading') })).toBeHidden();
  await expect(page.locator('article[lang="ar"]')).toBeVisible();
});
