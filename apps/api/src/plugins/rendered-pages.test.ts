import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PublicConfig } from '@kwenda/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPageRenderer, RENDERED_CACHE_BYTES, renderedAddress } from './rendered-pages.js';

/** Characters of Arabic per rendered page: five pages fit in the cache (two bytes a character), a sixth does not. */
const PAGE_CHARACTERS = Math.floor(RENDERED_CACHE_BYTES / 2 / 5.5);

/** A renderer that writes a large Arabic page and counts its renders per address. */
const RENDERER = `
export const renders = new Map();
export async function renderPage(url) {
  renders.set(url, (renders.get(url) ?? 0) + 1);
  return { html: '<p>' + url + '</p>' + 'ب'.repeat(${PAGE_CHARACTERS}) };
}
export const pageDataJson = (data) => JSON.stringify(data);
`;

describe('the rendered pages kept', () => {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-rendered-'));
  afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

  it('are the most recently asked, up to RENDERED_CACHE_BYTES in all', async () => {
    fs.writeFileSync(path.join(build, 'offers.template.html'), '<html><body><div id="root"></div></body></html>');
    const rendererFile = path.join(build, 'entry-server.mjs');
    fs.writeFileSync(rendererFile, RENDERER);
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const renderDocument = (await loadPageRenderer(build, 'entry-server.mjs', {} as PublicConfig, log))!;
    const { renders } = (await import(rendererFile)) as { renders: Map<string, number> };
    const url = (n: number) => `/offers?departureStation=PZU&n=${n}`;

    for (let n = 1; n <= 20; n++) await renderDocument('offers.template.html', url(n), 'ar');
    // The last five are kept: asked again, none renders again.
    for (let n = 16; n <= 20; n++) await renderDocument('offers.template.html', url(n), 'ar');
    expect([16, 17, 18, 19, 20].map((n) => renders.get(url(n)))).toEqual([1, 1, 1, 1, 1]);
    // The one before them was let go: it renders again, and the least recently asked (16) goes.
    const again = (await renderDocument('offers.template.html', url(15), 'ar'))!;
    expect(renders.get(url(15))).toBe(2);
    await renderDocument('offers.template.html', url(16), 'ar');
    expect(renders.get(url(16))).toBe(2);
    // Compressed copies count too: a page's brotli copy is made once and kept with it.
    const { body } = again.body('br');
    expect((await body) as Buffer).toBeInstanceOf(Buffer);
    expect(again.bytes).toBeGreaterThan(PAGE_CHARACTERS * 2);
  });

  it('are kept by the parameters the pages read: another unknown parameter is neither a render nor a place', async () => {
    fs.writeFileSync(path.join(build, 'offers.template.html'), '<html><body><div id="root"></div></body></html>');
    const rendererFile = path.join(build, 'entry-server-keys.mjs');
    fs.writeFileSync(
      rendererFile,
      `export const renders = [];
export const PAGE_QUERY_KEYS = ['departureStation', 'destinationStation', 'lang'];
export async function renderPage(url) { renders.push(url); return { html: '<p>' + url + '</p>' }; }
export const pageDataJson = (data) => JSON.stringify(data);`,
    );
    const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const renderDocument = (await loadPageRenderer(build, 'entry-server-keys.mjs', {} as PublicConfig, log))!;
    const { renders } = (await import(rendererFile)) as { renders: string[] };

    for (let n = 1; n <= 200; n++)
      await renderDocument(
        'offers.template.html',
        `/offers?departureStation=PZU&destinationStation=JED&n=${n}&utm_source=x${n}`,
        'ar',
      );
    // The same search in another order of parameters is the same page.
    const same = (await renderDocument('offers.template.html', '/offers?destinationStation=JED&departureStation=PZU', 'ar'))!;
    expect(renders).toEqual(['/offers?departureStation=PZU&destinationStation=JED']);
    expect(same.html).toContain('<p>/offers?departureStation=PZU&destinationStation=JED</p>');
    // Another search is another page.
    await renderDocument('offers.template.html', '/offers?departureStation=KRT&destinationStation=JED&n=1', 'ar');
    expect(renders).toHaveLength(2);
  });

  it('names the address a page is rendered for', () => {
    const keys = ['departureStation', 'tab'];
    expect(renderedAddress('/offers?n=5&departureStation=PZU&departureStation=KRT', keys)).toBe(
      '/offers?departureStation=PZU&departureStation=KRT',
    );
    expect(renderedAddress('/faqs?utm_campaign=x', keys)).toBe('/faqs');
    // An older build names no parameters: every query is its own page, as before.
    expect(renderedAddress('/offers?n=5', undefined)).toBe('/offers?n=5');
  });
});
