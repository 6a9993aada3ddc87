import { bookingResponseSchema, cancellationQuoteResponseSchema, type Booking } from '@kwenda/contracts';
import type { BookingDeskState, RefundsResponse } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithScriptedAirline, orderIdOf, ticketedBooking, type ScriptedAirline } from './airline-change-fixtures.js';
import { findOffer, guestHeaders, pay, readyBooking } from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { staffMember, type TestStaffMember } from './helpers/staff.js';
import type { TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const AGENCY = 'support@kwenda.sd';

/**
 * What a cancellation owes and says (issue 26): a cancelled booking owes what the airline refunds of
 * what was paid, not all of it (the list, the refund form and the e-mails say paid, the airline's fee
 * and the refund, and the booking leaves the list once that is refunded); the traveller and the agency
 * are told of every cancellation once; a traveller cancels a held booking, releasing the seats.
 */
describe.each(backends)('cancellations and what they owe on %s', (backend) => {
  let ctx: TestContext;
  let airline: ScriptedAirline;
  let agent: TestStaffMember;

  beforeAll(async () => {
    ({ ctx, airline } = await appWithScriptedAirline(backend));
    agent = await staffMember(ctx.app, 'agent-desk');
  }, 120_000);
  afterAll(async () => ctx?.close());

  const sql = <T>(text: string, params: unknown[] = []) => ctx.database.sql.query<T>(text, params);
  const mails = (bookingId: string) =>
    sql<{ dedupe_key: string; to_address: string; subject: string; text_body: string }>(
      "SELECT dedupe_key, to_address, subject, text_body FROM mail_outbox WHERE split_part(dedupe_key, ':', 2) = $1 ORDER BY created_at, dedupe_key",
      [bookingId],
    );
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: agent.headers, ...(payload ? { payload } : {}) });
  const traveller = (booking: Booking, url: string, payload: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}${url}`,
      headers: guestHeaders(ctx, booking.id),
      payload,
    });
  const refunds = async () => (await staff('GET', '/refunds')).json() as RefundsResponse;

  /** The booking: 1,117,194 SDG paid, a ticket the airline refunds 922,194 SDG of (USD 1,536.99 at 600). */
  async function paidInSdg(family: string): Promise<Booking> {
    const booking = await ticketedBooking(ctx, family);
    await sql("UPDATE bookings SET currency = 'SDG', exchange_rate = 600, amount = 1117194, pricing = NULL WHERE id = $1", [
      booking.id,
    ]);
    await sql("UPDATE payments SET amount = 1117194, currency = 'SDG' WHERE booking_id = $1", [booking.id]);
    airline.refundUsd = 1536.99;
    return { ...booking, currency: 'SDG', amount: 1117194 };
  }

  it('owes what the airline refunds: 922,194 of 1,117,194 SDG paid, shown so, settled by recording it', async () => {
    const booking = await paidInSdg('OWEDSDG');
    const quoted = cancellationQuoteResponseSchema.parse((await traveller(booking, '/cancellation-quote')).json()).quote;
    expect(quoted.refundAmount).toBe(922194);
    const done = await traveller(booking, '/cancellation', { quoteId: quoted.id });
    expect(done.statusCode, done.body).toBe(200);

    // The list and the refund form (the booking's desk state) show paid, the airline's fee, owed, remaining.
    const owed = {
      currency: 'SDG',
      paid: 1117194,
      refunded: 0,
      refundable: 922194,
      cancellation: {
        currency: 'SDG',
        paid: 1117194,
        airlineRefund: 922194,
        airlineFee: 195000,
        agencyFee: 0,
        owed: 922194,
        refunded: 0,
        refundTo: 'original_form_of_payment',
        supplierRefund: { amount: 1536.99, currency: 'USD' },
      },
    };
    expect((await refunds()).due.find((d) => d.bookingId === booking.id)?.money).toEqual(owed);
    const state = (await staff('GET', `/bookings/${booking.id}/actions`)).json() as BookingDeskState;
    expect(state.money).toEqual(owed);
    expect(state.actions).toContain('refund');

    // The audit row keeps the figures the history shows.
    const [audit] = await sql<{ details: Record<string, unknown> }>(
      "SELECT details FROM booking_events WHERE booking_id = $1 AND status_trigger = 'traveller-canceled'",
      [booking.id],
    );
    expect(audit!.details).toMatchObject({ paid: 1117194, airlineFee: 195000, agencyFee: 0, owed: 922194 });

    // More than owed is refused; what is owed settles it, and the booking leaves the list.
    const tooMuch = await staff('POST', `/bookings/${booking.id}/refunds`, {
      amount: 1117194,
      method: 'bank-transfer',
      reference: 'TRX-ALL',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('REFUND_EXCEEDS_PAID');
    const settled = await staff('POST', `/bookings/${booking.id}/refunds`, {
      amount: 922194,
      method: 'bank-transfer',
      reference: 'TRX-922',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().booking).toMatchObject({ status: 'refunded', statusTrigger: 'refund-issued' });
    expect((await refunds()).due.some((d) => d.bookingId === booking.id)).toBe(false);

    // The e-mails state the amount paid, the airline's fee and the refund; never "part of the amount paid".
    const sent = await mails(booking.id);
    const canceledMail = sent.find((m) => m.dedupe_key === `traveller-canceled:${booking.id}`)!;
    for (const text of ['1,117,194', '195,000', '922,194']) expect(canceledMail.text_body).toContain(text);
    expect(canceledMail.text_body).toContain('Airline’s cancellation fee');
    expect(canceledMail.text_body).toContain('رسوم الإلغاء لدى شركة الطيران');
    const refundMail = sent.find((m) => m.dedupe_key.startsWith(`refund:${booking.id}:`))!;
    expect(refundMail.text_body).toContain('195,000');
    expect(refundMail.text_body).toContain('all that is owed to you, 922,194');
    expect(refundMail.text_body).not.toContain('This is part of the amount paid');
  }, 90_000);

  it('tells the traveller and the agency of a cancellation once, and the booking page states the refund', async () => {
    const booking = await paidInSdg('TELLONCE');
    const quoted = cancellationQuoteResponseSchema.parse((await traveller(booking, '/cancellation-quote')).json()).quote;
    const done = await traveller(booking, '/cancellation', { quoteId: quoted.id });
    const canceled = bookingResponseSchema.parse(done.json()).booking;
    expect(canceled.cancellation).toMatchObject({ paid: 1117194, airlineFee: 195000, owed: 922194, refunded: 0 });
    // Twice is refused, and nothing is sent twice.
    expect((await traveller(booking, '/cancellation', { quoteId: quoted.id })).statusCode).toBe(409);
    await ctx.app.kwenda.supplierCalls.reconcile(new Date(Date.now() + 60 * 60_000));
    const sent = (await mails(booking.id)).filter((m) => !m.dedupe_key.startsWith('held') && !m.dedupe_key.startsWith('paid'));
    expect(sent.filter((m) => m.dedupe_key === `traveller-canceled:${booking.id}`).map((m) => m.to_address)).toEqual([
      'traveller@example.com',
    ]);
    expect(sent.filter((m) => m.dedupe_key === `canceled-agency:${booking.id}`).map((m) => m.to_address)).toEqual([AGENCY]);
    // The booking as the page reads it later still carries the refund.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${booking.id}`,
      headers: guestHeaders(ctx, booking.id),
    });
    expect(page.json().cancellation).toMatchObject({ owed: 922194, airlineFee: 195000 });
    // Anyone holding only the link does not see it.
    const stranger = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}` });
    expect(stranger.json().cancellation).toBeNull();
  }, 90_000);

  it('tells both of a cancellation by the agency, once', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'DESKHELD');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const canceled = await staff('POST', `/bookings/${booking.id}/cancel`, { reason: 'Traveller asked by phone' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const sent = await mails(booking.id);
    expect(sent.filter((m) => m.dedupe_key === `staff-canceled:${booking.id}`)).toHaveLength(1);
    const agency = sent.filter((m) => m.dedupe_key === `canceled-agency:${booking.id}`);
    expect(agency.map((m) => m.to_address)).toEqual([AGENCY]);
    expect(agency[0]!.text_body).toContain('A staff member cancelled booking');
    expect(agency[0]!.text_body).toContain('No refund is due for this booking.');
  }, 90_000);

  it('lets the traveller cancel a held booking: the hold is released at the airline, the booking canceled', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'RELEASE');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const orderId = await orderIdOf(ctx, booking.id);
    expect((await airline.supplier.getOrder(orderId))?.state).not.toBe('cancelled');

    // Only the booking's owner.
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/hold-cancellation`,
      payload: {},
    });
    expect(stranger.statusCode).toBe(403);

    const done = await traveller(booking, '/hold-cancellation');
    expect(done.statusCode, done.body).toBe(200);
    const canceled = bookingResponseSchema.parse(done.json()).booking;
    expect(canceled).toMatchObject({ status: 'canceled', statusTrigger: 'traveller-canceled' });
    expect(canceled.cancellation).toMatchObject({ paid: 0, owed: 0 });
    expect((await airline.supplier.getOrder(orderId))?.state).toBe('cancelled');
    const calls = await sql<{ kind: string; outcome: string; details: Record<string, unknown> }>(
      'SELECT kind, outcome, details FROM supplier_calls WHERE booking_id = $1',
      [booking.id],
    );
    expect(calls.filter((c) => c.kind === 'cancel')).toMatchObject([
      { outcome: 'cancelled', details: { reason: 'traveller-canceled' } },
    ]);
    const audit = await sql<{ from_status: string; to_status: string; actor: string }>(
      "SELECT from_status, to_status, actor FROM booking_events WHERE booking_id = $1 AND status_trigger = 'traveller-canceled'",
      [booking.id],
    );
    expect(audit).toEqual([{ from_status: 'pending-payment', to_status: 'canceled', actor: 'guest' }]);
    const sent = await mails(booking.id);
    const mine = sent.filter((m) => m.dedupe_key === `traveller-canceled:${booking.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text_body).toContain('released the seats');
    expect(sent.filter((m) => m.dedupe_key === `canceled-agency:${booking.id}`)).toHaveLength(1);
    expect((await refunds()).due.some((d) => d.bookingId === booking.id)).toBe(false);

    // Once only.
    const again = await traveller(booking, '/hold-cancellation');
    expect(again.statusCode).toBe(409);
  }, 90_000);

  it('keeps a held booking whose transfer receipt is being checked, and a ticketed one goes by the quote', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'UNDERREVIEW');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const body = multipart(PNG, 'receipt.png', 'image/png');
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      payload: body.payload,
      headers: { ...body.headers, ...guestHeaders(ctx, booking.id) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const refused = await traveller(booking, '/hold-cancellation');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('RECEIPT_UNDER_REVIEW');
    expect((await sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [booking.id]))[0]!.status).toBe(
      'pending-payment',
    );
    // A ticketed booking is cancelled at the airline's quote, not released.
    const ticketed = await ticketedBooking(ctx, 'NOTAHOLD');
    const wrong = await traveller(ticketed, '/hold-cancellation');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('INVALID_BOOKING_STATE');
    // And a held booking gets no quote.
    const held = await readyBooking(ctx, await findOffer(ctx, 'available'), 'HELDNOQUOTE');
    expect((await pay(ctx, held.id, true)).statusCode).toBe(200);
    expect((await traveller(held, '/cancellation-quote')).statusCode).toBe(409);
  }, 90_000);
});
