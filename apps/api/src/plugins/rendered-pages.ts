import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Airport, PublicConfig } from '@kwenda/contracts';
import { todayIn } from '@kwenda/contracts/rules';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../escape-html.js';
import { airportList } from '../modules/airports/airport-service.js';

/** What apps/web/src/entry-server.tsx exports for rendering a page per request. */
interface Renderer {
  renderPage(url: string, language: string, pageData: PageData): Promise<{ html: string; meta?: { title: string } }>;
  pageDataJson(pageData: PageData): string;
  /** The address parameters the pages read; an older build has none (then every query renders anew). */
  PAGE_QUERY_KEYS?: readonly string[];
}

/**
 * The address as the page reads it: its path and the parameters the renderer names, sorted. Anything
 * else (utm_*, a cache buster, ?n=1, 2, 3...) neither renders the page again nor takes a place in the cache.
 */
export function renderedAddress(url: string, keys: readonly string[] | undefined): string {
  const [pathname = '', search = ''] = url.split('?');
  if (!keys) return url;
  const known = new Set(keys);
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) if (known.has(key)) kept.append(key, value);
  kept.sort();
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

interface PageData {
  airports: Airport[];
  config: PublicConfig;
  /** A booking's page, rendered for its owner: the booking as its API read answers them. */
  booking?: object;
  /** When the server rendered the page (epoch ms): what the page shows as "now" until it runs. */
  now?: number;
}

/**
 * Pages kept per address and language, the most recently asked first, up to this many bytes in all (a
 * page is 20-70 thousand characters, two bytes each when Arabic, and 4-13 KB per compressed copy): a
 * shared search is often opened by many people. About 40 offers pages in Arabic; counted by size rather
 * than by number, so a run of large pages cannot hold tens of megabytes (issue 17: 200 pages held about 30 MB).
 */
export const RENDERED_CACHE_BYTES = 6 * 1024 * 1024;
/** An address names a few airports (a multi-city trip up to six legs); more is not a search. */
const MAX_AIRPORTS = 12;

const publicAirports = new Map(airportList.map((airport) => [airport.iataCode, airport]));

/** The airports an address names (?departureStation=PZU, the legs of a multi-city trip), in order. */
export function airportsInQuery(query: URLSearchParams): Airport[] {
  return airportsNamed(query.values(), MAX_AIRPORTS);
}

/** The airports these texts name (three capitals each), in order, up to `max`. */
function airportsNamed(texts: Iterable<string>, max: number): Airport[] {
  const found = new Map<string, Airport>();
  for (const value of texts)
    for (const [code] of value.matchAll(/\b[A-Z]{3}\b/g)) {
      const airport = publicAirports.get(code);
      if (airport && found.size < max) found.set(code, airport);
    }
  return [...found.values()];
}

/** A booking's airports (its slices' ends and connections), whose cities its page shows from the first paint. */
function bookingAirports(booking: object): Airport[] {
  const slices = (booking as { slices?: unknown }).slices;
  return airportsNamed([JSON.stringify(slices ?? [])], MAX_AIRPORTS * 4);
}

/**
 * Pages rendered per request from their address (the offers from its search, an FAQ tab), with the
 * server entry of the web build: its markup goes into the page's template (apps/web/scripts/prerender.mjs)
 * with the data it was rendered with (the address's airports and the run-time config: contacts, the
 * agency's registration, the staging flag), which the browser hydrates with (apps/web/src/lib/page-data.ts).
 * When rendering fails, the template goes out with an empty root and the browser renders the page itself.
 * The renderer (React and the pages' code, megabytes of heap) is imported at the first page it renders,
 * not at start: a process that serves only the API never loads it. Null without a renderer named in the
 * build; the document resolves to null when the named one cannot be loaded: the prerendered copies go out
 * instead (web-app.ts).
 */
export async function loadPageRenderer(
  root: string,
  rendererPath: string | undefined,
  config: PublicConfig,
  log: FastifyBaseLogger,
) {
  if (!rendererPath) return null;
  const file = path.resolve(root, rendererPath);
  let loading: Promise<Renderer | null> | undefined;
  const loadRenderer = () =>
    (loading ??= (import(pathToFileURL(file).href) as Promise<Renderer>).catch((error: unknown) => {
      log.warn({ err: error, file }, 'the web build has no page renderer: rendered pages go out as templates');
      return null;
    }));
  const templates = new Map<string, RenderedDocument>();
  const cache = new Map<string, RenderedDocument>();

  const template = (file: string) => {
    let document = templates.get(file);
    if (document === undefined) {
      document = new RenderedDocument(fs.readFileSync(path.join(root, file), 'utf8'));
      templates.set(file, document);
    }
    return document;
  };

  /**
   * A page rendered with one person's data (a booking's page for its owner): rendered at every request and
   * never kept, so no one else is ever sent it. Null without a renderer; the template (the browser renders
   * the page) when rendering fails.
   */
  async function personal(
    file: string,
    requested: string,
    language: string,
    data: { booking: object },
  ): Promise<RenderedDocument | null> {
    const render = await loadRenderer();
    if (!render) return null;
    const page = template(file);
    const url = renderedAddress(requested, render.PAGE_QUERY_KEYS);
    const pageData: PageData = { airports: bookingAirports(data.booking), config, booking: data.booking, now: Date.now() };
    try {
      const { html, meta } = await render.renderPage(url, language, pageData);
      const json = `<script type="application/json" id="kwenda-page-data">${render.pageDataJson(pageData)}</script>`;
      let document = withPage(page.html, html, json);
      if (meta?.title) document = document.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
      return new RenderedDocument(document);
    } catch (error) {
      log.warn({ err: error, url: requested.split('?')[0] }, 'rendering a personal page failed: its template goes out');
      return page;
    }
  }

  /** The document for `url` in `language`, from the template at `file` (relative to the build). */
  async function renderDocument(file: string, requested: string, language: string): Promise<RenderedDocument | null> {
    const render = await loadRenderer();
    if (!render) return null;
    const page = template(file);
    const url = renderedAddress(requested, render.PAGE_QUERY_KEYS);
    // The same address renders the same until Sudan's day changes (the search form checks dates against it).
    const key = `${todayIn()}\n${file}\n${url}`;
    let document = cache.get(key);
    if (document === undefined) {
      const pageData: PageData = { airports: airportsInQuery(new URLSearchParams(url.split('?')[1] ?? '')), config };
      try {
        const { html } = await render.renderPage(url, language, pageData);
        const data = `<script type="application/json" id="kwenda-page-data">${render.pageDataJson(pageData)}</script>`;
        document = new RenderedDocument(withPage(page.html, html, data));
      } catch (error) {
        // Kept too: an address that breaks the page is not rendered again at every request.
        log.warn({ err: error, url }, 'rendering a page failed: its template goes out and the browser renders it');
        document = page;
      }
      cache.set(key, document);
      let bytes = 0;
      for (const kept of cache.values()) bytes += kept.bytes;
      for (const [oldest, kept] of cache) {
        if (bytes <= RENDERED_CACHE_BYTES || oldest === key) break;
        cache.delete(oldest);
        bytes -= kept.bytes;
      }
    } else {
      // Kept as the most recently used.
      cache.delete(key);
      cache.set(key, document);
    }
    return document;
  }
  return Object.assign(renderDocument, { personal });
}

/** An empty element written right after a rendered page's root, which its first frame waits for. */
const PAGE_END_ID = 'kwenda-page-end';

/**
 * The template with the rendered markup in its root and `after` behind it. Its first frame waits until the
 * browser has parsed the whole root (`<link rel="expect">` on an element after it): a busy phone's parser
 * yields midway through a page, and a half-parsed header or row then moves as its last children arrive
 * (the header's language link moved 32 px when the menu button reached it). The static pages get the
 * same from apps/web/scripts/prerender.mjs.
 */
function withPage(template: string, html: string, after: string): string {
  return template
    .replace('</head>', () => `<link rel="expect" href="#${PAGE_END_ID}" blocking="render"></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div><template id="${PAGE_END_ID}"></template>${after}`);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A rendered page and its compressed copies, made once each. @fastify/compress leaves the not-found
 * handler's replies alone, so the page is compressed here: brotli at quality 5 takes about 1.5 ms
 * for the offers page (72 KB to 12.6 KB); 11 would take 50 ms.
 */
export class RenderedDocument {
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  private encodedBytes = 0;
  constructor(readonly html: string) {}

  /** What it holds in memory: its text at two bytes a character (at most), and its compressed copies made so far. */
  get bytes(): number {
    return this.html.length * 2 + this.encodedBytes;
  }

  /** The body for a request's Accept-Encoding, and the encoding it is in (none: plain). */
  body(acceptEncoding: string | undefined): { encoding: 'br' | 'gzip' | null; body: Promise<Buffer> | string } {
    const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')[0]!.trim().toLowerCase());
    const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
    if (!encoding) return { encoding, body: this.html };
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(this.html, { level: 6 });
      this.encoded.set(encoding, body);
      void body.then((buffer) => (this.encodedBytes += buffer.byteLength)).catch(() => undefined);
    }
    return { encoding, body };
  }
}
