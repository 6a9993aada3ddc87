// After `vite build` and the SSR build of src/entry-server.tsx: writes the pages every visitor
// opens first (home, about, FAQs, privacy policy) as finished HTML in Arabic and in English, so a
// phone paints them before the script has run; the browser then hydrates them (src/main.tsx).
// Also the template of the offers page, which the server renders per request from its search.
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
 * Pages the server renders per request from their address (the offers: a search), with the entry
 * point of src/entry-server.tsx (apps/api/src/plugins/web-app.ts). Their template is written here:
 * the page's code named at once, and its styles inline, so the rendered markup paints styled without
 * waiting on more stylesheets. Any query may follow the path; the root stays empty for the server.
 */
const RENDERED = {
  '/offers': { file: 'offers', modules: (lang) => ['src/app/routes/offers-page.tsx', `src/i18n/locales/${lang}/offers.json`] },
};

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const manifest = JSON.parse(await fs.readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The chunks and stylesheets a lazy module brings, minus what the entry already has. */
function chunkFiles(moduleIds) {
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
  return { scripts: [...scripts], styles: [...styles] };
}

/** <link>s to a lazy module's chunks and its stylesheets. */
function chunkLinks(moduleIds) {
  const { scripts, styles } = chunkFiles(moduleIds);
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

/**
 * A lazy module's stylesheets inline, for a page the server renders: eight more stylesheet links
 * held the simulated phone's first paint back (1.9 -> 2.6 s). Its chunks are not preloaded: the
 * page is painted without them, and fetched before the first paint they made Lighthouse count them
 * in the time to the largest paint (LCP 2.3 s without, 2.8-3.3 s with).
 */
async function inlineStyles(moduleIds) {
  const { styles } = chunkFiles(moduleIds);
  const css = await Promise.all(styles.map((file) => fs.readFile(path.join(dist, file), 'utf8')));
  if (css.some((text) => text.includes('</'))) throw new Error('prerender: a stylesheet cannot go inline');
  // The same stylesheets as disabled links, which the browser does not fetch: Vite's loader skips a
  // stylesheet the page already links, rather than fetch it again and restyle the whole page.
  const placeholders = styles.map((file) => `<link rel="stylesheet" disabled href="/${file}">`);
  return `<style data-kwenda-route>${css.join('')}</style>${placeholders.join('')}`;
}

/** The Arabic font faces index.html preloads (vite.config.ts): an English page paints no Arabic but the switch's one word. */
const ARABIC_FACE_PRELOAD = /\s*<link rel="preload" as="font"[^>]*ibm-plex-sans-arabic-arabic-[^>]*>/g;

function fill(template, { lang, html, meta, links, arabicFaces }) {
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
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-prerendered="${lang}" data-mantine-color-scheme="light">`,
  );
  page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  page = replaceOnce(
    page,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${description}" /><meta property="og:title" content="${title}" /><meta property="og:description" content="${description}" />`,
  );
  if (!arabicFaces) page = replaceOnce(page, ARABIC_FACE_PRELOAD, '');
  page = replaceOnce(page, '</head>', `${links}</head>`);
  return replaceOnce(page, '<div id="root"></div>', `<div id="root">${html}</div>`);
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
  for (const [pagePath, page] of Object.entries(RENDERED)) {
    // Rendered here only for the page's title and description; the server fills the root per request.
    const { meta } = await renderPage(pagePath, lang);
    const links = await inlineStyles(page.modules(lang));
    await write(lang, page.file, fill(template, { lang, html: '', meta, links, arabicFaces: lang === 'ar' }));
  }
}
await fs.writeFile(
  path.join(out, 'pages.json'),
  JSON.stringify({
    languages: LANGUAGES,
    pages: Object.fromEntries(Object.entries(PAGES).map(([p, { file }]) => [p, file])),
    rendered: Object.fromEntries(Object.entries(RENDERED).map(([p, { file }]) => [p, file])),
    // Where the server finds src/entry-server.tsx built, from dist (outside it: it is no public file).
    renderer: '../dist-ssr/entry-server.js',
  }),
);
console.log(
  `prerendered ${Object.keys(PAGES).length} pages and ${Object.keys(RENDERED).length} template in ${LANGUAGES.join(' and ')} into dist/prerendered`,
);
