import fs from 'node:fs';
import path from 'node:path';
import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOffer, getBooking, pay, readyBooking } from '../helpers/booking-factories.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { multipart } from '../helpers/multipart.js';
import { backends } from '../helpers/test-database.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF');

describe.each(backends)('bank transfer receipts on %s', (backend) => {
  let ctx: TestContext;
  let booking: Booking;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'TRANSFER');
  });
  afterAll(async () => ctx?.close());

  const upload = (id: string, file: Buffer, name = 'bankak.png', type = 'image/png', field = 'file') =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${id}/receipts`, ...multipart(file, name, type, field) });

  it('takes receipts only while the booking is held for a transfer', async () => {
    const early = await upload(booking.id, PNG);
    expect(early.statusCode).toBe(409);
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    expect((await upload('bk_nonexistentnonexistent00', PNG)).statusCode).toBe(404);
  });

  it('refuses what is not an image or a PDF, whatever its name says, and what is too big', async () => {
    const fake = await upload(booking.id, Buffer.from('<html><script>alert(1)</script></html>'), 'receipt.png', 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields[0]).toMatchObject({ path: 'file', code: 'unsupported_type' });
    const big = await upload(booking.id, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const wrongField = await upload(booking.id, PNG, 'x.png', 'image/png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${booking.id}/receipts`, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('stores a receipt outside the web root, readable by the server only, under a name of its own', async () => {
    const response = await upload(booking.id, PNG, '../../etc/passwd.png');
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().booking as Booking;
    expect(saved.statusTrigger).toBe('receipt-uploaded');
    expect(saved.receipts).toHaveLength(1);
    expect(saved.receipts[0]).toMatchObject({ fileName: 'passwd.png', status: 'submitted' });
    const [row] = await ctx.database.sql.query<{ storage_path: string; sha256: string }>(
      'SELECT storage_path, sha256 FROM payment_receipts WHERE booking_id = $1',
      [booking.id],
    );
    expect(row!.storage_path.startsWith(path.resolve(ctx.env.DATA_DIR, 'uploads', 'receipts'))).toBe(true);
    expect(path.basename(row!.storage_path)).toMatch(/^rc_[\w-]+\.png$/);
    expect(fs.statSync(row!.storage_path).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(row!.storage_path).equals(PNG)).toBe(true);
    expect((await upload(booking.id, PDF, 'scan.pdf', 'application/pdf')).statusCode).toBe(200);
    // A phone photo just under the limit passes the API's own 256 KB JSON body limit.
    const photo = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length - 1, 7)]);
    const large = await upload(booking.id, photo);
    expect(large.statusCode, large.body).toBe(200);
  });

  it('the agency rejects, then confirms a transfer: the booking is ticketed and e-mailed', async () => {
    const rejected = await ctx.app.kwenda.receipts.rejectTransfer(booking.bookingReference, 'amna');
    expect(rejected).toMatchObject({ status: 'pending-payment', statusTrigger: 'receipt-rejected' });
    expect(rejected.receipts.every((r) => r.status === 'rejected')).toBe(true);
    expect((await upload(booking.id, PNG)).statusCode).toBe(200);
    const confirmed = await ctx.app.kwenda.receipts.confirmTransfer(booking.bookingReference.toLowerCase(), 'amna');
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    const [trail] = await ctx.database.sql.query<{ actor: string }>(
      "SELECT actor FROM booking_events WHERE booking_id = $1 AND to_status = 'payment-confirmed'",
      [booking.id],
    );
    expect(trail!.actor).toBe('agency:amna');
    const mails = await ctx.database.sql.query<{ dedupe_key: string }>(
      'SELECT dedupe_key FROM mail_outbox WHERE dedupe_key LIKE $1 ORDER BY dedupe_key',
      [`%${booking.id}`],
    );
    expect(mails.map((m) => m.dedupe_key)).toEqual([
      `e-ticket:${booking.id}`,
      `held-agency:${booking.id}`,
      `held:${booking.id}`,
      `paid:${booking.id}`,
    ]);
    // Confirming twice changes nothing; uploads are closed now.
    await ctx.app.kwenda.receipts.confirmTransfer(booking.bookingReference, 'amna');
    expect((await getBooking(ctx, booking.id)).status).toBe('confirmed');
    expect((await upload(booking.id, PNG)).statusCode).toBe(409);
  });
});
