import { isSiteLanguage, languageCookie, SITE_LANGUAGES, type SiteLanguage } from '@kwenda/contracts/rules';
import { i18n } from './translator';
import type arCommon from './locales/ar/common.json';
import type arErrors from './locales/ar/errors.json';
import type arAuth from './locales/ar/auth.json';
import type arBooking from './locales/ar/booking.json';
import type arChangelog from './locales/ar/changelog.json';
import type arContent from './locales/ar/content.json';
import type arOffers from './locales/ar/offers.json';
import type arSearch from './locales/ar/search.json';
import type arSearchPanel from './locales/ar/search-panel.json';
import type arFooter from './locales/ar/footer.json';
import type arAdmin from './locales/ar/admin.json';
import type arAdminAgents from './locales/ar/admin-agents.json';
import type arAdminBookings from './locales/ar/admin-bookings.json';
import type arAdminDesk from './locales/ar/admin-desk.json';
import type arAdminRates from './locales/ar/admin-rates.json';
import type arAdminStaff from './locales/ar/admin-staff.json';
import type arAdminToday from './locales/ar/admin-today.json';
import type arAdminLimits from './locales/ar/admin-limits.json';
import type arAdminNotices from './locales/ar/admin-notices.json';
import type arAdminSeats from './locales/ar/admin-seats.json';
import type arAgent from './locales/ar/agent.json';

/** Arabic is the source locale: its catalogs type the keys (a test checks English has the same keys). */
export interface Catalogs {
  common: typeof arCommon;
  search: typeof arSearch;
  /** The travellers panel's titles, hints and limits: loaded with the panel, at the form's first touch. */
  'search-panel': typeof arSearchPanel;
  /** The site footer's text: loaded with the footer, after the page's first render. */
  footer: typeof arFooter;
  offers: typeof arOffers;
  booking: typeof arBooking;
  auth: typeof arAuth;
  changelog: typeof arChangelog;
  content: typeof arContent;
  errors: typeof arErrors;
  /** The agency desk (/admin): loaded only by staff, never by the traveller's pages. */
  admin: typeof arAdmin;
  'admin-staff': typeof arAdminStaff;
  'admin-bookings': typeof arAdminBookings;
  'admin-desk': typeof arAdminDesk;
  'admin-rates': typeof arAdminRates;
  'admin-agents': typeof arAdminAgents;
  'admin-today': typeof arAdminToday;
  'admin-limits': typeof arAdminLimits;
  'admin-notices': typeof arAdminNotices;
  'admin-seats': typeof arAdminSeats;
  /** An agent's own page (/agent). */
  agent: typeof arAgent;
}
export type Namespace = keyof Catalogs;

export const languages = SITE_LANGUAGES;
export type Language = SiteLanguage;
export const LANGUAGE_STORAGE_KEY = 'kwenda.language';

/**
 * The first page's strings (the namespaces every page uses, and of the errors only the form's field
 * messages) come in the visitor's language only: one small file per language (first-page-<language>.ts), which
 * the page's HTML preloads (scripts/prerender.mjs). The other language loads when chosen, route
 * namespaces (offers) with their route, the API's error codes with the first lazy route (loadNamespace).
 */
const firstPageNamespaces: Namespace[] = ['common', 'search', 'errors'];
type FirstPageStrings = Record<'common' | 'search' | 'errors', Record<string, unknown>>;
const firstPage: Record<Language, () => Promise<{ default: FirstPageStrings }>> = {
  ar: () => import('./first-page-ar'),
  en: () => import('./first-page-en'),
};
const lazyCatalogs: Record<string, () => Promise<Record<string, unknown>>> = import.meta.glob<Record<string, unknown>>(
  [
    './locales/*/*.json',
    '!./locales/*/admin*.json',
    '!./locales/*/agent.json',
    '!./locales/*/document.json',
    '!./locales/*/common.json',
    '!./locales/*/search.json',
    '!./locales/*/errors.json',
  ],
  {
    import: 'default',
  },
);
for (const language of languages)
  for (const ns of ['common', 'search'] as const)
    lazyCatalogs[`./locales/${language}/${ns}.json`] = async () => (await firstPage[language]()).default[ns];

/**
 * The whole errors catalog as a module of its own, its text parsed once loaded: imported as JSON it
 * would be the same module as the first page's few keys, and all of it would ship with them.
 */
for (const [file, load] of Object.entries(
  import.meta.glob<string>('./locales/*/errors.json', { query: '?raw', import: 'default' }),
))
  lazyCatalogs[file] = async () => JSON.parse(await load()) as Record<string, unknown>;
/** Catalogs the first page has only part of ('<language>/<namespace>'). */
const partialCatalogs = new Set<string>();

/**
 * Catalogs a lazy part of the app brings with its own code (the agency desk, the agent's page), so
 * the first download does not even list them: keys are './locales/<language>/<namespace>.json'.
 */
export function addCatalogLoaders(loaders: Record<string, () => Promise<Record<string, unknown>>>) {
  Object.assign(lazyCatalogs, loaders);
}
/** Namespaces the visitor's pages have needed so far: a language switch loads all of them. */
const namespacesInUse = new Set<Namespace>(firstPageNamespaces);

async function loadCatalogs(language: string, namespaces: Iterable<Namespace>) {
  await Promise.all(
    [...namespaces]
      .filter((ns) => !i18n.hasResourceBundle(language, ns) || partialCatalogs.has(`${language}/${ns}`))
      .map(async (ns) => {
        const load = lazyCatalogs[`./locales/${language}/${ns}.json`];
        if (!load) throw new Error(`No ${language} catalog for ${ns}`);
        i18n.addResourceBundle(language, ns, await load());
        partialCatalogs.delete(`${language}/${ns}`);
      }),
  );
}

/** Loads a namespace that comes with its route, in the current language, before the route renders. */
export function loadNamespace(ns: Namespace): Promise<void> {
  namespacesInUse.add(ns);
  // Every lazy route may show an error code from the API (errors:codes.*): the whole errors catalog comes with it.
  return loadCatalogs(i18n.language, [ns, 'errors']);
}

/**
 * Loads a namespace alone: for a part of the page that shows no error (the footer), and for the errors
 * catalog itself at a page's first API error (lib/api-error.ts).
 */
export function loadNamespaceAlone(ns: Namespace): Promise<void> {
  namespacesInUse.add(ns);
  return loadCatalogs(i18n.language, [ns]);
}

/** Loads a namespace in both languages, for a page that shows them side by side (the privacy policy). */
export function loadNamespaceInAllLanguages(ns: Namespace): Promise<void> {
  namespacesInUse.add(ns);
  return Promise.all(languages.map((language) => loadCatalogs(language, [ns, 'errors']))).then(() => undefined);
}

/** Fetches a language ahead of a likely switch (the pointer is on the switch). */
export function preloadLanguage(language: Language) {
  loadCatalogs(language, namespacesInUse).catch(() => {}); // the switch itself retries and reports
}

/** Changes language once its catalogs are there, so the page never shows keys or half a language. */
export async function switchLanguage(language: Language) {
  // A route may add a namespace while this loads: load until every namespace in use is there.
  while ([...namespacesInUse].some((ns) => !i18n.hasResourceBundle(language, ns))) {
    await loadCatalogs(language, namespacesInUse);
  }
  await i18n.changeLanguage(language);
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function initialLanguage(): Language {
  const fromUrl = new URLSearchParams(window.location.search).get('lang');
  if (fromUrl === 'ar' || fromUrl === 'en') return fromUrl;
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? document.documentElement.dataset.prerendered;
  return stored === 'en' ? 'en' : 'ar';
}

/** Keeps <html lang dir> and the stored choice in step with the translator. */
function applyLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  // The server reads the choice too: it sends the home, about and FAQ pages prerendered in it.
  if (isSiteLanguage(language)) document.cookie = languageCookie(language);
}

/** What the browser and prerendering both start the translator with (plus resources and language). */
export const i18nOptions = { fallbackLng: 'ar', defaultNS: 'common' } as const;

/**
 * The first page's strings in `language`, asked again until they come (1, 2, 4... up to 30 s apart, and
 * once back online): the page cannot render without them.
 */
async function firstPageStrings(language: Language): Promise<FirstPageStrings> {
  for (let failures = 0; ; failures++) {
    try {
      return (await firstPage[language]()).default;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, 30_000)));
      if (!navigator.onLine) await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    }
  }
}

/**
 * Resolves when the first page can render: once its strings in the visitor's language are in.
 * Outside a browser (prerendering, src/entry-server.tsx) the caller initialises the translator itself.
 */
export const i18nReady =
  typeof window === 'undefined'
    ? Promise.resolve()
    : (async () => {
        const language = initialLanguage();
        i18n.init({ ...i18nOptions, resources: { [language]: await firstPageStrings(language) }, lng: language });
        partialCatalogs.add(`${language}/errors`);
        applyLanguage(i18n.language);
        i18n.on('languageChanged', applyLanguage);
      })();

export { i18n };
export { TranslatorProvider, useTranslation } from './use-translation';
export default i18n;
