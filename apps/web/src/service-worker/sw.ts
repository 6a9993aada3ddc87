/// <reference lib="webworker" />
/**
 * Kwenda's service worker (vite-plugin-pwa builds it; scripts/precache.mjs writes its precache list once
 * the pages are prerendered). docs/decisions/0031-service-worker-and-offline-trips.md
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isSiteLanguage, LANGUAGE_COOKIE, SITE_LANGUAGES } from '@kwenda/contracts/rules';
import { PUBLIC_DATA_CACHE, PUBLIC_DATA_PATHS, SAVED_TRIPS_CACHE, TICKET_PATH } from '../lib/offline-caches';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Path → file under /prerendered/<language>/ (scripts/prerender.mjs PAGES). */
const PRERENDERED: Record<string, string> = {
  '/': 'index',
  '/about': 'about',
  '/faqs': 'faqs',
  '/privacy_policy': 'privacy_policy',
};
/** The app's empty page, which renders any other page in the browser (scripts/prerender.mjs APP_SHELL). */
const APP_SHELL = 'app';

// A new release takes over at once and its precache replaces the last one's: pages come from the
// network whenever it answers, so an open tab never mixes an old page with the new release's files.
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The airport list and the config, so the search form works on the first offline visit too.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PUBLIC_DATA_CACHE)
      .then((cache) => cache.addAll(PUBLIC_DATA_PATHS))
      .catch(() => undefined),
  );
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && PUBLIC_DATA_PATHS.includes(url.pathname),
  new NetworkFirst({ cacheName: PUBLIC_DATA_CACHE, networkTimeoutSeconds: 4 }),
);

/**
 * An e-ticket from the network, else (offline) the copy the booking page saved for its owner. Nothing is
 * stored here: only the page knows whether the visitor owns the booking (lib/saved-trips.ts).
 */
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && TICKET_PATH.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const saved = await caches.open(SAVED_TRIPS_CACHE).then((cache) => cache.match(request.url, { ignoreSearch: true }));
      if (saved) return saved;
      throw error;
    }
  },
);

/** The visitor's language as the server reads it: ?lang=, else the cookie the app sets, else Arabic. */
async function visitorLanguage(url: URL): Promise<string> {
  const chosen = url.searchParams.get('lang');
  if (isSiteLanguage(chosen)) return chosen;
  // Cookie Store API: Chromium, Safari 18.4; elsewhere the Arabic page, which the app re-renders in the
  // visitor's language when it starts (src/main.tsx).
  const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }).cookieStore;
  const cookie = (await store?.get(LANGUAGE_COOKIE).catch(() => null))?.value;
  return isSiteLanguage(cookie) ? cookie : SITE_LANGUAGES[0];
}

/** The precached page for a navigation: its prerendered copy when the address carries only ?lang=, else the app. */
async function precachedPage(url: URL): Promise<Response | undefined> {
  const language = await visitorLanguage(url);
  const onlyLanguage = [...url.searchParams.keys()].every((key) => key === 'lang');
  const page = onlyLanguage ? PRERENDERED[url.pathname] : undefined;
  return (
    (page ? await matchPrecache(`/prerendered/${language}/${page}.html`) : undefined) ??
    (await matchPrecache(`/prerendered/${language}/${APP_SHELL}.html`))
  );
}

/**
 * Pages: from the network (the server renders them with the run-time config, the offers for their
 * search), else the precached copy in the visitor's language. The prerendered pages wait 3 s for the
 * network on a crawling connection; the others only fall back when the network fails. The desk
 * (/admin) and the API are left to the network.
 */
const prerenderedFromNetwork = new NetworkOnly({ networkTimeoutSeconds: 3 });
const fromNetwork = new NetworkOnly();
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/api/') &&
    !/^\/admin(\/|$)/.test(url.pathname),
  async ({ request, url, event }) => {
    const strategy = PRERENDERED[url.pathname] ? prerenderedFromNetwork : fromNetwork;
    try {
      return await strategy.handle({ request, event });
    } catch (error) {
      const page = await precachedPage(url);
      if (page) return page;
      throw error;
    }
  },
);
