import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { bookingSchema, type OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const distDir = path.dirname(serverBundle);
const webBuild = path.resolve(distDir, '../../web/dist/prerendered/pages.json');

describe('the API bundle', () => {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [path.resolve(distDir, '../scripts/bundle.mjs')]);
  }, 120_000);
  afterAll(async () => server?.kill());

  it('holds our code and the contracts, imports the packages, and leaves the PDF renderer and the receipt reader to files loaded at first use', () => {
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
  });

  it('starts with plain node on the embedded database, renders pages, and issues an e-ticket PDF', async () => {
    server = await startServer({
      bundle: true,
      env: { SANDBOX_GATEWAY_SECRET: 'bundle-test-gateway-secret-0123456789' },
      readyTimeoutMs: 120_000,
    });
    const origin = server.origin;

    if (fs.existsSync(webBuild)) {
      // The web build beside it, found from the bundle's folder: an offers page rendered per address.
      const page = await fetch(
        `${origin}/offers?tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=${daysAhead(20)}`,
      );
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('id="kwenda-page-data"');
      expect(html).toMatch(/<div id="root"><[a-z]/);
    }

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

    expect(await server.stop()).toBe(0);
  }, 300_000);
});
