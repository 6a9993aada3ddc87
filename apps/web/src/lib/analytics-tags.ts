import type { PublicConfig } from '@kwenda/contracts';

/** Loaded (in its own chunk) only when the deployment configured Plausible or Google Analytics 4. */

type Plausible = ((event: string, options?: { u?: string }) => void) & { q?: unknown[] };

declare global {
  interface Window {
    plausible?: Plausible;
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export interface AnalyticsTags {
  /** A page seen, with the path already cleaned of booking ids and tokens. */
  pageView(path: string, referrerOrigin: string): void;
}

function addScript(src: string, attributes: Record<string, string> = {}) {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
}

/**
 * Adds the configured tags. Both send only the page views we give them, with cleaned addresses:
 * Plausible's manual script, GA4 with send_page_view off (switch off "page changes based on browser
 * history events" in GA4's enhanced measurement too, or it records raw addresses).
 */
export function loadAnalyticsTags({ plausible, ga4MeasurementId }: PublicConfig['analytics']): AnalyticsTags {
  const senders: AnalyticsTags['pageView'][] = [];
  if (plausible) {
    // Plausible's own queue: calls made before its script arrives are replayed by it.
    const queued: Plausible = (...args) => {
      (queued.q ??= []).push(args);
    };
    window.plausible ??= queued;
    addScript(plausible.src, { 'data-domain': plausible.domain, defer: '' });
    senders.push((path) => window.plausible?.('pageview', { u: `${window.location.origin}${path}` }));
  }
  if (ga4MeasurementId) {
    window.dataLayer ??= [];
    window.gtag = function gtag() {
      // gtag.js reads the arguments object itself, not an array (Google's snippet does the same).
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', ga4MeasurementId, { send_page_view: false });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga4MeasurementId)}`);
    senders.push((path, referrerOrigin) =>
      window.gtag?.('event', 'page_view', {
        page_location: `${window.location.origin}${path}`,
        page_referrer: referrerOrigin,
        page_title: document.title,
      }),
    );
  }
  return { pageView: (path, referrerOrigin) => senders.forEach((send) => send(path, referrerOrigin)) };
}
