import { airlineChangeResponseSchema, type Booking } from '@kwenda/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, mailOutbox } from '../src/db/schema.js';
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
import { supplierCalls } from '../src/db/supplier-calls-schema.js';
import { findOffer, getBooking, guestHeaders, pay, readyBooking } from './helpers/booking-factories.js';
import { staffMember } from './helpers/staff.js';
import type { TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * An airline changes a ticketed booking's flights: Duffel's webhook, the job that reads the change
 * from the supplier, the booking rescheduled (audit row with the change), the traveller e-mailed the
 * old and new times in both languages, the desk and the booking page shown the change, and the
 * traveller's acceptance (owner only) putting the booking back to confirmed on the new flights.
 */
describe('airline-initiated changes', () => {
  let ctx: TestContext;
  let airline: ScriptedAirline;
  let booking: Booking;
  let orderId: string;
  const changeId = 'aic_0000kwenda_first';

  beforeAll(async () => {
    ({ ctx, airline } = await appWithScriptedAirline('pglite', { PUBLIC_URL: 'https://kwenda.example/' }));
    booking = await ticketedBooking(ctx, 'CHANGED', 'en');
    booking = await getBooking(ctx, booking.id);
    orderId = await orderIdOf(ctx, booking.id);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const hhmm = (local: string) => local.slice(11, 16);

  it('reschedules the booking when Duffel reports a change, and e-mails the old and new times', async () => {
    const added = movedSlices(booking.slices.slice(0, 1), 3);
    airline.changes.set(orderId, {
      id: changeId,
      orderId,
      removed: booking.slices.slice(0, 1),
      added,
      availableActions: ['accept', 'cancel'],
      actionTaken: null,
      createdAt: new Date(),
    });
    const event = duffelEvent('order.airline_initiated_change_detected', { id: changeId, order_id: orderId });
    const received = await postEvent(ctx, event);
    expect(received.statusCode, received.body).toBe(200);
    // Stored, not yet acted on: the job does that.
    expect((await getBooking(ctx, booking.id)).status).toBe('confirmed');
    await ctx.app.kwenda.jobs.tick();

    const after = await getBooking(ctx, booking.id);
    expect(after).toMatchObject({ status: 'rescheduled', statusTrigger: 'airline-changed' });
    // The booked flights stay until the traveller accepts.
    expect(after.slices).toEqual(booking.slices);
    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'airline-changed')));
    expect(audit).toMatchObject({ fromStatus: 'confirmed', toStatus: 'rescheduled', actor: 'supplier:duffel' });
    expect(audit!.details).toMatchObject({
      changeId,
      orderId,
      added: [
        expect.objectContaining({ flight: added[0]!.segments[0]!.flightNumber, departure: added[0]!.segments[0]!.departureDate }),
      ],
    });

    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `airline-change:${booking.id}:%`));
    expect(mail, 'an e-mail about the change').toBeTruthy();
    expect(mail!.toAddress).toBe('traveller@example.com');
    expect(mail!.subject).toBe(
      `غيّرت شركة الطيران رحلاتك ${booking.bookingReference} — The airline changed your flights ${booking.bookingReference}`,
    );
    const oldSegment = booking.slices[0]!.segments[0]!;
    const newSegment = added[0]!.segments[0]!;
    for (const body of [mail!.textBody, mail!.htmlBody]) {
      // Both languages, the old and the new local times, the way to answer.
      expect(body).toContain('غيّرت شركة الطيران رحلاتك');
      expect(body).toContain('The airline changed your flights');
      expect(body).toContain(hhmm(oldSegment.departureDate));
      expect(body).toContain(hhmm(newSegment.departureDate));
      expect(body).toContain(`https://kwenda.example/booking/${booking.id}`);
    }
    expect(mail!.textBody).toMatch(new RegExp(`Before: [^\\n]*${hhmm(oldSegment.departureDate)}`));
    expect(mail!.textBody).toMatch(new RegExp(`Now: [^\\n]*${hhmm(newSegment.departureDate)}`));
    expect(mail!.textBody).toMatch(new RegExp(`قبل: [^\\n]*${hhmm(oldSegment.departureDate)}`));
  });

  it('shows the change to the owner and to the desk, not to a stranger holding the link', async () => {
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${booking.id}/airline-change`,
      headers: guestHeaders(ctx, booking.id),
    });
    expect(own.statusCode, own.body).toBe(200);
    const { change } = airlineChangeResponseSchema.parse(own.json());
    expect(change).toMatchObject({ id: changeId, decision: null, availableActions: ['accept', 'cancel'] });
    expect(change!.removed[0]!.segments[0]!.departureDate).toBe(booking.slices[0]!.segments[0]!.departureDate);

    const stranger = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/airline-change` });
    expect(stranger.statusCode).toBe(403);

    const viewer = await staffMember(ctx.app, 'viewer');
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/bookings/${booking.id}/airline-change`,
      headers: viewer.headers,
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().change.id).toBe(changeId);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/bookings/${booking.id}/airline-change` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does nothing more when Duffel sends the same event again or another event of the same change', async () => {
    const before = airline.calls.airlineChanges;
    const again = await postEvent(
      ctx,
      duffelEvent('order.airline_initiated_change_detected', { id: changeId, order_id: orderId }),
    );
    expect(again.statusCode).toBe(200);
    await ctx.app.kwenda.jobs.tick();
    expect(airline.calls.airlineChanges).toBe(before + 1);
    const audits = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'airline-changed')));
    expect(audits).toHaveLength(1);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `airline-change:${booking.id}:%`));
    expect(mails).toHaveLength(1);
  });

  it('lets only the owner accept, then confirms the booking on the new flights', async () => {
    const stranger = await ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${booking.id}/airline-change/accept` });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('BOOKING_ACCESS_REQUIRED');
    expect(airline.calls.accept).toEqual([]);

    const accepted = await answerAirlineChange(ctx, booking.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(airline.calls.accept).toEqual([changeId]);
    const after = await getBooking(ctx, booking.id);
    expect(after).toMatchObject({ status: 'confirmed', statusTrigger: 'airline-change-accepted' });
    expect(after.slices[0]!.segments[0]!.departureDate).toBe(airline.changes.get(orderId)!.added[0]!.segments[0]!.departureDate);
    expect(after.slices.slice(1)).toEqual(booking.slices.slice(1));
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${booking.id}/airline-change`,
      headers: guestHeaders(ctx, booking.id),
    });
    expect(view.json().change.decision).toBe('accepted');

    // Accepting twice is a state error, and the airline is not asked again.
    const twice = await answerAirlineChange(ctx, booking.id, 'accept');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('INVALID_BOOKING_STATE');
    expect(airline.calls.accept).toHaveLength(1);
  });
});

/**
 * The airline changes the flights of a booking held and not yet paid: it is rescheduled as a ticketed
 * one is (the traveller e-mailed, the desk shown it), cannot be paid for flights the traveller has not
 * accepted, is held again when they accept, is cancelled with its seats released when they decline,
 * and still ends at its hold's deadline if they do neither.
 */
describe.each(backends)('airline changes to a held booking (%s)', (backend) => {
  let ctx: TestContext;
  let airline: ScriptedAirline;

  beforeAll(async () => {
    ({ ctx, airline } = await appWithScriptedAirline(backend, { PUBLIC_URL: 'https://kwenda.example/' }));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** Held for a transfer, then its first flight moved by the airline (webhook processed). */
  async function heldThenChanged(family: string) {
    const ready = await readyBooking(ctx, await findOffer(ctx, 'available'), family);
    const held = await pay(ctx, ready.id, true);
    expect(held.statusCode, held.body).toBe(200);
    const booking = await getBooking(ctx, ready.id);
    const orderId = await orderIdOf(ctx, booking.id);
    const changeId = `aic_held_${family.toLowerCase()}`;
    airline.changes.set(orderId, {
      id: changeId,
      orderId,
      removed: booking.slices.slice(0, 1),
      added: movedSlices(booking.slices.slice(0, 1), 5),
      availableActions: ['accept', 'cancel'],
      actionTaken: null,
      createdAt: new Date(),
    });
    expect(
      (await postEvent(ctx, duffelEvent('order.airline_initiated_change_detected', { id: changeId, order_id: orderId })))
        .statusCode,
    ).toBe(200);
    await ctx.app.kwenda.jobs.tick();
    return { booking, orderId, changeId };
  }

  const owner = (id: string) => ({ headers: guestHeaders(ctx, id) });

  it('reschedules it, e-mails the traveller, refuses payment until accepted, then holds it again', async () => {
    const { booking, changeId } = await heldThenChanged('HELDCHANGE');
    const after = await getBooking(ctx, booking.id);
    expect(after).toMatchObject({
      status: 'rescheduled',
      statusTrigger: 'airline-changed',
      holdExpiresAt: booking.holdExpiresAt,
    });
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `airline-change:${booking.id}:%`));
    expect(mail, 'the traveller is e-mailed').toBeTruthy();
    expect(mail!.textBody).toContain('before you paid');
    expect(mail!.textBody).toContain('You cannot pay until you accept the new times');

    // Nothing is paid for flights not accepted.
    const paid = await pay(ctx, booking.id, true);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('INVALID_BOOKING_STATE');

    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/airline-change/accept`,
      ...owner(booking.id),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().booking).toMatchObject({
      status: 'pending-payment',
      statusTrigger: 'held-airline-change-accepted',
      holdExpiresAt: booking.holdExpiresAt,
    });
    expect(accepted.json().booking.slices[0].segments[0].departureDate).not.toBe(booking.slices[0]!.segments[0]!.departureDate);
    expect(airline.calls.accept).toContain(changeId);
    // Held again: the transfer may now be made.
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
  });

  it('cancels it and releases the seats, nothing owed, when the traveller declines', async () => {
    const { booking } = await heldThenChanged('HELDDECLINE');
    const stranger = await ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${booking.id}/airline-change/decline` });
    expect(stranger.statusCode).toBe(403);
    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/airline-change/decline`,
      ...owner(booking.id),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().booking).toMatchObject({ status: 'canceled', statusTrigger: 'airline-change-declined' });
    const [cancel] = await ctx.database.db
      .select()
      .from(supplierCalls)
      .where(and(eq(supplierCalls.bookingId, booking.id), eq(supplierCalls.kind, 'cancel')));
    expect(cancel, 'the seats are released').toMatchObject({ outcome: expect.any(String) });
    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'airline-change-declined')));
    expect(audit).toMatchObject({ fromStatus: 'rescheduled', toStatus: 'canceled' });
    expect(audit!.details).toMatchObject({ refund: 0 });
  });

  it('still ends at its hold deadline when the traveller answers nothing; a ticketed rescheduled booking does not', async () => {
    const { booking } = await heldThenChanged('HELDSILENT');
    const ticketed = await ticketedBooking(ctx, 'TICKETCHANGE');
    const ticketedOrder = await orderIdOf(ctx, ticketed.id);
    const full = await getBooking(ctx, ticketed.id);
    airline.changes.set(ticketedOrder, {
      id: 'aic_ticketed_silent',
      orderId: ticketedOrder,
      removed: full.slices.slice(0, 1),
      added: movedSlices(full.slices.slice(0, 1), 2),
      availableActions: ['accept', 'cancel'],
      actionTaken: null,
      createdAt: new Date(),
    });
    await postEvent(
      ctx,
      duffelEvent('order.airline_initiated_change_detected', { id: 'aic_ticketed_silent', order_id: ticketedOrder }),
    );
    await ctx.app.kwenda.jobs.tick();
    expect((await getBooking(ctx, ticketed.id)).status).toBe('rescheduled');

    await ctx.app.kwenda.jobs.tick(new Date(Date.parse(booking.holdExpiresAt!) + 60_000));
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'canceled', statusTrigger: 'hold-expired' });
    expect((await getBooking(ctx, ticketed.id)).status).toBe('rescheduled');
  });
});
