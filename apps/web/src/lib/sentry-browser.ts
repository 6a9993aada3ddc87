import type { PublicConfig } from '@kwenda/contracts';
import { cleanPagePath } from '@kwenda/contracts/rules';
import { captureException, init } from '@sentry/react';
import { scrubBreadcrumb, scrubEvent } from './report-scrub';

/** An address as a report may carry it: origin and cleaned path, no query (booking ids and tokens out). */
function cleanUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    return `${parsed.origin}${cleanPagePath(parsed.pathname)}`;
  } catch {
    return cleanPagePath(url);
  }
}

/** Sentry in the browser (this module is its own chunk, loaded only when a DSN is configured). */
export function initSentry({ sentryDsn, environment }: NonNullable<PublicConfig['errorReporting']>) {
  init({
    dsn: sentryDsn,
    environment,
    // At most 100 breadcrumbs, messages cut at 250 characters.
    maxBreadcrumbs: 100,
    maxValueLength: 250,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    beforeSend(event) {
      if (event.request) {
        if (event.request.url) event.request.url = cleanUrl(event.request.url);
        delete event.request.headers;
        delete event.request.query_string;
      }
      return scrubEvent(event);
    },
    beforeBreadcrumb(breadcrumb) {
      const data = breadcrumb.data;
      if (data) {
        for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = cleanUrl(data[key]);
      }
      return scrubBreadcrumb(breadcrumb);
    },
  });
}

export function captureReactError(error: unknown, componentStack?: string) {
  captureException(error, componentStack ? { contexts: { react: { componentStack } } } : undefined);
}
