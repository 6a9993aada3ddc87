import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findOffer, guestHeaders, readyBooking } from './helpers/booking-factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';

/**
 * A stand-in for the web build's server entry (apps/web/src/entry-server.tsx): it writes what it was
 * asked to render, counts its calls, and fails for a departure from XXX.
 */
const FAKE_RENDERER = `
let calls = 0;
export async function renderPage(url, language, pageData) {
  calls += 1;
  if (url.includes('departureStation=XXX')) throw new Error('the page broke');
  return { html: '<p>' + language + ' ' + url.replaceAll('&', '&amp;') + ' call ' + calls + ' airports ' + pageData.airports.map((a) => a.iataCode).join(',') + ' registration ' + pageData.config.agency.commercialRegistrationNumber + '</p>' };
}
export const pageDataJson = (data) => JSON.stringify(data).replaceAll('<', '\\u003c');
`;

const SCRIPT = Buffer.from(`export const greeting = '${'مرحبا '.repeat(200)}';\n`);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A web build as scripts/prerender.mjs leaves it: index.html plus prerendered pages per language. */
function fakeWebBuild({ renderer = true } = {}) {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-web-'));
  const dist = path.join(build, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), '<html>SPA</html>');
  fs.writeFileSync(path.join(dist, 'payment-methods.png'), PNG);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(dist, 'assets', 'app-AbC123.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'app-AbC123.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'face-XyZ789.woff2'), PNG);
  fs.mkdirSync(path.join(dist, 'prerendered', 'ar'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'prerendered', 'en'), { recursive: true });
  for (const language of ['ar', 'en']) {
    for (const page of ['index', 'about'])
      fs.writeFileSync(path.join(dist, 'prerendered', language, `${page}.html`), `<html>${language} ${page}</html>`);
    for (const page of ['offers', 'faqs'])
      fs.writeFileSync(
        path.join(dist, 'prerendered', language, `${page}.template.html`),
        `<html lang="${language}"><head></head><body><div id="root"></div></body></html>`,
      );
  }
  if (renderer) {
    fs.mkdirSync(path.join(build, 'dist-ssr'));
    fs.writeFileSync(path.join(build, 'dist-ssr', 'entry-server.js'), FAKE_RENDERER);
  }
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'pages.json'),
    JSON.stringify({
      languages: ['ar', 'en'],
      pages: { '/': 'index', '/about': 'about' },
      // Home and about are only prerendered here, so the tests above read which copy goes out.
      rendered: { '/offers': 'offers.template', '/faqs': 'faqs.template' },
      renderer: '../dist-ssr/entry-server.js',
    }),
  );
  return dist;
}

describe('prerendered pages', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    ctx = await createTestApp('pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('sends the Arabic copy by default, varying by cookie', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<html>ar index</html>');
    expect(home.headers['vary']).toContain('cookie');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await get('/about')).body).toBe('<html>ar about</html>');
  });

  it("follows the visitor's language: ?lang= first, then the cookie the web app sets", async () => {
    expect((await get('/', 'theme=dark; kwenda.language=en; other=1')).body).toBe('<html>en index</html>');
    expect((await get('/about', 'kwenda.language=en')).body).toBe('<html>en about</html>');
    expect((await get('/about?lang=en')).body).toBe('<html>en about</html>');
    expect((await get('/about?lang=ar', 'kwenda.language=en')).body).toBe('<html>ar about</html>');
  });

  it('remembers a language named in the address in the cookie it reads next time, and no other', async () => {
    const chosen = await get('/about?lang=en');
    expect(chosen.headers['set-cookie']).toBe('kwenda.language=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect((await get('/offers?lang=ar&tripType=one-way')).headers['set-cookie']).toContain('kwenda.language=ar;');
    expect((await get('/about', 'kwenda.language=en')).headers['set-cookie']).toBeUndefined();
    expect((await get('/?lang=fr')).headers['set-cookie']).toBeUndefined();
    expect((await get('/?lang=en;%20Domain=evil.example')).headers['set-cookie']).toBeUndefined();
  });

  it('ignores a language it does not have', async () => {
    expect((await get('/', 'kwenda.language=fr')).body).toBe('<html>ar index</html>');
    expect((await get('/?lang=xx')).body).toBe('<html>ar index</html>');
    expect((await get('/', 'kwenda.language=<script>')).body).toBe('<html>ar index</html>');
  });

  it('renders in the browser whatever the address adds (a search, a tab, a referral) and other pages', async () => {
    for (const url of ['/?departureStation=PZU', '/about?tab=payment', '/AB12CD/about', '/login', '/about/'])
      expect((await get(url, 'kwenda.language=en')).body, url).toBe('<html>SPA</html>');
  });

  const search = '/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=2026-12-15';

  it("renders the offers for the search in the address, in the visitor's language, with the search's airports", async () => {
    const page = await get(search, 'kwenda.language=en');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['vary']).toContain('cookie');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toMatch(
      /^<html lang="en"><head><link rel="expect" href="#kwenda-page-end" blocking="render"><\/head><body><div id="root"><p>en \/offers\?tripType=one-way&amp;departureStation=PZU&amp;destinationStation=CAI&amp;departureDate=2026-12-15 call \d+ airports PZU,CAI registration \S+<\/p><\/div><template id="kwenda-page-end"><\/template><script type="application\/json" id="kwenda-page-data">/,
    );
    const data = JSON.parse(/id="kwenda-page-data">([^<]*)<\/script>/.exec(page.body)![1]!) as {
      airports: { iataCode: string; cityNameAr: string }[];
      config: unknown;
    };
    // The run-time config goes with it, as GET /config answers it.
    expect(data.config).toEqual((await get('/api/v1/config')).json());
    expect(data.airports.map((airport) => [airport.iataCode, airport.cityNameAr])).toEqual([
      ['PZU', 'بورتسودان'],
      ['CAI', 'القاهرة'],
    ]);
    expect((await get('/offers?lang=ar&departureStation=KRT')).body).toContain(
      '<p>ar /offers?lang=ar&amp;departureStation=KRT call',
    );
    // Without a search it renders too (the page's prompt).
    expect((await get('/offers')).body).toContain('<div id="root"><p>ar /offers call');
  });

  it("renders a page under an agent's referral code with its own template, for the whole address", async () => {
    // The renderer gets the code with the path, so the page's links keep it (the browser hydrates the same).
    const offers = await get('/AB12CD/offers?tripType=one-way&departureStation=PZU', 'kwenda.language=en');
    expect(offers.statusCode).toBe(200);
    expect(offers.headers['cache-control']).toBe('no-cache');
    expect(offers.body).toMatch(
      /^<html lang="en"><head><link rel="expect" href="#kwenda-page-end" blocking="render"><\/head><body><div id="root"><p>en \/AB12CD\/offers\?tripType=one-way&amp;departureStation=PZU call \d+ airports PZU /,
    );
    expect((await get('/KW2024/faqs?tab=payment')).body).toContain('<div id="root"><p>ar /KW2024/faqs?tab=payment call');
    // Not a code (lower case, no digit): no page at all, the app's 404; a code before an unknown path likewise.
    for (const url of ['/ab12cd/offers', '/AGENTS/offers', '/AB12CD/nothing', '/AB12CD/admin'])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('renders a page with what its address holds (an FAQ tab) and the agency registration from the config', async () => {
    const config = (await get('/api/v1/config')).json() as { agency: { commercialRegistrationNumber: string } };
    const faqs = await get('/faqs?tab=payment&q=methods', 'kwenda.language=en');
    expect(faqs.body).toContain(`<p>en /faqs?tab=payment&amp;q=methods call`);
    expect(faqs.body).toContain(`registration ${config.agency.commercialRegistrationNumber}</p>`);
  });

  it('renders an address once a day and sends the copy after', async () => {
    const url = `${search}&adults=2`;
    const first = (await get(url)).body;
    expect((await get(url)).body).toBe(first);
    expect((await get(`${url}&lang=en`)).body).not.toBe(first);
  });

  it('compresses the rendered page for a browser that takes brotli or gzip', async () => {
    const plain = (await get(search)).body;
    for (const [encoding, decompress] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const reply = await ctx.app.inject({ method: 'GET', url: search, headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['vary']).toContain('accept-encoding');
      expect(decompress(reply.rawPayload).toString('utf8')).toBe(plain);
    }
  });

  it('sends the empty template when rendering fails, and keeps only known airports from the address', async () => {
    const failed = await get('/offers?departureStation=XXX&destinationStation=CAI');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe('<html lang="ar"><head></head><body><div id="root"></div></body></html>');
    const odd = await get('/offers?departureStation=pzu&destinationStation=%3C%2Fscript%3EQQQ&slices=KRT-JED');
    expect(odd.body).toContain('airports KRT,JED registration');
    expect(odd.body).not.toContain('</script>QQQ');
  });

  it('keeps API paths and files as they were', async () => {
    const missing = await get('/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/missing.js')).statusCode).toBe(404);
  });

  it("sends the build's hashed files compressed as the browser takes them, kept for a year, and 304 when it has them", async () => {
    const ask = (encoding?: string, extra: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/app-AbC123.js',
        headers: { ...(encoding === undefined ? {} : { 'accept-encoding': encoding }), ...extra },
      });
    const brotli = await ask('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
    });
    expect(zlib.brotliDecompressSync(brotli.rawPayload)).toEqual(SCRIPT);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload)).toEqual(SCRIPT);
    for (const plain of [await ask(), await ask('identity'), await ask('br;q=0, gzip;q=0')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload).toEqual(SCRIPT);
    }
    const again = await ask('br', { 'if-none-match': String(brotli.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/app-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');

    const font = await get('/assets/face-XyZ789.woff2');
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload).toEqual(PNG);
    // A name the build does not have (an old page's script after a deploy) is a JSON 404, not a page.
    for (const url of ['/assets/app-Old999.js', '/assets/app-AbC123.js.br']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Files outside the hashed folder are read from disk and revalidated.
    const picture = await get('/payment-methods.png');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('no-cache');
    expect(picture.rawPayload).toEqual(PNG);
  });
});

describe('page statuses', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    // The app's empty page per language, as scripts/prerender.mjs writes it.
    for (const language of ['ar', 'en'])
      fs.writeFileSync(path.join(dist, 'prerendered', language, 'app.html'), `<html lang="${language}">app</html>`);
    const pages = JSON.parse(fs.readFileSync(path.join(dist, 'prerendered', 'pages.json'), 'utf8')) as object;
    fs.writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify({ ...pages, app: 'app' }));
    ctx = await createTestApp('pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('answers 404 with the app (its coming-soon page) for a path the app has no page for, in the visitor language', async () => {
    for (const url of ['/some/unknown/page', '/hello', '/offers/extra', '/wp-login.php/x', '/hello/offers', '/KW2024/unknown']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toBe('<html lang="ar">app</html>');
    }
    const english = await get('/some/unknown/page', 'kwenda.language=en');
    expect(english.statusCode).toBe(404);
    expect(english.body).toBe('<html lang="en">app</html>');
    expect(english.headers['vary']).toContain('cookie');
    expect((await get('/no-such-page?lang=en')).body).toBe('<html lang="en">app</html>');
  });

  it('answers 200 for every page of the app, also under a referral code', async () => {
    for (const url of ['/', '/offers?tripType=one-way', '/login', '/signup', '/email_confirmation', '/profile', '/faqs']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    for (const url of [
      '/password_reset/abc',
      '/changelog',
      '/logout_success',
      '/KW2024',
      '/KW2024/about',
      '/AGENT7/login',
      '/About',
    ])
      expect((await get(url)).statusCode, url).toBe(200);
    expect((await get('/KW2024/login', 'kwenda.language=en')).body).toBe('<html lang="en">app</html>');
  });

  it('answers 404 for a booking that does not exist, and 200 for one that does', async () => {
    expect((await get('/booking/bk_nonexistent')).statusCode).toBe(404);
    expect((await get('/KW2024/booking/bk_nonexistent')).statusCode).toBe(404);
    expect((await get(`/booking/bk_${'x'.repeat(300)}`)).statusCode).toBe(404);
    const created = await createBooking(ctx, await findOffer(ctx));
    const { booking } = created.json() as { booking: { id: string } };
    const found = await get(`/booking/${booking.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe('<html lang="ar">app</html>');
    expect((await get(`/KW2024/booking/${booking.id}?payment=return`)).statusCode).toBe(200);
  });

  it("keeps pages that show a person's data out of every cache, the back-forward cache included", async () => {
    const created = await createBooking(ctx, await findOffer(ctx));
    const { booking } = created.json() as { booking: { id: string } };
    for (const url of [
      `/booking/${booking.id}`,
      `/KW2024/booking/${booking.id}`,
      '/profile',
      '/agent',
      '/email_confirmation',
      '/password_reset/abc',
      '/admin',
      '/admin/bookings',
      '/admin/bookings/bk_1',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('private, no-store');
    }
    // Pages anyone sees alike stay revalidated copies (the back-forward cache keeps them; the session reloads them).
    for (const url of ['/', '/about', '/faqs', '/offers?tripType=one-way', '/login', '/some/unknown/page'])
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const missing = await get('/api/v1/some/unknown');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('rendered pages without the web build renderer', () => {
  it('sends the prerendered copies, and the app for a page it would have rendered', async () => {
    const dist = fakeWebBuild({ renderer: false });
    const ctx = await createTestApp('pglite', { env: { WEB_DIST: dist } });
    try {
      const page = await ctx.app.inject({ method: 'GET', url: '/offers?departureStation=PZU' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<html>SPA</html>');
      expect((await ctx.app.inject({ method: 'GET', url: '/about' })).body).toBe('<html>ar about</html>');
    } finally {
      await ctx.close();
      fs.rmSync(path.dirname(dist), { recursive: true, force: true });
    }
  });
});

/** A stand-in renderer that writes the booking it was given (its reference, status, amount and first passenger). */
const BOOKING_RENDERER = `
let calls = 0;
export async function renderPage(url, language, pageData) {
  calls += 1;
  // The addresses it rendered, for the test to read (it runs in the test's process).
  globalThis.renderedBookingAddresses?.push(url);
  if (url.includes('break=1')) throw new Error('the page broke');
  const booking = pageData.booking;
  // Without a booking: the page loading, with the address in a link (as the language switch has it).
  const text = booking
    ? booking.bookingReference + ' ' + booking.status + ' ' + booking.amount + ' ' + booking.passengers[0].lastName
    : 'loading <a href="' + url.replaceAll('&', '&amp;') + '">' + pageData.airports.length + ' airports</a>';
  return { html: '<p>' + language + ' ' + text + ' call ' + calls + '</p>', meta: { title: 'Booking ' + (booking ? booking.bookingReference : '') + ' <&>' } };
}
export const pageDataJson = (data) => JSON.stringify(data).replaceAll('<', '\\\\u003c');
export const PAGE_QUERY_KEYS = ['payment', 'lang', 'break'];
`;

describe("a booking's page, painted for the browser holding its access", () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild();
    fs.writeFileSync(path.join(path.dirname(dist), 'dist-ssr', 'entry-server.js'), BOOKING_RENDERER);
    for (const language of ['ar', 'en']) {
      fs.writeFileSync(path.join(dist, 'prerendered', language, 'app.html'), `<html lang="${language}">app</html>`);
      fs.writeFileSync(
        path.join(dist, 'prerendered', language, 'booking.template.html'),
        `<html lang="${language}"><head><title>Kwenda</title></head><body><div id="root"></div></body></html>`,
      );
    }
    const pages = JSON.parse(fs.readFileSync(path.join(dist, 'prerendered', 'pages.json'), 'utf8')) as object;
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({ ...pages, app: 'app', booking: 'booking.template' }),
    );
    ctx = await createTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** A guest's booking with passengers saved, and the cookie its browser sends with the booking's page. */
  async function ownBooking(family: string) {
    const booking = await readyBooking(ctx, await findOffer(ctx), family);
    const pageCookie = guestHeaders(ctx, booking.id).cookie!;
    return { booking, pageCookie };
  }

  it('sends the owner the page rendered with the booking as the API reads it, never kept', async () => {
    const { booking, pageCookie } = await ownBooking('PAINTED');
    const page = await get(`/booking/${booking.id}`, `kwenda.language=en; ${pageCookie}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['vary']).toContain('cookie');
    expect(page.body).toMatch(
      new RegExp(`<div id="root"><p>en ${booking.bookingReference} created ${booking.amount} PAINTED call \\d+</p></div>`),
    );
    expect(page.body).toContain(`<title>Booking ${booking.bookingReference} &lt;&amp;&gt;</title>`);
    const data = JSON.parse(/id="kwenda-page-data">([^<]*)<\/script>/.exec(page.body)![1]!) as {
      booking: unknown;
      now: number;
      airports: { iataCode: string }[];
    };
    // The same booking GET /api/v1/bookings/:id answers the owner (same service, same view).
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${booking.id}`,
      headers: guestHeaders(ctx, booking.id),
    });
    expect(data.booking).toEqual(read.json());
    expect(Math.abs(data.now - Date.now())).toBeLessThan(60_000);
    expect(data.airports.map((airport) => airport.iataCode)).toEqual(expect.arrayContaining([booking.slices[0]!.origin]));
    // Rendered at every request: no copy is kept for the next asker.
    const again = await get(`/booking/${booking.id}`, pageCookie);
    const calls = (body: string) => Number(/call (\d+)/.exec(body)![1]);
    expect(calls(again.body)).toBeGreaterThan(calls(page.body));
    expect(again.body).toContain(`<p>ar ${booking.bookingReference} created`);
  });

  it('sends a stranger, another booking’s cookie and a missing booking the page loading, without the booking', async () => {
    const { booking, pageCookie } = await ownBooking('PRIVATE');
    const other = await ownBooking('OTHER');
    const missingId = 'bk_nonexistent00000000000';
    const missing = await get(`/booking/${missingId}`, pageCookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    // Painted by the server in its loading state, the id only where the address goes.
    expect(missing.body).toMatch(
      new RegExp(
        `^<html lang="ar"><head><title>Kwenda</title><link rel="expect" href="#kwenda-page-end" blocking="render"></head><body><div id="root"><p>ar loading <a href="/booking/${missingId}">0 airports</a> call \\d+</p></div><template id="kwenda-page-end"></template><script type="application/json" id="kwenda-page-data">`,
      ),
    );
    const pageData = (body: string) =>
      JSON.parse(/id="kwenda-page-data">([^<]*)<\/script>/.exec(body)![1]!) as Record<string, unknown>;
    expect(Object.keys(pageData(missing.body)).sort()).toEqual(['airports', 'config']);
    /** The document with the requested id put back as the stand-in: the rest must be byte for byte the same. */
    const sameBut = (body: string, id: string) => body.replaceAll(id, '<id>');
    const nothing = sameBut(missing.body, missingId);
    // The owner's page first: a page kept for the address would show up below.
    expect((await get(`/booking/${booking.id}`, pageCookie)).body).toContain(booking.bookingReference);
    for (const cookie of [undefined, other.pageCookie, `kwenda_booking=${'A'.repeat(43)}`, 'kwenda_booking=short', 'other=1']) {
      const page = await get(`/booking/${booking.id}`, cookie);
      expect(page.statusCode, cookie).toBe(200);
      expect(page.headers['cache-control'], cookie).toBe('private, no-store');
      expect(page.headers['vary'], cookie).toContain('cookie');
      expect(page.body, cookie).toContain(`<a href="/booking/${booking.id}">`);
      expect(sameBut(page.body, booking.id), cookie).toBe(nothing);
      expect(pageData(page.body), cookie).not.toHaveProperty('booking');
      for (const secret of [booking.bookingReference, 'PRIVATE', 'OTHER', String(booking.amount), 'traveller@example.com'])
        expect(page.body, `${cookie} ${secret}`).not.toContain(secret);
    }
    // Compressed as any rendered page, the same bytes again.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: `/booking/${booking.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(sameBut(zlib.brotliDecompressSync(compressed.rawPayload).toString(), booking.id)).toBe(nothing);
    // In the visitor's language, with the query the page reads.
    const english = await get(`/booking/${booking.id}?lang=en&payment=return`);
    expect(english.body).toContain(`<p>en loading <a href="/booking/${booking.id}?lang=en&amp;payment=return">`);
    expect(english.body).not.toContain(booking.bookingReference);
  });

  describe("under an agent's referral code (/KW2024/booking/<id>)", () => {
    const cookiePaths = (setCookie: string | string[] | undefined) =>
      [setCookie ?? []].flat().map((cookie) => /; Path=([^;]+)/.exec(cookie)![1]);

    it('gives the page’s cookie under the code the booking was made through, and under no other', async () => {
      const offer = await findOffer(ctx);
      const created = await createBooking(ctx, offer, undefined, { referralCode: 'kw2024' });
      const { id } = (created.json() as { booking: { id: string } }).booking;
      expect(cookiePaths(created.headers['set-cookie'])).toEqual([
        `/api/v1/bookings/${id}`,
        `/booking/${id}`,
        `/KW2024/booking/${id}`,
      ]);
      // Read whole with its grant: the pages' copies again, both.
      const read = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${id}`, headers: guestHeaders(ctx, id) });
      expect(cookiePaths(read.headers['set-cookie'])).toEqual([`/booking/${id}`, `/KW2024/booking/${id}`]);
      // A code no address takes (the API accepts more than the site's links make), or none: the page's own only.
      for (const extra of [{ referralCode: 'Nile-Tours' }, {}]) {
        const other = await createBooking(ctx, offer, undefined, extra);
        const otherId = (other.json() as { booking: { id: string } }).booking.id;
        expect(cookiePaths(other.headers['set-cookie']), JSON.stringify(extra)).toEqual([
          `/api/v1/bookings/${otherId}`,
          `/booking/${otherId}`,
        ]);
      }
    });

    it('sends the owner the page rendered under the code with the booking, never kept', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx), 'REFERRED', undefined, { referralCode: 'KW2024' });
      const pageCookie = guestHeaders(ctx, booking.id).cookie!;
      const rendered: string[] = [];
      (globalThis as { renderedBookingAddresses?: string[] }).renderedBookingAddresses = rendered;
      try {
        const page = await get(`/KW2024/booking/${booking.id}?lang=en&payment=return&utm_source=x`, pageCookie);
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(page.headers['vary']).toContain('cookie');
        expect(page.body).toMatch(
          new RegExp(`<div id="root"><p>en ${booking.bookingReference} created ${booking.amount} REFERRED call \\d+</p></div>`),
        );
        const data = JSON.parse(/id="kwenda-page-data">([^<]*)<\/script>/.exec(page.body)![1]!) as { booking: { id: string } };
        expect(data.booking.id).toBe(booking.id);
        // Rendered at its own address, the code kept (the page's links keep it, as the browser's render does).
        expect(rendered).toEqual([`/KW2024/booking/${booking.id}?lang=en&payment=return`]);
        const again = await get(`/KW2024/booking/${booking.id}?lang=en&payment=return`, pageCookie);
        expect(again.body).toContain(booking.bookingReference);
        expect(rendered).toHaveLength(2);
      } finally {
        delete (globalThis as { renderedBookingAddresses?: string[] }).renderedBookingAddresses;
      }
    });

    it('sends anyone else the page loading under the code, the same bytes as for a missing booking', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx), 'HIDDEN', undefined, { referralCode: 'KW2024' });
      const other = await readyBooking(ctx, await findOffer(ctx), 'ELSEWHERE', undefined, { referralCode: 'KW2024' });
      const missingId = 'bk_nonexistent00000000001';
      const missing = await get(`/KW2024/booking/${missingId}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('private, no-store');
      expect(missing.body).toContain(`<p>ar loading <a href="/KW2024/booking/${missingId}">`);
      const sameBut = (body: string, id: string) => body.replaceAll(id, '<id>');
      const nothing = sameBut(missing.body, missingId);
      for (const cookie of [undefined, guestHeaders(ctx, other.id).cookie, `kwenda_booking=${'B'.repeat(43)}`, 'other=1']) {
        const page = await get(`/KW2024/booking/${booking.id}`, cookie);
        expect(page.statusCode, cookie).toBe(200);
        expect(page.headers['cache-control'], cookie).toBe('private, no-store');
        expect(page.headers['vary'], cookie).toContain('cookie');
        expect(sameBut(page.body, booking.id), cookie).toBe(nothing);
        for (const secret of [booking.bookingReference, 'HIDDEN', 'ELSEWHERE', String(booking.amount), 'traveller@example.com'])
          expect(page.body, `${cookie} ${secret}`).not.toContain(secret);
      }
      // Under another agent's code, where its browser holds no copy of the cookie: the page loading under that code.
      const elsewhere = await get(`/AGENT7/booking/${booking.id}?lang=en`);
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.body).toContain(`<p>en loading <a href="/AGENT7/booking/${booking.id}?lang=en">`);
      expect(elsewhere.body).not.toContain(booking.bookingReference);
    });

    it('answers a malformed code, an odd id or a NUL with a 4xx and none of the booking, never a 500', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx), 'ODDITY', undefined, { referralCode: 'KW2024' });
      const pageCookie = guestHeaders(ctx, booking.id).cookie!;
      // No page of the site: the coming-soon page, 404.
      for (const url of [
        `/kw2024/booking/${booking.id}`,
        `/AB1/booking/${booking.id}`,
        `/ABCDEFGHIJKLMNOP1/booking/${booking.id}`,
        `/KW2024/KW2025/booking/${booking.id}`,
        `/KW2024%00/booking/${booking.id}`,
        `/%00/booking/${booking.id}`,
        `/KW2024/booking/${booking.id}%00`,
        `/KW2024/booking/bk_${'x'.repeat(300)}`,
        `/KW2024/booking/%3Cscript%3E`,
        `/KW2024/booking/${booking.id}/extra`,
      ]) {
        const page = await get(url, pageCookie);
        expect(page.statusCode, url).toBe(404);
        expect(page.body, url).toBe('<html lang="ar">app</html>');
      }
      // An address that is not a URL (a broken escape): refused before any page.
      const broken = await get(`/KW2024/booking/%E0%A4%A`, pageCookie);
      expect(broken.statusCode).toBe(400);
      expect(broken.body).not.toContain(booking.bookingReference);
    });
  });

  it('sends the template when rendering fails, and never answers 500 for an odd address', async () => {
    const { booking, pageCookie } = await ownBooking('BROKEN');
    const failed = await get(`/booking/${booking.id}?break=1`, pageCookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe('<html lang="ar"><head><title>Kwenda</title></head><body><div id="root"></div></body></html>');
    for (const url of [
      '/booking/%E0%A4%A',
      '/booking/..%2F..%2Fetc',
      `/booking/${booking.id}%00`,
      `/booking/${'x'.repeat(300)}`,
      '/booking/%3Cscript%3E',
      `/booking/${booking.id}/extra`,
      '/booking/',
    ]) {
      const page = await get(url, pageCookie);
      expect(page.statusCode, url).toBeLessThan(500);
      expect(page.body, url).not.toContain(booking.bookingReference);
    }
  });

  it("gives the page's cookie again to a browser reading the booking whole with its grant, and to no one else", async () => {
    const { booking, pageCookie } = await ownBooking('RENEWED');
    const read = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}`, headers: { cookie: pageCookie } });
    expect([read.headers['set-cookie']].flat()).toEqual([
      expect.stringMatching(new RegExp(`^${pageCookie}; Path=/booking/${booking.id}; Max-Age=\\d+; HttpOnly; SameSite=Lax`)),
    ]);
    const stranger = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}` });
    expect(stranger.headers['set-cookie']).toBeUndefined();
  });
});
