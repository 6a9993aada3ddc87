import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env.js';
import { publicAnalyticsOf, publicErrorReportingOf, thirdPartySources } from './third-party-tags.js';

describe('analytics and error-reporting settings', () => {
  it('are all off by default', () => {
    const env = loadEnv({});
    expect(publicAnalyticsOf(env)).toEqual({ plausible: null, ga4MeasurementId: null });
    expect(publicErrorReportingOf(env)).toBeNull();
    expect(thirdPartySources(env)).toEqual({ script: [], connect: [], img: [] });
  });

  it('give the browser SENTRY_DSN_WEB, else SENTRY_DSN, with the environment name', () => {
    const dsn = 'https://abc123@o1.ingest.sentry.io/42';
    expect(publicErrorReportingOf(loadEnv({ SENTRY_DSN: dsn, STAGING: 'true' }))).toEqual({
      sentryDsn: dsn,
      environment: 'staging',
    });
    const web = 'https://web456@o1.ingest.sentry.io/43';
    // Production requires the secrets (env.ts).
    const secrets = { JWT_SECRET: 'j'.repeat(48), SANDBOX_GATEWAY_SECRET: 'g'.repeat(32) };
    const production = loadEnv({ SENTRY_DSN: dsn, SENTRY_DSN_WEB: web, NODE_ENV: 'production', ...secrets });
    expect(publicErrorReportingOf(production)).toEqual({ sentryDsn: web, environment: 'production' });
  });

  it('take a self-hosted Plausible script and allow only its origin', () => {
    const env = loadEnv({ PLAUSIBLE_DOMAIN: 'kwenda.sd', PLAUSIBLE_SRC: 'https://stats.kwenda.sd/js/script.manual.js' });
    expect(publicAnalyticsOf(env).plausible).toEqual({ domain: 'kwenda.sd', src: 'https://stats.kwenda.sd/js/script.manual.js' });
    expect(thirdPartySources(env)).toEqual({
      script: ['https://stats.kwenda.sd'],
      connect: ['https://stats.kwenda.sd'],
      img: [],
    });
  });

  it.each([
    ['SENTRY_DSN', 'not a dsn'],
    ['SENTRY_DSN', 'https://o1.ingest.sentry.io/42'],
    ['SENTRY_DSN_WEB', 'ftp://key@host/1'],
    ['PLAUSIBLE_DOMAIN', 'https://kwenda.sd'],
    ['PLAUSIBLE_SRC', 'javascript:alert(1)'],
    ['GA4_MEASUREMENT_ID', 'UA-12345-1'],
  ])('stop the server on a bad %s=%s', (name, value) => {
    expect(() => loadEnv({ PLAUSIBLE_DOMAIN: 'kwenda.sd', [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('refuse a Plausible script without a domain', () => {
    expect(() => loadEnv({ PLAUSIBLE_SRC: 'https://plausible.io/js/script.manual.js' })).toThrow(EnvError);
    expect(() => loadEnv({ PLAUSIBLE_SRC: 'https://plausible.io/js/script.manual.js' })).toThrow(/PLAUSIBLE_DOMAIN=/);
  });
});
