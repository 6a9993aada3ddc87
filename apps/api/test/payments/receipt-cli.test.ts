import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { loadEnv, type Env } from '../../src/env.js';
import { findOffer, getBooking, guestHeaders, pay, readyBooking } from '../helpers/booking-factories.js';
import { staffMember, type TestStaffMember } from '../helpers/staff.js';
import type { TestContext } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The agency's command line for bank transfers, run as the agency runs it: beside a live server,
 * deciding through the same desk service as the workspace, each decision under a staff member's name.
 * On PostgreSQL it opens the server's database; on the embedded one (which the server holds) it
 * asks the running server's admin API, signed in as the staff member.
 */

const run = promisify(execFile);
const ORIGIN = 'https://kwenda.example';
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/receipt.ts');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

type CliResult = { code: number; stdout: string; stderr: string };

/** A server's context over `database`, its files under `dataDir`. */
async function serverOn(database: Database, dataDir: string, extra: Record<string, string> = {}): Promise<TestContext> {
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RUN_JOBS: 'false',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    ...extra,
  });
  const app: App = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    bookings: app.kwenda.bookings,
    database: { ...database, destroy: () => database.close() },
    env,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A booking held for a bank transfer with one receipt uploaded; `upload` sends another. */
async function heldWithReceipt(ctx: TestContext, family: string) {
  const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), family);
  expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
  const boundary = '----cli';
  const upload = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...guestHeaders(ctx, booking.id) },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bankak.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  await upload();
  return { booking, upload };
}

const actorsOf = (ctx: TestContext, bookingId: string) =>
  ctx.database.sql.query<{ status_trigger: string; actor: string }>(
    'SELECT status_trigger, actor FROM booking_events WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );

describe.runIf(process.env.DATABASE_URL)('receipt.ts beside a server on PostgreSQL', () => {
  let ctx: TestContext;
  let postgres: TestDatabase;
  let url: string;
  let dataDir: string;
  let desk: TestStaffMember;
  let viewer: TestStaffMember;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-cli-'));
    postgres = await createTestDatabase('postgres');
    url = postgres.url!;
    ctx = await serverOn(postgres, dataDir);
    desk = await staffMember(ctx.app, 'agent-desk', { email: 'amna@agency.test', fullName: 'Amna Desk' });
    viewer = await staffMember(ctx.app, 'viewer');
  });
  afterAll(async () => {
    // The app first; the database is closed and dropped by its own helper.
    await ctx?.app.close();
    await postgres?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
    run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: CliResult) => error,
    );

  it('lists the transfers waiting, rejects with a reason, then approves by booking reference as a named staff member', async () => {
    const { booking, upload } = await heldWithReceipt(ctx, 'CLI');

    const listed = await cli(['list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(booking.bookingReference);
    expect(listed.stdout).toContain(`${booking.amount} ${booking.currency}`);
    // Times on the agency's clock, the zone named; a copy of the receipt's file (kept in the database),
    // in a new folder only this user can read.
    expect(listed.stdout).toMatch(/hold until \w{3} \d{1,2} \w{3,4} at \d\d:\d\d Khartoum time/);
    expect(listed.stdout).toMatch(/receipt rc_\S+ uploaded \w{3} \d{1,2} \w{3,4} at \d\d:\d\d Khartoum time/);
    const copy = new RegExp(`${os.tmpdir()}/kwenda-receipts-\\w+/rc_[\\w-]+\\.png`).exec(listed.stdout)?.[0];
    expect(copy, listed.stdout).toBeDefined();
    expect(fs.readFileSync(copy!).equals(PNG)).toBe(true);
    expect(fs.statSync(copy!).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(copy!)).mode & 0o777).toBe(0o700);
    fs.rmSync(path.dirname(copy!), { recursive: true });

    // A decision names who makes it, with a role that may; a rejection says why.
    const anonymous = await cli(['reject', booking.bookingReference, '--reason', 'not-received'], { PUBLIC_URL: ORIGIN });
    expect(anonymous.code).toBe(2);
    expect(anonymous.stderr).toContain('--as');
    const noReason = await cli(['reject', booking.bookingReference, '--as', desk.email], { PUBLIC_URL: ORIGIN });
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason must be one of not-received');
    const byViewer = await cli(['approve', booking.bookingReference, '--as', viewer.email], { PUBLIC_URL: ORIGIN });
    expect(byViewer.code).toBe(1);
    expect(byViewer.stderr).toContain('needs agent-desk or owner');
    expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');

    const rejected = await cli(['reject', booking.bookingReference, '--as', desk.email, '--reason', 'amount-mismatch'], {
      PUBLIC_URL: ORIGIN,
    });
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toContain(`${booking.bookingReference}: pending-payment (receipt-rejected)`);
    expect((await getBooking(ctx, booking.id)).statusTrigger).toBe('receipt-rejected');
    const [told] = await ctx.database.sql.query<{ to_address: string }>(
      "SELECT to_address FROM mail_outbox WHERE dedupe_key LIKE 'receipt-rejected:' || $1 || ':%'",
      [booking.id],
    );
    expect(told!.to_address).toBe('traveller@example.com');

    await upload();
    // Without PUBLIC_URL the e-ticket would link to this command's own default address: it refuses.
    const blind = await cli(['approve', booking.bookingReference, '--as', desk.email]);
    expect(blind.code).toBe(2);
    expect(blind.stderr).toContain('PUBLIC_URL is not set');
    expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    // The server's settings file gives it the site's address, as it gives the server.
    const envFile = path.join(dataDir, 'kwenda.env');
    fs.writeFileSync(envFile, `# the server's settings\nPUBLIC_URL=${ORIGIN}\n`);
    const approved = await cli(['approve', booking.bookingReference, '--as', desk.email], { ENV_FILE: envFile });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`${booking.bookingReference}: confirmed (ticket-issued)`);
    const confirmed = await getBooking(ctx, booking.id);
    expect(confirmed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    const trail = await actorsOf(ctx, booking.id);
    expect(trail.filter((e) => ['receipt-rejected', 'receipt-confirmed'].includes(e.status_trigger))).toEqual([
      { status_trigger: 'receipt-rejected', actor: desk.actor },
      { status_trigger: 'receipt-confirmed', actor: desk.actor },
    ]);

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

    // A decision is final; an unknown booking has nothing waiting.
    const [receipt] = await ctx.database.sql.query<{ id: string }>(
      'SELECT id FROM payment_receipts WHERE booking_id = $1 AND status = $2 LIMIT 1',
      [booking.id, 'accepted'],
    );
    const again = await cli(['approve', receipt!.id, '--as', desk.email], { PUBLIC_URL: ORIGIN });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('a decision is final');
    const unknown = await cli(['approve', 'KWNOPE00', '--as', desk.email], { PUBLIC_URL: ORIGIN });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No receipt waiting for booking KWNOPE00');
    const usage = await cli([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('PGlite');
  }, 300_000); // several command-line processes, each starting tsx: slow on a busy 2-core machine
});

describe('receipt.ts beside a server on the embedded database', () => {
  let ctx: TestContext;
  let dataDir: string;
  let origin: string;
  let owner: TestStaffMember;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-cli-pglite-'));
    // The server's own database, opened as the server opens it: it holds the directory.
    const database = await openDatabase({ dataDir });
    await migrate(database.sql);
    ctx = await serverOn(database, dataDir);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    origin = `http://127.0.0.1:${address.port}`;
    owner = await staffMember(ctx.app, 'owner', { email: 'owner@agency.test' });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[], env: Record<string, string> = {}): Promise<CliResult> =>
    run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: new URL(origin).port,
        PUBLIC_URL: ORIGIN,
        LOG_LEVEL: 'silent',
        ...env,
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: CliResult) => error,
    );

  it('does not open the directory the server holds: it asks the running server, signed in as the staff member', async () => {
    const { booking } = await heldWithReceipt(ctx, 'EMBEDDED');

    // No password and no terminal: it says what it needs, and nothing changes.
    const unsigned = await cli(['approve', booking.bookingReference, '--as', owner.email]);
    expect(unsigned.code).toBe(1);
    expect(unsigned.stderr).toContain('The embedded database is open in the running server');
    expect(unsigned.stderr).toContain(`asking that server at ${origin}`);
    expect(unsigned.stderr).toContain('not a terminal');
    const wrong = await cli(['approve', booking.bookingReference, '--as', owner.email], {
      KWENDA_STAFF_PASSWORD: 'not-it-at-all',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Wrong e-mail or password');
    expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');

    const listed = await cli(['list', '--as', owner.email, '--code', owner.recoveryCodes[0]!], {
      KWENDA_STAFF_PASSWORD: owner.password,
    });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(booking.bookingReference);
    expect(listed.stdout).toContain(`${origin}/admin/transfers`);

    const approved = await cli(['approve', booking.bookingReference, '--as', owner.email, '--code', owner.recoveryCodes[1]!], {
      KWENDA_STAFF_PASSWORD: owner.password,
    });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`${booking.bookingReference}: confirmed (ticket-issued)`);
    const confirmed: Booking = await getBooking(ctx, booking.id);
    expect(confirmed.status).toBe('confirmed');
    expect((await actorsOf(ctx, booking.id)).find((e) => e.status_trigger === 'receipt-confirmed')!.actor).toBe(owner.actor);
    // The command's sign-ins are the staff member's own, and each was ended.
    const [sessions] = await ctx.database.sql.query<{ open: number }>(
      'SELECT count(*)::int AS open FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND kind = $2',
      [owner.userId, 'staff'],
    );
    expect(sessions!.open).toBe(1);
  }, 300_000); // four command-line processes, each starting tsx: slow on a busy 2-core machine
});
