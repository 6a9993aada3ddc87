// What a Lighthouse run's blocking time and paints are made of: the page's own work or a wait for a core.
// Runs Lighthouse (mobile, as bench/lighthouse.mjs) on one page RUNS times and reads each run's own trace:
// - the main thread's tasks after the first contentful paint, by the wall clock and by the CPU (`dur` and
//   `tdur`): Lighthouse's blocking time counts the wall clock times 4, so a page whose tasks are short on the
//   CPU but long on the wall clock is waiting for a core (the browser, its compositor, the API, Lighthouse);
// - how many frames Chromium drew (Lighthouse keeps a screenshot of each: a looping animation makes one
//   every 16 ms while the page starts);
// - the observed first paint, first contentful paint and largest paint: when the first paint comes without
//   text, Lighthouse counts everything fetched before the text in its simulated paints.
// A script, not a timed test. `node bench/lighthouse-waits.mjs [baseURL] [page] [runs]` (page: home, offers,
// about, faqs, login, booking; default offers, 5 runs) against a running production build.
import lighthouse from 'lighthouse';
import { LIGHTHOUSE_CONFIG, launchChromium, lighthousePages, setBrowserCookies } from './lighthouse.mjs';
import { machineSpeed, machineSpeedLine } from './machine-speed.mjs';

/** The page's main thread after its first contentful paint, and the frames drawn, from one run's trace. */
export function traceWaits(traceEvents) {
  const fcp = traceEvents.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const main = traceEvents.find(
    (event) => event.pid === fcp.pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )?.tid;
  const tasks = traceEvents.filter(
    (event) => event.pid === fcp.pid && event.tid === main && event.ph === 'X' && event.name === 'RunTask' && event.ts > fcp.ts,
  );
  const ms = (us) => us / 1000;
  const blocking = (field) => tasks.reduce((sum, task) => sum + Math.max(0, 4 * ms(task[field] ?? 0) - 50), 0);
  return {
    wallMs: Math.round(tasks.reduce((sum, task) => sum + ms(task.dur), 0)),
    cpuMs: Math.round(tasks.reduce((sum, task) => sum + ms(task.tdur ?? 0), 0)),
    blockingByWallMs: Math.round(blocking('dur')),
    blockingByCpuMs: Math.round(blocking('tdur')),
    longestCpuMs: Math.round(Math.max(0, ...tasks.map((task) => ms(task.tdur ?? 0)))),
    frames: traceEvents.filter((event) => event.name === 'Screenshot').length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', name = 'offers', runs = '5'] = process.argv.slice(2);
  const page = (await lighthousePages(base))[name];
  if (!page) throw new Error(`No page ${name}`);
  const { path, cookies } = typeof page === 'string' ? { path: page } : page;
  console.log(machineSpeedLine(machineSpeed()));
  const chrome = await launchChromium();
  const audit = (url) =>
    lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, LIGHTHOUSE_CONFIG);
  try {
    await audit(`${base}/`); // the first run in a fresh Chromium often records no trace
    if (cookies) await setBrowserCookies(chrome.port, base, cookies);
    for (let run = 1; run <= Number(runs); run++) {
      const { lhr, artifacts } = await audit(`${base}${path}`);
      if (lhr.runtimeError) {
        console.log(`${name} run ${run}: ${lhr.runtimeError.code}`);
        continue;
      }
      const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0);
      const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
      const waits = traceWaits(artifacts.Trace.traceEvents);
      console.log(
        `${name} run ${run}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, ` +
          `simulated FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, ` +
          `TBT ${metric('total-blocking-time')} ms; observed paint ${observed.observedFirstPaint}, contentful ` +
          `${observed.observedFirstContentfulPaint}, largest ${observed.observedLargestContentfulPaint} ms` +
          (waits
            ? `; after it the main thread ran ${waits.cpuMs} ms on the CPU over ${waits.wallMs} ms (longest task ` +
              `${waits.longestCpuMs} ms of CPU), blocking ${waits.blockingByWallMs} ms by the wall clock and ` +
              `${waits.blockingByCpuMs} ms by the CPU; ${waits.frames} frames`
            : ''),
      );
    }
  } finally {
    await chrome.kill();
  }
}
