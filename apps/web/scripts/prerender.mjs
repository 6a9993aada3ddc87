// After `vite build` and the SSR build of src/entry-server.tsx: writes the pages every visitor
// opens first (home, about, FAQs, privacy policy) as finished HTML in Arabic and in English, so a
// phone paints them before the script has run; the browser then hydrates them (src/main.tsx).
// The API sends them by path and the visitor's language (apps/api/src/plugins/web-app.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const out = path.join(dist, 'prerendered');

/** Path → file name, and the lazy modules (besides the entry) the page's route needs at once. */
const PAGES = {
  '/': { file: 'index', modules: () => [] },
  '/about': { file: 'about', modules: (lang) => ['src/features/content/index.ts', `src/i18n/locales/${lang}/content.json`] },
  '/faqs': { file: 'faqs', modules: (lang) => ['src/features/content/index.ts', `src/i18n/locales/${lang}/content.json`] },
  '/privacy_policy': {
    file: 'privacy_policy',
    modules: () => ['src/features/content/index.ts', 'src/i18n/locales/ar/content.json', 'src/i18n/locales/en/content.json'],
    bothLanguages: true,
  },
};
const LANGUAGES = ['ar', 'en'];

/**
 * Pages rendered in the browser from the address (a search), whose code the HTML names at once:
 * without it the browser learns of the route's chunks only once the entry script has run, one
 * round trip later. Any query may follow the path; the root stays empty.
 */
const SHELLS = {
  '/offers': { file: 'offers', modules: (lang) => ['src/app/routes/offers-page.tsx', `src/i18n/locales/${lang}/offers.json`] },
};

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const manifest = JSON.parse(await fs.readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks and stylesheets a lazy module brings, minus what the entry already has. */
function chunkLinks(moduleIds, { styles: withStyles = true, lowPriority = false } = {}) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const seen = new Set();
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    if (chunk !== entry) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!entry.css?.includes(css)) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  moduleIds.forEach(visit);
  return [
    ...(withStyles ? [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`) : []),
    ...[...scripts].map(
      (file) => `<link rel="modulepreload"${lowPriority ? ' fetchpriority="low"' : ''} crossorigin href="/${file}">`,
    ),
  ].join('');
}

/** The Arabic font faces index.html preloads (vite.config.ts): an English page paints no Arabic but the switch's one word. */
const ARABIC_FACE_PRELOAD = /\s*<link rel="preload" as="font"[^>]*ibm-plex-sans-arabic-arabic-[^>]*>/g;

function fill(template, { lang, html, meta, links, arabicFaces, shell = false }) {
  const replaceOnce = (text, search, replacement) => {
    const found = typeof search === 'string' ? text.includes(search) : text.search(search) !== -1;
    if (!found) throw new Error(`prerender: index.html has no ${search}`);
    return text.replace(search, () => replacement);
  };
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  let page = replaceOnce(
    template,
    '<html lang="ar" dir="rtl">',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"${shell ? '' : ` data-prerendered="${lang}"`} data-mantine-color-scheme="light">`,
  );
  page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  page = replaceOnce(
    page,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${description}" /><meta property="og:title" content="${title}" /><meta property="og:description" content="${description}" />`,
  );
  if (!arabicFaces) page = replaceOnce(page, ARABIC_FACE_PRELOAD, '');
  page = replaceOnce(page, '</head>', `${links}</head>`);
  return shell ? page : replaceOnce(page, '<div id="root"></div>', `<div id="root">${html}</div>`);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

async function write(lang, name, document) {
  const file = path.join(out, lang, `${name}.html`);
  await fs.writeFile(file, document);
  await fs.writeFile(`${file}.gz`, await gzip(document, { level: 9 }));
  await fs.writeFile(`${file}.br`, await brotli(document));
}

const { renderPage, renderThemeStyles } = await import(path.join(root, 'dist-ssr', 'entry-server.js'));
// The theme's CSS in every page's head, index.html included (app/providers.tsx no longer writes it).
const built = (await fs.readFile(path.join(dist, 'index.html'), 'utf8')).replace(/<style data-kwenda-theme>[^<]*<\/style>/, '');
if (!built.includes('</head>')) throw new Error('prerender: index.html has no </head>');
const template = built.replace('</head>', () => `<style data-kwenda-theme>${renderThemeStyles()}</style></head>`);
const indexFile = path.join(dist, 'index.html');
await fs.writeFile(indexFile, template);
await fs.writeFile(`${indexFile}.gz`, await gzip(template, { level: 9 }));
await fs.writeFile(`${indexFile}.br`, await brotli(template));
await fs.rm(out, { recursive: true, force: true });
for (const lang of LANGUAGES) {
  await fs.mkdir(path.join(out, lang), { recursive: true });
  for (const [pagePath, page] of Object.entries(PAGES)) {
    const { html, meta } = await renderPage(pagePath, lang);
    const links = chunkLinks(page.modules(lang));
    await write(lang, page.file, fill(template, { lang, html, meta, links, arabicFaces: lang === 'ar' || page.bothLanguages }));
  }
  for (const [pagePath, page] of Object.entries(SHELLS)) {
    // Rendered only for the page's title and description; the browser renders the page itself.
    const { meta } = await renderPage(pagePath, lang);
    // Its code only, after the entry's: stylesheets in <head> would hold the first paint back (the chunk
    // brings them when it runs), and at the entry's priority the chunks would share its bandwidth (the
    // simulated phone's first paint went from 1.9 to 2.6 s). Lighthouse: LCP 3.8 -> 3.6 s.
    const links = chunkLinks(page.modules(lang), { styles: false, lowPriority: true });
    await write(lang, page.file, fill(template, { lang, html: '', meta, links, arabicFaces: lang === 'ar', shell: true }));
  }
}
await fs.writeFile(
  path.join(out, 'pages.json'),
  JSON.stringify({
    languages: LANGUAGES,
    pages: Object.fromEntries(Object.entries(PAGES).map(([p, { file }]) => [p, file])),
    shells: Object.fromEntries(Object.entries(SHELLS).map(([p, { file }]) => [p, file])),
  }),
);
console.log(
  `prerendered ${Object.keys(PAGES).length} pages and ${Object.keys(SHELLS).length} shell in ${LANGUAGES.join(' and ')} into dist/prerendered`,
);
