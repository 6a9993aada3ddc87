/**
 * Registers the service worker (dist/sw.js, src/service-worker/sw.ts) once the page has loaded, so its
 * download and the precache it fetches never compete with the first page. Plain
 * navigator.serviceWorker rather than workbox-window: the worker updates itself (it takes over at
 * once, docs/decisions/0031-service-worker-and-offline-trips.md), and the first script stays small.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
