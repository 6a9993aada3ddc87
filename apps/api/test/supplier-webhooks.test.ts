import type { Booking } from '@kwenda/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, mailOutbox } from '../src/db/schema.js';
import { supplierCalls } from '../src/db/supplier-calls-schema.js';
import { supplierEvents } from '../src/db/supplier-events-schema.js';
import { checkDuffelSignature, signDuffelPayload } from '../src/modules/supplier-webhooks/duffel-signature.js';
import { insertCall } from '../src/modules/supplier-calls/supplier-calls-repository.js';
import {
  duffelEvent,
  movedSlices,
  orderIdOf,
  postEvent,
  appWithScriptedAirline,
  ticketedBooking,
  type ScriptedAirline,
} from './airline-change-fixtures.js';
import { signDuffelWebhook } from './duffel/webhooks.js';
import { findOffer, getBooking, pay, readyBooking } from './helpers/booking-factories.js';
import { uploadReceipt } from './helpers/payments.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * POST /api/v1/suppliers/duffel/webhooks: Duffel's signature (HMAC-SHA256 of `${t}.${raw body}` with the
 * webhook secret, header `t=…,v1=…`) checked on the raw bytes, deliveries older than 5 minutes refused,
 * each event stored once by its id and answered at once, then processed by the job exactly once.
 */
describe.each(backends)('Duffel webhooks (%s)', (backend) => {
  let ctx: TestContext;
  let airline: ScriptedAirline;

  beforeAll(async () => {
    ({ ctx, airline } = await appWithScriptedAirline(backend));
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const stored = (id: string) => ctx.database.db.select().from(supplierEvents).where(eq(supplierEvents.id, id));

  it('signs as the local Duffel server does, and checks the signature on the exact bytes', () => {
    const body = Buffer.from(JSON.stringify(duffelEvent('ping.triggered', { id: 'ping_1' })));
    const now = new Date();
    const t = Math.floor(now.getTime() / 1000);
    expect(signDuffelPayload(body, 'secret', t)).toBe(signDuffelWebhook(body.toString(), 'secret', t));
    expect(checkDuffelSignature(body, signDuffelWebhook(body.toString(), 'secret', t), 'secret', now)).toBe('valid');
    expect(checkDuffelSignature(body, signDuffelWebhook(body.toString(), 'other', t), 'secret', now)).toBe('mismatch');
    expect(
      checkDuffelSignature(Buffer.concat([body, Buffer.from(' ')]), signDuffelPayload(body, 'secret', t), 'secret', now),
    ).toBe('mismatch');
    expect(checkDuffelSignature(body, signDuffelPayload(body, 'secret', t - 301), 'secret', now)).toBe('stale');
    expect(checkDuffelSignature(body, signDuffelPayload(body, 'secret', t - 290), 'secret', now)).toBe('valid');
    expect(checkDuffelSignature(body, 'v1=abc', 'secret', now)).toBe('malformed');
    expect(checkDuffelSignature(body, undefined, 'secret', now)).toBe('missing');
  });

  it('accepts a genuine delivery and refuses tampered, unsigned, wrongly signed and stale ones', async () => {
    const event = duffelEvent('ping.triggered', { id: 'ping_2' });
    const good = await postEvent(ctx, event);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ received: true, duplicate: false });

    const tamperedEvent = duffelEvent('ping.triggered', { id: 'ping_3' });
    const tampered = await postEvent(ctx, tamperedEvent, {
      body: JSON.stringify({ ...tamperedEvent, type: 'order.creation_failed' }),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().code).toBe('INVALID_SIGNATURE');

    const unsigned = await postEvent(ctx, duffelEvent('ping.triggered', { id: 'ping_4' }), { signature: null });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('INVALID_SIGNATURE');

    const otherSecret = await postEvent(ctx, duffelEvent('ping.triggered', { id: 'ping_5' }), { secret: 'not-the-secret' });
    expect(otherSecret.statusCode).toBe(401);

    const staleEvent = duffelEvent('ping.triggered', { id: 'ping_6' });
    const stale = await postEvent(ctx, staleEvent, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('INVALID_SIGNATURE');

    // Only the genuine one was stored.
    const rows = await ctx.database.db.select().from(supplierEvents);
    expect(rows.map((r) => r.id)).toEqual([event.id]);
  });

  it('stores an event type it does not know, answers 200, and marks it ignored', async () => {
    const event = duffelEvent('stays.booking.created', { id: 'bks_1' });
    const response = await postEvent(ctx, event);
    expect(response.statusCode).toBe(200);
    expect((await stored(event.id))[0]).toMatchObject({ status: 'pending', eventType: 'stays.booking.created' });
    await ctx.app.kwenda.jobs.tick();
    expect((await stored(event.id))[0]).toMatchObject({ status: 'ignored', attempts: 1 });
  });

  it('stores the same event once and processes it once', async () => {
    const booking: Booking = await getBooking(ctx, (await ticketedBooking(ctx, 'TWICE')).id);
    const orderId = await orderIdOf(ctx, booking.id);
    airline.changes.set(orderId, {
      id: 'aic_twice',
      orderId,
      removed: booking.slices.slice(0, 1),
      added: movedSlices(booking.slices.slice(0, 1), 1),
      availableActions: ['accept', 'cancel'],
      actionTaken: null,
      createdAt: new Date(),
    });
    const event = duffelEvent('order.airline_initiated_change_detected', { id: 'aic_twice', order_id: orderId });
    const first = await postEvent(ctx, event);
    const second = await postEvent(ctx, event);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const asked = airline.calls.airlineChanges;
    await Promise.all([ctx.app.kwenda.jobs.tick(), ctx.app.kwenda.jobs.tick()]);
    await postEvent(ctx, event);
    await ctx.app.kwenda.jobs.tick();
    expect(airline.calls.airlineChanges).toBe(asked + 1);
    expect((await stored(event.id))[0]).toMatchObject({ status: 'processed', attempts: 1 });
    const audits = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'airline-changed')));
    expect(audits).toHaveLength(1);
  });

  it('keeps an event whose processing failed and retries it later', async () => {
    const booking = await getBooking(ctx, (await ticketedBooking(ctx, 'RETRY')).id);
    const orderId = await orderIdOf(ctx, booking.id);
    const original = airline.supplier.airlineChanges.bind(airline.supplier);
    airline.supplier.airlineChanges = async () => {
      throw new Error('Duffel timed out');
    };
    const event = duffelEvent('order.airline_initiated_change_detected', { id: 'aic_retry', order_id: orderId });
    try {
      await postEvent(ctx, event);
      await ctx.app.kwenda.jobs.tick();
      expect((await stored(event.id))[0]).toMatchObject({ status: 'pending', lastError: 'Duffel timed out' });
    } finally {
      airline.supplier.airlineChanges = original;
    }
    airline.changes.set(orderId, {
      id: 'aic_retry',
      orderId,
      removed: booking.slices.slice(0, 1),
      added: movedSlices(booking.slices.slice(0, 1), 1),
      availableActions: ['accept'],
      actionTaken: null,
      createdAt: new Date(),
    });
    await ctx.app.kwenda.jobs.tick(new Date(Date.now() + 2 * 60_000));
    expect((await stored(event.id))[0]).toMatchObject({ status: 'processed' });
    expect((await getBooking(ctx, booking.id)).status).toBe('rescheduled');
  });

  it('settles a hold the supplier could not make (order.creation_failed): nothing held, the booking may pay again', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'FAILED');
    // A hold asked for and not answered yet (Duffel still confirming the order).
    const call = await ctx.database.db.transaction((tx) =>
      insertCall(tx, { bookingId: booking.id, kind: 'hold', supplier: 'duffel', details: { method: 'card' }, now: new Date() }),
    );
    const event = duffelEvent('order.creation_failed', { id: 'ord_failed', metadata: { kwenda_client_reference: call!.id } });
    expect((await postEvent(ctx, event)).statusCode).toBe(200);
    await ctx.app.kwenda.jobs.tick();
    const [settled] = await ctx.database.db.select().from(supplierCalls).where(eq(supplierCalls.id, call!.id));
    expect(settled).toMatchObject({ outcome: 'not-found' });
    const after = await getBooking(ctx, booking.id);
    expect(after).toMatchObject({ status: 'created', statusTrigger: 'hold-failed' });
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.paymentError).toBe('order_creation_failed');
    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'hold-failed')));
    expect(audit!.details).toMatchObject({ callId: call!.id, eventId: event.id });
    expect((await stored(event.id))[0]).toMatchObject({ status: 'processed' });
  });

  it('takes back a hold Duffel answered and then never made: no longer held, the traveller told, the receipt kept for the desk', async () => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'NEVERMADE');
    await ctx.database.db.update(bookings).set({ language: 'en' }).where(eq(bookings.id, booking.id));
    // Duffel answered the hold with an order: the traveller sees seats held until a deadline, and sends money.
    const held = await pay(ctx, booking.id, true);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().booking).toMatchObject({ status: 'pending-payment', holdExpiresAt: expect.any(String) });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const upload = await uploadReceipt(ctx, booking.id, png);
    expect(upload.statusCode, upload.body).toBe(200);
    const [call] = await ctx.database.db.select().from(supplierCalls).where(eq(supplierCalls.bookingId, booking.id));
    expect(call).toMatchObject({ kind: 'hold', outcome: 'held' });

    // Then Duffel says the order was never made.
    const event = duffelEvent('order.creation_failed', { id: 'por_never', metadata: { kwenda_client_reference: call!.id } });
    expect((await postEvent(ctx, event)).statusCode).toBe(200);
    await ctx.app.kwenda.jobs.tick();

    const after = await getBooking(ctx, booking.id);
    expect(after).toMatchObject({ status: 'created', statusTrigger: 'hold-not-made', holdExpiresAt: null });
    expect(after.paymentError).toBe('order_creation_failed');
    // The receipt is not lost.
    expect(after.receipts).toHaveLength(1);
    const [audit] = await ctx.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.statusTrigger, 'hold-not-made')));
    expect(audit).toMatchObject({ fromStatus: 'pending-payment', toStatus: 'created', actor: 'supplier:duffel' });
    expect(audit!.details).toMatchObject({ callId: call!.id, eventId: event.id, orderId: call!.orderId });
    expect((await stored(event.id))[0]).toMatchObject({ status: 'processed' });

    const [told] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `hold-failed:${booking.id}:%`));
    expect(told, 'the traveller is e-mailed').toBeTruthy();
    expect(told!.toAddress).toBe('traveller@example.com');
    expect(told!.subject).toContain(`Your seats are not held ${booking.bookingReference}`);
    expect(told!.textBody).toContain('Do not pay anything for this booking');
    expect(told!.textBody).toContain(`/booking/${booking.id}`);
    const [agency] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `hold-failed-agency:${booking.id}:%`));
    expect(agency, 'the agency is told of the receipt').toBeTruthy();
    expect(agency!.textBody).toContain(`/admin/bookings/${booking.id}`);

    // Paying again asks for new seats: held again, with a new deadline.
    const again = await pay(ctx, booking.id, true);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().booking).toMatchObject({ status: 'pending-payment', holdExpiresAt: expect.any(String) });
  });

  it('answers 503 when the webhook secret is not configured', async () => {
    const bare = await createTestApp(backend);
    try {
      const response = await postEvent(bare, duffelEvent('ping.triggered', { id: 'ping_7' }));
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SUPPLIER_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });
});
