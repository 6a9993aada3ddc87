// After `vite build` and the SSR build of src/entry-server.tsx: writes the pages every visitor
// opens first (home, about, FAQs, privacy policy, log-in) as finished HTML in Arabic and in English, so a
// phone paints them before the script has run; the browser then hydrates them (src/main.tsx).
// Also each page's template (an empty root), which the server fills per request with the run-time
// config and the address's query, and the template of the offers page, rendered per request only.
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
  },
  // A form with nothing to fetch: painted by the server, not after 250 KB of script (Lighthouse's LCP 3.9 s).
  // Without the script it says the page needs it (the form cannot send).
  '/login': {
    file: 'login',
    modules: (lang) => ['src/features/auth/index.ts', `src/i18n/locales/${lang}/auth.json`],
    noscript: 'app',
  },
};
const LANGUAGES = ['ar', 'en'];
/** The app's empty page per language (apps/api/src/plugins/web-app.ts sends it for the other pages). */
const APP_SHELL = 'app';

/**
 * Pages the server only renders per request from their address (the offers: a search), with the entry
 * point of src/entry-server.tsx (apps/api/src/plugins/web-app.ts). Their template is written here:
 * the page's code named at once, and its styles inline, so the rendered markup paints styled without
 * waiting on more stylesheets. Any query may follow the path; the root stays empty for the server.
 */
const RENDERED = {
  '/offers': {
    file: 'offers',
    modules: (lang) => ['src/app/routes/offers-page.tsx', `src/i18n/locales/${lang}/offers.json`],
    noscript: 'offers',
  },
};

/**
 * The booking's page, rendered per request: with the booking for the browser that holds its access (never
 * kept), in its loading state without any booking for anyone else (apps/api/src/plugins/web-app.ts). Its
 * template names the page's code and carries its styles inline, as the offers'. Without JavaScript it says
 * the page needs it.
 */
const BOOKING = {
  file: 'booking',
  modules: (lang) => ['src/app/routes/booking-page.tsx', `src/i18n/locales/${lang}/booking.json`],
  noscript: 'app',
};

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const manifest = JSON.parse(await fs.readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The stylesheets a lazy module's chunks bring, minus what the entry already has. */
function chunkStyles(moduleIds) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const seen = new Set();
  const styles = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    for (const css of chunk.css ?? []) if (!entry.css?.includes(css)) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  moduleIds.forEach(visit);
  return [...styles];
}

/** The chunks the entry loads itself (it and its static imports): a route never names them again. */
function entryChunks() {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return seen;
}

/**
 * The scripts lazy modules need (their chunks and what those import), minus the entry's, for the page to
 * preload a few per task before it hydrates (src/lib/route-modules.ts): Vite's loader would add them all
 * in one task when the route's code is imported. Named, not linked: fetched before the first paint they
 * were counted in the time to the largest paint (see inlineStyles).
 */
function routeModules(moduleIds) {
  const loaded = entryChunks();
  const scripts = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || loaded.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) scripts.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  moduleIds.forEach(visit);
  return scripts.length ? `<meta name="kwenda-route-modules" content="${scripts.join(' ')}">` : '';
}

/**
 * A lazy module's stylesheets inline, for every page the server sends painted: linked, they held the
 * simulated phone's first paint back (offers 1.9 -> 2.6 s, log-in 2.8 s, about and FAQs 1.9-2.0 s
 * against 1.6-1.7 inline). Its chunks are not linked in the HTML: the
 * page is painted without them, and fetched before the first paint they made Lighthouse count them
 * in the time to the largest paint (LCP 2.3 s without, 2.8-3.3 s with).
 */
async function inlineStyles(moduleIds) {
  const styles = chunkStyles(moduleIds);
  if (styles.length === 0) return '';
  const css = await Promise.all(styles.map((file) => fs.readFile(path.join(dist, file), 'utf8')));
  if (css.some((text) => text.includes('</'))) throw new Error('prerender: a stylesheet cannot go inline');
  // The same stylesheets as disabled links, which the browser does not fetch: Vite's loader skips a
  // stylesheet the page already links, rather than fetch it again and restyle the whole page.
  const placeholders = styles.map((file) => `<link rel="stylesheet" disabled href="/${file}">`);
  return `<style data-kwenda-route>${css.join('')}</style>${placeholders.join('')}`;
}

/** What a page's head carries for its route: its styles inline and its scripts named. */
const routeHead = async (moduleIds) => `${await inlineStyles(moduleIds)}${routeModules(moduleIds)}`;

/** The strings of the document around the app (src/i18n/locales/<lang>/document.json). */
const documentStrings = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (lang) => [
      lang,
      JSON.parse(await fs.readFile(path.join(root, 'src', 'i18n', 'locales', lang, 'document.json'), 'utf8')),
    ]),
  ),
);

/**
 * Without JavaScript: a notice in the page's language above the page (what it can and cannot do),
 * and no loader or skeleton, which would wait for a script for ever. The <noscript> elements are
 * outside React's root: the app neither renders nor hydrates them. Inline styles: the CSP allows them.
 * A page that is nothing without its script says so instead: the offers (which the browser fetches) hide
 * their content, and the app's empty page (login, a booking) has none (`noscript: 'offers' | 'app'`).
 */
const NOSCRIPT_STYLE =
  '<noscript><style>.mantine-Loader-root,.mantine-Skeleton-root,[data-placeholder],[role="status"]:has(> .mantine-Loader-root){display:none !important}</style></noscript>';
const NOSCRIPT_HIDE_MAIN = '<noscript><style>#main-content{display:none !important}</style></noscript>';
function noscriptNotice(lang, kind = 'page') {
  const { title, [kind]: body } = documentStrings[lang].noscript;
  const style =
    'margin:0;padding:0.75rem 1rem;background:#fff4d6;color:#3d2e00;border-block-end:3px solid #f2b705;text-align:center;line-height:1.7;font-family:inherit';
  return `<noscript><p class="kwenda-noscript" style="${style}"><strong>${escapeHtml(title)}</strong> ${escapeHtml(body)}</p></noscript>`;
}

/**
 * The first page's strings in the page's language (src/i18n/first-page-<lang>.ts), which the entry imports before
 * the first render: preloaded beside it rather than asked for once it has run.
 */
function firstPageStrings(lang) {
  const chunk = manifest[`src/i18n/first-page-${lang}.ts`];
  if (!chunk || chunk.imports?.length) throw new Error(`prerender: the ${lang} first-page strings are not one chunk`);
  return `<link rel="modulepreload" crossorigin href="/${chunk.file}">`;
}

/**
 * An empty element right after a painted page's root, and the head's link that holds the first frame until the
 * parser reaches it: on a busy phone the parser yields midway, and a half-parsed header or row then moves as
 * its last children arrive.
 */
const PAGE_END_GATE = {
  head: '<link rel="expect" href="#kwenda-page-end" blocking="render">',
  marker: '<template id="kwenda-page-end"></template>',
};

function fill(template, { lang, html, meta, links, noscript = 'page' }) {
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
  const hideMain = noscript === 'offers' ? NOSCRIPT_HIDE_MAIN : '';
  // A page painted here waits for its whole root before its first frame, as the server's rendered pages do
  // (withPage in apps/api/src/plugins/rendered-pages.ts): a template, with nothing in its root, does not.
  const gate = html ? PAGE_END_GATE : { head: '', marker: '' };
  page = replaceOnce(page, '</head>', `${firstPageStrings(lang)}${links}${hideMain}${gate.head}</head>`);
  return replaceOnce(
    page,
    '<div id="root"></div>',
    `${noscriptNotice(lang, noscript)}<div id="root">${html}</div>${gate.marker}`,
  );
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
const template = built.replace(
  '</head>',
  () => `<style data-kwenda-theme>${renderThemeStyles()}</style>${NOSCRIPT_STYLE}</head>`,
);
const indexFile = path.join(dist, 'index.html');
// index.html itself (the app for any page, in Arabic, when no page below fits) carries the notice too.
const index = template.replace('<div id="root"></div>', () => `${noscriptNotice('ar', 'app')}<div id="root"></div>`);
await fs.writeFile(indexFile, index);
await fs.writeFile(`${indexFile}.gz`, await gzip(index, { level: 9 }));
await fs.writeFile(`${indexFile}.br`, await brotli(index));
await fs.rm(out, { recursive: true, force: true });
for (const lang of LANGUAGES) {
  await fs.mkdir(path.join(out, lang), { recursive: true });
  for (const [pagePath, page] of Object.entries(PAGES)) {
    const { html, meta } = await renderPage(pagePath, lang);
    const links = await routeHead(page.modules(lang));
    const { noscript } = page;
    await write(lang, page.file, fill(template, { lang, html, meta, links, noscript }));
    // The same page with an empty root, which the server fills per request with the run-time config.
    await write(lang, `${page.file}.template`, fill(template, { lang, html: '', meta, links, noscript }));
  }
  // The app with an empty root in this language, for pages the browser renders (login, a booking,
  // the coming-soon page): its <html lang dir> and its notice without JavaScript are the visitor's.
  const { meta: siteMeta } = await renderPage('/', lang);
  await write(lang, APP_SHELL, fill(template, { lang, html: '', meta: siteMeta, links: '', noscript: 'app' }));
  for (const [pagePath, page] of Object.entries(RENDERED)) {
    // Rendered here only for the page's title and description; the server fills the root per request.
    const { meta } = await renderPage(pagePath, lang);
    const links = await routeHead(page.modules(lang));
    await write(lang, `${page.file}.template`, fill(template, { lang, html: '', meta, links, noscript: page.noscript }));
  }
  {
    // The site's title and description: the booking's own title goes in when the server renders it.
    const links = await routeHead(BOOKING.modules(lang));
    await write(
      lang,
      `${BOOKING.file}.template`,
      fill(template, { lang, html: '', meta: siteMeta, links, noscript: BOOKING.noscript }),
    );
  }
}
await fs.writeFile(
  path.join(out, 'pages.json'),
  JSON.stringify({
    languages: LANGUAGES,
    app: APP_SHELL,
    pages: Object.fromEntries(Object.entries(PAGES).map(([p, { file }]) => [p, file])),
    // Every page above is also rendered per request when the server has the renderer (with any query).
    rendered: Object.fromEntries(Object.entries({ ...PAGES, ...RENDERED }).map(([p, { file }]) => [p, `${file}.template`])),
    booking: `${BOOKING.file}.template`,
    // Where the server finds src/entry-server.tsx built, from dist (outside it: it is no public file).
    renderer: '../dist-ssr/entry-server.js',
  }),
);
console.log(
  `prerendered ${Object.keys(PAGES).length} pages and ${Object.keys(RENDERED).length + 1} templates in ${LANGUAGES.join(' and ')} into dist/prerendered`,
);
