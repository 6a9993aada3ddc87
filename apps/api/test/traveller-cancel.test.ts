import { bookingResponseSchema, cancellationQuoteResponseSchema, type Booking } from '@kwenda/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingEvents, bookings } from '../src/db/schema.js';
import { convertUsd } from '../src/modules/rates/convert-usd.js';
import { supplierCalls } from '../src/db/supplier-calls-schema.js';
import {
  duffelEvent,
  movedSlices,
  orderIdOf,
  postEvent,
  answerAirlineChange,
  appWithScriptedAirline,
  ticketedBooking,
  type ScriptedAirline,
} from './airline-change-fixtures.js';
import { findOffer, getBooking, guestHeaders, readyBooking } from './helpers/booking-factories.js';
import { staffMember, type TestStaffMember } from './helpers/staff.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * Cancelling a ticketed booking for the airline's refund: a quote first (nothing changes; the refund
 * in the booking's currency at its own rates), then the confirmation naming it (journaled as a cancel
 * call with the quote, the booking canceled with the refund on its audit row, owed on the desk's
 * refunds list). The traveller does it from a rescheduled or ticketed booking, the desk from any
 * ticketed one; strangers, wrong states, unknown quotes and an airline that refuses change nothing.
 */
describe('cancelling for a refund', () => {
  let ctx: TestContext;
  let airline: ScriptedAirline;
  let agent: TestStaffMember;

  beforeAll(async () => {
    ({ ctx, airline } = await appWithScriptedAirline('pglite'));
    agent = await staffMember(ctx.app, 'agent-desk');
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const quote = (booking: Booking, headers = guestHeaders(ctx, booking.id)) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${booking.id}/cancellation-quote`, headers });
  const confirm = (booking: Booking, quoteId: string, headers = guestHeaders(ctx, booking.id)) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${booking.id}/cancellation`, headers, payload: { quoteId } });

  async function rescheduled(family: string): Promise<Booking> {
    const booking = await getBooking(ctx, (await ticketedBooking(ctx, family)).id);
    const orderId = await orderIdOf(ctx, booking.id);
    airline.changes.set(orderId, {
      id: `aic_${family}`,
      orderId,
      removed: booking.slices.slice(0, 1),
      added: movedSlices(booking.slices.slice(0, 1), -2),
      availableActions: ['accept', 'cancel'],
      actionTaken: null,
      createdAt: new Date(),
    });
    const sent = await postEvent(
      ctx,
      duffelEvent('order.airline_initiated_change_detected', { id: `aic_${family}`, order_id: orderId }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await ctx.app.kwenda.jobs.tick();
    const after = await getBooking(ctx, booking.id);
    expect(after.status).toBe('rescheduled');
    return after;
  }

  it('quotes the refund in the booking currency, then cancels a rescheduled booking at that quote', async () => {
    const booking = await rescheduled('REFUNDA');
    airline.refundUsd = 150;
    const quoted = await quote(booking);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const { quote: offer } = cancellationQuoteResponseSchema.parse(quoted.json());
    // The booking's own rates: USD 150 at the exchange rate it was made at (the sandbox sells in USD).
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(offer).toMatchObject({
      currency: booking.currency,
      refundAmount: convertUsd(150, row!.exchangeRate, booking.currency),
      supplierRefundAmount: 150,
      supplierRefundCurrency: 'USD',
    });
    expect(offer.refundAmount).toBeGreaterThan(0);
    // Nothing changes with a quote.
    expect((await getBooking(ctx, booking.id)).status).toBe('rescheduled');

    const stranger = await confirm(booking, offer.id, {});
    expect(stranger.statusCode).toBe(403);
    const unknown = await confirm(booking, 'ore_not_a_quote');
    expect(unknown.statusCode).toBe(404);
    expect(airline.calls.confirm).toEqual([]);

    const done = await confirm(booking, offer.id);
    expect(done.statusCode, done.body).toBe(200);
    const canceled = bookingResponseSchema.parse(done.json()).booking;
    expect(canceled).toMatchObject({ status: 'canceled', statusTrigger: 'traveller-canceled' });
    expect(airline.calls.confirm).toEqual([offer.id]);

    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'traveller-canceled')));
    expect(audit).toMatchObject({ fromStatus: 'rescheduled', toStatus: 'canceled' });
    expect(audit!.details).toMatchObject({
      quoteId: offer.id,
      refund: { amount: offer.refundAmount, currency: booking.currency },
      airlineRefund: { amount: 150, currency: 'USD', to: 'original_form_of_payment' },
    });
    const calls = await ctx.database.db.select().from(supplierCalls).where(eq(supplierCalls.bookingId, booking.id));
    const cancel = calls.find((c) => c.kind === 'cancel');
    expect(cancel).toMatchObject({ supplier: 'duffel', outcome: 'cancelled' });
    expect(cancel!.details).toMatchObject({ reason: 'traveller-canceled', quote: { id: offer.id, supplierRefundAmount: 150 } });

    // The money it received is owed back: the desk's refunds list shows it.
    const refunds = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/refunds', headers: agent.headers });
    expect(refunds.json().due.map((d: { bookingId: string }) => d.bookingId)).toContain(booking.id);
    // The change is closed, and the same quote cannot cancel twice.
    const change = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${booking.id}/airline-change`,
      headers: guestHeaders(ctx, booking.id),
    });
    expect(change.json().change.decision).toBe('cancelled');
    expect((await confirm(booking, offer.id)).statusCode).toBe(409);
    expect((await quote(booking)).statusCode).toBe(409);
  });

  it('changes nothing when the airline refuses the cancellation', async () => {
    const booking = await rescheduled('REFUSED');
    const { quote: offer } = cancellationQuoteResponseSchema.parse((await quote(booking)).json());
    airline.refuseCancel = true;
    try {
      const refused = await confirm(booking, offer.id);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('SUPPLIER_CANCEL_FAILED');
    } finally {
      airline.refuseCancel = false;
    }
    expect((await getBooking(ctx, booking.id)).status).toBe('rescheduled');
    const calls = await ctx.database.db.select().from(supplierCalls).where(eq(supplierCalls.bookingId, booking.id));
    expect(calls.find((c) => c.kind === 'cancel')).toMatchObject({ outcome: 'refused' });
  });

  it('completes the cancellation when the process dies after the airline cancelled, before the booking recorded it', async () => {
    const booking = await rescheduled('CRASHED');
    airline.refundUsd = 90;
    const { quote: offer } = cancellationQuoteResponseSchema.parse((await quote(booking)).json());
    const orderId = await orderIdOf(ctx, booking.id);
    // The request stops dead once the airline has cancelled (crash-points.ts), as a killed process would.
    process.env.KWENDA_CRASH_AT = 'supplier.cancel-answered';
    let answered = false;
    void confirm(booking, offer.id).then(() => (answered = true));
    try {
      await vi.waitFor(
        async () => {
          expect(airline.calls.confirm).toContain(offer.id);
          expect((await airline.supplier.getOrder(orderId))?.state).toBe('cancelled');
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      delete process.env.KWENDA_CRASH_AT;
    }
    expect(answered).toBe(false);
    expect((await getBooking(ctx, booking.id)).status).toBe('rescheduled');
    const cancelCall = async () =>
      (await ctx.database.db.select().from(supplierCalls).where(eq(supplierCalls.bookingId, booking.id))).find(
        (c) => c.kind === 'cancel',
      );
    expect((await cancelCall())?.outcome).toBeNull();

    // Past the call's lease the reconciliation job reads the order back: cancelled, so the booking is
    // canceled at the quote's refund, without confirming at the airline a second time.
    await ctx.app.kwenda.supplierCalls.reconcile(new Date(Date.now() + 60 * 60_000));
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'canceled', statusTrigger: 'traveller-canceled' });
    expect(airline.calls.confirm.filter((id) => id === offer.id)).toHaveLength(1);
    expect(await cancelCall()).toMatchObject({ outcome: 'cancelled', details: { quoteId: offer.id } });
    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'traveller-canceled')));
    expect(audit!.details).toMatchObject({
      quoteId: offer.id,
      refund: { amount: offer.refundAmount, currency: booking.currency },
      airlineRefund: { amount: 90, currency: 'USD' },
    });
  });

  it('lets the traveller cancel a ticketed booking too, but not one still unpaid', async () => {
    const booking = await ticketedBooking(ctx, 'TICKETED');
    const { quote: offer } = cancellationQuoteResponseSchema.parse((await quote(booking)).json());
    const done = await confirm(booking, offer.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().booking.status).toBe('canceled');

    // No change to accept on a booking that was not rescheduled.
    const accept = await answerAirlineChange(ctx, booking.id, 'accept');
    expect(accept.statusCode).toBe(409);

    const unpaid = await readyBooking(ctx, await findOffer(ctx, 'available'), 'UNPAID');
    const refused = await quote(unpaid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INVALID_BOOKING_STATE');
  });

  it('shows the desk the refund before it cancels a ticketed booking, and records it', async () => {
    const booking = await ticketedBooking(ctx, 'DESKCANCEL');
    airline.refundUsd = 80;
    const quoted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/cancellation-quote`,
      headers: agent.headers,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const { quote: offer } = cancellationQuoteResponseSchema.parse(quoted.json());
    expect(offer.supplierRefundAmount).toBe(80);
    const viewer = await staffMember(ctx.app, 'viewer');
    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/cancellation`,
      headers: viewer.headers,
      payload: { reason: 'Traveller asked by phone', quoteId: offer.id },
    });
    expect(forbidden.statusCode).toBe(403);
    const canceled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${booking.id}/cancellation`,
      headers: agent.headers,
      payload: { reason: 'Traveller asked by phone', quoteId: offer.id },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().booking.status).toBe('canceled');
    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'staff-canceled')));
    expect(audit).toMatchObject({ actor: agent.actor });
    expect(audit!.details).toMatchObject({
      reason: 'Traveller asked by phone',
      quoteId: offer.id,
      airlineRefund: { amount: 80 },
    });
  });
});
