// node scripts/check-home-budget.mjs: fails when the home page makes a visitor download more than 120 KB of
// script before they touch it. Run after `npm run build`.
// See docs/decisions/0005-home-page-js-budget.md.
//
// Measured the way a visitor pays for it: the production server (apps/api/dist, on an embedded database of
// its own, a free port) serves the built home page to Debian's Chromium on a phone-sized screen, in Arabic
// and in English; every script the page fetches until the network has been quiet for QUIET_MS counts (the
// entry and whatever its first render, effects and idle work import), nothing touched. The scripts are
// counted twice: at the compressed size they crossed the network with (brotli, as the server sends them to
// every browser that accepts it) and gzipped at -9 (the unit the budget is written in, and what a browser
// or proxy without brotli gets); the larger of the two must be within 120 KB. The service worker is
// blocked: it registers 5 s after `load`, once the browser is idle, and its precache is not what the first
// visit waits on.
// The entry alone (index.html's script and modulepreloads) is printed at gzip -9 too, for comparison with
// the figures the budget was first measured in (decision 0005).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';

const BUDGET_KB = 120;
/** The network counts as idle after this long with no request in flight and none started. */
const QUIET_MS = 2_000;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (content) => zlib.gzipSync(content, { level: 9 }).length;

// The entry alone, as the first budget measured it: index.html's script and its modulepreload links.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
const entryBytes = entryFiles.reduce((sum, file) => sum + gzipped(fs.readFileSync(path.join(dist, file))), 0);
console.log(`home page entry (index.html's scripts): ${kb(entryBytes)} at gzip -9`);

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-budget-'));
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Production takes its secrets from the environment only; these are this check's own.
    JWT_SECRET: 'budget-only-jwt-secret-0123456789abcdefghij',
    SANDBOX_GATEWAY_SECRET: 'budget-only-gateway-secret-0123456789',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  // A first start on the embedded database runs PostgreSQL's initdb in WASM: slow on a busy machine.
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** Every script the home page fetches in `language` until the network is quiet, nothing touched. */
async function scriptsFetched(browser, language) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: language === 'ar' ? 'ar-SD' : 'en-GB',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const scripts = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('requestfailed', settled);
  page.on('requestfinished', async (request) => {
    try {
      if (request.resourceType() === 'script') {
        const response = await request.response();
        const body = await response.body();
        const sizes = await request.sizes();
        scripts.push({ url: new URL(request.url()).pathname, gzip: gzipped(body), wire: sizes.responseBodySize });
      }
    } finally {
      settled();
    }
  });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/?lang=${language}`, { waitUntil: 'load' });
  while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
  if (errors.length) throw new Error(`the home page (${language}) failed: ${errors.join('; ')}`);
  const ready = (await page.locator('html[data-ready]').count()) === 1;
  if (!ready) throw new Error(`the home page (${language}) did not come alive`);
  await context.close();
  return scripts;
}

let failed = false;
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  await waitForServer();
  for (const language of ['ar', 'en']) {
    const scripts = await scriptsFetched(browser, language);
    let gzip = 0;
    let wire = 0;
    for (const script of scripts) {
      gzip += script.gzip;
      wire += script.wire;
      console.log(`${kb(script.wire).padStart(9)}  (${kb(script.gzip)} at gzip -9)  ${script.url}`);
    }
    const over = Math.max(wire, gzip) > BUDGET_KB * 1024;
    failed ||= over;
    console.log(
      `home page (${language}, phone), every script until the network is idle, ${scripts.length} files: ${kb(wire)} as sent (brotli), ${kb(gzip)} at gzip -9; budget ${BUDGET_KB} KB for the larger${over ? ': OVER BUDGET' : ''}`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`home page JavaScript: over the budget of ${BUDGET_KB} KB (as sent or at gzip -9)`);
  process.exit(1);
}
console.log(`home page JavaScript: within ${BUDGET_KB} KB in both languages, as sent and at gzip -9`);
