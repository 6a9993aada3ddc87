/**
 * Renders a page of the site to HTML in a language, as the browser's first render would show it, so
 * the page paints before its script has run and the browser then hydrates it (src/main.tsx):
 * - at build, the pages every visitor opens first (scripts/prerender.mjs);
 * - per request, the same pages and the offers page with what the address holds (a search, an FAQ
 *   tab) and the run-time config (apps/api/src/plugins/rendered-pages.ts); the offers in their
 *   searching state: the offers themselves arrive in the browser;
 * - per request, a booking's page for the browser holding its access, with the booking (never kept), and
 *   for anyone else in its loading state, without any booking (the booking arrives in the browser).
 * Otherwise a visitor is a guest here: the session and fetched data arrive in the browser.
 */
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from './lib/router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import i18n, { i18nOptions, type Language } from './i18n';
import { pageDataJson, seedPageBooking, type PageData } from './lib/page-data';
import { PageMetaCollectorContext, type PageMeta, type PageMetaCollector } from './lib/page-meta';
import { SEARCH_PARAM_KEYS } from './lib/search-params';
import { FILTER_PARAM_KEYS, ORDER_PARAM } from './features/offers';

export { pageDataJson, type PageData };

const catalogFiles = import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every namespace in both languages: prerendering has no downloads to wait for. */
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, catalog] of Object.entries(catalogFiles)) {
  const [, language, ns] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file)!;
  (resources[language!] ??= {})[ns!] = catalog;
}

let started = false;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's own title and description, else the site's. */
  meta: PageMeta;
}

/**
 * Every address parameter the pages rendered here read (a search, its filters and order, an FAQ tab, the
 * language, log-in's return and social sign-in). The server renders and keeps a page by these alone
 * (apps/api/src/plugins/rendered-pages.ts): a query of other parameters (utm_*, a cache buster) is not a
 * render of its own. A page that reads a new parameter adds it here.
 */
export const PAGE_QUERY_KEYS: readonly string[] = [
  ...SEARCH_PARAM_KEYS,
  ...FILTER_PARAM_KEYS,
  ORDER_PARAM,
  'tab',
  // The FAQ answer a link opens (faq-location.ts), and the card payment's return (booking page).
  'q',
  'payment',
  'lang',
  'return_to',
  'social_error',
  'social_ticket',
];

/** A render takes 5-20 ms; one still running after this is abandoned. */
const RENDER_TIMEOUT_MS = 3_000;

/** Renders run one after another: they share the translator's language. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders one address (a path, and a query the page reads). `pageData` is what the page will
 * hydrate with in the browser, which the server writes into the page beside the markup.
 */
export function renderPage(url: string, language: Language, pageData?: PageData): Promise<RenderedPage> {
  const render = queue.then(() => renderNow(url, language, pageData));
  queue = render.catch(() => undefined);
  return render;
}

async function renderNow(path: string, language: Language, pageData: PageData | undefined): Promise<RenderedPage> {
  if (!started) i18n.init({ ...i18nOptions, resources, lng: language });
  started = true;
  await i18n.changeLanguage(language);
  const collector: PageMetaCollector = {};
  // A client of its own per render (on a server, queries are never collected). The config it was given is
  // read from the page data (lib/public-config.ts).
  const queryClient = new QueryClient();
  if (pageData) {
    seedPageBooking(queryClient, pageData);
  }
  const errors: unknown[] = [];
  // The same tree as src/main.tsx, with a static router: hydration matches it element for element.
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaCollectorContext.Provider value={collector}>
        <AppProviders queryClient={queryClient} pageData={pageData}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PageMetaCollectorContext.Provider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // A page that never finishes (a part suspended for good) must not hold the queue: it fails, and the
      // server sends its template for the browser to render.
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Keep every Suspense boundary inline: React moves a large one (over 12.8 KB) to the end with an
      // inline script to reveal it, which the CSP (script-src 'self') refuses, and hydration then fails.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // A part that failed would be left to the browser with an inline script the CSP refuses: fail the build.
  if (errors.length) throw new AggregateError(errors, `prerendering ${path} in ${language} failed: ${String(errors[0])}`);
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`prerendering ${path} in ${language} left an inline script`);
  const meta = collector.page ?? collector.site;
  if (!meta) throw new Error(`${path} rendered without a title`);
  return { html, meta };
}

/**
 * The CSS Mantine would write at every start in the browser: the theme's variables (our teal, fonts,
 * radius, the error red) and its responsive classes. The build puts it in each page's <head>; the
 * production app then renders its MantineProvider without them (app/providers.tsx).
 */
export function renderThemeStyles(): string {
  const markup = renderToStaticMarkup(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
  const css = [...markup.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]).join('');
  if (!css.includes('--mantine-primary-color-filled') || !css.includes('mantine-hidden-from'))
    throw new Error('renderThemeStyles: Mantine wrote no theme variables or classes');
  return css;
}
