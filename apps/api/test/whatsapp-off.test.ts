import type { Booking } from '@kwenda/contracts';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, whatsappMessages } from '../src/db/schema.js';
import { createBooking, findOffer, getBooking, pay, passengersFor, submitPassengers } from './helpers/booking-factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * A production server without the WhatsApp settings delivers nothing on WhatsApp, so it offers
 * nothing there: the config says so (the pages hide the choice and sign-in by number), a code by
 * WhatsApp is not offered, and a booking that asked for WhatsApp updates through the API gets them
 * by e-mail, as it would have without asking.
 */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(48), SANDBOX_GATEWAY_SECRET: 'g'.repeat(32) };

describe.each(backends)('a production server without WhatsApp (%s)', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: PRODUCTION });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('says so in its config and offers no sign-in code by WhatsApp', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().whatsappMessages).toBe(false);
    const code = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/phone/code', payload: { phone: '+249912345678' } });
    expect(code.statusCode).toBe(404);
    expect(code.json().code).toBe('NOT_FOUND');
  });

  it('sends a hold that asked for WhatsApp updates by e-mail, with nothing queued for WhatsApp', async () => {
    const offer = await findOffer(ctx, 'available');
    const created = await createBooking(ctx, offer);
    expect(created.statusCode, created.body).toBe(201);
    const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
    const saved = await submitPassengers(ctx, booking, passengersFor(booking, {}, 'WHATSAPPOFF'), {
      email: 'traveller@example.com',
      mobile: '+249912345678',
      whatsapp: '+249911223344',
      whatsappUpdates: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const held = await pay(ctx, booking.id, true);
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json() as { booking: Booking }).booking.status).toBe('pending-payment');

    const { db } = ctx.database;
    expect(await db.select().from(whatsappMessages)).toEqual([]);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `held:${booking.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'traveller@example.com', heldFor: null });
    expect(['pending', 'sent']).toContain(mails[0]!.status);
  });
});
