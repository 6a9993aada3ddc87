import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/test-app.js';

/** A web build as scripts/prerender.mjs leaves it: index.html plus prerendered pages per language. */
function fakeWebBuild() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<html>SPA</html>');
  fs.mkdirSync(path.join(dist, 'prerendered', 'ar'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'prerendered', 'en'), { recursive: true });
  for (const language of ['ar', 'en'])
    for (const page of ['index', 'about', 'offers'])
      fs.writeFileSync(path.join(dist, 'prerendered', language, `${page}.html`), `<html>${language} ${page}</html>`);
  fs.writeFileSync(
    path.join(dist, 'prerendered', 'pages.json'),
    JSON.stringify({ languages: ['ar', 'en'], pages: { '/': 'index', '/about': 'about' }, shells: { '/offers': 'offers' } }),
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
    fs.rmSync(dist, { recursive: true, force: true });
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

  it("sends the offers shell with any search, in the visitor's language", async () => {
    expect((await get('/offers?tripType=one-way&departureStation=PZU', 'kwenda.language=en')).body).toBe(
      '<html>en offers</html>',
    );
    expect((await get('/offers')).body).toBe('<html>ar offers</html>');
    expect((await get('/offers?lang=en&tripType=round-trip')).body).toBe('<html>en offers</html>');
    // Under a referral code the path is another: the SPA page.
    expect((await get('/AB12CD/offers?tripType=one-way')).body).toBe('<html>SPA</html>');
  });

  it('keeps API paths and files as they were', async () => {
    const missing = await get('/api/v1/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/missing.js')).statusCode).toBe(404);
  });
});
