// After scripts/prerender.mjs: writes the service worker's precache list into dist/sw.js (built by
// vite-plugin-pwa from src/service-worker/sw.ts with its injection point left in place), since the list
// names the prerendered pages, which exist only now. Each entry carries a revision (a hash of its
// content), so a release replaces exactly what changed. docs/decisions/0031-service-worker-and-offline-trips.md
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { injectManifest } from 'workbox-build';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const swFile = path.join(dist, 'sw.js');

const { count, size, warnings } = await injectManifest({
  swSrc: swFile,
  swDest: swFile,
  globDirectory: dist,
  globPatterns: [
    // The app's code, styles and the fonts it preloads.
    'assets/**/*.{js,css,woff2}',
    // Home, about, FAQs and privacy prerendered, and the app's empty page, in each language.
    'prerendered/*/{index,about,faqs,privacy_policy,app}.html',
    'icons/favicon-96.png',
    'payment-methods.png',
    'social-icons.svg',
    // The airlines' logos as pages show them (PNG), and the SVGs bookings made before 2026-11-30 name.
    'airlines/*.{png,svg}',
    'manifest.webmanifest',
    'icons/icon-192.png',
  ],
  // The desk's code (staff only: never on a traveller's phone), the public changelog and the error
  // reporter (loaded only when configured) stay on the network.
  globIgnores: ['assets/admin*', 'assets/changelog*', 'assets/sentry-browser*'],
  // Hashed file names change with their content: fetched as they are (the HTTP cache may answer).
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 1024 * 1024,
});
for (const warning of warnings) console.warn(`precache: ${warning}`);
const sw = await fs.readFile(swFile);
if (sw.includes('self.__WB_MANIFEST')) throw new Error('precache: dist/sw.js still has its injection point');
for (const page of ['ar/index', 'en/index', 'ar/app', 'en/app']) {
  if (!sw.includes(`prerendered/${page}.html`)) throw new Error(`precache: prerendered/${page}.html is not precached`);
}
// The API serves .br and .gz beside a file when they exist (vite.config.ts precompress): rewrite them.
await fs.writeFile(`${swFile}.gz`, await promisify(zlib.gzip)(sw, { level: 9 }));
await fs.writeFile(`${swFile}.br`, await promisify(zlib.brotliCompress)(sw));
console.log(`precache: ${count} files, ${(size / 1024).toFixed(0)} KB before compression, in dist/sw.js`);
