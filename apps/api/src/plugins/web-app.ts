import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '@kwenda/contracts';
import {
  isSiteLanguage,
  LANGUAGE_COOKIE,
  languageCookie,
  matchSitePage,
  withoutReferralCode,
  REFERRAL_CODE_PATTERN,
  STAFF_PAGES,
  type SitePage,
  type StaffPage,
} from '@kwenda/contracts/rules';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { AppError, notFound } from '../errors.js';
import { ASSETS_DIR, readBuiltAssets, registerBuiltAssets } from './built-assets.js';
import { rateLimitedPage } from './rate-limited-page.js';
import { loadPageRenderer, RenderedDocument } from './rendered-pages.js';

export interface WebAppOptions {
  /** The run-time config the pages are rendered with (GET /config). */
  config: PublicConfig;
  /** Whether a booking exists: its page answers 404 otherwise (the bookings service looks it up). */
  bookingExists: (id: string) => Promise<boolean>;
  /**
   * The booking as its API read answers the browser that sent this Cookie header, when that browser holds
   * the booking's access (its page's copy of the access cookie); null for anyone else. Its page then goes
   * out painted with it; without it, the page goes out in its loading state as for any stranger.
   */
  bookingForPage?: (id: string, cookieHeader: string | undefined) => Promise<object | null>;
}

/**
 * Pages whose screen shows a person's data once the script has run (a booking, an account, an agent's
 * figures, the desk). The server's HTML holds none, but the browser's back-forward cache keeps the page
 * as it was shown: `no-store` keeps these out of it (and out of any shared cache), so Back after a
 * log-out never brings another person's screen back (lib/session.ts reloads the others).
 */
const PERSONAL_PAGES = new Set<SitePage | StaffPage>([
  'booking/:id',
  'profile',
  'agent',
  'email_confirmation',
  'password_reset/:token',
  ...STAFF_PAGES,
]);

function pageCacheControl(url: string): string {
  const page = matchSitePage(url.split('?')[0] ?? '')?.page;
  return page && PERSONAL_PAGES.has(page) ? 'private, no-store' : 'no-cache';
}

/** Booking ids are short (bk_ and 22 characters): anything much longer is not looked up. */
const MAX_BOOKING_ID_LENGTH = 64;
const BOOKING_ID_CHARACTERS = /^[\w-]+$/;
/**
 * A booking's page address: /booking/<id>, or the same under a referral code (/KW2024/booking/<id>, an
 * agent's link, where the site takes a traveller who booked through it). Its prefix ('' or '/KW2024') and
 * the id as written; null for another address or an id no booking can have (not looked up at all).
 */
function bookingPageAddress(pathname: string): { prefix: string; id: string } | null {
  const match = /^(\/[^/]+)?\/booking\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  const [, prefix = '', id = ''] = match;
  if (prefix && !REFERRAL_CODE_PATTERN.test(prefix.slice(1))) return null;
  if (id.length > MAX_BOOKING_ID_LENGTH || !BOOKING_ID_CHARACTERS.test(id)) return null;
  return { prefix, id };
}

/**
 * The id a booking's page is rendered with for anyone but its owner: the page in its loading state holds
 * the id only where its address goes (the language switch's link), so one render per language and query
 * serves every booking, the stand-in replaced by the requested id (letters, digits, _ and -: the same in a link).
 */
const BOOKING_ID_STAND_IN = 'bk_0kwendaBookingIdStandIn0';

/**
 * One process in production: the API serves the built web app (pre-compressed .br/.gz
 * beside each asset) and answers client routes with index.html. Unknown /api paths stay JSON 404s.
 * A path the app has no page for (its coming-soon page) and a booking that does not exist answer
 * 404 with the same friendly page, so search engines drop them and monitoring sees them.
 */
export async function registerWebApp(app: FastifyInstance, env: Env, { config, bookingExists, bookingForPage }: WebAppOptions) {
  const root = path.resolve(env.WEB_DIST);
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const prerendered = hasBuild ? readPrerenderedPages(root) : null;
  const renderDocument = prerendered?.rendered ? await loadPageRenderer(root, prerendered.renderer, config, app.log) : null;
  if (hasBuild) {
    // The hashed assets from memory (built-assets.ts); the rest (pages, pictures, the service worker) from
    // disk, revalidated, and a personal page not kept.
    registerBuiltAssets(app, readBuiltAssets(root));
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: false,
      index: false,
      globIgnore: [`${ASSETS_DIR}/**`],
      setHeaders(reply) {
        reply.header('cache-control', pageCacheControl(reply.request.url));
      },
    });
  }
  /**
   * The booking's page rendered with the booking, for the browser holding its access cookie (the page's
   * copy, path-scoped to /booking/<id>, and to /<code>/booking/<id> for a booking made through that
   * referral code); null for anyone else, who gets the page in its loading state (bookingLoadingDocument)
   * whether or not the booking exists. A render that fails sends the page's template: the browser renders it.
   */
  const ownBookingDocument = async (url: string, cookieHeader: string | undefined) => {
    const [pathname = '', search = ''] = url.split('?');
    const address = bookingPageAddress(pathname);
    const template = prerendered?.booking;
    if (!address || !template || !bookingForPage || !renderDocument || !cookieHeader) return null;
    const { id } = address;
    const booking = await bookingForPage(id, cookieHeader).catch((error: unknown) => {
      app.log.warn({ err: error }, 'reading a booking for its page failed: the browser renders it');
      return null;
    });
    if (!booking) return null;
    const language = requestLanguage(new URLSearchParams(search), cookieHeader, prerendered.languages);
    return renderDocument.personal(`prerendered/${language}/${template}.html`, url, language, { booking });
  };
  /**
   * A booking's page for anyone without its access (a stranger with the link, an account owner whose session
   * is a bearer token, a booking that does not exist): the page in its loading state, with no booking in it
   * or in its page data, the same bytes for an existing booking and a missing one at the same address. The
   * browser hydrates it and then reads the booking (limited, or whole for its account). Under a referral
   * code it is rendered under that code (its links keep it, as the browser's render would). Null for
   * another address or an id no booking can have: the app's empty page goes out.
   */
  const bookingLoadingDocument = async (url: string, cookieHeader: string | undefined) => {
    const [pathname = '', search = ''] = url.split('?');
    const address = bookingPageAddress(pathname);
    const template = prerendered?.booking;
    if (!address || !template || !renderDocument) return null;
    const language = requestLanguage(new URLSearchParams(search), cookieHeader, prerendered.languages);
    const standIn = `${address.prefix}/booking/${BOOKING_ID_STAND_IN}${search ? `?${search}` : ''}`;
    const rendered = await renderDocument(`prerendered/${language}/${template}.html`, standIn, language);
    return rendered && new RenderedDocument(rendered.html.replaceAll(BOOKING_ID_STAND_IN, address.id));
  };
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // The path exists with another method: say which methods it takes (405), not that it is missing.
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => method !== request.method && app.hasRoute({ method: method as 'GET', url: pathname }),
    );
    if (pathname.startsWith('/api/') && allowed.length) {
      reply.header('allow', allowed.join(', '));
      throw new AppError(
        405,
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed on ${pathname}; use ${allowed.join(' or ')}`,
      );
    }
    if (pathname.startsWith('/api/') || request.method !== 'GET' || !hasBuild || path.extname(pathname)) {
      throw notFound(`No route for ${request.method} ${pathname}`);
    }
    // Each page is read or rendered here: a client asking for many (a new query each time) is held off.
    const limit = await app.pageRateLimit(request);
    if (limit.exceeded) {
      reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).header('cache-control', 'no-store');
      if (!/text\/html|\*\/\*/.test(request.headers.accept ?? '*/*'))
        throw new AppError(429, 'RATE_LIMITED', 'Too many pages asked for; please wait a moment and try again');
      return reply.type('text/html; charset=utf-8').send(rateLimitedPage(limit.retryAfterSeconds));
    }
    // A language named in the address (the language switch is a link to ?lang=, which works before the
    // script runs) is remembered as the web app would, so the next page the server sends is in it too.
    const chosen = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
    if (isSiteLanguage(chosen)) reply.header('set-cookie', languageCookie(chosen));
    reply.header('cache-control', pageCacheControl(pathname));
    const found = await pageFound(pathname, bookingExists);
    if (!found) reply.code(404);
    if (!prerendered) return reply.sendFile('index.html');
    // A booking's page, painted for the browser that holds the booking's access: never kept, never shared;
    // for anyone else (a missing booking too, answering 404) painted in its loading state, without the booking.
    const booking =
      (found ? await ownBookingDocument(request.url, request.headers.cookie) : null) ??
      (await bookingLoadingDocument(request.url, request.headers.cookie));
    if (booking) {
      const { encoding, body } = booking.body(request.headers['accept-encoding']);
      reply.header('vary', 'cookie, accept-encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(await body);
    }
    // The app renders the coming-soon page (or a booking, without the renderer) in the browser, in the visitor's language.
    if (!found) return reply.header('vary', 'cookie').sendFile(appShellFile(prerendered, request.url, request.headers.cookie));
    // The page differs by the language cookie: caches must keep one copy per cookie.
    const rendered = renderedFile(prerendered, request.url, request.headers.cookie);
    const document = rendered && renderDocument ? await renderDocument(rendered.file, request.url, rendered.language) : null;
    if (document) {
      const { encoding, body } = document.body(request.headers['accept-encoding']);
      reply.header('vary', 'cookie, accept-encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(await body);
    }
    const page = prerenderedFile(prerendered, request.url, request.headers.cookie);
    return reply.header('vary', 'cookie').sendFile(page ?? appShellFile(prerendered, request.url, request.headers.cookie));
  });
}

/** Whether the path opens a page of the app (SITE_PAGES), and for a booking's page whether the booking exists. */
async function pageFound(pathname: string, bookingExists: (id: string) => Promise<boolean>) {
  const match = matchSitePage(pathname);
  if (!match) return false;
  if (match.page !== 'booking/:id') return true;
  const id = match.params.id ?? '';
  // Booking ids are letters, digits, _ and - (a NUL or other byte the database refuses is no booking).
  return id.length <= MAX_BOOKING_ID_LENGTH && BOOKING_ID_CHARACTERS.test(id) && bookingExists(id);
}

interface PrerenderedPages {
  languages: string[];
  /** File name under prerendered/<language>/ of the app's empty page, for pages the browser renders. */
  app?: string;
  /** Path → file name under prerendered/<language>/. */
  pages: Record<string, string>;
  /** Path → file name of the template of a page rendered per request from its address, with any query. */
  rendered?: Record<string, string>;
  /** File name under prerendered/<language>/ of the booking page's template (rendered for its owner only). */
  booking?: string;
  /** The web build's server entry, relative to the build (apps/web/src/entry-server.tsx). */
  renderer?: string;
}

/** What apps/web/scripts/prerender.mjs wrote after the build (none with an older build). */
function readPrerenderedPages(root: string): PrerenderedPages | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'prerendered', 'pages.json'), 'utf8')) as PrerenderedPages;
  } catch {
    return null;
  }
}

/** The language the visitor chose (?lang=, else the cookie the web app sets), else the first (Arabic). */
function requestLanguage(query: URLSearchParams, cookieHeader: string | undefined, languages: string[]) {
  const fromCookie = (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return [query.get('lang'), fromCookie].find((language) => language && languages.includes(language)) ?? languages[0]!;
}

/**
 * Without the renderer: the prerendered copy of a page, when there is one for the path and the address
 * carries nothing the page reads (a search, an FAQ tab, a referral): the browser must hydrate exactly
 * what it would render, so anything else gets index.html and renders in the browser.
 */
function prerenderedFile(prerendered: PrerenderedPages, url: string, cookieHeader: string | undefined) {
  const [pathname = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  const page = prerendered.pages[pathname];
  if (!page || [...query.keys()].some((key) => key !== 'lang')) return null;
  return `prerendered/${requestLanguage(query, cookieHeader, prerendered.languages)}/${page}.html`;
}

/**
 * The app's empty page in the visitor's language (its <html lang dir> and the notice shown without
 * JavaScript), for a page the browser renders; index.html with an older build.
 */
function appShellFile(prerendered: PrerenderedPages, url: string, cookieHeader: string | undefined) {
  if (!prerendered.app) return 'index.html';
  const language = requestLanguage(new URLSearchParams(url.split('?')[1] ?? ''), cookieHeader, prerendered.languages);
  return `prerendered/${language}/${prerendered.app}.html`;
}

/**
 * The template of a page rendered per request (any query may follow its path), in the visitor's language.
 * Under a referral code (an agent's link: /KW2024, /KW2024/offers?...) the page's own template, rendered
 * for the whole address, so its links keep the code as the browser's render would.
 */
function renderedFile(prerendered: PrerenderedPages, url: string, cookieHeader: string | undefined) {
  const [pathname = '', search = ''] = url.split('?');
  const page = prerendered.rendered?.[withoutReferralCode(pathname)];
  if (!page) return null;
  const language = requestLanguage(new URLSearchParams(search), cookieHeader, prerendered.languages);
  return { file: `prerendered/${language}/${page}.html`, language };
}
