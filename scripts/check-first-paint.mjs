// node scripts/check-first-paint.mjs: fails when a page's first paint waits on more than 100 KB of script,
// style and font together. Run after `npm run build`. See docs/decisions/0005-home-page-js-budget.md.
//
// What a first paint waits on, per page kind (each in Arabic and English, as the server sends it):
// - render-blocking styles: <link rel="stylesheet"> without `disabled` or a non-matching media, and the
//   <style> text in the page (the theme's variables, a server-rendered page's route styles);
// - preloaded fonts (<link rel="preload" as="font">): fetched first, ahead of everything else;
// - scripts that run before the page paints: a classic <script src> without async or defer; and, for a page
//   the server sends with an empty #root (`browser: true`), every module script, its modulepreloads, the
//   route's own chunks and styles, and the catalogs its first render reads.
// A page the server renders or prerenders (home, about, FAQs, privacy, log-in, offers, a booking for its owner
// and, in its loading state, for anyone else) paints before its module scripts run: they are not counted. Sizes are gzip -9 as served (woff2 as it is: already compressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 100;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Each page kind: the HTML the server sends, and for a page rendered in the browser what its route loads. */
const PAGES = [
  { name: 'home (prerendered)', file: 'index.html' },
  { name: 'about (prerendered)', file: 'about.html' },
  { name: 'faqs (prerendered)', file: 'faqs.html' },
  { name: 'privacy (prerendered)', file: 'privacy_policy.html' },
  { name: 'offers (rendered per request)', file: 'offers.template.html' },
  { name: 'login (prerendered)', file: 'login.html' },
  // Sent painted to the browser holding the booking's access (apps/api/src/plugins/web-app.ts): the template's
  // head (the theme's and the page's styles inline, the fonts) is what its first paint waits on.
  { name: 'booking (rendered for its owner)', file: 'booking.template.html' },
  // Sent to anyone else (a stranger with the link, an account owner signed in with a bearer token, a booking
  // that does not exist) painted in its loading state, no booking in it: the same template, its root filled
  // here as the server fills it (src/entry-server.tsx), so a style the loading markup adds would count too.
  { name: 'booking (loading, for anyone else)', file: 'booking.template.html', render: '/booking/bk_0000000000000000000000' },
  // The same under an agent's referral code (/KW2024/booking/<id>), which the server renders under the code.
  {
    name: 'booking under a referral code (loading)',
    file: 'booking.template.html',
    render: '/KW2024/booking/bk_0000000000000000000000',
  },
];
/** Pages known to be over, reported but not failing (none: every page the site sends painted is under). */
const KNOWN_OVER = new Set([]);

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const content = fs.readFileSync(path.join(dist, file));
    sizes.set(file, file.endsWith('.woff2') ? content.length : zlib.gzipSync(content, { level: 9 }).length);
  }
  return sizes.get(file);
}
const gzipped = (text) => zlib.gzipSync(text, { level: 9 }).length;
const attr = (tag, name) => new RegExp(`\\s${name}(?:="([^"]*)")?`).exec(tag);

/** A module's chunk with its static imports and their styles, from the build manifest. */
function chunkFiles(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check-first-paint: ${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, files);
  return files;
}

function blockingFiles(html, { lang, browser: browserRendered = false, route, namespace }) {
  const files = new Set();
  const head = html.slice(0, html.indexOf('<body'));
  for (const [tag] of html.matchAll(/<link\s[^>]*>/g)) {
    const rel = attr(tag, 'rel')?.[1];
    const href = attr(tag, 'href')?.[1]?.replace(/^\//, '');
    if (!href) continue;
    const media = attr(tag, 'media')?.[1];
    if (rel === 'stylesheet' && !attr(tag, 'disabled') && (!media || media === 'all' || media === 'screen')) files.add(href);
    if (rel === 'preload' && attr(tag, 'as')?.[1] === 'font') files.add(href);
    if (rel === 'modulepreload' && browserRendered) files.add(href);
  }
  for (const [tag] of head.matchAll(/<script\s[^>]*src="[^"]+"[^>]*>/g)) {
    const isModule = attr(tag, 'type')?.[1] === 'module';
    if ((isModule && browserRendered) || (!isModule && !attr(tag, 'async') && !attr(tag, 'defer')))
      files.add(attr(tag, 'src')[1].replace(/^\//, ''));
  }
  if (browserRendered && route) {
    chunkFiles(route, files);
    // The strings every first render reads, the route's catalog and the whole errors catalog
    // (src/i18n/index.ts loadNamespace), in the page's language.
    chunkFiles(`src/i18n/first-page-${lang}.ts`, files);
    chunkFiles(`src/i18n/locales/${lang}/${namespace}.json`, files);
    chunkFiles(`src/i18n/locales/${lang}/errors.json?raw`, files);
  }
  return files;
}

/** The page as the server sends it: the file, or for a page rendered per request its template with the markup in. */
async function documentOf(lang, page) {
  const template = fs.readFileSync(path.join(dist, 'prerendered', lang, page.file), 'utf8');
  if (!page.render) return template;
  const { renderPage } = await import(path.resolve(dist, '../dist-ssr/entry-server.js'));
  const { html } = await renderPage(page.render, lang, { airports: [] });
  if (!html || html.includes('kwenda-page-data')) throw new Error(`check-first-paint: ${page.render} rendered nothing`);
  if (!template.includes('<div id="root"></div>')) throw new Error(`check-first-paint: ${page.file} has no empty root`);
  return template.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
}

let failed = false;
for (const lang of ['ar', 'en']) {
  for (const page of PAGES) {
    const html = await documentOf(lang, page);
    const files = blockingFiles(html, { lang, ...page });
    const inlineStyle = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)]
      .filter((match) => !html.slice(Math.max(0, match.index - 10), match.index).includes('<noscript>'))
      .map((match) => match[1])
      .join('');
    const kinds = { script: 0, style: gzipped(inlineStyle), font: 0 };
    for (const file of files)
      kinds[file.endsWith('.woff2') ? 'font' : file.endsWith('.css') ? 'style' : 'script'] += sizeOf(file);
    const total = kinds.script + kinds.style + kinds.font;
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const over = total > BUDGET_KB * 1024;
    const known = over && KNOWN_OVER.has(page.name);
    failed ||= over && !known;
    console.log(
      `${kb(total).padStart(9)}  ${lang} ${page.name}: script ${kb(kinds.script)}, style ${kb(kinds.style)}, font ${kb(kinds.font)}${over ? (known ? '  over (known)' : '  OVER BUDGET') : ''}`,
    );
  }
}
const summary = `first paint: at most ${BUDGET_KB} KB of script, style and font per page`;
if (failed) {
  console.error(`${summary}: over budget`);
  process.exit(1);
}
console.log(summary);
