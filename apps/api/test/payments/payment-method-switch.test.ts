import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualTicketingDeadline } from '../../src/modules/bookings/ticketing-promise.js';
import { TEST_CARDS } from '../../src/payments/sandbox/sandbox-gateway.js';
import { createSandboxSupplier } from '../../src/suppliers/sandbox/sandbox-supplier.js';
import { asGuest, findOffer, getBooking, pay, readyBooking } from '../helpers/booking-factories.js';
import { postSandboxWebhook, sandboxPaidEvent } from '../helpers/payments.js';
import { multipart } from '../helpers/multipart.js';
import { staffMember, type TestStaffMember } from '../helpers/staff.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { backends } from '../helpers/test-database.js';

const SECRET = 'test-gateway-secret-0123456789';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 3)]);
const BANK_ACCOUNTS = JSON.stringify([
  // No currency: SDG, as every account configured before accounts stated one.
  { bankAr: 'بنك الخرطوم (تطبيق بنكك)', bankEn: 'Bank of Khartoum (Bankak app)', accountName: 'Kwenda', accountNumber: '1111' },
  {
    bankAr: 'بنك فيصل - حساب بالدولار',
    bankEn: 'Faisal Bank USD account',
    accountName: 'Kwenda',
    accountNumber: '2222',
    currency: 'USD',
  },
]);

/**
 * Changing how a held booking is paid: card and bank transfer each close what the other left open,
 * a confirmed payment closes every checkout of its booking, the transfer is asked for in each
 * account's own currency, and a ticket the airline refuses is promised by hand.
 */
describe.each(backends)('paying a held booking one way then another on %s', (backend) => {
  let ctx: TestContext;
  let agent: TestStaffMember;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => createSandboxSupplier({ database }),
      env: { SANDBOX_GATEWAY_SECRET: SECRET, BANK_ACCOUNTS },
    });
    agent = await staffMember(ctx.app, 'agent-desk');
  });
  afterAll(async () => ctx?.close());

  const submitCard = (link: string, cardNumber: string) =>
    ctx.app.inject({
      method: 'POST',
      url: link,
      payload: new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123', name: 'AMNA OSMAN' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const paymentsOf = async (bookingId: string) =>
    (
      await ctx.database.sql.query<{ status: string }>(
        'SELECT status FROM payments WHERE booking_id = $1 AND provider <> $2 ORDER BY created_at',
        [bookingId, 'bank-transfer'],
      )
    ).map((p) => p.status);
  const upload = (id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${id}/receipts`,
      ...asGuest(ctx, id, multipart(PNG, 'bankak.png', 'image/png', 'file')),
    });
  const waitingReceipt = async (bookingId: string) => {
    const [row] = await ctx.database.sql.query<{ id: string }>(
      "SELECT id FROM payment_receipts WHERE booking_id = $1 AND status = 'submitted' ORDER BY uploaded_at DESC",
      [bookingId],
    );
    return row!.id;
  };
  const desk = (path: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: agent.headers, ...(payload ? { payload } : {}) });
  const mails = (bookingId: string) =>
    ctx.database.sql.query<{ dedupe_key: string; subject: string; text_body: string; to_address: string }>(
      "SELECT dedupe_key, subject, text_body, to_address FROM mail_outbox WHERE split_part(dedupe_key, ':', 2) = $1",
      [bookingId],
    );
  const lateCapture = (sessionId: string, booking: Booking, id: string) =>
    postSandboxWebhook(ctx, SECRET, sandboxPaidEvent(sessionId, booking, id));

  describe('item 4: one open checkout at most, closed by a switch and by a payment', () => {
    it('card, then transfer, then staff approve: the card page is closed and refuses the card; nothing to refund', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'TWICE');
      const link = (await pay(ctx, booking.id, false)).json().booking.paymentLink as string;
      expect(link).toMatch(/^\/gateway\/sandbox\/checkout\/cs_/);

      const switched = await pay(ctx, booking.id, true);
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json().booking).toMatchObject({ paymentMethod: 'bank-transfer', paymentLink: null });
      expect(await paymentsOf(booking.id)).toEqual(['expired']);

      expect((await upload(booking.id)).statusCode).toBe(200);
      const approved = await desk(`/admin/transfers/${await waitingReceipt(booking.id)}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await getBooking(ctx, booking.id)).status).toBe('confirmed');

      // The page left open in another tab says it is closed, in both languages, and takes no money.
      const page = await ctx.app.inject({ method: 'GET', url: `${link}?lang=en` });
      expect(page.body).toContain('This payment page is closed');
      const late = await submitCard(link, TEST_CARDS.success);
      expect(late.statusCode).toBe(200);
      expect(late.body).toContain('أُغلقت صفحة الدفع هذه');
      expect(await paymentsOf(booking.id)).toEqual(['expired']);
    });

    it('a card payment that confirms the booking closes any other checkout of it', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'TWOTABS');
      const first = (await pay(ctx, booking.id, false)).json().booking.paymentLink as string;
      expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
      const second = (await pay(ctx, booking.id, false)).json().booking.paymentLink as string;
      expect(second).not.toBe(first);
      expect(await paymentsOf(booking.id)).toEqual(['expired', 'open']);

      // A capture the first page made just before it closed still lands and pays the booking.
      const captured = await lateCapture(first.split('/').pop()!, booking, `evt_first_${backend}`);
      expect(captured.json()).toMatchObject({ outcome: 'confirmed' });
      expect(await paymentsOf(booking.id)).toEqual(['succeeded', 'expired']);
      const refused = await submitCard(second, TEST_CARDS.success);
      expect(refused.body).toContain('أُغلقت صفحة الدفع هذه');
      expect(await paymentsOf(booking.id)).toEqual(['succeeded', 'expired']);
    });
  });

  describe('item 19: switching the payment method of a held booking', () => {
    it('pay later -> card keeps the hold and its deadline; card -> pay later closes the card page', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'SWITCH');
      const later = (await pay(ctx, booking.id, true)).json().booking as Booking;
      expect(later.holdExpiresAt).not.toBeNull();

      const card = await pay(ctx, booking.id, false);
      expect(card.statusCode, card.body).toBe(200);
      const byCard = card.json().booking as Booking;
      expect(byCard).toMatchObject({ status: 'pending-payment', paymentMethod: 'card', holdExpiresAt: later.holdExpiresAt });
      expect(byCard.paymentLink).toMatch(/^\/gateway\/sandbox\/checkout\/cs_/);
      // The transfer instructions go with the method: the page no longer asks for a transfer.
      expect(byCard.transferAccounts).toEqual([]);
      // A receipt is refused while the booking is paid by card.
      expect((await upload(booking.id)).statusCode).toBe(409);

      const back = (await pay(ctx, booking.id, true)).json().booking as Booking;
      expect(back).toMatchObject({ paymentMethod: 'bank-transfer', holdExpiresAt: later.holdExpiresAt, paymentLink: null });
      expect(await paymentsOf(booking.id)).toEqual(['expired']);
      const page = await ctx.app.inject({ method: 'GET', url: `${byCard.paymentLink!}?lang=en` });
      expect(page.body).toContain('This payment page is closed');
    });

    it('refuses a switch to card while a transfer receipt waits for the desk, and allows it once the receipt is refused', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'REVIEWED');
      expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
      expect((await upload(booking.id)).statusCode).toBe(200);
      const refused = await pay(ctx, booking.id, false);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'RECEIPT_UNDER_REVIEW' });
      expect((await getBooking(ctx, booking.id)).paymentMethod).toBe('bank-transfer');

      const rejected = await desk(`/admin/transfers/${await waitingReceipt(booking.id)}/reject`, { reason: 'not-received' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const card = await pay(ctx, booking.id, false);
      expect(card.statusCode, card.body).toBe(200);
      expect(card.json().booking.paymentMethod).toBe('card');
    });

    it('refuses a switch once the booking is paid', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'PAIDUP');
      expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
      expect((await upload(booking.id)).statusCode).toBe(200);
      expect((await desk(`/admin/transfers/${await waitingReceipt(booking.id)}/approve`)).statusCode).toBe(200);
      const again = await pay(ctx, booking.id, false);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVALID_BOOKING_STATE');
    });
  });

  describe('item 16: the transfer in each account’s own currency', () => {
    it('a USD booking asks the SDG account for pounds at the booking’s own rate and the USD account for dollars', async () => {
      const offer = await findOffer(ctx, 'available', { currency: 'USD' });
      const booking = await readyBooking(ctx, offer, 'DOLLARS');
      expect(booking.currency).toBe('USD');
      const [rate] = await ctx.database.sql.query<{ units_per_usd: string }>(
        `SELECT units_per_usd FROM exchange_rate_changes WHERE currency = 'SDG' AND canceled_at IS NULL AND effective_at <= now()
          ORDER BY effective_at DESC, set_at DESC LIMIT 1`,
      );
      const sdgRate = Number(rate!.units_per_usd);
      // A new rate set after the booking was priced does not change what it owes.
      await ctx.database.sql.query(
        `INSERT INTO exchange_rate_changes (id, currency, units_per_usd, effective_at) VALUES ('rt_after_${backend}', 'SDG', $1, now())`,
        [sdgRate * 2],
      );
      const held = (await pay(ctx, booking.id, true)).json().booking as Booking;
      const pounds = Math.round(booking.amount * sdgRate);
      expect(held.transferAccounts).toEqual([
        expect.objectContaining({ accountNumber: '1111', currency: 'SDG', amount: pounds }),
        expect.objectContaining({ accountNumber: '2222', currency: 'USD', amount: booking.amount }),
      ]);

      // The hold e-mail says the same, and so does the desk's transfer queue.
      const held_mail = (await mails(booking.id)).find((m) => m.dedupe_key === `held:${booking.id}`)!;
      expect(held_mail.text_body).toContain(pounds.toLocaleString('en-US'));
      expect(held_mail.text_body).toContain('1111');
      expect((await upload(booking.id)).statusCode).toBe(200);
      const queue = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/transfers', headers: agent.headers });
      const item = queue.json().transfers.find((t: { bookingId: string }) => t.bookingId === booking.id);
      expect(item.expectedInAccounts).toEqual(
        expect.arrayContaining([
          { accountNumber: '1111', currency: 'SDG', amount: pounds },
          { accountNumber: '2222', currency: 'USD', amount: booking.amount },
        ]),
      );
      await ctx.database.sql.query(`UPDATE exchange_rate_changes SET canceled_at = now() WHERE id = 'rt_after_${backend}'`);
    });

    it('an SDG booking asks the SDG account for its own amount', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'POUNDS');
      expect(booking.currency).toBe('SDG');
      const held = (await pay(ctx, booking.id, true)).json().booking as Booking;
      expect(held.transferAccounts[0]).toMatchObject({ accountNumber: '1111', currency: 'SDG', amount: booking.amount });
    });
  });

  describe('item 17: tickets the airline refuses are issued by hand, and the traveller is told', () => {
    it('tells the page and the traveller by e-mail when the agency will issue the ticket; staff issuing sends the e-ticket', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'TICKETFAIL');
      const link = (await pay(ctx, booking.id, false)).json().booking.paymentLink as string;
      const before = new Date();
      expect((await submitCard(link, TEST_CARDS.success)).statusCode).toBe(303);
      const paid = await getBooking(ctx, booking.id);
      expect(paid).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-failed' });
      expect(paid.manualTicketingBy).not.toBeNull();
      const promised = new Date(paid.manualTicketingBy!);
      const hours = { fromDay: 'sun', toDay: 'thu', opens: '09:00', closes: '17:00' } as const;
      expect(promised.getTime()).toBeGreaterThanOrEqual(manualTicketingDeadline(before, 4, hours).getTime() - 60_000);
      expect(promised.getTime()).toBeLessThanOrEqual(manualTicketingDeadline(new Date(), 4, hours).getTime());

      const told = (await mails(booking.id)).filter((m) => m.dedupe_key === `ticketing-manual:${booking.id}`);
      expect(told).toHaveLength(1);
      // The booking was made in Arabic: the message opens in Arabic.
      expect(told[0]!.subject).toMatch(/^[^A-Za-z]*تذكرتك/);
      expect(told[0]!.text_body).toContain('يدويًا');
      expect(told[0]!.text_body).toContain('by hand');

      // The job tries the airline again: the same promise, no second e-mail.
      await ctx.bookings.fulfilPending(new Date(Date.now() + 5 * 60_000));
      const retried = await getBooking(ctx, booking.id);
      expect(retried.manualTicketingBy).toBe(paid.manualTicketingBy);
      expect((await mails(booking.id)).filter((m) => m.dedupe_key === `ticketing-manual:${booking.id}`)).toHaveLength(1);

      const manual = await desk(`/admin/bookings/${booking.id}/manual-ticket`, {
        pnr: 'HND123',
        tickets: [{ passengerId: paid.passengers[0]!.id, ticketNumber: '0771234567890' }],
      });
      expect(manual.statusCode, manual.body).toBe(200);
      const ticketed = await getBooking(ctx, booking.id);
      expect(ticketed).toMatchObject({ status: 'confirmed', manualTicketingBy: null });
      expect(ticketed.ticketLink).not.toBeNull();
      const eTicket = (await mails(booking.id)).find((m) => m.dedupe_key === `e-ticket:${booking.id}`);
      expect(eTicket?.text_body).toContain('0771234567890');
    });
  });
});
