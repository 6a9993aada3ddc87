import { createHash } from 'node:crypto';
import type { Booking } from '@kwenda/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanFileName, detectReceiptType } from '../../src/modules/receipts/receipt-storage.js';
import { receiptsRoutes } from '../../src/modules/receipts/receipts-routes.js';
import { createReceiptsService, type ReceiptsService } from '../../src/modules/receipts/receipts-service.js';
import { registerErrorHandler } from '../../src/plugins/error-handler.js';
import { backends, createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { insertBookingRow, recordingPort, type RecordingPort } from './payments-fakes.js';

/** The receipts plugin alone on a small Fastify instance, with a recording fake of the booking service. */

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);
const PDF = Buffer.from('%PDF-1.7\n%%EOF');

function multipart(file: Buffer, fileName: string, contentType: string) {
  const boundary = '----kwenda' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('receipt types and names', () => {
  it('knows a file by its first bytes, not by its name', () => {
    expect(detectReceiptType(JPEG)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(detectReceiptType(PNG)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(detectReceiptType(WEBP)).toEqual({ contentType: 'image/webp', extension: 'webp' });
    expect(detectReceiptType(PDF)).toEqual({ contentType: 'application/pdf', extension: 'pdf' });
    for (const other of ['GIF89a......', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'PK\u0003\u0004zip', '', 'RIFF....WAVE'])
      expect(detectReceiptType(Buffer.from(other))).toBeNull();
  });

  it('keeps the client name only as harmless metadata', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\temp\\x.png')).toBe('C__temp_x.png');
    expect(cleanFileName('إيصال بنكك.png')).toBe('إيصال بنكك.png');
    expect(cleanFileName('a\u0000b<script>.png')).toBe('a_b_script_.png');
    expect(cleanFileName(undefined)).toBe('receipt');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(100);
  });
});

describe.each(backends)('receipts plugin on %s', (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: RecordingPort;
  let receipts: ReceiptsService;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    port = recordingPort();
    receipts = createReceiptsService({ database, bookings: port });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    // The fake bookings are not full contract objects: answer them as they are.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerErrorHandler(app);
    await app.register(receiptsRoutes, { receipts, bookings: port });
    await app.ready();
  });
  beforeEach(() => {
    port.calls.length = 0;
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  async function heldBooking(overrides: Partial<Booking> = {}) {
    const row = await insertBookingRow(database, { paymentMethod: 'bank-transfer', amount: 250, currency: 'SAR' });
    const booking = {
      id: row.id,
      bookingReference: row.bookingReference,
      status: 'pending-payment',
      paymentMethod: 'bank-transfer',
      amount: 250,
      currency: 'SAR',
      ...overrides,
    } as Booking;
    port.bookings.set(row.id, booking);
    return booking;
  }
  const upload = (id: string, file: Buffer, name = 'bankak.png', type = 'image/png') =>
    app.inject({ method: 'POST', url: `/bookings/${id}/receipts`, ...multipart(file, name, type) });
  const receiptRows = (bookingId: string) =>
    database.sql.query<{
      id: string;
      file_name: string;
      content_type: string;
      size_bytes: number;
      sha256: string;
      storage_path: string | null;
      status: string;
    }>('SELECT * FROM payment_receipts WHERE booking_id = $1 ORDER BY uploaded_at, id', [bookingId]);
  /** The bytes kept for the booking's receipts (receipt_files), by receipt id. */
  const storedFiles = async (bookingId: string) =>
    new Map(
      (
        await database.sql.query<{ receipt_id: string; bytes: Uint8Array }>(
          'SELECT f.receipt_id, f.bytes FROM receipt_files f JOIN payment_receipts r ON r.id = f.receipt_id WHERE r.booking_id = $1',
          [bookingId],
        )
      ).map((row) => [row.receipt_id, Buffer.from(row.bytes)]),
    );

  it('stores JPEG, WebP and PDF receipts by what they are, in the database, with their hash', async () => {
    const booking = await heldBooking();
    // A JPEG that calls itself a PDF is stored as the JPEG it is.
    const jpeg = await upload(booking.id, JPEG, 'scan.pdf', 'application/pdf');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json()).toEqual({ success: true, booking: expect.objectContaining({ id: booking.id }) });
    expect((await upload(booking.id, WEBP, 'shot.webp', 'image/webp')).statusCode).toBe(200);
    expect((await upload(booking.id, PDF, '../../../x.pdf', 'application/octet-stream')).statusCode).toBe(200);

    const rows = await receiptRows(booking.id);
    expect(rows.map((r) => [r.content_type, r.file_name]).sort()).toEqual([
      ['application/pdf', 'x.pdf'],
      ['image/jpeg', 'scan.pdf'],
      ['image/webp', 'shot.webp'],
    ]);
    const files = await storedFiles(booking.id);
    expect([...files.values()].sort(Buffer.compare)).toEqual([JPEG, WEBP, PDF].sort(Buffer.compare));
    for (const row of rows) {
      expect(row.storage_path).toBeNull();
      const bytes = files.get(row.id)!;
      expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(row.size_bytes).toBe(bytes.length);
      expect(row.status).toBe('submitted');
    }
    expect(port.callsOf('recordReceipt')).toEqual(
      rows.map(() => expect.objectContaining({ bookingId: booking.id, actor: 'guest' })),
    );
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 400, 'VALIDATION_ERROR', 'empty'],
    ['text renamed .png', Buffer.from('just some text, not a picture'), 400, 'VALIDATION_ERROR', 'unsupported_type'],
    [
      'an SVG (scripts inside)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      400,
      'VALIDATION_ERROR',
      'unsupported_type',
    ],
    ['a file over 5 MB', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 413, 'PAYLOAD_TOO_LARGE', 'too_large'],
  ])('refuses %s, keeping nothing', async (_name, file, status, code, fieldCode) => {
    const booking = await heldBooking();
    const response = await upload(booking.id, file);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, fields: [{ path: 'file', code: fieldCode }] });
    expect(await receiptRows(booking.id)).toEqual([]);
    expect((await storedFiles(booking.id)).size).toBe(0);
    expect(port.callsOf('recordReceipt')).toEqual([]);
  });

  it.each([
    ['a booking paid by card', { paymentMethod: 'card' }],
    ['a booking not held', { status: 'created', paymentMethod: null }],
    ['a confirmed booking', { status: 'confirmed' }],
  ] as [string, Partial<Booking>][])('refuses receipts for %s (409)', async (_name, overrides) => {
    const booking = await heldBooking(overrides);
    const response = await upload(booking.id, PNG);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INVALID_BOOKING_STATE' });
    expect((await storedFiles(booking.id)).size).toBe(0);
  });

  it('answers 404 for an unknown booking or a malformed id', async () => {
    expect((await upload('bk_0123456789abcdef0123456789abcdef', PNG)).statusCode).toBe(404);
    expect((await upload('..%2F..%2Fetc', PNG)).statusCode).toBe(404);
  });

  it('takes at most five receipts per booking', async () => {
    const booking = await heldBooking();
    for (let i = 0; i < 5; i++) expect((await upload(booking.id, PNG)).statusCode).toBe(200);
    const sixth = await upload(booking.id, PNG);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().fields[0]).toMatchObject({ path: 'file', code: 'too_many' });
    expect((await storedFiles(booking.id)).size).toBe(5);
  });

  it('keeps neither row nor file when the booking refuses the receipt inside the transaction', async () => {
    const booking = await heldBooking();
    const original = port.recordReceipt;
    port.recordReceipt = async () => {
      throw new Error('the booking moved on');
    };
    try {
      expect((await upload(booking.id, PNG)).statusCode).toBe(500);
    } finally {
      port.recordReceipt = original;
    }
    expect(await receiptRows(booking.id)).toEqual([]);
    expect((await storedFiles(booking.id)).size).toBe(0);
  });
});
