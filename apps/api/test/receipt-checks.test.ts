import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Booking, ReceiptCheckName, ReceiptVerdict } from '@kwenda/contracts';
import {
  adminBookingDetailSchema,
  receiptSearchResponseSchema,
  transfersResponseSchema,
  type DeskReceiptReading,
  type TransferItem,
} from '@kwenda/contracts/admin';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asGuest,
  findOffer,
  getBooking,
  guestHeaders,
  heldForTransfer as holdForTransfer,
  pay,
  readyBooking,
} from './helpers/booking-factories.js';
import { bankAccountsOf } from '../src/modules/config/config-routes.js';
import { owedInAccounts } from '../src/modules/bookings/transfer-accounts.js';
import { createReceiptReadingJob } from '../src/modules/receipts/checks/receipt-reading-job.js';
import { staffMember, type TestStaffMember } from './helpers/staff.js';
import { until } from './helpers/until.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';
import { appReceiptHtml, bankPdfHtml, receiptStyle } from './receipts/receipt-templates.js';
import { AGENCY_ACCOUNTS, arabicIndic, seededRandom, type ReceiptTruth } from './receipts/receipt-values.js';

/**
 * Receipts that check themselves: each receipt sent is read by the receipt-reading job (driven here by
 * the job runner's tick) and compared with its booking: the amount due in pounds, the agency's account,
 * a time between the booking and the upload, the number typed, and whether another booking already
 * sent the same number or picture. Receipts are made for each booking with the generator's templates
 * (bank PDFs with text for most: read in milliseconds; app screenshots for the picture checks).
 */

// Bookings are made through the API and receipts drawn by Chromium: each case takes seconds.
vi.setConfig({ testTimeout: 120_000 });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BANK_ACCOUNTS = JSON.stringify(
  AGENCY_ACCOUNTS.map((a) => ({
    bankAr: 'بنك الخرطوم (تطبيق بنكك)',
    bankEn: 'Bank of Khartoum (Bankak app)',
    accountName: a.nameEn,
    accountNumber: a.accountNumber,
    currency: 'SDG',
  })),
);

let browser: Browser;
let page: Page;
beforeAll(async () => {
  const shared = (await import(pathToFileURL(path.join(repoRoot, 'scripts/chromium.mjs')).href)) as {
    chromiumLaunchOptions: LaunchOptions;
  };
  browser = await chromium.launch(shared.chromiumLaunchOptions);
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
}, 60_000);
afterAll(async () => browser?.close());

const style = (layout: 'ar' | 'en' = 'en') => receiptStyle(seededRandom(7), layout, layout === 'ar' ? 'arabic-indic' : 'latin');
async function bankPdf(truth: ReceiptTruth, layout: 'ar' | 'en' = 'en'): Promise<Buffer> {
  await page.setContent(bankPdfHtml(truth, style(layout)));
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  return page.pdf({ format: 'A4', printBackground: true });
}
async function screenshot(truth: ReceiptTruth): Promise<Buffer> {
  await page.setContent(appReceiptHtml(truth, style()));
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  return page.screenshot({ fullPage: true, type: 'png' });
}

/** The time as Bankak prints it: Sudan's (UTC+2), to the minute. */
const sudanTime = (at: Date) => new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 16);
const SENDERS = ['AHMED OSMAN ALI', 'FATIMA ELTAYEB HASSAN', 'KHALID IDRIS MUSA', 'MARIAM BABIKER SALIH', 'YOUSIF ADAM HAMAD'];
const newNumber = () => `${randomInt(1, 9)}${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(0, 9)}`;

/** A multipart upload: the file, and the typed number before or after it (as a browser may send them). */
function upload(file: Buffer, fileName: string, number?: { value: string; after?: boolean }) {
  const boundary = '----kwenda' + Math.random().toString(16).slice(2);
  const type = fileName.endsWith('.pdf') ? 'application/pdf' : fileName.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from('\r\n'),
  ]);
  const numberPart = number
    ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="transactionNumber"\r\n\r\n${number.value}\r\n`, 'utf8')
    : Buffer.alloc(0);
  const parts = number?.after ? [filePart, numberPart] : [numberPart, filePart];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(backends)('receipts that check themselves, on %s', (backend) => {
  let ctx: TestContext;
  let agent: TestStaffMember;
  let families = 0;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: { RUN_JOBS: 'false', BANK_ACCOUNTS } });
    agent = await staffMember(ctx.app, 'agent-desk');
  }, 60_000);
  afterAll(async () => ctx?.close());

  const sql = <T>(text: string, params: unknown[] = []) => ctx.database.sql.query<T>(text, params);
  const heldForTransfer = async () => holdForTransfer(ctx, await findOffer(ctx, 'available'), 'CHECKS', ++families);
  /** What the booking's receipt must show to pass every check: the pounds due, the agency's account, now. */
  function truthFor(booking: Booking, change: Partial<ReceiptTruth> = {}): ReceiptTruth {
    const pounds = booking.transferAccounts.find((a) => a.currency === 'SDG');
    expect(pounds, 'the booking owes pounds into the agency account').toBeDefined();
    const agency = AGENCY_ACCOUNTS[0]!;
    return {
      amount: pounds!.amount,
      currency: 'SDG',
      recipientAccount: agency.accountNumber,
      recipientName: agency.nameEn,
      // Each booking paid by someone else, from an account of their own, as different travellers pay.
      senderName: SENDERS[families % SENDERS.length]!,
      senderAccount: `55${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(10, 99)}`,
      dateTime: sudanTime(new Date()),
      transactionNumber: newNumber(),
      comment: booking.bookingReference,
      ...change,
    };
  }
  async function send(booking: Booking, file: Buffer, fileName: string, number?: { value: string; after?: boolean }) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      ...asGuest(ctx, booking.id, upload(file, fileName, number)),
    });
  }
  async function sent(booking: Booking, file: Buffer, fileName: string, number?: { value: string; after?: boolean }) {
    const response = await send(booking, file, fileName, number);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { booking: Booking }).booking.receipts.at(-1)!;
  }
  /** The job reads what is due: the runner's tick, as the loop runs it. */
  const readDue = () => ctx.app.kwenda.jobs.tick();
  const verdicts = (checks: { check: ReceiptCheckName; verdict: ReceiptVerdict }[]) =>
    Object.fromEntries(checks.map((c) => [c.check, c.verdict]));
  async function travellerReceipt(booking: Booking, receiptId: string) {
    return (await getBooking(ctx, booking.id)).receipts.find((r) => r.id === receiptId)!;
  }
  async function transfers(): Promise<TransferItem[]> {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/transfers', headers: agent.headers });
    expect(response.statusCode, response.body).toBe(200);
    return transfersResponseSchema.parse(response.json()).transfers;
  }
  const deskReadingOf = async (receiptId: string): Promise<DeskReceiptReading> =>
    (await transfers()).find((t) => t.receiptId === receiptId)!.reading;

  it('a receipt matching its booking passes every check, for the traveller and on the desk; the number typed after the file counts', async () => {
    const booking = await heldForTransfer();
    const truth = truthFor(booking);
    // Typed the way a Sudanese phone types it: Arabic-Indic digits, grouped.
    const typed = arabicIndic(`${truth.transactionNumber.slice(0, 4)} ${truth.transactionNumber.slice(4)}`);
    const receipt = await sent(booking, await bankPdf(truth), 'advice.pdf', { value: typed, after: true });
    expect(receipt.typedTransactionNumber).toBe(truth.transactionNumber);
    expect(receipt.reading.state).toBe('reading');
    expect(receipt.reading.checks).toEqual([]);
    expect(receipt.reading.amountDue).toBe(truth.amount);
    expect(receipt.reading.currencyDue).toBe('SDG');

    await readDue();
    const read = await travellerReceipt(booking, receipt.id);
    expect(read.reading.state).toBe('read');
    expect(read.reading.values).toMatchObject({
      amount: truth.amount,
      recipientAccount: truth.recipientAccount,
      dateTime: truth.dateTime,
      transactionNumber: truth.transactionNumber,
    });
    expect(read.reading.checks.map((c) => c.check)).toEqual([
      'amount',
      'account',
      'date',
      'typedNumber',
      'numberReused',
      'imageReused',
    ]);
    // A PDF has no picture to compare, but its content read is no other booking's receipt: every check passes.
    expect(verdicts(read.reading.checks)).toEqual({
      amount: 'pass',
      account: 'pass',
      date: 'pass',
      typedNumber: 'pass',
      numberReused: 'pass',
      imageReused: 'pass',
    });
    const desk = await deskReadingOf(receipt.id);
    expect(desk).toMatchObject({ state: 'read', possibleFraud: false, allPassed: true, amountDue: truth.amount });
    expect(desk.readAt).not.toBeNull();
    expect(desk.checks.every((c) => c.otherReceipt === null)).toBe(true);
  });

  it('a wrong amount, a wrong account, an old date and a number typed wrong each fail their own check only', async () => {
    const cases = [
      { name: 'amount', change: (t: ReceiptTruth) => ({ amount: t.amount - 1000 }) },
      { name: 'account', change: () => ({ recipientAccount: '9900112233445', recipientName: 'MOHAMED KHALID MUSA' }) },
      { name: 'date', change: () => ({ dateTime: sudanTime(new Date(Date.now() - 2 * 86_400_000)) }) },
      { name: 'typedNumber', change: () => ({}) },
    ] as const;
    const receipts: { name: string; booking: Booking; receiptId: string }[] = [];
    for (const { name, change } of cases) {
      const booking = await heldForTransfer();
      const base = truthFor(booking);
      const truth = { ...base, ...change(base) };
      // The typed number differs from the printed one by one digit.
      const typed =
        name === 'typedNumber'
          ? `${truth.transactionNumber.slice(0, -1)}${(Number(truth.transactionNumber.at(-1)) + 1) % 10}`
          : truth.transactionNumber;
      const receipt = await sent(booking, await bankPdf(truth), 'advice.pdf', { value: typed });
      receipts.push({ name, booking, receiptId: receipt.id });
    }
    await readDue();
    for (const { name, booking, receiptId } of receipts) {
      const { reading } = await travellerReceipt(booking, receiptId);
      const failed = reading.checks.filter((c) => c.verdict === 'fail').map((c) => c.check);
      expect(failed, name).toEqual([name]);
      const desk = await deskReadingOf(receiptId);
      expect(desk.possibleFraud, name).toBe(false);
    }
    // Failed checks come after the receipts still read or unknown, in upload order.
    const order = (await transfers()).map((t) => t.receiptId);
    const positions = receipts.map((r) => order.indexOf(r.receiptId));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('the same transaction number sent at once for two bookings: exactly one passes, the other fails naming the first', async () => {
    const [first, second] = [await heldForTransfer(), await heldForTransfer()];
    const number = newNumber();
    // One page draws them, one after the other; the uploads go at once.
    const files = [
      await bankPdf(truthFor(first, { transactionNumber: number })),
      await bankPdf(truthFor(second, { transactionNumber: number })),
    ];
    const responses = await Promise.all([
      send(first, files[0]!, 'a.pdf', { value: number }),
      send(second, files[1]!, 'b.pdf', { value: number }),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ids = responses.map((r) => (r.json() as { booking: Booking }).booking.receipts.at(-1)!.id);
    // At once, the receipt that lost the number may have been sent a moment earlier (its transaction
    // began first): made so here, so its picture, the same as the winner's, is not taken for the original.
    const [claimed] = await sql<{ receipt_id: string }>(
      'SELECT receipt_id FROM receipt_transaction_numbers WHERE transaction_number = $1',
      [number],
    );
    await sql(
      `UPDATE payment_receipts SET uploaded_at = (SELECT uploaded_at - interval '1 second' FROM payment_receipts WHERE id = $1)
        WHERE id = $2`,
      [claimed!.receipt_id, ids.find((id) => id !== claimed!.receipt_id)],
    );
    await readDue();
    const readings = await Promise.all(ids.map((id) => deskReadingOf(id)));
    const reuse = readings.map((r) => r.checks.find((c) => c.check === 'numberReused')!);
    expect(reuse.map((c) => c.verdict).sort()).toEqual(['fail', 'pass']);
    const winner = reuse.findIndex((c) => c.verdict === 'pass');
    const loser = 1 - winner;
    const bookings = [first, second];
    expect(reuse[loser]!.otherReceipt).toEqual({
      bookingId: bookings[winner]!.id,
      bookingReference: bookings[winner]!.bookingReference,
      receiptId: ids[winner],
      status: 'submitted',
    });
    expect(readings[loser]!.possibleFraud).toBe(true);
    expect(readings[winner]!.possibleFraud).toBe(false);
    // The table holds the number once, for the first receipt.
    const held = await sql<{ receipt_id: string }>(
      'SELECT receipt_id FROM receipt_transaction_numbers WHERE transaction_number = $1',
      [number],
    );
    expect(held.map((r) => r.receipt_id)).toEqual([ids[winner]]);
    // The traveller learns the number was used, never by which booking.
    const traveller = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${bookings[loser]!.id}`,
      headers: guestHeaders(ctx, bookings[loser]!.id),
    });
    expect(traveller.statusCode, traveller.body).toBe(200);
    expect(verdicts((traveller.json() as Booking).receipts.at(-1)!.reading.checks).numberReused).toBe('fail');
    expect(traveller.body).not.toContain(bookings[winner]!.bookingReference);
    expect(traveller.body).not.toContain(ids[winner]);
    // Possible fraud is listed last.
    const order = (await transfers()).map((t) => t.receiptId);
    expect(order.at(-1)).toBe(ids[loser]);

    // The same booking sending its number again is no reuse.
    const again = await sent(bookings[winner]!, files[winner]!, 'again.pdf', { value: number });
    await readDue();
    expect(verdicts((await travellerReceipt(bookings[winner]!, again.id)).reading.checks).numberReused).toBe('pass');
  });

  /** Another booking sends `copy` of the picture `first` sent: its imageReused check, as the desk sees it. */
  async function imageCheckOf(copy: Buffer, fileName: string) {
    const other = await heldForTransfer();
    const receipt = await sent(other, copy, fileName);
    await readDue();
    return deskReadingOf(receipt.id);
  }
  let original: { booking: Booking; receiptId: string; png: Buffer } | undefined;
  async function originalPicture() {
    if (original) return original;
    const booking = await heldForTransfer();
    const png = await screenshot(truthFor(booking));
    const receiptId = (await sent(booking, png, 'bankak.png')).id;
    await readDue();
    return (original = { booking, receiptId, png });
  }

  it('the very file or the picture saved again as PNG, sent for another booking, fails imageReused naming the first', async () => {
    const { booking, receiptId, png } = await originalPicture();
    const copies = {
      'the same file': png,
      'saved again as PNG': await sharp(png).png({ compressionLevel: 1 }).toBuffer(),
    };
    for (const [name, copy] of Object.entries(copies)) {
      const desk = await imageCheckOf(copy, 'copy.png');
      const image = desk.checks.find((c) => c.check === 'imageReused')!;
      expect(image.verdict, name).toBe('fail');
      expect(image.otherReceipt, name).toMatchObject({ receiptId, bookingId: booking.id, status: 'submitted' });
      expect(desk.possibleFraud, name).toBe(true);
      // Where the values were on the picture, for the desk to highlight.
      expect(desk.size, name).not.toBeNull();
    }
    const own = await deskReadingOf(receiptId);
    expect(own.checks.find((c) => c.check === 'imageReused')!.verdict).toBe('pass');
    expect(own.boxes.amount).toBeDefined();

    // The staff booking page shows the same reading.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/bookings/${booking.id}`, headers: agent.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const receipt = adminBookingDetailSchema.parse(detail.json()).booking.receipts[0]!;
    expect(receipt.reading.checks.find((c) => c.check === 'imageReused')!.verdict).toBe('pass');
  });

  it('the very file sent for a second booking before the first was read: only the second, the copy, fails', async () => {
    const first = await heldForTransfer();
    const file = await bankPdf(truthFor(first));
    const original = await sent(first, file, 'advice.pdf');
    const copy = await sent(await heldForTransfer(), file, 'advice.pdf');
    await readDue();
    const [own, copied] = [await deskReadingOf(original.id), await deskReadingOf(copy.id)];
    expect(own.checks.find((c) => c.check === 'imageReused')!.verdict).toBe('pass');
    expect(own.possibleFraud).toBe(false);
    const image = copied.checks.find((c) => c.check === 'imageReused')!;
    expect(image).toMatchObject({ verdict: 'fail', otherReceipt: { receiptId: original.id, bookingId: first.id } });
    expect(copied.possibleFraud).toBe(true);
  });

  // A pixel hash cannot tell these from another transfer of the same layout (reading/image-fingerprint.test.ts);
  // the content read (reading/content-fingerprint.ts) can.
  it('a JPEG re-save or a slightly cropped copy of the picture fails imageReused naming the first', async () => {
    const { receiptId, png } = await originalPicture();
    const meta = await sharp(png).metadata();
    // As the generator makes its reused receipts (and WhatsApp passes a picture on).
    const copies = {
      'saved again as JPEG': await sharp(png).jpeg({ quality: 85 }).toBuffer(),
      'cut at the top and bottom, smaller': await sharp(png)
        .extract({ left: 0, top: 30, width: meta.width!, height: meta.height! - 30 - 40 })
        .resize({ width: Math.round(meta.width! * 0.9) })
        .jpeg({ quality: 80 })
        .toBuffer(),
    };
    for (const [name, copy] of Object.entries(copies)) {
      const image = (await imageCheckOf(copy, 'copy.jpg')).checks.find((c) => c.check === 'imageReused')!;
      expect(image.verdict, name).toBe('fail');
      expect(image.otherReceipt?.receiptId, name).toBe(receiptId);
    }
  });

  it('approving a receipt with a failed check needs a note, kept with the decision; others approve without one', async () => {
    const booking = await heldForTransfer();
    const truth = truthFor(booking, { amount: 1234 });
    const receipt = await sent(booking, await bankPdf(truth), 'advice.pdf', { value: truth.transactionNumber });
    await readDue();
    const approve = (payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/transfers/${receipt.id}/approve`,
        headers: agent.headers,
        ...(payload ? { payload } : {}),
      });
    for (const payload of [undefined, {}, { note: ' o ' }]) {
      const refused = await approve(payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json(), refused.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'note' }] });
    }
    const note = 'Paid 1,234 now and the rest in cash at the office';
    const approved = await approve({ note });
    expect(approved.statusCode, approved.body).toBe(200);
    const kept = await sql<{ decision_note: string }>('SELECT decision_note FROM payment_receipts WHERE id = $1', [receipt.id]);
    expect(kept[0]!.decision_note).toBe(note);
    const events = await sql<{ details: { note?: string; receiptId?: string } }>(
      `SELECT details FROM booking_events WHERE booking_id = $1 AND status_trigger = 'receipt-confirmed'`,
      [booking.id],
    );
    expect(events[0]!.details).toMatchObject({ note, receiptId: receipt.id });

    // Every check passed or unknown: approved without a body, as before.
    const clean = await heldForTransfer();
    const good = truthFor(clean);
    const cleanReceipt = await sent(clean, await bankPdf(good), 'advice.pdf', { value: good.transactionNumber });
    await readDue();
    const plain = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/transfers/${cleanReceipt.id}/approve`,
      headers: agent.headers,
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('finds receipts by transaction number, typed or read, in any booking and status; refuses a bad number', async () => {
    const booking = await heldForTransfer();
    const truth = truthFor(booking);
    // Typed nothing: found by the number read.
    const receipt = await sent(booking, await bankPdf(truth), 'advice.pdf');
    await readDue();
    const typedLikeAPhone = arabicIndic(`${truth.transactionNumber.slice(0, 3)}-${truth.transactionNumber.slice(3)}`);
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/receipts?transactionNumber=${encodeURIComponent(typedLikeAPhone)}`,
      headers: agent.headers,
    });
    expect(found.statusCode, found.body).toBe(200);
    const receipts = receiptSearchResponseSchema.parse(found.json()).receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      receiptId: receipt.id,
      bookingReference: booking.bookingReference,
      typedTransactionNumber: null,
      readTransactionNumber: truth.transactionNumber,
    });
    for (const bad of ['', 'ab', 'x'.repeat(81), '12$45']) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/receipts?transactionNumber=${encodeURIComponent(bad)}`,
        headers: agent.headers,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.body, bad).toContain('transactionNumber');
    }
    const stranger = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/receipts?transactionNumber=12345` });
    expect(stranger.statusCode).toBe(401);
  });

  it('two processes reading at once never read the same receipt twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const booking = await heldForTransfer();
      const truth = truthFor(booking);
      ids.push((await sent(booking, await bankPdf(truth), 'advice.pdf', { value: truth.transactionNumber })).id);
    }
    const bankAccounts = bankAccountsOf({ BANK_ACCOUNTS });
    const errors: object[] = [];
    const processes = [1, 2].map(() =>
      createReceiptReadingJob({
        database: ctx.database,
        bankAccounts,
        owedInAccounts: (booking) => owedInAccounts(ctx.database.db, booking, bankAccounts),
        logger: { error: (obj) => errors.push(obj) },
      }),
    );
    const now = new Date();
    const counts = await Promise.all(processes.map((job) => job.run(now)));
    await Promise.all(processes.map((job) => job.close()));
    expect(errors).toEqual([]);
    expect(counts[0]! + counts[1]!).toBe(ids.length);
    const rows = await sql<{ reading_state: string; reading_attempts: number }>(
      'SELECT reading_state, reading_attempts FROM payment_receipts WHERE id = ANY($1)',
      [ids],
    );
    expect(rows.map((r) => [r.reading_state, r.reading_attempts])).toEqual(ids.map(() => ['read', 1]));
  });

  it('a reading that never ends is abandoned at its deadline (its worker ended) and read again later; the job goes on', async () => {
    const booking = await heldForTransfer();
    const truth = truthFor(booking);
    const id = (await sent(booking, await bankPdf(truth), 'advice.pdf', { value: truth.transactionNumber })).id;
    const bankAccounts = bankAccountsOf({ BANK_ACCOUNTS });
    const { createReceiptReader } = await import('../src/modules/receipts/reading/read-receipt.js');
    const real = createReceiptReader({ knownAccounts: bankAccounts.map((a) => a.accountNumber) });
    // The first reading hangs, as a stuck OCR worker does, until the worker is ended.
    let hanging = true;
    let closed = 0;
    let release: (error: Error) => void = () => undefined;
    const reader = {
      readReceipt: (bytes: Buffer) => (hanging ? new Promise<never>((_, reject) => (release = reject)) : real.readReceipt(bytes)),
      close: async () => {
        closed += 1;
        release(new Error('worker ended'));
        await real.close();
      },
    };
    const job = createReceiptReadingJob({
      database: ctx.database,
      bankAccounts,
      owedInAccounts: (b) => owedInAccounts(ctx.database.db, b, bankAccounts),
      logger: { error: () => undefined },
      reader: async () => reader,
      readTimeoutMs: 300,
    });
    const now = new Date();
    await job.run(now);
    expect(closed).toBe(1);
    const [waiting] = await sql<{ reading_state: string; reading_attempts: number; reading_error: string }>(
      'SELECT reading_state, reading_attempts, reading_error FROM payment_receipts WHERE id = $1',
      [id],
    );
    expect(waiting).toMatchObject({ reading_state: 'reading', reading_attempts: 1 });
    expect(waiting!.reading_error).toMatch(/longer than/);
    // The retry, once due, reads it.
    hanging = false;
    await job.run(new Date(now.getTime() + 10 * 60_000));
    await job.close();
    expect((await travellerReceipt(booking, id)).reading.state).toBe('read');
  });

  it('a process that runs the jobs reads a receipt right after its upload, without waiting for the sweep', async () => {
    const jobs = await createTestApp(backend, { env: { RUN_JOBS: 'true', BANK_ACCOUNTS } });
    try {
      const booking = await (async () => {
        const ready = await readyBooking(jobs, await findOffer(jobs, 'available'), 'CHECKSKICK');
        expect((await pay(jobs, ready.id, true)).statusCode).toBe(200);
        return getBooking(jobs, ready.id);
      })();
      const truth = truthFor(booking);
      const response = await jobs.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${booking.id}/receipts`,
        ...asGuest(jobs, booking.id, upload(await bankPdf(truth), 'advice.pdf', { value: truth.transactionNumber })),
      });
      expect(response.statusCode, response.body).toBe(200);
      // Answered before the reading: the traveller's page shows it being read, then read.
      const receipt = (response.json() as { booking: Booking }).booking.receipts[0]!;
      expect(receipt.reading.state).toBe('reading');
      const read = await until(
        'the receipt read',
        async () => {
          const found = (await getBooking(jobs, booking.id)).receipts[0]!;
          return found.reading.state === 'reading' ? undefined : found;
        },
        30_000,
      );
      expect(read.reading.state).toBe('read');
    } finally {
      await jobs.close();
    }
  });

  it('an upload with a bad transaction number is refused naming the field, and nothing is kept', async () => {
    const booking = await heldForTransfer();
    const file = await bankPdf(truthFor(booking));
    for (const bad of ['12', 'abc$%^', '9'.repeat(90)]) {
      const refused = await send(booking, file, 'advice.pdf', { value: bad });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'transactionNumber' }] });
    }
    expect((await getBooking(ctx, booking.id)).receipts).toHaveLength(0);
  });
});
