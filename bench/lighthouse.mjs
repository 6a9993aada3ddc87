// Lighthouse (mobile profile, simulated throttling) on the production build with Debian's Chromium.
// `node bench/lighthouse.mjs [baseURL]` alone, or called by bench/run.mjs with its server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { browserCookies, createHeldBooking } from './held-booking.mjs';
import { machineSpeed, machineSpeedLine } from './machine-speed.mjs';

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const LIGHTHOUSE_PAGES = {
  home: '/',
  offers: `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${day(21)}`,
  about: '/about',
  faqs: '/faqs',
  login: '/login',
};

/**
 * The pages above and a held pay-later booking's page, as its maker's browser opens it: with its access
 * cookies in the browser's cookie jar, as the server set them (the API's and the page's). Not as an extra
 * header: the page's service worker fetches the page and the API without Lighthouse's extra headers, and
 * the booking then went out empty and read limited (a stranger's view).
 */
export async function lighthousePages(base) {
  const { path, setCookies } = await createHeldBooking(base);
  return { ...LIGHTHOUSE_PAGES, booking: { path, cookies: setCookies } };
}

/** Puts Set-Cookie headers for `base` into the default context of the Chromium on `port` (what Lighthouse audits in). */
export async function setBrowserCookies(port, base, setCookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies(browserCookies(base, setCookies));
  } finally {
    // Disconnects only: the browser is chrome-launcher's, and the cookies stay in its default context.
    await browser.close();
  }
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The default config is the mobile profile: a Moto G Power-sized screen, slow 4G, 4x CPU slowdown.
 * Each run is a first visit: Lighthouse empties the caches, the service worker and local storage, where an
 * earlier run left the mark that this browser has the brand faces (lib/brand-font.ts), which a browser with
 * empty caches has not. The cookies (a booking's access) stay.
 */
export const LIGHTHOUSE_CONFIG = {
  extends: 'lighthouse:default',
  settings: { clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'] },
};

/** Debian's Chromium, headless, for Lighthouse to drive. */
export const launchChromium = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });

/** Runs per page: one Lighthouse run on this machine moves by 10 points; the median run is reported. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * The blocking time the page's own work accounts for: Lighthouse's total blocking time, counted from the CPU
 * time of each main-thread task after the first contentful paint (the trace's `tdur`) instead of its wall
 * time (`dur`). Lighthouse's simulation takes a task's wall time times the CPU slowdown; on a machine whose
 * cores the server, Chromium's other processes and Lighthouse itself share with the page, a task waiting
 * for a core counts as blocking too. Tasks of 10 ms CPU waited as long again for a core on this 2-core
 * machine (docs/performance.md#lighthouse): this figure tells a page that got slower from a busy machine.
 */
export function ownBlockingTimeMs(traceEvents, cpuSlowdown) {
  const navigation = traceEvents.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return null;
  const { pid, tid } = navigation;
  const paint = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts > navigation.ts);
  if (!paint) return null;
  return Math.round(
    traceEvents
      .filter((e) => e.name === 'RunTask' && e.pid === pid && e.tid === tid && e.ts > paint.ts && e.tdur !== undefined)
      .reduce((sum, task) => sum + Math.max(0, (task.tdur / 1000) * cpuSlowdown - 50), 0),
  );
}

/** Scores 0-100 per page and category, in Arabic (the default language): the run with the median performance. */
export async function runLighthouse(base, pages) {
  pages ??= await lighthousePages(base);
  const chrome = await launchChromium();
  const results = {};
  const audit = async (url, extraHeaders) => {
    const { lhr, artifacts } = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders },
      LIGHTHOUSE_CONFIG,
    );
    const events = artifacts.Trace?.traceEvents ?? [];
    return { ...lhr, ownBlockingTimeMs: ownBlockingTimeMs(events, lhr.configSettings.throttling.cpuSlowdownMultiplier) };
  };
  try {
    // The first run in a fresh Chromium often fails to record its trace (NO_NAVSTART, score 0): a warm-up.
    await audit(`${base}/`);
    for (const [name, page] of Object.entries(pages)) {
      const { path, headers, cookies } = typeof page === 'string' ? { path: page } : page;
      // Lighthouse resets storage before each run but keeps cookies.
      if (cookies) await setBrowserCookies(chrome.port, base, cookies);
      const runs = [];
      const failures = [];
      // A run whose trace Lighthouse could not read (runtimeError) is run again, at most twice per page.
      while (runs.length < RUNS && failures.length <= 2) {
        const lhr = await audit(`${base}${path}`, headers);
        if (lhr.runtimeError) failures.push(lhr.runtimeError.code);
        else runs.push(lhr);
      }
      if (!runs.length) throw new Error(`Lighthouse could not measure ${name}: ${failures.join(', ')}`);
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const { categories, audits } = runs[Math.floor(runs.length / 2)];
      results[name] = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
      results[name].performanceRange = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      results[name].failedRuns = failures;
      // What cost points, so the figures can be acted on.
      results[name].failing = Object.values(audits)
        .filter(
          (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id);
      for (const [key, id] of Object.entries({
        fcpMs: 'first-contentful-paint',
        lcpMs: 'largest-contentful-paint',
        tbtMs: 'total-blocking-time',
      }))
        results[name][key] = Math.round(audits[id]?.numericValue ?? 0);
      // Each run's, in the order of their performance scores (as performanceRange).
      results[name].ownTbtMs = runs.map((r) => r.ownBlockingTimeMs);
      results[name].cls = Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3));
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

/** One line per page for the console. */
export const lighthouseLine = (name, r) =>
  `Lighthouse ${name} (mobile, median of ${r.performanceRange.length}): performance ${r.performance} (runs ${r.performanceRange.join('/')}${r.failedRuns.length ? `; rerun after ${r.failedRuns.join(', ')}` : ''}), accessibility ${r.accessibility}, best practices ${r['best-practices']}, SEO ${r.seo}; FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms (from the page's own CPU time, each run: ${r.ownTbtMs.map((ms) => ms ?? '?').join('/')} ms), CLS ${r.cls}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node bench/lighthouse.mjs [baseURL] [page…]`: the pages named (home, offers, about, faqs, login, booking), else all.
  const [base = 'http://127.0.0.1:3000', ...only] = process.argv.slice(2);
  const pages = only.length
    ? Object.fromEntries(Object.entries(await lighthousePages(base)).filter(([name]) => only.includes(name)))
    : undefined;
  console.log(machineSpeedLine(machineSpeed()));
  const results = await runLighthouse(base, pages);
  for (const [name, r] of Object.entries(results))
    console.log(`${lighthouseLine(name, r)}${r.failing.length ? ` (below 90: ${r.failing.join(', ')})` : ''}`);
}
