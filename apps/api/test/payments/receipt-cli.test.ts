import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { postgresDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { loadEnv } from '../../src/env.js';
import { findOffer, getBooking, pay, readyBooking } from '../helpers/booking-factories.js';
import type { TestContext } from '../helpers/test-app.js';

/**
 * The agency's command-line tool, run as the agency runs it, beside a live server on the same
 * PostgreSQL database (the embedded database opens in one process only, so this needs DATABASE_URL).
 */

const run = promisify(execFile);
const ORIGIN = 'https://kwenda.example';
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/receipt.ts');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.runIf(process.env.DATABASE_URL)('receipt.ts, the agency tool', () => {
  let ctx: TestContext;
  let url: string;
  let name: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-cli-'));
    name = `kwenda_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(process.env.DATABASE_URL!);
    dbUrl.pathname = `/${name}`;
    url = dbUrl.toString();
    const database = postgresDatabase(url, 4);
    await migrate(database.sql);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      RUN_JOBS: 'false',
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
    });
    const app = await buildApp({ env, database });
    await app.ready();
    ctx = {
      app,
      bookings: app.kwenda.bookings,
      database: { ...database, destroy: () => database.close() },
      env,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await ctx?.close();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> =>
    run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', USER: 'tester', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('lists the receipts waiting, rejects, then confirms a transfer by booking reference', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'CLI');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const boundary = '----cli';
    const upload = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${booking.id}/receipts`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bankak.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    expect((await upload()).statusCode).toBe(200);

    const listed = await cli(['list']);
    expect(listed.stdout).toContain(booking.bookingReference);
    // Times on the agency's clock, the zone named.
    expect(listed.stdout).toMatch(/hold until \w{3} \d{1,2} \w{3,4} at \d\d:\d\d Khartoum time/);
    expect(listed.stdout).toMatch(/receipt rc_\S+ submitted \w{3} \d{1,2} \w{3,4} at \d\d:\d\d Khartoum time/);
    expect(listed.stdout).toContain(path.join(dataDir, 'uploads', 'receipts', booking.id));

    const rejected = await cli(['reject', booking.bookingReference, '--by', 'Amna']);
    expect(rejected.stdout).toContain(`${booking.bookingReference}: pending-payment`);
    expect((await getBooking(ctx, booking.id)).statusTrigger).toBe('receipt-rejected');

    expect((await upload()).statusCode).toBe(200);
    // Without PUBLIC_URL the e-ticket would link to this command's own default address: it refuses.
    const blind = await cli(['confirm', booking.bookingReference]);
    expect(blind.code).toBe(2);
    expect(blind.stderr).toContain('PUBLIC_URL is not set');
    expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    // The server's settings file gives it the site's address, as it gives the server.
    const envFile = path.join(dataDir, 'kwenda.env');
    fs.writeFileSync(envFile, `# the server's settings\nPUBLIC_URL=${ORIGIN}\n`);
    const confirmed = await cli(['confirm', booking.bookingReference], { ENV_FILE: envFile });
    expect(confirmed.stdout).toMatch(new RegExp(`${booking.bookingReference}: confirmed, PNR [A-Z2-9]{6}`));
    const [trail] = await ctx.database.sql.query<{ actor: string }>(
      "SELECT actor FROM booking_events WHERE booking_id = $1 AND to_status = 'payment-confirmed'",
      [booking.id],
    );
    expect(trail!.actor).toBe('agency:tester');

    // Every link of the e-ticket e-mail and its PDF leads to PUBLIC_URL.
    const [mail] = await ctx.database.sql.query<{ html_body: string; text_body: string; attachments: { content: string }[] }>(
      'SELECT html_body, text_body, attachments FROM mail_outbox WHERE dedupe_key = $1',
      [`e-ticket:${booking.id}`],
    );
    const pdfFile = path.join(dataDir, 'ticket.pdf');
    fs.writeFileSync(pdfFile, Buffer.from(mail!.attachments[0]!.content, 'base64'));
    const pdfText = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    for (const part of [mail!.html_body, mail!.text_body, pdfText, fs.readFileSync(pdfFile, 'latin1')]) {
      expect(part).not.toContain('127.0.0.1');
      for (const [address] of part.matchAll(/https?:\/\/[^\s"'<>)]+/g))
        expect(address.startsWith(`${ORIGIN}/`) || address.startsWith('https://wa.me/'), address).toBe(true);
    }
    expect(mail!.html_body).toContain(`${ORIGIN}/booking/${booking.id}`);
    expect(pdfText).toContain('kwenda.example');

    const unknown = await cli(['confirm', 'KWNOPE00'], { PUBLIC_URL: ORIGIN });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No booking or receipt KWNOPE00');
    const usage = await cli([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('PGlite');
  }, 90_000);
});
