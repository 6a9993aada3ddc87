import type { Booking } from '@kwenda/contracts';
import { adminBookingDetailSchema, transfersResponseSchema } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asGuest, findOffer, heldForTransfer as holdForTransfer } from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { staffMember, type TestStaffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const AGENCY = 'support@kwenda.sd';
/** A PNG of its own: the signature, then bytes that make each file different. */
const png = (seed: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, seed)]);

/**
 * A transfer receipt is the agency's only proof of payment: a file already sent for another booking
 * (approved there, or waiting) is flagged on the desk, the traveller is told without being shown the
 * other booking, and the agency is e-mailed about every upload, once.
 */
describe.each(backends)('transfer receipts sent twice, and the agency told of each, on %s', (backend) => {
  let ctx: TestContext;
  let agent: TestStaffMember;
  let families = 0;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: { RUN_JOBS: 'false' } });
    agent = await staffMember(ctx.app, 'agent-desk');
  }, 60_000);
  afterAll(async () => ctx?.close());

  const sql = <T>(text: string, params: unknown[] = []) => ctx.database.sql.query<T>(text, params);
  const heldForTransfer = async () => holdForTransfer(ctx, await findOffer(ctx, 'available'), 'RECEIPT', ++families);
  async function upload(booking: Booking, file: Buffer) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      ...asGuest(ctx, booking.id, multipart(file, 'bankak.png', 'image/png')),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, booking: (response.json() as { booking: Booking }).booking };
  }
  const agencyMails = (bookingId: string) =>
    sql<{ dedupe_key: string; subject: string; text_body: string; html_body: string }>(
      `SELECT dedupe_key, subject, text_body, html_body FROM mail_outbox
        WHERE to_address = $1 AND dedupe_key LIKE 'receipt-agency:' || $2 || ':%' ORDER BY created_at`,
      [AGENCY, bookingId],
    );

  it('flags a file already sent for another booking on the transfers and the booking page, and tells the traveller', async () => {
    const first = await heldForTransfer();
    const file = png(7);
    const sent = await upload(first, file);
    expect(sent.booking.receipts[0]!.sameFileElsewhere).toBe(false);
    const firstReceipt = sent.booking.receipts[0]!.id;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/transfers/${firstReceipt}/approve`,
      headers: agent.headers,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const second = await heldForTransfer();
    const again = await upload(second, file);
    // Taken (a traveller may pay two bookings with one transfer) but flagged; the traveller is told,
    // not shown the other booking.
    expect(again.booking.status).toBe('pending-payment');
    expect(again.booking.receipts[0]!.sameFileElsewhere).toBe(true);
    expect(again.body).not.toContain(first.bookingReference);
    expect(again.body).not.toContain(first.id);
    const secondReceipt = again.booking.receipts[0]!.id;

    const transfers = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/transfers', headers: agent.headers });
    expect(transfers.statusCode, transfers.body).toBe(200);
    const item = transfersResponseSchema.parse(transfers.json()).transfers.find((t) => t.receiptId === secondReceipt)!;
    expect(item.sameFileAs).toEqual([
      { bookingId: first.id, bookingReference: first.bookingReference, receiptId: firstReceipt, status: 'accepted' },
    ]);

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/bookings/${second.id}`, headers: agent.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(adminBookingDetailSchema.parse(detail.json()).receipts[0]!.sameFileAs).toEqual([
      { bookingId: first.id, bookingReference: first.bookingReference, receiptId: firstReceipt, status: 'accepted' },
    ]);
    // The first booking's receipt names the second upload the same way.
    const firstDetail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/bookings/${first.id}`,
      headers: agent.headers,
    });
    expect(adminBookingDetailSchema.parse(firstDetail.json()).receipts[0]!.sameFileAs).toEqual([
      { bookingId: second.id, bookingReference: second.bookingReference, receiptId: secondReceipt, status: 'submitted' },
    ]);

    // The agency's e-mail about the second upload carries the flag.
    const [mail] = await agencyMails(second.id);
    expect(mail!.text_body).toContain(first.bookingReference);
    expect(mail!.text_body).toMatch(/already (been )?(sent|uploaded)/i);
  });

  it('e-mails the agency once per upload: reference, amount, a link to the transfer, no flag for a new file', async () => {
    const booking = await heldForTransfer();
    const { booking: after } = await upload(booking, png(21));
    const receiptId = after.receipts[0]!.id;
    const mails = await agencyMails(booking.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.dedupe_key).toBe(`receipt-agency:${booking.id}:${receiptId}`);
    expect(mail!.subject).toContain(booking.bookingReference);
    expect(mail!.text_body).toContain(booking.bookingReference);
    expect(mail!.text_body).toMatch(/\/admin\/transfers#transfer-/);
    expect(mail!.text_body).toContain(receiptId);
    expect(mail!.text_body).not.toMatch(/already (been )?(sent|uploaded)/i);
    // Both languages, Arabic first.
    expect(mail!.text_body.indexOf('إيصال')).toBeGreaterThanOrEqual(0);
    expect(mail!.text_body.indexOf('إيصال')).toBeLessThan(mail!.text_body.indexOf('receipt'));

    // A second file for the same booking: one more e-mail, and nothing sent twice.
    await upload(booking, png(22));
    const keys = (await agencyMails(booking.id)).map((m) => m.dedupe_key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
