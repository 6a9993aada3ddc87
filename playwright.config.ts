import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { Agent, setGlobalDispatcher } from 'undici';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// The journeys' own requests (Node's fetch to the servers, the mail sink and the Duffel stand-in) each take
// a new connection: on a busy machine a reused keep-alive connection that the server was closing as idle
// now and then failed a request with "other side closed" before it reached the server. Browsers send
// such a request again; fetch does not. The runner and every worker load this file.
setGlobalDispatcher(new Agent({ pipelining: 0 }));

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The mail sink (e2e/support/mail-sink.mjs): a real SMTP server the app sends to, read over HTTP by tests. */
export const MAIL_SINK = {
  smtpPort: Number(process.env.MAIL_SINK_SMTP_PORT ?? 3225),
  httpPort: Number(process.env.MAIL_SINK_HTTP_PORT ?? 3226),
};
/** The stand-in for Google's OpenID provider (e2e/support/oidc-provider.mjs); the API's GOOGLE_ISSUER. */
export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3227);
/**
 * A second server with what an agency sets at run time: STAGING=true (the pages it renders say so from
 * their first paint), its social pages and other phone hours (STAGING_SITE below).
 */
export const STAGING_PORT = Number(process.env.E2E_STAGING_PORT ?? 3228);
export const STAGING_SITE = {
  SUPPORT_DAYS: 'sat-wed',
  SUPPORT_HOURS: '08:30-16:00',
  SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/kwenda.travel',
  SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/kwenda.travel',
  SOCIAL_X_URL: 'https://x.com/kwenda_travel',
  SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/kwenda',
  SOCIAL_TIKTOK_URL: 'https://www.tiktok.com/@kwenda.travel',
};
/**
 * Real flights: a second server with SUPPLIER=duffel, pointed at the local server that speaks Duffel's API
 * (apps/api/test/duffel), whose searches take DUFFEL_SEARCH_DELAY_MS and whose webhooks it signs.
 */
export const DUFFEL = {
  apiPort: Number(process.env.E2E_DUFFEL_API_PORT ?? 3230),
  appPort: Number(process.env.E2E_DUFFEL_APP_PORT ?? 3231),
  token: 'duffel_test_e2e_local',
  webhookSecret: 'e2e-only-duffel-webhook-secret',
  searchDelayMs: 5000,
};
/**
 * WhatsApp: a third server configured for the WhatsApp Cloud API, pointed at the local server that speaks
 * it (apps/api/src/modules/whatsapp/local-cloud-api), which signs its webhooks with the app secret and
 * POSTs them back. Its holds last 31 minutes, so their reminder comes a minute after the hold.
 */
export const WHATSAPP = {
  apiPort: Number(process.env.E2E_WHATSAPP_API_PORT ?? 3232),
  appPort: Number(process.env.E2E_WHATSAPP_APP_PORT ?? 3233),
  token: 'e2e-whatsapp-token',
  appSecret: 'e2e-only-whatsapp-app-secret',
  verifyToken: 'e2e-whatsapp-verify',
  phoneNumberId: '100000000000001',
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-e2e-whatsapp-')),
};
process.env.E2E_WHATSAPP_DATA_DIR ??= WHATSAPP.dataDir;
/** The journeys that run against the Duffel server (projects duffel-ar and duffel-en), and only there. */
const DUFFEL_SPECS = /duffel-.*\.spec\.ts$/;
/**
 * Which combinations of language and screen run a test, by its tag (docs/decisions/0029-browser-test-matrix.md):
 * - no tag: Arabic on a phone, as most travellers and the agency's staff use the site;
 * - `@en-desktop`: English on a desktop instead;
 * - `@both`: both, for screens whose layout depends on the direction or the width;
 * - `@every-combination`: Arabic and English, phone and desktop (every page's screenshots, axe and keyboard).
 * Every journey in both was 29 minutes of CI on 2 cores; E2E_ALL_PROJECTS=1 runs every test in all four.
 */
const ALL = Boolean(process.env.E2E_ALL_PROJECTS);
const ARABIC_PHONE = ALL ? {} : { grepInvert: /@en-desktop/ };
const ENGLISH_DESKTOP = ALL ? {} : { grep: /@en-desktop|@both|@every-combination/ };
const OTHER_COMBINATIONS = ALL ? {} : { grep: /@every-combination/ };
/**
 * An account number as a bank gives one (the placeholder's thirteen zeros are thirteen dots in
 * Arabic-Indic digits: no reader, person or machine, reads how many there are).
 */
const BANK_ACCOUNTS = JSON.stringify([
  {
    bankAr: 'بنك الخرطوم (تطبيق بنكك)',
    bankEn: 'Bank of Khartoum (Bankak app)',
    accountName: 'Kwenda Travel & Tourism',
    accountNumber: '4021187305512',
    currency: 'SDG',
  },
]);

/** What every server the journeys book on runs with, on its port. */
const journeyServer = (port: number) => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '5000',
  // The journeys hold many bookings with one contact from 127.0.0.1 (the caps have API tests).
  HOLD_CAP_PER_CONTACT: '100',
  HOLD_CAP_PER_ADDRESS: '1000',
  // A journey may act from an address of its own (X-Forwarded-For), as travellers do: sign-up codes are
  // limited per address, and the whole run otherwise shares 127.0.0.1's allowance.
  TRUST_PROXY: '1',
  SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK.smtpPort}`,
  JOBS_INTERVAL_SECONDS: '1',
});

/** The production server as `npm run serve` runs it: the API bundle `npm run build` makes (docs/decisions/0030). */
const API_SERVER = 'node --enable-source-maps apps/api/dist/server.js';
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-e2e-'));
// Workers read the config again: they find the same DATA_DIR (the staff command line reaches the server with its secret).
process.env.E2E_DATA_DIR = dataDir;
// Production takes its secrets from the environment only (env.ts): the run's own, for its servers and for the
// commands the journeys run beside them (`npm run staff` signs with the server's secret).
process.env.JWT_SECRET ??= 'e2e-only-jwt-secret-0123456789abcdefghij';
process.env.SANDBOX_GATEWAY_SECRET ??= 'e2e-only-gateway-secret-0123456789';

/**
 * A phone as Chromium lays it out (Pixel 7: 412 px wide, touch, mobile), drawn at one device pixel per CSS
 * pixel: the layout is the phone's, and at its 2.6 device pixels the same tests took 21 % longer on 2 cores
 * (the screenshots are 412 px wide).
 */
const phone = { ...devices['Pixel 7'], deviceScaleFactor: 1 };

const chromium = chromiumLaunchOptions;

export type KwendaOptions = { language: 'ar' | 'en' };

export default defineConfig<KwendaOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // Recording a trace for every test doubled the run on 2 cores: traces come from the retry of a failed test.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The service worker answers pages offline and keeps files between tests of a context: journeys see
    // the network as it is; e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // The Duffel journeys: Arabic on a phone, English on a desktop. The longest journeys and every page's
    // axe come first: the short ones then fill both workers to the end instead of one long test alone.
    {
      name: 'duffel-ar',
      testMatch: DUFFEL_SPECS,
      ...ARABIC_PHONE,
      use: { ...phone, language: 'ar', locale: 'ar-SD', baseURL: `http://127.0.0.1:${DUFFEL.appPort}` },
    },
    {
      name: 'duffel-en',
      testMatch: DUFFEL_SPECS,
      ...ENGLISH_DESKTOP,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 900 },
        language: 'en',
        locale: 'en-GB',
        baseURL: `http://127.0.0.1:${DUFFEL.appPort}`,
      },
    },
    {
      name: 'ar-desktop',
      testIgnore: DUFFEL_SPECS,
      ...OTHER_COMBINATIONS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, language: 'ar', locale: 'ar-SD' },
    },
    {
      name: 'en-phone',
      testIgnore: DUFFEL_SPECS,
      ...OTHER_COMBINATIONS,
      use: { ...phone, language: 'en', locale: 'en-GB' },
    },
    {
      name: 'en-desktop',
      testIgnore: DUFFEL_SPECS,
      ...ENGLISH_DESKTOP,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, language: 'en', locale: 'en-GB' },
    },
    { name: 'ar-phone', testIgnore: DUFFEL_SPECS, ...ARABIC_PHONE, use: { ...phone, language: 'ar', locale: 'ar-SD' } },
  ],
  webServer: [
    {
      command: 'node e2e/support/mail-sink.mjs',
      url: `http://127.0.0.1:${MAIL_SINK.httpPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK.smtpPort), MAIL_SINK_HTTP_PORT: String(MAIL_SINK.httpPort) },
    },
    {
      command: 'node e2e/support/oidc-provider.mjs',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: API_SERVER,
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...journeyServer(PORT),
        DATA_DIR: dataDir,
        GOOGLE_CLIENT_ID: 'kwenda-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        BANK_ACCOUNTS,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
    },
    {
      command: API_SERVER,
      url: `http://127.0.0.1:${STAGING_PORT}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(STAGING_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${STAGING_PORT}`,
        STAGING: 'true',
        ...STAGING_SITE,
        // Its own embedded database, and no jobs: it only shows pages.
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-e2e-staging-')),
        DATABASE_URL: '',
        RUN_JOBS: 'false',
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: [
        'node --import tsx apps/api/src/modules/whatsapp/local-cloud-api/cli.ts',
        `--port ${WHATSAPP.apiPort}`,
        `--token ${WHATSAPP.token}`,
        `--app-secret ${WHATSAPP.appSecret}`,
        `--webhook http://127.0.0.1:${WHATSAPP.appPort}/api/v1/whatsapp/webhook`,
      ].join(' '),
      url: `http://127.0.0.1:${WHATSAPP.apiPort}/__local/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: API_SERVER,
      url: `http://127.0.0.1:${WHATSAPP.appPort}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...journeyServer(WHATSAPP.appPort),
        // Its own embedded database: its travellers sign in with their numbers.
        DATA_DIR: process.env.E2E_WHATSAPP_DATA_DIR!,
        DATABASE_URL: '',
        // The reminder goes 30 minutes before a hold lapses: a 31-minute hold reminds a minute after it is made.
        HOLD_MINUTES: '31',
        WHATSAPP_TOKEN: WHATSAPP.token,
        WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
        WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
        WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
        WHATSAPP_API_URL: `http://127.0.0.1:${WHATSAPP.apiPort}/v21.0`,
        BANK_ACCOUNTS,
      },
    },
    {
      command: [
        'node --import tsx apps/api/test/duffel/serve.ts',
        `--port ${DUFFEL.apiPort}`,
        `--token ${DUFFEL.token}`,
        `--search-delay-ms ${DUFFEL.searchDelayMs}`,
        `--webhook-url http://127.0.0.1:${DUFFEL.appPort}/api/v1/suppliers/duffel/webhooks`,
        `--webhook-secret ${DUFFEL.webhookSecret}`,
      ].join(' '),
      port: DUFFEL.apiPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: API_SERVER,
      url: `http://127.0.0.1:${DUFFEL.appPort}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(DUFFEL.appPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${DUFFEL.appPort}`,
        // Its own embedded database: its bookings are Duffel's.
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-e2e-duffel-')),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '5000',
        HOLD_CAP_PER_CONTACT: '100',
        HOLD_CAP_PER_ADDRESS: '1000',
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK.smtpPort}`,
        JOBS_INTERVAL_SECONDS: '1',
        SUPPLIER: 'duffel',
        DUFFEL_ACCESS_TOKEN: DUFFEL.token,
        DUFFEL_API_URL: `http://127.0.0.1:${DUFFEL.apiPort}`,
        DUFFEL_WEBHOOK_SECRET: DUFFEL.webhookSecret,
        SUPPLIER_TIMEOUT_SECONDS: '10',
        // Duffel's test mode paid with the sandbox's test cards: a trial, which production refuses without this.
        UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL: 'true',
      },
    },
  ],
});
