import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { daysAhead, expect, test } from './fixtures';
import { tr, trPattern } from './i18n';
import { bookThroughApi } from './support/booking-form';

/**
 * Home, about, FAQs, the privacy policy and log-in come prerendered (apps/web/scripts/prerender.mjs) in the
 * visitor's language, and the offers page rendered by the server for its search
 * (apps/api/src/plugins/rendered-pages.ts): they paint before any script runs, and React then hydrates
 * the painted page (the same elements become interactive) rather than drawing it again.
 */
const other = (language: string) => (language === 'ar' ? 'en' : 'ar');

/** The painted elements the tests follow: headings, FAQ questions, the offers' search form and its summary's button. */
const PAINTED = 'h1, summary, form, main header button';

/** Tags the painted elements; a client render would replace them with untagged ones. */
const markPainted = (page: Page) =>
  page.evaluate(
    (selector) => document.querySelectorAll(selector).forEach((element) => Object.assign(element, { painted: true })),
    PAINTED,
  );
/** The tagged kinds of element that are not the painted ones (none when React hydrated them). */
const repainted = (page: Page) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)]
        .filter((element) => (element as Element & { painted?: boolean }).painted !== true)
        .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`),
    PAINTED,
  );

/** Holds the app's entry script until the returned function is called (the page stays as the server painted it). */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** An FAQ question (the <summary> of its <details>) by its text, and its <details>. */
const faqQuestion = (page: Page, text: string) => page.locator('summary').filter({ has: page.getByText(text, { exact: true }) });
const faqItem = (page: Page, question: Locator) => page.locator('details').filter({ has: question });

/** A shared search: Port Sudan to Cairo in three weeks. */
const sharedSearch = (language: string) =>
  `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(21)}&lang=${language}`;
const cities = { ar: ['بورتسودان', 'القاهرة'], en: ['Port Sudan', 'Cairo'] } as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('prerendered pages read whole before any script has run', { tag: '@both' }, async ({ page, language }) => {
    const t = (key: string) => tr(language, key);
    await page.goto(`/faqs?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page).toHaveTitle(t('content:faqs.meta.title'));
    await expect(page.getByRole('heading', { level: 1, name: t('content:faqs.title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: t('content:faqs.tabs.payment') })).toBeVisible();
    await expect(page.locator('html')).toHaveCSS('--mantine-primary-color-filled', '#0b5e55');

    await page.goto(`/about?lang=${language}`);
    await expect(page).toHaveTitle(t('content:about.meta.title'));
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', t('content:about.meta.description'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto(`/?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: t('slogan') })).toBeVisible();
    await expect(page.getByRole('radio', { name: t('search:tripType.round-trip') })).toBeVisible();

    // A shared search is rendered by the server for its address: the search with its cities, and the offers' place.
    await page.goto(sharedSearch(language));
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page).toHaveTitle(t('pageMeta.offers.title'));
    const [from, to] = cities[language as 'ar' | 'en'];
    await expect(
      page.getByRole('heading', { level: 1, name: tr(language, 'offers:routeHeading', { from, to }), includeHidden: true }),
    ).toBeAttached();
    // In the HTML for the first paint; without the script the page says the offers need it instead (the next test).
    await expect(page.locator('main header').getByText(from, { exact: true }).first()).toBeAttached();
    await expect(page.getByText(t('offers:states.loading'))).toBeHidden();
    // The theme's colours come with the HTML (the app no longer writes them at start), here and on every page.
    await expect(page.locator('html')).toHaveCSS('--mantine-color-teal-8', '#0b5e55');
    await page.goto(`/?lang=${language}`);

    // The language switch is a link: it works before the script has run, and the server remembers the choice.
    await page
      .getByRole('link', { name: t('language.switchLabel') })
      .first()
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', other(language));
    await expect(page.getByRole('heading', { level: 1, name: tr(other(language), 'slogan') })).toBeVisible();
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', other(language));
  });

  test(
    'each page says in its language that JavaScript is off; a search shows no loader that never ends',
    { tag: '@en-desktop' },
    async ({ page, language, problems }) => {
      // Text inside <noscript> is skipped by Playwright's text locators: the notice is found by its class.
      const notice = page.locator('.kwenda-noscript');
      // A page that reads without the script says what does not work; a page the browser draws says it needs it.
      const pages = {
        '/': 'page',
        '/about': 'page',
        '/login': 'app',
        '/booking/bk_nonexistent': 'app',
        '/some/unknown/page': 'app',
      };
      for (const [path, kind] of Object.entries(pages)) {
        await page.goto(`${path}?lang=${language}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(notice, path).toBeVisible();
        await expect(notice).toContainText(tr(language, 'document:noscript.title'));
        await expect(notice).toContainText(tr(language, `document:noscript.${kind}`));
        // Above the page, not over it.
        expect((await notice.boundingBox())?.y).toBeLessThan(5);
      }
      // The missing booking and the unknown page answer 404 (apps/api/test/prerendered-pages.test.ts), which the browser logs.
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
      problems.length = 0;
      // The offers are fetched by the script: the page says so, and shows nothing that waits for them.
      await page.goto(sharedSearch(language));
      await expect(notice).toContainText(tr(language, 'document:noscript.offers'));
      await expect(page.getByText(tr(language, 'offers:states.loading'))).toBeHidden();
      await expect(
        page.locator('.mantine-Loader-root, .mantine-Skeleton-root, [data-placeholder]').filter({ visible: true }),
      ).toHaveCount(0);
      await expect(page.locator('main')).toBeHidden();
      // The way to ask the agency instead is right there.
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: tr(language, 'footer:footer.whatsapp') }),
      ).toBeVisible();
    },
  );

  test('the FAQ works: tabs are links, an answer opens, one at a time', async ({ page, language }) => {
    const t = (key: string) => tr(language, key);
    await page.goto(`/faqs?lang=${language}`);
    await expect(page.locator('.kwenda-noscript')).toContainText(t('document:noscript.title'));
    await page.getByRole('tab', { name: t('content:faqs.tabs.baggage') }).click();
    await expect(page).toHaveURL(/[?&]tab=baggage/);
    await expect(page.getByRole('tab', { name: t('content:faqs.tabs.baggage') })).toHaveAttribute('aria-selected', 'true');
    const allowance = faqQuestion(page, t('content:faqs.items.baggage.allowance.q'));
    const liquids = faqQuestion(page, t('content:faqs.items.baggage.liquids.q'));
    await allowance.click();
    await expect(page.getByText(t('content:faqs.items.baggage.allowance.points.1'))).toBeVisible();
    await liquids.click();
    await expect(page.getByText(t('content:faqs.items.baggage.liquids.note'))).toBeVisible();
    await expect(faqItem(page, allowance)).not.toHaveAttribute('open');
    await expect(page.getByText(t('content:faqs.items.baggage.allowance.points.1'))).toBeHidden();
    // A link to one answer opens with it open.
    await page.goto(`/faqs?tab=specialServices&q=medicalClearance&lang=${language}`);
    await expect(page.getByText(t('content:faqs.items.specialServices.medicalClearance.note'))).toBeVisible();
  });

  test("the footer's contacts and hours are in the page", { tag: '@en-desktop' }, async ({ page, language }) => {
    const t = (key: string, vars?: Record<string, string>) => tr(language, key, vars);
    const config = (await (await page.request.get('/api/v1/config')).json()) as {
      whatsappNumber: string;
      supportEmail: string;
    };
    for (const path of ['/', '/faqs', sharedSearch(language)]) {
      await page.goto(path.includes('?') ? path : `${path}?lang=${language}`);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: t('footer:footer.whatsapp') })).toHaveAttribute(
        'href',
        `https://wa.me/${config.whatsappNumber}`,
      );
      await expect(footer.getByRole('link', { name: config.supportEmail })).toHaveAttribute(
        'href',
        `mailto:${config.supportEmail}`,
      );
      const days = t('footer:footer.dayRange', { from: t('footer:footer.days.sun'), to: t('footer:footer.days.thu') });
      await expect(footer).toContainText(t('footer:footer.phoneHours', { days, opens: '09:00', closes: '17:00' }));
    }
  });
});

test('the browser hydrates the painted page: the same elements become interactive', async ({ page, language }) => {
  const t = (key: string) => tr(language, key);
  // Hold the app's script back until the painted page has been marked.
  const release = await holdAppScript(page);
  // A held module script holds DOMContentLoaded too: wait for the painted page instead.
  await page.goto(`/faqs?lang=${language}`, { waitUntil: 'commit' });
  const question = faqQuestion(page, t('content:faqs.items.kwenda.what.q'));
  await expect(question).toBeVisible();
  await expect(faqItem(page, question)).not.toHaveAttribute('open');
  await markPainted(page);
  // The page view is reported from an effect: React has hydrated the page once it goes out.
  const hydrated = page.waitForRequest('**/api/v1/analytics/pageview');
  release();
  await hydrated;

  await question.click();
  await expect(faqItem(page, question)).toHaveAttribute('open', '');
  await expect(page).toHaveURL(/[?&]q=what/);
  // React adopted the server's elements: a client render would have replaced them with new ones.
  expect(await repainted(page), 'the heading and questions are the prerendered elements').toEqual([]);
});

test(
  'the log-in form is painted by the server, then hydrated in place and working',
  { tag: '@both' },
  async ({ page, language, problems }) => {
    const t = (key: string) => tr(language, key);
    const release = await holdAppScript(page);
    await page.goto(`/login?lang=${language}`, { waitUntil: 'commit' });
    // The form and its labels are in the HTML, before any script has run.
    await expect(page.getByRole('heading', { level: 1, name: t('auth:login.title') })).toBeVisible();
    await expect(page.getByLabel(t('auth:fields.email'))).toBeVisible();
    await expect(page).toHaveTitle(`${t('auth:login.title')} | ${t('brand')}`);
    await markPainted(page);
    release();
    await page.waitForSelector('html[data-ready]');
    await page.getByRole('textbox', { name: t('auth:fields.email') }).fill('nobody@example.com');
    await page.getByRole('textbox', { name: t('auth:fields.password'), exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t('auth:login.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('auth:login.failed') })).toBeVisible();
    expect(await repainted(page), 'the heading and the form are the prerendered elements').toEqual([]);
    // The refused log-in is the one error the browser logs.
    expect(problems).toEqual([expect.stringMatching(/status of 401/)]);
    problems.length = 0;
  },
);

test('a language chosen on the site is the language the server prerenders next time', async ({ page, language }) => {
  await page.goto(`/?lang=${language}`);
  await expect(page.locator('html')).toHaveAttribute('data-prerendered', language);
  await page
    .getByRole('link', { name: tr(language, 'language.switchLabel') })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', other(language));

  // No ?lang= now: the server reads the cookie the switch set.
  const about = await (await page.request.get('/about')).text();
  expect(about).toContain(`data-prerendered="${other(language)}"`);
  expect(about).toContain(`<h1`);
  expect(about).toContain(tr(other(language), 'content:about.title'));
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', other(language));
});

test(
  'a page whose code is slow stays painted, then hydrates in place with its data',
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    // The FAQ page's code is a lazy chunk and its contact box uses GET /config: hold the chunk back.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/content-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/faqs?lang=${language}`, { waitUntil: 'commit' });
    const question = faqQuestion(page, tr(language, 'content:faqs.items.kwenda.what.q'));
    await expect(question).toBeVisible();
    await markPainted(page);
    // Hold it until GET /config has answered, if it is asked for meanwhile: the FAQ part must not hydrate
    // after the layout has the config (its HTML has none). Hydration waits for the chunk, so it is not
    // asked for, and the chunk goes after a while.
    await Promise.race([page.waitForResponse('**/api/v1/config'), page.waitForTimeout(2_000)]);
    release();
    // The contact box needs the config, fetched once the page has hydrated.
    await expect(page.getByRole('link', { name: tr(language, 'content:faqs.help.email'), exact: true })).toBeVisible();
    expect(await repainted(page), 'the FAQ page kept its prerendered elements').toEqual([]);
    await question.click();
    await expect(faqItem(page, question)).toHaveAttribute('open', '');
  },
);

test('the offers page paints its search, then hydrates in place and fetches the offers', async ({ page, language }) => {
  const t = (key: string) => tr(language, key);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(sharedSearch(language), { waitUntil: 'commit' });
  const [from, to] = cities[language as 'ar' | 'en'];
  // Painted before any script: on a phone the folded form's summary, on a wider screen the form itself.
  await expect(page.locator('main header').getByText(from, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page.locator('main header').getByText(to, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByText(t('offers:states.loading'))).toBeVisible();
  await markPainted(page);
  release();

  await expect(page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).first()).toBeVisible();
  expect(await repainted(page), 'the search form, its summary and the heading are the painted elements').toEqual([]);
  // Hydrated: the form answers (the currency re-runs the search).
  await page.getByLabel(t('offers:currency.label')).selectOption('USD');
  await expect(page).toHaveURL(/currency=USD/);
});

test(
  "an agent's link (/KW2024, its shared search) is painted by the server with the code, then hydrated in place",
  { tag: '@both' },
  async ({ page, language, problems }) => {
    const release = await holdAppScript(page);
    await page.goto(`/KW2024?lang=${language}`, { waitUntil: 'commit' });
    // Painted before any script: the slogan, and links that keep the agent's code.
    await expect(page.getByRole('heading', { level: 1, name: tr(language, 'slogan') })).toBeVisible();
    await expect(page.locator('a[href="/KW2024/about"]').first()).toBeAttached();
    await markPainted(page);
    release();
    await page.waitForSelector('html[data-ready]');
    expect(await repainted(page), 'the home page under the code kept its painted elements').toEqual([]);
    expect(await page.evaluate(() => window.localStorage.getItem('kwenda.referralCode'))).toBe('KW2024');

    // The agent's shared search: rendered for the address with the code.
    const search = `/KW2024${sharedSearch(language)}`;
    const html = await (await page.request.get(search)).text();
    const [from] = cities[language as 'ar' | 'en'];
    expect(html).toContain(`data-prerendered="${language}"`);
    expect(html).toContain(from);
    expect(html).toContain('href="/KW2024/about"');
    const held = await holdAppScript(page);
    await page.goto(search, { waitUntil: 'commit' });
    await expect(page.locator('main header').getByText(from, { exact: true }).filter({ visible: true })).toHaveCount(1);
    await markPainted(page);
    held();
    await expect(page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).first()).toBeVisible();
    expect(await repainted(page), 'the offers page under the code kept its painted elements').toEqual([]);
    expect(problems).toEqual([]);
  },
);

test(
  "a painted page's route scripts are preloaded from the list it names, each once, and it hydrates",
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    for (const path of [sharedSearch(language), `/faqs?lang=${language}`]) {
      const fetched = new Map<string, number>();
      const count = (url: string) => {
        const { pathname } = new URL(url);
        if (pathname.endsWith('.js')) fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
      };
      page.on('request', (request) => count(request.url()));
      await page.goto(path);
      const named = (await page.locator('meta[name="kwenda-route-modules"]').getAttribute('content'))?.split(' ') ?? [];
      expect(named.length, path).toBeGreaterThan(3);
      await page.waitForSelector('html[data-ready]');
      const preloads = await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
      );
      // Vite's loader found the page's preloads and added none of its own for them.
      expect(new Set(preloads).size, path).toBe(preloads.length);
      for (const script of named) {
        expect(preloads, path).toContain(script);
        expect(fetched.get(script), script).toBe(1);
      }
      // Requested only once the browser had shown the page (lib/first-paint.ts), not competing with its paint.
      const { firstContentfulPaint, routeScriptsFrom } = await page.evaluate((scripts) => {
        const starts = performance
          .getEntriesByType('resource')
          .filter((entry) => scripts.includes(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
        return {
          firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          routeScriptsFrom: starts.length === scripts.length ? Math.min(...starts) : undefined,
        };
      }, named);
      expect(firstContentfulPaint, path).toBeGreaterThan(0);
      expect(routeScriptsFrom, path).toBeGreaterThanOrEqual(firstContentfulPaint!);
      page.removeAllListeners('request');
    }
    await expect(page.getByRole('tab', { name: tr(language, 'content:faqs.tabs.payment') })).toBeVisible();
  },
);

test(
  'on a phone the search folds behind its summary; a wider screen shows the form',
  { tag: '@both' },
  async ({ page, language, isMobile }) => {
    const t = (key: string) => tr(language, key);
    await page.goto(sharedSearch(language));
    const form = page.getByRole('form', { name: t('search:form.label') });
    const edit = page.getByRole('button', { name: t('search:form.editSearch') });
    await expect(page.getByRole('button', { name: trPattern(language, 'offers:card.bookLabel') }).first()).toBeVisible();
    if (!isMobile) {
      await expect(form).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(page.getByRole('button', { name: t('search:form.hideSearch') })).toBeHidden();
      return;
    }
    await expect(form).toBeHidden();
    await edit.click();
    await expect(form).toBeVisible();
    await expect(edit).toBeHidden();
    // Focus moves into the unfolded form, and back to the summary when it folds.
    await expect(page.getByRole('radio', { name: t('search:tripType.one-way') })).toBeFocused();
    await page.getByRole('button', { name: t('search:form.hideSearch') }).click();
    await expect(form).toBeHidden();
    await expect(edit).toBeFocused();
  },
);

test(
  'an address carrying markup is rendered as text, and the page still hydrates',
  { tag: '@en-desktop' },
  async ({ page, language }) => {
    const hostile = encodeURIComponent('"><img src=x onerror="window.hacked=1"><script>window.hacked=2</script>');
    const response = await page.request.get(
      `/offers?tripType=one-way&departureStation=${hostile}&destinationStation=CAI&lang=${language}`,
    );
    const html = await response.text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>window.hacked');
    await page.goto(`/offers?tripType=one-way&departureStation=${hostile}&destinationStation=CAI&lang=${language}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    expect(await page.evaluate(() => (window as Window & { hacked?: number }).hacked)).toBeUndefined();
  },
);

/**
 * Serves the site through a local proxy that sends each page's document in two parts, `pauseMs` apart,
 * cut just before the header's menu button: a slow connection or a busy phone's parser stopping midway
 * through the header. Everything else passes through unchanged. `cut` lists the addresses it cut, so a test
 * can tell a page it sent whole (no header button found) from one that stood the cut.
 */
async function serveDocumentsCut(target: string, pauseMs: number) {
  const cutAddresses: string[] = [];
  const server = http.createServer((request, response) => {
    // node:http rather than fetch: the runner's fetch takes a new connection per request (playwright.config.ts).
    const upstream = http.request(
      new URL(request.url!, target),
      { method: request.method, headers: { ...request.headers, 'accept-encoding': 'identity' } },
      (answer) => {
        if (!(answer.headers['content-type'] ?? '').startsWith('text/html')) {
          response.writeHead(answer.statusCode!, answer.headers);
          return void answer.pipe(response);
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const { 'content-length': _length, ...headers } = answer.headers;
          response.writeHead(answer.statusCode!, headers);
          const text = Buffer.concat(chunks).toString('utf8');
          const header = text.indexOf('<header');
          const cut = header === -1 ? -1 : text.indexOf('<button', header);
          if (cut === -1) return void response.end(text);
          cutAddresses.push(request.url!);
          response.write(text.slice(0, cut));
          setTimeout(() => response.end(text.slice(cut)), pauseMs);
        });
      },
    );
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: cutAddresses,
    close: () => server.close(),
  };
}

test('no frame shows a page half-parsed: the first one holds the whole page, and nothing moves while the rest arrives @both', async ({
  page,
  language,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const proxy = await serveDocumentsCut(baseURL!, 800);
  try {
    await page.addInitScript(() => {
      const seen = { firstFrame: null as null | { menuButton: boolean; pageEnd: boolean }, shifts: [] as string[] };
      (window as unknown as { __frames: typeof seen }).__frames = seen;
      requestAnimationFrame(() => {
        seen.firstFrame = {
          menuButton: document.querySelector('header button[aria-haspopup]') !== null,
          pageEnd: document.getElementById('kwenda-page-end') !== null,
        };
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[])
          seen.shifts.push(
            `${entry.value.toFixed(4)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`,
          );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Prerendered (home), rendered for its address (FAQs at a tab), and a booking's page for a browser
    // without its access (rendered per request).
    const booking = await bookThroughApi(page.request, 28, { adults: 1, children: 0, infants: 0 });
    for (const address of ['/', '/faqs?tab=payment', `/booking/${booking}`]) {
      const url = `${address}${address.includes('?') ? '&' : '?'}lang=${language}`;
      await page.goto(`${proxy.origin}${url}`);
      expect(proxy.cut, 'the document came in two parts').toContain(url);
      await page.waitForTimeout(300);
      const seen = await page.evaluate(
        () => (window as unknown as { __frames: { firstFrame: unknown; shifts: string[] } }).__frames,
      );
      expect(seen.firstFrame, address).toEqual({ menuButton: true, pageEnd: true });
      expect(seen.shifts, address).toEqual([]);
    }
  } finally {
    proxy.close();
  }
});
