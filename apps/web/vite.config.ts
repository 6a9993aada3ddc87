import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { arabicUnicodeRange, subsetArabicFace } from './scripts/arabic-font-subset.mjs';
import { lazyMantineDefaults } from './scripts/lazy-mantine-defaults.mjs';
import { BRAND_FONT_HEAD_SCRIPT } from '../../packages/contracts/src/brand-font';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Chunks loaded when the page is idle (see build.modulePreload below). */
const LOADED_WHEN_IDLE = /(^|\/)offers-dialogs-[\w-]+\.js$/;

/** Writes .gz and .br beside each text asset so the API serves them pre-compressed. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kwenda-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((file) => path.join(outDir, file))
        .filter((file) => /\.(js|css|html|svg|json|txt|md)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < 1024) return;
          await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
          await fs.writeFile(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }),
      );
    },
  };
}

/**
 * IBM Plex Sans Arabic from @fontsource, trimmed to what the site writes: the Arabic, Latin and
 * Latin Extended faces in WOFF2 (every browser we support reads it). Fontsource's CSS also declares
 * Cyrillic, Greek and Vietnamese faces (Vite inlined the small ones into the render-blocking CSS:
 * 7 KB gzipped) and WOFF fallbacks.
 */
const FONT_SUBSETS = ['arabic', 'latin', 'latin-ext'];
/**
 * How the brand face shows when it arrives late (docs/decisions/0041-first-visit-fonts.md): `optional`
 * paints with the metric-matched fallback (src/app/font-fallbacks.css) and keeps it for that page when the
 * face is not there within about 100 ms; the face, downloaded meanwhile, shows from the next page on.
 * KWENDA_FONT_DISPLAY=swap builds the other way, to measure both (`node bench/lighthouse.mjs`).
 */
const FONT_DISPLAY = process.env.KWENDA_FONT_DISPLAY ?? 'optional';
if (!['optional', 'swap'].includes(FONT_DISPLAY)) throw new Error(`KWENDA_FONT_DISPLAY must be optional or swap`);
function siteFont(): Plugin {
  let cacheDir = '';
  return {
    name: 'kwenda-site-font',
    enforce: 'pre',
    configResolved(config) {
      cacheDir = path.resolve(config.root, 'node_modules/.cache/kwenda-fonts');
    },
    async transform(code, id) {
      if (!/@fontsource\/ibm-plex-sans-arabic\/\d+\.css$/.test(id)) return null;
      const faces = code.split(/(?=\/\* ibm-plex-sans-arabic-)/).filter((block) => {
        const subset = /^\/\* ibm-plex-sans-arabic-([a-z-]+)-\d+-normal \*\//.exec(block)?.[1];
        return subset === undefined ? !block.includes('@font-face') : FONT_SUBSETS.includes(subset);
      });
      const trimmed = await Promise.all(
        faces.map(async (block) => {
          const woff2 = /url\((\.\/files\/ibm-plex-sans-arabic-arabic-\d+-normal\.woff2)\)/.exec(block)?.[1];
          if (!woff2) return block;
          // The Arabic face, cut to the Arabic block (scripts/arabic-font-subset.mjs).
          const cut = await subsetArabicFace(path.resolve(path.dirname(id), woff2), cacheDir);
          return block
            .replace(woff2, path.relative(path.dirname(id), cut))
            .replace(/unicode-range:[^;]*;/, `unicode-range: ${arabicUnicodeRange};`);
        }),
      );
      const css = trimmed
        .join('')
        .replace(/,\s*url\([^)]*\.woff\) format\('woff'\)/g, '')
        .replace(/font-display:\s*swap;/g, `font-display: ${FONT_DISPLAY};`);
      return { code: css, map: null };
    },
    // No preload: a first visit never waits for the faces (the font stack names them only under the class
    // the head script sets once they were fetched: src/app/brand-font.css, packages/contracts/src/brand-font.ts).
    transformIndexHtml: () => [{ tag: 'script', children: BRAND_FONT_HEAD_SCRIPT, injectTo: 'head-prepend' as const }],
  };
}

/**
 * The service worker (src/service-worker/sw.ts, built to dist/sw.js) and the web app manifest, linked
 * from index.html and so from every page prerendered or rendered from it. Its precache list is written
 * by scripts/precache.mjs after the pages are prerendered (it lists them); the page registers it after
 * load (src/lib/register-service-worker.ts), without workbox-window in the first script.
 * docs/decisions/0031-service-worker-and-offline-trips.md
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    injectManifest: { injectionPoint: undefined, minify: true },
    manifest: {
      id: '/',
      name: 'كوندا: كن وكيل سفرك',
      short_name: 'كوندا',
      description: 'ابحث عن رحلات الطيران وقارن واحجز بنفسك.',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The theme's primary colour (app/theme.ts, teal.8) and the page background.
      theme_color: '#0b5e55',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), siteFont(), lazyMantineDefaults(), precompress(), ...(isSsrBuild ? [] : [serviceWorker()])],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  ssr: {
    // The page renderer (dist-ssr, loaded by the API) gets the Mantine components it uses, tree-shaken into
    // its build, rather than importing all of @mantine/core at run time: about 47 MB less resident in the
    // API process (issue 17).
    noExternal: [/^@mantine\//],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // Code a page loads when idle, for parts that show nothing until used (the offers page's sheet and
      // dialogs): its styles are added as before, its scripts are left to the browser's module loader. Vite's
      // loader would add a module preload for each of the dozen chunks it imports, all in the task that
      // asks for it: 6 ms of a slow phone's main thread at its busiest, to save a round trip nobody waits on.
      resolveDependencies: (file, deps) => (LOADED_WHEN_IDLE.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    // scripts/prerender.mjs reads it to link a prerendered page's route chunk and its styles.
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    // What the first page needs goes out as one file (with one CSS file), not as the four shared
    // chunks rolldown splits it into: about 3.5 KB less gzipped JS, fewer requests, and CSS in
    // import order as in `vite dev` (the split put our field styles before Mantine's, so Mantine
    // won equal-specificity ties in production only). docs/decisions/0005-home-page-js-budget.md
    // The prerendering build (src/entry-server.tsx, run by scripts/prerender.mjs) keeps its own layout.
    rolldownOptions: isSsrBuild
      ? {
          // It loads every catalog at once on purpose (src/entry-server.tsx): not a chunking mistake.
          onLog(level, log, handler) {
            if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
          },
        }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                // Mantine's small helpers that several lazy pages share (safe contexts, uncontrolled
                // state, auto contrast) in one chunk rather than one request of about 1 KB each.
                {
                  name: 'mantine-shared',
                  test: /@mantine\/(core\/esm\/core\/(utils\/create-safe-context|MantineProvider\/color-functions\/get-auto-contrast-value)|hooks\/esm\/use-uncontrolled)\//,
                },
                // TanStack Query's core, queries and mutations in one chunk, not four: each chunk is a module
                // preload the page's loader adds one by one, on a slow phone in the task that starts
                // hydrating a prerendered page.
                { name: 'query', test: /node_modules\/@tanstack\/(query-core|react-query)\// },
              ],
            },
          },
        },
  },
}));
