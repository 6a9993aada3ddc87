import type { PublicConfig } from '@kwenda/contracts';
import type { Env } from '../env.js';
import { sentryEnvironmentOf } from './error-reporter.js';

/** Plausible's manual script: the app sends each page view itself, with booking ids and tokens replaced. */
export const DEFAULT_PLAUSIBLE_SRC = 'https://plausible.io/js/script.manual.js';

/** The analytics tag the browser adds at run time, only when configured. */
export function publicAnalyticsOf(env: Env): PublicConfig['analytics'] {
  return {
    plausible: env.PLAUSIBLE_DOMAIN ? { domain: env.PLAUSIBLE_DOMAIN, src: env.PLAUSIBLE_SRC ?? DEFAULT_PLAUSIBLE_SRC } : null,
    ga4MeasurementId: env.GA4_MEASUREMENT_ID ?? null,
  };
}

/** The browser's Sentry project, when configured (a DSN is public by design: it only allows sending events). */
export function publicErrorReportingOf(env: Env): PublicConfig['errorReporting'] {
  const dsn = env.SENTRY_DSN_WEB ?? env.SENTRY_DSN;
  return dsn ? { sentryDsn: dsn, environment: sentryEnvironmentOf(env) } : null;
}

/** Origins the page may load scripts from, connect to and show images from for the tags above. */
export function thirdPartySources(env: Env) {
  const sources = { script: [] as string[], connect: [] as string[], img: [] as string[] };
  const { plausible, ga4MeasurementId } = publicAnalyticsOf(env);
  if (plausible) {
    const origin = new URL(plausible.src).origin;
    sources.script.push(origin);
    sources.connect.push(origin);
  }
  if (ga4MeasurementId) {
    // Google's documented CSP for GA4 (developers.google.com/tag-platform/security/guides/csp).
    sources.script.push('https://*.googletagmanager.com');
    sources.connect.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com');
    sources.img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  const errorReporting = publicErrorReportingOf(env);
  if (errorReporting) sources.connect.push(new URL(errorReporting.sentryDsn).origin);
  return sources;
}
