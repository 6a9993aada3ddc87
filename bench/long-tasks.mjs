// The main thread's long tasks after the first paint, as a slow phone runs a page: Debian's Chromium on a
// phone-sized screen with its CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, Lighthouse's mobile
// slowdown), the network as it is. A PerformanceObserver('longtask') registered before the page's first
// byte lists every task over 50 ms; those that end after the first paint are what a visitor's tap waits on
// while the page hydrates and its data arrives. Each page is loaded RUNS times in a fresh context (nothing
// cached, no service worker); the run with the median sum of blocking time (each task's time over 50 ms)
// is reported. A script, not a timed test: the figures depend on the machine.
// `node bench/long-tasks.mjs [baseURL] [page…]` alone (offers, booking; else both), or called by bench/run.mjs
// with its server.
/* global window, document, MutationObserver -- observe and collect run in the page */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { browserCookies, createHeldBooking } from './held-booking.mjs';
import { LIGHTHOUSE_PAGES } from './lighthouse.mjs';

/**
 * The pages measured by default: the offers page, which hydrates a server-rendered search and streams its
 * offers, and a held pay-later booking's page as its maker's browser opens it (bench/held-booking.mjs: its
 * access cookies in the context, so the server paints the booking and the browser hydrates it).
 */
export async function longTaskPages(base) {
  const { path, setCookies } = await createHeldBooking(base);
  return { offers: LIGHTHOUSE_PAGES.offers, booking: { path, cookies: setCookies } };
}
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
/** After the page is ready and the network is quiet, how long more tasks are waited for. */
const SETTLE_MS = 3_000;

/** Records paints and long tasks from the page's first byte (runs in the page). */
function observe() {
  const seen = { tasks: [], paint: null, ready: null };
  window.__longTasks = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.tasks.push({
        start: entry.startTime,
        duration: entry.duration,
        source: entry.attribution?.[0]?.containerType ?? '',
      });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-paint') seen.paint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  // main.tsx marks <html data-ready> once React has hydrated the page.
  window.__hydrated = new Promise((resolve) =>
    new MutationObserver((_, observer) => {
      if (document.documentElement.hasAttribute('data-ready')) {
        seen.ready = performance.now();
        observer.disconnect();
        resolve(true);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] }),
  );
}

/** The long tasks seen, and the largest paint (runs in the page). */
async function collect() {
  const lcpEntries = await new Promise((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve([]), 500);
  });
  return { ...window.__longTasks, lcp: lcpEntries.at(-1)?.startTime ?? null };
}

async function measureOnce(browser, base, target) {
  const { path, cookies } = typeof target === 'string' ? { path: target } : target;
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'ar',
    serviceWorkers: 'block',
  });
  try {
    if (cookies) await context.addCookies(browserCookies(base, cookies));
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    // Read through CDP, not Playwright's page functions: their first use injects Playwright's own script
    // into the page, itself a long task at 4x that the page would be blamed for.
    const inPage = async (expression) => {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(`long-tasks: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    };
    // Hydrated (main.tsx marks <html data-ready>), then the network quiet, then a few seconds for what follows.
    await inPage(
      `Promise.race([window.__hydrated, new Promise((_, reject) => setTimeout(() => reject(new Error('not hydrated')), 60000))])`,
    );
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const { tasks, paint, ready, lcp } = await inPage(`(${collect})()`);
    const after = tasks.filter((task) => task.start + task.duration > (paint ?? 0));
    return {
      firstPaintMs: Math.round(paint ?? 0),
      lcpMs: lcp === null ? null : Math.round(lcp),
      readyMs: ready === null ? null : Math.round(ready),
      tasks: after.map((task) => ({ startMs: Math.round(task.start), durationMs: Math.round(task.duration) })),
      longestMs: Math.round(Math.max(0, ...after.map((task) => task.duration))),
      blockingMs: Math.round(after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)),
    };
  } finally {
    await context.close();
  }
}

/**
 * Per page: the median run (by blocking time) and every run's longest task and blocking time. A page is
 * its path, or { path, cookies } with Set-Cookie headers the browser holds before it opens the page.
 */
export async function runLongTasks(base, pages) {
  pages ??= await longTaskPages(base);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results = {};
  try {
    // A first load warms the server's page cache and the browser's start.
    await measureOnce(browser, base, Object.values(pages)[0]);
    for (const [name, page] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, base, page));
      runs.sort((a, b) => a.blockingMs - b.blockingMs);
      results[name] = {
        ...runs[Math.floor(runs.length / 2)],
        runs: runs.map(({ longestMs, blockingMs }) => ({ longestMs, blockingMs })),
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** One line per page for the console. */
export const longTasksLine = (name, r) =>
  `Long tasks after first paint, ${name} (phone, CPU ${CPU_SLOWDOWN}x, median of ${r.runs.length}): ${r.tasks.length} (${
    r.tasks.map((task) => `${task.durationMs} ms at ${task.startMs}`).join(', ') || 'none'
  }), longest ${r.longestMs} ms, blocking ${r.blockingMs} ms (runs: longest ${r.runs.map((run) => run.longestMs).join('/')} ms); first paint ${r.firstPaintMs} ms, LCP ${r.lcpMs} ms, hydrated at ${r.readyMs ?? '?'} ms`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', ...only] = process.argv.slice(2);
  const pages = only.length
    ? Object.fromEntries(Object.entries(await longTaskPages(base)).filter(([name]) => only.includes(name)))
    : undefined;
  const results = await runLongTasks(base, pages);
  for (const [name, r] of Object.entries(results)) console.log(longTasksLine(name, r));
}
