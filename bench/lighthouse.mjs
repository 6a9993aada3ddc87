// Lighthouse (mobile profile, simulated throttling) on the production build with Debian's Chromium.
// `node bench/lighthouse.mjs [baseURL]` alone, or called by bench/run.mjs with its server.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
export const LIGHTHOUSE_PAGES = {
  home: '/',
  offers: `/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${day(21)}`,
  about: '/about',
  faqs: '/faqs',
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Scores 0-100 per page and category, in Arabic (the default language). */
export async function runLighthouse(base, pages = LIGHTHOUSE_PAGES) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      const run = await lighthouse(
        `${base}${path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
        // The default config is the mobile profile: a Moto G Power-sized screen, slow 4G, 4x CPU slowdown.
      );
      const { categories, audits } = run.lhr;
      results[name] = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
      // What cost points, so the figures can be acted on.
      results[name].failing = Object.values(audits)
        .filter(
          (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id);
      results[name].lcpMs = Math.round(audits['largest-contentful-paint']?.numericValue ?? 0);
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runLighthouse(process.argv[2] ?? 'http://127.0.0.1:3000');
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r['best-practices']}, SEO ${r.seo}, LCP ${r.lcpMs} ms${r.failing.length ? ` (below 90: ${r.failing.join(', ')})` : ''}`,
    );
}
