import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testEnv } from './helpers/test-env.js';
import {
  accessCookieOf,
  createBooking,
  findOffer,
  getBooking,
  guestHeaders,
  pay,
  passengersFor,
  submitPassengers,
} from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { startSentryStandIn } from './helpers/sentry-stand-in.js';
import type { TestContext } from './helpers/test-app.js';
import { backends, createTestDatabase } from './helpers/test-database.js';

/** Passport numbers no log line, error report, URL or e-mail may carry. */
const PASSPORT = 'P0LEAK7319';
const PASSPORT_OF_THE_FAILED_SAVE = 'P0BOOM4242';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/**
 * A whole booking journey with the server logging everything it logs (level trace) and reporting
 * errors to a Sentry stand-in, including a database failure in the middle of saving a passport (the
 * failed query's parameters are the passport itself): the passport numbers appear in none of it.
 */
describe.each(backends)('passport numbers stay out of logs and error reports on %s', (backend) => {
  let ctx: TestContext;
  let sentry: Awaited<ReturnType<typeof startSentryStandIn>>;
  const logLines: string[] = [];
  let closed = false;

  beforeAll(async () => {
    sentry = await startSentryStandIn();
    const database = await createTestDatabase(backend);
    const env = testEnv({
      LOG_LEVEL: 'trace',
      SENTRY_DSN: sentry.dsn,
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildApp({ env, database, logger: { level: 'trace', stream } });
    await app.ready();
    ctx = {
      app,
      bookings: app.kwenda.bookings,
      database,
      env,
      async close() {
        if (!closed) await app.close();
        closed = true;
        await database.destroy();
      },
    };
    // The database fails while one passport is being saved (a full disk, a lost connection).
    await database.sql.exec(`
      CREATE FUNCTION fail_on_this_passport() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.document_number = '${PASSPORT_OF_THE_FAILED_SAVE}' THEN RAISE EXCEPTION 'could not extend file: No space left on device'; END IF;
        RETURN NEW;
      END;
      $$;
      CREATE TRIGGER fail_on_this_passport BEFORE UPDATE ON booking_passengers
        FOR EACH ROW EXECUTE FUNCTION fail_on_this_passport();
    `);
  });
  afterAll(async () => {
    await ctx?.close();
    await sentry?.close();
  });

  it('logs and reports the journey and its failures without them', async () => {
    const offer = await findOffer(ctx);
    const created = await createBooking(ctx, offer);
    const id = created.json().booking.id as string;
    const token = accessCookieOf(created.headers['set-cookie'])!.split('=')[1]!;
    const booking = await getBooking(ctx, id);

    // Refused input (an expired passport) is logged as a refusal, without the input.
    const expired = await submitPassengers(
      ctx,
      booking,
      passengersFor(booking, { 0: { documentNumber: PASSPORT, documentExpiryDate: '2001-01-01' } }),
    );
    expect(expired.statusCode).toBe(400);
    const saved = await submitPassengers(ctx, booking, passengersFor(booking, { 0: { documentNumber: PASSPORT } }));
    expect(saved.statusCode, saved.body).toBe(200);
    const whole = await getBooking(ctx, id);
    expect(whole.passengers[0]!.documentNumber).toBe(PASSPORT);
    expect((await pay(ctx, id, true)).statusCode).toBe(200);
    const receipt = multipart(PNG, 'bankak.png', 'image/png');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${id}/receipts`,
      payload: receipt.payload,
      headers: { ...receipt.headers, ...guestHeaders(ctx, id) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${id}` })).statusCode).toBe(200);

    // The database fails in the middle of saving another traveller's passport: a 500, logged and reported.
    const other = await createBooking(ctx, offer);
    const otherBooking = await getBooking(ctx, other.json().booking.id);
    const failed = await submitPassengers(
      ctx,
      otherBooking,
      passengersFor(otherBooking, { 0: { documentNumber: PASSPORT_OF_THE_FAILED_SAVE } }, 'IDRIS'),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain(PASSPORT_OF_THE_FAILED_SAVE);

    await ctx.app.close();
    closed = true;

    const log = logLines.join('');
    // The failure is there, explained (the query and the database's message), its values withheld.
    expect(log).toContain('Failed query: update \\"booking_passengers\\"');
    expect(log).toContain('No space left on device');
    expect(log).toContain('[withheld]');
    const events = sentry.events();
    expect(events).toHaveLength(1);
    const report = JSON.stringify(events[0]!.payload);
    expect(report).toContain('Failed query');

    const birthDate = whole.passengers[0]!.dateOfBirth!;
    for (const [where, text] of [
      ['the log', log],
      ['the error report', report],
    ] as const) {
      for (const secret of [PASSPORT, PASSPORT_OF_THE_FAILED_SAVE, birthDate, token])
        expect(text, `${where} carries ${secret}`).not.toContain(secret);
    }
    // Every address the server logged (request lines): none carries a passport.
    const urls = logLines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return url ? [url] : [];
    });
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url).not.toMatch(/P0LEAK|P0BOOM/);

    // The e-mails sent about the booking carry no passport number either (the e-ticket masks it too).
    const mails = await ctx.database.sql.query<{ text_body: string; html_body: string; subject: string }>(
      'SELECT subject, text_body, html_body FROM mail_outbox',
    );
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(`${mail.subject}${mail.text_body}${mail.html_body}`).not.toContain(PASSPORT);
  });
});
