/**
 * After load, the first visit waits this long (then for an idle moment) before it registers the worker:
 * its install downloads the whole precache (about 0.5 MB compressed, 140 files), which on a 2-core phone
 * took the CPU from the page's own start (Lighthouse's blocking time on the home page 552 -> 1,273 ms)
 * and on a weak connection the bandwidth from the traveller's first search.
 */
const SERVICE_WORKER_DELAY_MS = 5_000;

/**
 * Registers the service worker (dist/sw.js, src/service-worker/sw.ts) once the page has loaded and
 * settled, so its download and the precache it fetches never compete with the first page. A returning
 * visitor's page is already controlled by the worker; the later call only checks for a new release.
 * Plain navigator.serviceWorker rather than workbox-window: the worker updates itself (it takes over at
 * once, docs/decisions/0031-service-worker-and-offline-trips.md), and the first script stays small.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5_000 }) : register();
  const afterLoad = () => window.setTimeout(whenIdle, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
