import type { PageView, PublicConfig } from '@kwenda/contracts';
import { cleanPagePath } from '@kwenda/contracts/rules';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from 'react-router';
import type { AnalyticsTags } from './analytics-tags';
import { API_BASE } from './api-client';
import { storedReferral } from './referral';

const PAGE_VIEW_URL = `${API_BASE}/analytics/pageview`;

/** The page as analytics may see it: the referral segment off (it travels as referralCode), secrets replaced. */
export function pagePathOf(pathname: string, referral: string | null): string {
  const prefix = referral ? `/${referral}` : null;
  const path = prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`)) ? pathname.slice(prefix.length) : pathname;
  return cleanPagePath(path);
}

/** Where the visitor came from, as an origin; '' for none, an in-site link or anything not http(s). */
export function referrerOriginOf(referrer: string, ownOrigin: string): string {
  try {
    const { origin, protocol } = new URL(referrer);
    return origin !== ownOrigin && (protocol === 'https:' || protocol === 'http:') ? origin : '';
  } catch {
    return '';
  }
}

export function sendPageView(view: PageView) {
  const body = JSON.stringify(view);
  // A beacon never delays the page and survives it closing. It goes as text/plain: Chromium refuses a
  // JSON Blob in a beacon, and the endpoint reads text/plain as JSON (analytics-routes.ts).
  try {
    if (navigator.sendBeacon?.(PAGE_VIEW_URL, body)) return;
  } catch {
    // fall back to fetch
  }
  void fetch(PAGE_VIEW_URL, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
    () => undefined,
  );
}

/** Module state, not component state: StrictMode's second effect run and a remount must not count twice. */
let lastPath: string | null = null;
let firstReferrer = '';
let tags: Promise<AnalyticsTags | null> | null = null;

/**
 * Reports the first page and every route change (a new pathname; a rewritten query string is the
 * same page) to our own endpoint, and to Plausible or GA4 when the deployment configured one.
 */
export function usePageViews(referral: string | null, analytics: PublicConfig['analytics'] | undefined) {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();

  useEffect(() => {
    const path = pagePathOf(pathname, referral);
    if (path === lastPath) return;
    const referrer = lastPath === null ? referrerOriginOf(document.referrer, window.location.origin) : '';
    if (lastPath === null) firstReferrer = referrer;
    lastPath = path;
    sendPageView({
      path,
      referrer,
      language: i18n.language === 'en' ? 'en' : 'ar',
      referralCode: referral ?? storedReferral(),
    });
    void tags?.then((loaded) => loaded?.pageView(path, referrer));
    // A language switch is not a page view: i18n.language is read, not watched.
  }, [pathname, referral, i18n]);

  useEffect(() => {
    if (tags || !analytics || (!analytics.plausible && !analytics.ga4MeasurementId)) return;
    // The page seen before the tag was asked for goes to it once it is there; later ones follow in order.
    const pending = lastPath;
    tags = import('./analytics-tags').then(({ loadAnalyticsTags }) => loadAnalyticsTags(analytics)).catch(() => null);
    if (pending) void tags.then((loaded) => loaded?.pageView(pending, firstReferrer));
  }, [analytics]);
}
