import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGuest, findOffer, getBooking, guestHeaders, pay, readyBooking } from '../helpers/booking-factories.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { multipart } from '../helpers/multipart.js';
import { staffMember } from '../helpers/staff.js';
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
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${id}/receipts`,
      ...asGuest(ctx, id, multipart(file, name, type, field)),
    });

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
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      headers: guestHeaders(ctx, booking.id),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it("stores a receipt in the database, under a name of its own, and nothing on this machine's disk", async () => {
    const response = await upload(booking.id, PNG, '../../etc/passwd.png');
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().booking as Booking;
    expect(saved.statusTrigger).toBe('receipt-uploaded');
    expect(saved.receipts).toHaveLength(1);
    expect(saved.receipts[0]).toMatchObject({ fileName: 'passwd.png', status: 'submitted' });
    const [row] = await ctx.database.sql.query<{ id: string; storage_path: string | null; sha256: string }>(
      'SELECT id, storage_path, sha256 FROM payment_receipts WHERE booking_id = $1',
      [booking.id],
    );
    expect(row!.id).toMatch(/^rc_[\w-]+$/);
    expect(row!.storage_path).toBeNull();
    expect(row!.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
    const [file] = await ctx.database.sql.query<{ bytes: Uint8Array }>('SELECT bytes FROM receipt_files WHERE receipt_id = $1', [
      row!.id,
    ]);
    expect(Buffer.from(file!.bytes).equals(PNG)).toBe(true);
    expect(fs.existsSync(path.join(ctx.env.DATA_DIR, 'uploads'))).toBe(false);
    expect((await upload(booking.id, PDF, 'scan.pdf', 'application/pdf')).statusCode).toBe(200);
    // A phone photo just under the limit passes the API's own 256 KB JSON body limit.
    const photo = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length - 1, 7)]);
    const large = await upload(booking.id, photo);
    expect(large.statusCode, large.body).toBe(200);
  });

  it('the desk rejects one receipt, then approves the transfer: the booking is paid, ticketed and e-mailed', async () => {
    const agent = await staffMember(ctx.app, 'agent-desk');
    const decide = (receiptId: string, decision: 'approve' | 'reject', payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/transfers/${receiptId}/${decision}`,
        headers: agent.headers,
        ...(payload ? { payload } : {}),
      });
    const receipts = () =>
      ctx.database.sql.query<{ id: string; status: string; reviewed_by: string | null }>(
        'SELECT id, status, reviewed_by FROM payment_receipts WHERE booking_id = $1 ORDER BY uploaded_at, id',
        [booking.id],
      );
    const [first, ...others] = await receipts();
    expect(others.length).toBeGreaterThan(0);

    // A rejection decides that receipt only: the others still wait.
    const rejected = await decide(first!.id, 'reject', { reason: 'not-received' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().booking).toMatchObject({ status: 'pending-payment', statusTrigger: 'receipt-rejected' });
    expect((await receipts()).map((r) => [r.id, r.status])).toEqual([
      [first!.id, 'rejected'],
      ...others.map((r) => [r.id, 'submitted']),
    ]);
    expect((await decide(first!.id, 'reject', { reason: 'not-received' })).statusCode).toBe(409);
    expect((await decide('rc_nonexistent00000000', 'approve')).statusCode).toBe(404);

    // The traveller may still send another receipt; approving it accepts every receipt waiting.
    const again = await upload(booking.id, PNG);
    expect(again.statusCode, again.body).toBe(200);
    const latest = (again.json().booking as Booking).receipts.at(-1)!;
    const approved = await decide(latest.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().booking.status).toBe('confirmed');
    const confirmed = await getBooking(ctx, booking.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect((await receipts()).map((r) => [r.status, r.reviewed_by])).toEqual([
      ['rejected', agent.actor],
      ...others.map(() => ['accepted', agent.actor]),
      ['accepted', agent.actor],
    ]);
    // The payment is the booking's own amount, in its currency, recorded once, under the staff member.
    const payments = await ctx.database.sql.query<{ provider: string; status: string; amount: string; currency: string }>(
      'SELECT provider, status, amount, currency FROM payments WHERE booking_id = $1',
      [booking.id],
    );
    expect(payments.map((p) => [p.provider, p.status, Number(p.amount), p.currency])).toEqual([
      ['bank-transfer', 'succeeded', booking.amount, booking.currency],
    ]);
    const [trail] = await ctx.database.sql.query<{ actor: string }>(
      "SELECT actor FROM booking_events WHERE booking_id = $1 AND to_status = 'payment-confirmed'",
      [booking.id],
    );
    expect(trail!.actor).toBe(agent.actor);
    const mails = await ctx.database.sql.query<{ dedupe_key: string }>(
      "SELECT dedupe_key FROM mail_outbox WHERE split_part(dedupe_key, ':', 2) = $1 ORDER BY dedupe_key",
      [booking.id],
    );
    // The agency is told of each upload once; the traveller of the rejection, the payment and the ticket.
    const uploaded = await receipts();
    expect(mails.map((m) => m.dedupe_key).sort()).toEqual(
      [
        `e-ticket:${booking.id}`,
        `held-agency:${booking.id}`,
        `held:${booking.id}`,
        `paid:${booking.id}`,
        ...uploaded.map((receipt) => `receipt-agency:${booking.id}:${receipt.id}`),
        `receipt-rejected:${booking.id}:${first!.id}`,
      ].sort(),
    );
    // A decision is final: approving again is refused and changes nothing; uploads are closed now.
    const twice = await decide(latest.id, 'approve');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RECEIPT_ALREADY_DECIDED');
    expect((await getBooking(ctx, booking.id)).status).toBe('confirmed');
    expect(await ctx.database.sql.query('SELECT 1 FROM payments WHERE booking_id = $1', [booking.id])).toHaveLength(1);
    expect((await upload(booking.id, PNG)).statusCode).toBe(409);
  });
});
