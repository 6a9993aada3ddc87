import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload, TEST_CARDS } from '../../src/payments/sandbox/sandbox-gateway.js';
import { createSandboxSupplier } from '../../src/suppliers/sandbox/sandbox-supplier.js';
import { findOffer, getBooking, guestHeaders, pay, readyBooking } from '../helpers/booking-factories.js';
import { postSandboxWebhook, sandboxPaidEvent } from '../helpers/payments.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { raceAtLock } from '../helpers/lock-barrier.js';
import { backends } from '../helpers/test-database.js';

const SECRET = 'test-gateway-secret-0123456789';

describe.each(backends)('card payments through the sandbox gateway on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => createSandboxSupplier({ database }),
      env: { SANDBOX_GATEWAY_SECRET: SECRET },
    });
  });
  afterAll(async () => ctx?.close());

  const cardForm = (cardNumber: string, overrides: Record<string, string> = {}) =>
    new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123', name: 'AMNA OSMAN', ...overrides }).toString();
  const submitCard = (link: string, cardNumber: string, overrides: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: link,
      payload: cardForm(cardNumber, overrides),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const outbox = (bookingId: string) =>
    ctx.database.sql.query<{
      to_address: string;
      subject: string;
      attachments: { filename: string; contentType: string; content: string }[];
    }>('SELECT to_address, subject, attachments FROM mail_outbox WHERE dedupe_key = $1', [`e-ticket:${bookingId}`]);
  const bookingLock = (bookingId: string) => ({ sql: 'SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', params: [bookingId] });
  const paymentLock = (bookingId: string) => ({
    sql: "SELECT 1 FROM payments WHERE booking_id = $1 AND status = 'open' FOR UPDATE",
    params: [bookingId],
  });
  const paymentsOf = (bookingId: string) =>
    ctx.database.sql.query<{ status: string; amount: string }>(
      'SELECT status, amount FROM payments WHERE booking_id = $1 ORDER BY created_at',
      [bookingId],
    );

  it('declines a card with a clear message, then takes another, confirms, tickets and e-mails the e-ticket', async () => {
    const offer = await findOffer(ctx, 'available');
    const booking = await readyBooking(ctx, offer, 'CARDPAY');
    const opened = await pay(ctx, booking.id, false);
    expect(opened.statusCode, opened.body).toBe(200);
    const held = opened.json().booking as Booking;
    expect(held.status).toBe('pending-payment');
    expect(held.statusTrigger).toBe('payment-started');
    expect(held.paymentLink).toMatch(/^\/gateway\/sandbox\/checkout\/cs_/);
    const link = held.paymentLink!;

    // The hosted page, in the traveller's language, with the booking's amount.
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain(held.bookingReference);
    expect(page.body).toContain(held.amount.toLocaleString('en-US'));
    const english = await ctx.app.inject({ method: 'GET', url: `${link}?lang=en` });
    expect(english.body).toContain('Card payment');

    // A number failing Luhn is a form error, not a charge.
    const typo = await submitCard(link, '4242424242424241');
    expect(typo.statusCode).toBe(200);
    expect(typo.body).toContain('aria-invalid="true"');
    expect((await getBooking(ctx, booking.id)).paymentError).toBeNull();

    const declined = await submitCard(link, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('رُفضت بطاقتك');
    const afterDecline = await getBooking(ctx, booking.id);
    expect(afterDecline).toMatchObject({
      status: 'pending-payment',
      statusTrigger: 'payment-failed',
      paymentError: 'card_declined',
    });

    // Try again: the same checkout, then a good card.
    const again = await pay(ctx, booking.id, false);
    expect(again.json().booking.paymentLink).toBe(link);
    const paid = await submitCard(link, TEST_CARDS.success);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/booking/${booking.id}?payment=return`);

    const confirmed = await getBooking(ctx, booking.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.statusTrigger).toBe('ticket-issued');
    expect(confirmed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect(confirmed.passengers.every((p) => /^\d{13}$/.test(p.ticketNumber ?? ''))).toBe(true);
    expect(confirmed.ticketLink).toBe(`/api/v1/bookings/${booking.id}/ticket.pdf`);
    expect(confirmed.paymentLink).toBeNull();
    expect(confirmed.paymentError).toBeNull();
    expect(await paymentsOf(booking.id)).toEqual([{ status: 'succeeded', amount: expect.anything() }]);

    const [mail] = await outbox(booking.id);
    expect(mail!.to_address).toBe('traveller@example.com');
    expect(mail!.subject).toContain(confirmed.bookingReference);
    expect(Buffer.from(mail!.attachments[0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await ctx.app.inject({ method: 'GET', url: confirmed.ticketLink!, headers: guestHeaders(ctx, booking.id) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // Paying the completed page again charges nothing.
    const twice = await submitCard(link, TEST_CARDS.success);
    expect(twice.statusCode).toBe(200);
    expect(twice.body).toContain('تم الدفع لهذه العملية');

    // A ticketed booking whose e-mail was never queued (a crash between the steps) gets it from the job.
    await ctx.database.sql.query('DELETE FROM mail_outbox WHERE dedupe_key = $1', [`e-ticket:${booking.id}`]);
    await ctx.bookings.fulfilPending();
    expect(await paymentsOf(booking.id)).toHaveLength(1);
    expect(await outbox(booking.id)).toHaveLength(1);
  });

  it('opens one checkout when two tabs press pay at once', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'TWOTABS');
    const press = () => pay(ctx, booking.id, false);
    const [a, b, c] = await raceAtLock(ctx.database, bookingLock(booking.id), [press, press, press]);
    for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(200);
    const links = new Set([a, b, c].map((r) => r.json().booking.paymentLink));
    expect(links.size).toBe(1);
    expect(await paymentsOf(booking.id)).toHaveLength(1);
  });

  describe('webhooks', () => {
    let booking: Booking;
    let sessionId: string;
    beforeAll(async () => {
      booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'WEBHOOK');
      const opened = await pay(ctx, booking.id, false);
      sessionId = opened.json().booking.paymentLink.split('/').pop();
    });

    const event = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: `evt_${Math.random().toString(36).slice(2)}`,
        type: 'payment.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { sessionId, amount: booking.amount, currency: booking.currency, ...data },
        ...overrides,
      });
    const send = (body: string, signature: string | undefined) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        payload: body,
        headers: { 'content-type': 'application/json', ...(signature ? { 'kwenda-signature': signature } : {}) },
      });
    const now = () => Math.floor(Date.now() / 1000);

    it.each([
      ['no signature', undefined],
      ['a garbled header', 'nonsense'],
      ['another secret', (body: string) => signPayload('someone-elses-secret-000000', body, now())],
      ['a stale timestamp', (body: string) => signPayload(SECRET, body, now() - 600)],
      ['a signature of another body', () => signPayload(SECRET, '{"id":"evt_other"}', now())],
    ])('refuses a forged notification: %s', async (_name, sign) => {
      const body = event();
      const response = await send(body, typeof sign === 'function' ? sign(body) : sign);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    });

    it('takes the amount from the booking: a notification for less is kept for a refund, not confirmed', async () => {
      const body = event({}, { amount: 1 });
      const response = await send(body, signPayload(SECRET, body, now()));
      expect(response.json()).toMatchObject({ outcome: 'refund-required' });
      expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    });

    it('handles a replayed event once', async () => {
      // A fresh checkout after the refund-required one above.
      const reopened = await pay(ctx, booking.id, false);
      sessionId = reopened.json().booking.paymentLink.split('/').pop();
      const body = event();
      const signature = signPayload(SECRET, body, now());
      // The first waits for the payment's lock, the second for the first's record of the event.
      const [first, second] = await raceAtLock(ctx.database, paymentLock(booking.id), [
        () => send(body, signature),
        () => send(body, signature),
      ]);
      expect([first.json().outcome, second.json().outcome].sort()).toEqual(['confirmed', 'duplicate']);
      const confirmed = await getBooking(ctx, booking.id);
      expect(confirmed.status).toBe('confirmed');
      const [trail] = await ctx.database.sql.query<{ n: string }>(
        "SELECT count(*) AS n FROM booking_events WHERE booking_id = $1 AND to_status = 'payment-confirmed'",
        [booking.id],
      );
      expect(Number(trail!.n)).toBe(1);
    });
  });

  it('closes the payment page when the hold ends, and keeps money that still arrives for a refund', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'TOOLATE');
    const link = (await pay(ctx, booking.id, false)).json().booking.paymentLink as string;
    const sessionId = link.split('/').pop()!;
    await ctx.bookings.expireHolds(new Date(Date.now() + 121 * 60_000));
    expect((await getBooking(ctx, booking.id)).status).toBe('canceled');
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['expired']);

    // The hosted page refuses the card from now on.
    const page = await ctx.app.inject({ method: 'GET', url: `${link}?lang=en` });
    expect(page.body).toContain('This payment page is closed');
    const late = await submitCard(link, TEST_CARDS.success);
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('أُغلقت صفحة الدفع هذه');

    // A capture the gateway made just before still notifies us: the money is kept for a refund.
    const response = await postSandboxWebhook(ctx, SECRET, sandboxPaidEvent(sessionId, booking, 'evt_late_capture'));
    expect(response.json()).toMatchObject({ received: true, outcome: 'refund-required' });
    expect((await getBooking(ctx, booking.id)).status).toBe('canceled');
    expect((await paymentsOf(booking.id)).map((p) => p.status)).toEqual(['refund-required']);
  });
});
