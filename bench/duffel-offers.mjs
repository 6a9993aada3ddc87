// The offers page against Duffel: the production server with SUPPLIER=duffel, pointed at the local
// server that speaks Duffel's API (apps/api/test/duffel/serve.ts) with a realistic search time
// (DUFFEL_SEARCH_DELAY_MS, 3 s, in 3 batches). Measures, for several searches, when the first offers
// and the full results arrive: on the wire (POST /offers/stream, NDJSON) and in Chromium (the offers
// page showing its first Book button, then its progress bar gone). Called by bench/run.mjs, or alone:
//   npm run build && node bench/duffel-offers.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { API_SERVER_ARGS, API_SERVER_ENV } from './api-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DUFFEL_PORT = Number(process.env.BENCH_DUFFEL_PORT ?? 4790);
const APP_PORT = DUFFEL_PORT + 1;
const BASE = `http://127.0.0.1:${APP_PORT}`;
const DELAY_MS = Number(process.env.DUFFEL_SEARCH_DELAY_MS ?? 3000);
const SEARCHES = Number(process.env.BENCH_DUFFEL_SEARCHES ?? 5);
const TOKEN = 'duffel_test_bench_local';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

async function waitFor(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`${url} did not answer`);
}

const stop = (child) =>
  child.exitCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });

/** Route and date of the i-th search: each a new search (Duffel is asked every time). */
const searchOf = (i) => ({
  tripType: 'one-way',
  departureStation: ['PZU', 'KRT', 'PZU', 'CAI', 'JED'][i % 5],
  destinationStation: ['CAI', 'JED', 'IST', 'PZU', 'PZU'][i % 5],
  departureDate: day(20 + i),
});

/** One stream on the wire: ms to the first offers and to the final event. */
async function streamOnce(search) {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/v1/offers/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      filters: {
        ...search,
        passengers: { adults: 1, children: 0, infants: 0 },
        baggage: { hold: 0, carryOn: 0 },
        currency: 'USD',
      },
      page: 1,
      order: 'lowest',
    }),
  });
  if (!response.ok || !response.body) throw new Error(`stream ${response.status}: ${await response.text()}`);
  let firstOffers = null;
  let complete = null;
  let offers = 0;
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line) continue;
      const event = JSON.parse(line);
      if ((event.type === 'offers' || event.type === 'complete') && event.result?.offers?.length && firstOffers === null)
        firstOffers = performance.now() - started;
      if (event.type === 'complete') {
        complete = performance.now() - started;
        offers = event.result.total;
      }
      if (event.type === 'error') throw new Error(`stream error: ${JSON.stringify(event.error)}`);
    }
  }
  return { firstOffers, complete, offers };
}

/** The offers page in Chromium: ms from navigation to the first Book button, and to the progress bar gone. */
async function pageOnce(browser, search, index) {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 }, locale: 'ar-SD' });
  const query = new URLSearchParams({ ...search, adults: '1', currency: 'USD' });
  let searchStarted = null;
  page.on('request', (request) => {
    if (searchStarted === null && request.url().endsWith('/api/v1/offers/stream')) searchStarted = performance.now();
  });
  const started = performance.now();
  await page.goto(`${BASE}/offers?${query}`, { waitUntil: 'commit' });
  await page
    .locator('button[aria-label]')
    .filter({ hasText: /احجز|Book/ })
    .first()
    .waitFor({ timeout: 60_000 });
  const firstOfferAt = performance.now();
  const firstOffer = firstOfferAt - started;
  const searchToFirstOffer = searchStarted === null ? NaN : firstOfferAt - searchStarted;
  const progressShown = await page.locator('[data-stream-progress]').count();
  await page.waitForFunction(() => !globalThis.document.querySelector('[data-stream-progress]'), null, { timeout: 60_000 });
  const allOffersAt = performance.now();
  const allOffers = allOffersAt - started;
  if (index === 0) await page.screenshot({ path: path.join(os.tmpdir(), 'kwenda-bench-duffel-offers.png') });
  await page.close();
  return {
    firstOffer,
    allOffers,
    searchToFirstOffer,
    searchToAll: searchStarted === null ? NaN : allOffersAt - searchStarted,
    progressShown,
  };
}

export async function runDuffelOffersBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-bench-duffel-'));
  const duffel = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/test/duffel/serve.ts',
      '--port',
      String(DUFFEL_PORT),
      '--token',
      TOKEN,
      '--search-delay-ms',
      String(DELAY_MS),
      '--batches',
      '3',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const app = spawn(process.execPath, API_SERVER_ARGS, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...API_SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      JWT_SECRET: 'bench-only-jwt-secret-0123456789abcdefghij',
      SANDBOX_GATEWAY_SECRET: 'bench-only-gateway-secret-0123456789',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      SUPPLIER: 'duffel',
      DUFFEL_ACCESS_TOKEN: TOKEN,
      DUFFEL_API_URL: `http://127.0.0.1:${DUFFEL_PORT}`,
      DUFFEL_WEBHOOK_SECRET: 'bench-only-duffel-webhook-secret',
      SUPPLIER_TIMEOUT_SECONDS: '20',
      UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser;
  try {
    await waitFor(`http://127.0.0.1:${DUFFEL_PORT}/`, duffel);
    await waitFor(`${BASE}/api/v1/health`, app);
    // One search first: the server's and the page's first-use costs are not the figures.
    await streamOnce(searchOf(SEARCHES + 1));
    const wire = [];
    for (let i = 0; i < SEARCHES; i++) wire.push(await streamOnce(searchOf(i)));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const pages = [];
    for (let i = 0; i < SEARCHES; i++) pages.push(await pageOnce(browser, searchOf(i + SEARCHES + 2), i));
    return {
      searchDelayMs: DELAY_MS,
      searches: SEARCHES,
      wire: {
        firstOffersMs: median(wire.map((w) => w.firstOffers)),
        completeMs: median(wire.map((w) => w.complete)),
        offers: median(wire.map((w) => w.offers)),
      },
      page: {
        firstOfferMs: median(pages.map((p) => p.firstOffer)),
        allOffersMs: median(pages.map((p) => p.allOffers)),
        searchToFirstOfferMs: median(pages.map((p) => p.searchToFirstOffer)),
        searchToAllOffersMs: median(pages.map((p) => p.searchToAll)),
        /** Pages whose progress bar was on screen with their first offers (the stream shown, not waited for). */
        progressWithFirstOffers: pages.filter((p) => p.progressShown > 0).length,
      },
    };
  } finally {
    await browser?.close();
    await stop(app);
    await stop(duffel);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printDuffelOffersBench(result) {
  if (!result) return;
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `Offers from Duffel (local server, ${result.searchDelayMs} ms per search in 3 batches, median of ${result.searches}): ` +
      `stream first offers ${ms(result.wire.firstOffersMs)}, complete ${ms(result.wire.completeMs)} (${result.wire.offers} offers); ` +
      `offers page (from navigation) first offer ${ms(result.page.firstOfferMs)}, all offers ${ms(result.page.allOffersMs)}; ` +
      `from the page's search request: first offer ${ms(result.page.searchToFirstOfferMs)}, all ${ms(result.page.searchToAllOffersMs)}; ` +
      `progress bar beside the first offers on ${result.page.progressWithFirstOffers} of ${result.searches} pages`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  printDuffelOffersBench(await runDuffelOffersBench());
}
