import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bookingSchema, type OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TEST_CARDS } from '../src/payments/sandbox/sandbox-gateway.js';
import { sandboxRepricingOutcome } from '../src/suppliers/sandbox/offer-reference.js';
import { passengersFor } from './helpers/booking-factories.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { serverBundle, startServer, type ServerProcess } from './helpers/server-process.js';
import { until } from './helpers/until.js';

/**
 * The API as production runs it: the bundle `npm run build` makes (scripts/bundle.mjs), run by plain
 * node from apps/api/dist (docs/decisions/0030-the-api-runs-as-a-bundle.md). It must find its files
 * from there (migrations, the web build and its page renderer, the PDF fonts), load PGlite's WASM and
 * argon2's addon from node_modules, and keep what loads at first use out of its main file.
 */

/** The files and packages a server process loaded, in order: a module hook (NODE_OPTIONS=--import) writes each to a file. */
function recordLoadedModules() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-loaded-'));
  const log = path.join(dir, 'loaded.txt');
  fs.writeFileSync(log, '');
  fs.writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  fs.appendFileSync(${JSON.stringify(log)}, specifier + ' ' + resolved.url + '\\n');
  return resolved;
}`,
  );
  fs.writeFileSync(
    path.join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(dir, 'hooks.mjs')).href)});`,
  );
  return {
    nodeOptions: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(path.join(dir, 'register.mjs')).href}`.trim(),
    loaded: () => fs.readFileSync(log, 'utf8'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The bundle's files a file imports statically (its `import ... from "./x.js"` lines), and theirs, and so on. */
function staticallyLoaded(file: string, seen = new Set<string>()): Set<string> {
  seen.add(path.basename(file));
  for (const [, imported] of fs.readFileSync(file, 'utf8').matchAll(/^import [^;]*?from "\.\/([^"]+)";$/gm))
    if (!seen.has(imported!)) staticallyLoaded(path.join(path.dirname(file), imported!), seen);
  return seen;
}

const distDir = path.dirname(serverBundle);
const webBuild = path.resolve(distDir, '../../web/dist/prerendered/pages.json');

describe('the API bundle', () => {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [path.resolve(distDir, '../scripts/bundle.mjs')]);
  }, 120_000);
  afterAll(async () => server?.kill());

  it('holds our code and the contracts, imports the packages, and leaves the PDF renderer, the receipt reader, and the Stripe and Duffel adapters to files loaded at first use', () => {
    const main = fs.readFileSync(serverBundle, 'utf8');
    expect(main).toMatch(/^import .* from "fastify";$/m);
    expect(main).toMatch(/^import .* from "@electric-sql\/pglite";$/m);
    expect(main).not.toContain('from "@kwenda/contracts');
    expect(main).not.toContain('from "@react-pdf/renderer"');
    const pdfChunk = fs.readdirSync(distDir).find((file) => /^eticket-pdf-.*\.js$/.test(file));
    expect(pdfChunk).toBeDefined();
    expect(fs.readFileSync(path.join(distDir, pdfChunk!), 'utf8')).toContain('from "@react-pdf/renderer"');
    // Stacks name src/ files: each file links its source map, which lists our sources.
    expect(main.trimEnd().endsWith('//# sourceMappingURL=server.js.map')).toBe(true);
    // Code the main file shares with a file loaded at first use sits in a chunk of its own, with its own map.
    const maps = [
      serverBundle,
      ...fs
        .readdirSync(distDir)
        .filter((file) => /^chunk-.*\.js$/.test(file))
        .map((file) => path.join(distDir, file)),
    ];
    const sources = maps.flatMap((file) => (JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources);
    expect(sources).toEqual(expect.arrayContaining(['../src/server.ts', '../../../packages/contracts/src/currencies.ts']));
    // The receipt reader (an OCR worker, images in memory) is loaded at the first receipt read, never at start.
    expect(main).not.toContain('from "tesseract.js"');
    const readerChunk = fs.readdirSync(distDir).find((file) => /^read-receipt-.*\.js$/.test(file));
    expect(readerChunk).toBeDefined();
    expect(fs.readFileSync(path.join(distDir, readerChunk!), 'utf8')).toContain('from "tesseract.js"');
    // Stripe's SDK and Duffel's client load only on a server configured for them: neither the main file nor
    // any file it imports statically imports them; each is in its adapter's own file, imported when configured.
    const atStart = [...staticallyLoaded(serverBundle)];
    for (const file of atStart) {
      const code = fs.readFileSync(path.join(distDir, file), 'utf8');
      expect(code, file).not.toMatch(/from "stripe"|from "@duffel\/api"|from "@react-pdf\/renderer"|from "tesseract\.js"/);
    }
    const stripeChunk = fs.readdirSync(distDir).find((file) => /^stripe-provider-.*\.js$/.test(file));
    const duffelChunk = fs.readdirSync(distDir).find((file) => /^duffel-supplier-.*\.js$/.test(file));
    expect(fs.readFileSync(path.join(distDir, stripeChunk!), 'utf8')).toContain('from "stripe"');
    expect(fs.readFileSync(path.join(distDir, duffelChunk!), 'utf8')).toContain('from "@duffel/api"');
    expect(atStart).not.toContain(stripeChunk);
    expect(atStart).not.toContain(duffelChunk);
    const startCode = atStart.map((file) => fs.readFileSync(path.join(distDir, file), 'utf8')).join('\n');
    expect(startCode).toContain(`import("./${stripeChunk}")`);
    expect(startCode).toContain(`import("./${duffelChunk}")`);
  });

  it('starts with plain node on the embedded database, renders pages, and issues an e-ticket PDF, loading each renderer at its first use', async () => {
    const modules = recordLoadedModules();
    onTestFinished(modules.remove);
    server = await startServer({
      bundle: true,
      env: { SANDBOX_GATEWAY_SECRET: 'bundle-test-gateway-secret-0123456789', NODE_OPTIONS: modules.nodeOptions },
      readyTimeoutMs: 120_000,
    });
    const origin = server.origin;
    // Started on the defaults (the sandbox supplier and card gateway): no Stripe, no Duffel, and neither
    // the page renderer nor the PDF renderer until a page or a PDF is first asked for.
    expect(modules.loaded()).toMatch(/^fastify /m);
    expect(modules.loaded()).not.toMatch(/^(stripe|@duffel\/api|@react-pdf\/renderer|react-dom\/server|react) /m);
    expect(modules.loaded()).not.toMatch(/stripe-provider-|duffel-supplier-|eticket-pdf-|entry-server/);

    if (fs.existsSync(webBuild)) {
      // The web build beside it, found from the bundle's folder: an offers page rendered per address.
      const page = await fetch(
        `${origin}/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(20)}`,
      );
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('id="kwenda-page-data"');
      expect(html).toMatch(/<div id="root"><[a-z]/);
      expect(modules.loaded()).toMatch(/entry-server/);
    }
    expect(modules.loaded()).not.toMatch(/eticket-pdf-/);

    // A booking paid by card with the sandbox gateway, ticketed by the jobs.
    const cookies = new Map<string, string>();
    const call = async (method: string, url: string, body?: unknown, form?: Record<string, string>) => {
      const headers: Record<string, string> = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
      if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
      else if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${origin}${url}`, {
        method,
        headers,
        body: form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
      }
      return response;
    };
    let reference: string | undefined;
    for (let day = 14; day < 60 && !reference; day++) {
      const result = (await (
        await call('POST', '/api/v1/offers/request', offerRequest({ departureDate: daysAhead(day) }))
      ).json()) as OfferSearchResult;
      reference = result.offers.find((o) => sandboxRepricingOutcome(o.reference)?.kind === 'available')?.reference;
    }
    const created = await call('POST', '/api/v1/bookings', {
      reference,
      payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 0, carryOn: 0 }, currency: 'SDG' },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { booking: { id: string } }).booking.id;
    const fresh = bookingSchema.parse(await (await call('GET', `/api/v1/bookings/${id}`)).json());
    const saved = await call('PUT', `/api/v1/bookings/${id}`, {
      bookingId: id,
      payload: { passengers: passengersFor(fresh, {}, 'BUNDLED'), email: 'bundle@example.com', mobile: '+249912345678' },
    });
    expect(saved.status).toBe(200);
    const paying = await call('PUT', `/api/v1/bookings/${id}/pay`, { payLater: false });
    expect(paying.status).toBe(200);
    const held = bookingSchema.parse(((await paying.json()) as { booking: unknown }).booking);
    await call('POST', new URL(held.paymentLink!, origin).pathname, undefined, {
      cardNumber: TEST_CARDS.success,
      expiry: '12/30',
      cvc: '123',
      name: 'AMNA BUNDLED',
    });
    await until(
      'the booking to be ticketed',
      async () => {
        const booking = bookingSchema.parse(await (await call('GET', `/api/v1/bookings/${id}`)).json());
        return booking.status === 'confirmed' ? booking : undefined;
      },
      90_000,
    );

    // The PDF renderer, loaded now from its own file, finds the Arabic font from node_modules.
    const ticket = await call('GET', `/api/v1/bookings/${id}/ticket.pdf`);
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await ticket.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/IBMPlexSansArabic/);
    expect(modules.loaded()).toMatch(/eticket-pdf-/);
    expect(modules.loaded()).not.toMatch(/^(stripe|@duffel\/api) /m);

    expect(await server.stop()).toBe(0);
  }, 300_000);
});
