/**
 * What page views send (lib/page-views.ts loads it after the page's first render: it is not in every
 * page's first script).
 */
import type { PageView, PublicConfig } from '@kwenda/contracts';
import { cleanPagePath } from '@kwenda/contracts/rules';
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

/** Reports a page (once per path in a row: StrictMode's second effect run and a remount do not count twice). */
export function reportPageView(pathname: string, referral: string | null, language: 'ar' | 'en') {
  const path = pagePathOf(pathname, referral);
  if (path === lastPath) return;
  const referrer = lastPath === null ? referrerOriginOf(document.referrer, window.location.origin) : '';
  if (lastPath === null) firstReferrer = referrer;
  lastPath = path;
  sendPageView({ path, referrer, language, referralCode: referral ?? storedReferral() });
  void tags?.then((loaded) => loaded?.pageView(path, referrer));
}

/** Starts Plausible or GA4 (once), which is then told of the page already reported and every later one. */
export function startAnalyticsTags(analytics: NonNullable<PublicConfig['analytics']>) {
  if (tags) return;
  const pending = lastPath;
  tags = import('./analytics-tags').then(({ loadAnalyticsTags }) => loadAnalyticsTags(analytics)).catch(() => null);
  if (pending) void tags.then((loaded) => loaded?.pageView(pending, firstReferrer));
}
