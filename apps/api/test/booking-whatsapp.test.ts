import { bookingMessagesResponseSchema, resendETicketResponseSchema, type Booking, type BookingMessage } from '@kwenda/contracts';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailOutbox, whatsappMessages, whatsappOptOuts } from '../src/db/schema.js';
import { staffActions } from '../src/db/staff-schema.js';
import { cityOf, formatAmount } from '../src/modules/mail/itinerary-view.js';
import { startLocalCloudApi, type LocalCloudApi } from '../src/modules/whatsapp/local-cloud-api/local-cloud-api.js';
import { templateParams } from '../src/modules/whatsapp/templates.js';
import {
  appWithScriptedAirline,
  duffelEvent,
  movedSlices,
  orderIdOf,
  postEvent,
  type ScriptedAirline,
} from './airline-change-fixtures.js';
import {
  createBooking,
  findOffer,
  getBooking,
  guestHeaders,
  pay,
  passengersFor,
  submitPassengers,
} from './helpers/booking-factories.js';
import { approveUploadedReceipt, uploadReceipt } from './helpers/payments.js';
import { startSmtp } from './helpers/smtp-server.js';
import { staffMember, type TestStaffMember } from './helpers/staff.js';
import type { TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';
import { until } from './helpers/until.js';

/**
 * A booking's messages on WhatsApp: the traveller who asks for updates there gets the hold (with the
 * accounts and the deadline on Khartoum's clock), the reminder 30 minutes before it lapses, the
 * receipt's decision, the e-ticket PDF and an airline's change as templates in the booking's
 * language, each with the e-mail of today held as its fallback; without WhatsApp, or to a number that
 * replied STOP, the e-mails go exactly as before. The desk lists both channels and resends the e-ticket.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const MOBILE = '+249912345678';
const WHATSAPP = '+249911223344';
const OPTED_OUT = '+249911000777';

describe.each(backends)('booking messages on WhatsApp (%s)', (backend) => {
  let ctx: TestContext;
  let airline: ScriptedAirline;
  let agent: TestStaffMember;
  let viewer: TestStaffMember;
  let family = 0;

  beforeAll(async () => {
    ({ ctx, airline } = await appWithScriptedAirline(backend, { PUBLIC_URL: 'https://kwenda.example/' }));
    agent = await staffMember(ctx.app, 'agent-desk');
    viewer = await staffMember(ctx.app, 'viewer');
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.database.db;
  const messagesOf = (bookingId: string) => db().select().from(whatsappMessages).where(eq(whatsappMessages.bookingId, bookingId));
  const mailsOf = (bookingId: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `%:${bookingId}%`));
  const mailByKey = async (key: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key)))[0];
  const messageByKey = async (key: string) =>
    (await db().select().from(whatsappMessages).where(eq(whatsappMessages.dedupeKey, key)))[0];

  /** Booked and passengers saved with this contact; the booking in `language`. */
  async function contactBooking(contact: Record<string, unknown>, language: 'ar' | 'en' = 'ar') {
    const offer = await findOffer(ctx, 'available');
    const created = await createBooking(ctx, offer);
    expect(created.statusCode, created.body).toBe(201);
    const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
    family += 1;
    const surname = `WHATSAPP${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[family % 26]}${'ABCDEFGHIJ'[Math.floor(family / 26) % 10]}`;
    const saved = await submitPassengers(ctx, booking, passengersFor(booking, {}, surname), {
      email: 'traveller@example.com',
      mobile: MOBILE,
      ...contact,
    });
    if (language !== 'ar') await db().update(bookings).set({ language }).where(eq(bookings.id, booking.id));
    return saved;
  }

  async function heldBooking(contact: Record<string, unknown>, language: 'ar' | 'en' = 'ar'): Promise<Booking> {
    const saved = await contactBooking(contact, language);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (saved.json() as { booking: Booking }).booking.id;
    const held = await pay(ctx, id, true);
    expect(held.statusCode, held.body).toBe(200);
    return getBooking(ctx, id);
  }

  async function ticketed(contact: Record<string, unknown>, language: 'ar' | 'en' = 'ar'): Promise<Booking> {
    const held = await heldBooking(contact, language);
    const upload = await uploadReceipt(ctx, held.id, PNG);
    expect(upload.statusCode, upload.body).toBe(200);
    const approved = await approveUploadedReceipt(ctx, upload);
    expect(approved.statusCode, approved.body).toBe(200);
    return getBooking(ctx, held.id);
  }

  it('the contact step takes a WhatsApp number (E.164, numbering plan) and the choice, the mobile number by default', async () => {
    const bad = await contactBooking({ whatsapp: '0912345678' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors.contact).toEqual({ whatsapp: 'invalid_mobile' });
    const impossible = await contactBooking({ whatsapp: '+2491234' });
    expect(impossible.json().validationErrors.contact).toEqual({ whatsapp: 'invalid_mobile' });

    const given = (await contactBooking({ whatsapp: '+249 91 122 3344' })).json().booking as Booking;
    expect(given).toMatchObject({ whatsapp: WHATSAPP, whatsappUpdates: true, whatsappOptedOut: false });
    const mobileOnly = (await contactBooking({ whatsappUpdates: true })).json().booking as Booking;
    expect(mobileOnly).toMatchObject({ whatsapp: MOBILE, whatsappUpdates: true });
    const declined = (await contactBooking({ whatsapp: WHATSAPP, whatsappUpdates: false })).json().booking as Booking;
    expect(declined).toMatchObject({ whatsapp: WHATSAPP, whatsappUpdates: false });
    // A client that says nothing about WhatsApp keeps the e-mails it always had.
    const silent = (await contactBooking({})).json().booking as Booking;
    expect(silent).toMatchObject({ whatsapp: MOBILE, whatsappUpdates: false });
    // Masked like the mobile number for anyone holding only the link.
    const limited = await getBooking(ctx, given.id, {});
    expect(limited).toMatchObject({ whatsapp: '+249•••••••44', whatsappUpdates: true });
  });

  it('held: hold_confirmation in Arabic and in English with the right parameters, the e-mail held, the agency e-mailed', async () => {
    for (const language of ['ar', 'en'] as const) {
      const booking = await heldBooking({ whatsapp: WHATSAPP }, language);
      const [message, ...more] = await messagesOf(booking.id);
      expect(more).toHaveLength(0);
      expect(message).toMatchObject({
        template: 'hold_confirmation',
        language,
        toPhone: WHATSAPP,
        purpose: 'booking',
        dedupeKey: `wa:held:${booking.id}`,
        status: 'pending',
      });
      const params = message!.params;
      expect(params).toEqual(templateParams.hold_confirmation(booking, language));
      const arrow = language === 'ar' ? '←' : '→';
      expect(params).toEqual([
        booking.bookingReference,
        `${cityOf(booking.slices[0]!.origin, language)} ${arrow} ${cityOf(booking.slices[0]!.destination, language)}`,
        expect.stringMatching(language === 'ar' ? /\d{4}$/ : /\d{4}$/),
        formatAmount(booking.amount, booking.currency, language),
        expect.stringContaining(booking.transferAccounts[0]!.accountNumber),
        formatAgencyDateTime(booking.holdExpiresAt!, language),
      ]);
      expect(params[5]).toContain(language === 'ar' ? 'بتوقيت الخرطوم' : 'Khartoum time');
      if (language === 'ar') expect(params[1]).toMatch(/^[\u0600-\u06FF\s]+ ← [\u0600-\u06FF\s]+$/);
      for (const p of params) expect(p).not.toMatch(/[\n\t]| {5}/);

      // The traveller's e-mail is not sent but kept as the message's fallback; the agency's goes as always.
      const mail = await mailByKey(`held:${booking.id}`);
      expect(mail).toMatchObject({ status: 'held', heldFor: message!.id, toAddress: 'traveller@example.com' });
      expect(message!.fallbackMailId).toBe(mail!.id);
      expect(await mailByKey(`held-agency:${booking.id}`)).toMatchObject({ status: 'pending' });
    }
  });

  it('updates off: the e-mails exactly as before, nothing on WhatsApp', async () => {
    const booking = await heldBooking({ whatsapp: WHATSAPP, whatsappUpdates: false });
    expect(await messagesOf(booking.id)).toHaveLength(0);
    expect(await mailByKey(`held:${booking.id}`)).toMatchObject({ status: 'pending', heldFor: null });
  });

  it('a number that replied STOP: the e-mail goes instead, and the booking says so', async () => {
    await db().insert(whatsappOptOuts).values({ phone: OPTED_OUT, optedOutAt: new Date() }).onConflictDoNothing();
    const booking = await heldBooking({ whatsapp: OPTED_OUT });
    expect(booking.whatsappOptedOut).toBe(true);
    expect(await messagesOf(booking.id)).toHaveLength(0);
    expect(await mailByKey(`held:${booking.id}`)).toMatchObject({ status: 'pending', heldFor: null });
  });

  it('the reminder: once, 30 minutes before an unpaid hold lapses, on the chosen channel; none with a receipt under review', async () => {
    const onWhatsApp = await heldBooking({ whatsapp: WHATSAPP }, 'en');
    const byEmail = await heldBooking({});
    const underReview = await heldBooking({ whatsapp: WHATSAPP });
    expect((await uploadReceipt(ctx, underReview.id, PNG)).statusCode).toBe(200);
    const deadline = Date.parse(onWhatsApp.holdExpiresAt!);
    const reminders = async (id: string) => [
      ...(await messagesOf(id)).filter((m) => m.template === 'hold_reminder'),
      ...(await mailsOf(id)).filter((m) => m.dedupeKey!.startsWith('hold-reminder:')),
    ];

    await ctx.bookings.remindHolds(new Date(deadline - 45 * 60_000));
    expect(await reminders(onWhatsApp.id)).toHaveLength(0);
    // The job of the running server (its clock given), then later sweeps.
    await ctx.app.kwenda.jobs.tick(new Date(deadline - 29 * 60_000));
    await ctx.bookings.remindHolds(new Date(deadline - 20 * 60_000));
    await ctx.bookings.remindHolds(new Date(deadline - 60_000));

    const [reminder, ...again] = (await messagesOf(onWhatsApp.id)).filter((m) => m.template === 'hold_reminder');
    expect(again).toHaveLength(0);
    expect(reminder).toMatchObject({ dedupeKey: `wa:hold-reminder:${onWhatsApp.id}`, language: 'en', toPhone: WHATSAPP });
    expect(reminder!.params).toEqual([
      onWhatsApp.bookingReference,
      formatAmount(onWhatsApp.amount, onWhatsApp.currency, 'en'),
      formatAgencyDateTime(onWhatsApp.holdExpiresAt!, 'en'),
    ]);
    // The job delivered it (the dev outbox here): its e-mail stays unsent for good.
    expect(reminder!.status).toBe('sent');
    expect(await mailByKey(`hold-reminder:${onWhatsApp.id}`)).toMatchObject({
      status: 'skipped',
      heldFor: reminder!.id,
      sentAt: null,
    });

    // Not on WhatsApp: the reminder e-mail, both languages, once.
    const [mail, ...twice] = (await mailsOf(byEmail.id)).filter((m) => m.dedupeKey!.startsWith('hold-reminder:'));
    expect(twice).toHaveLength(0);
    expect(mail).toMatchObject({ status: 'sent', dedupeKey: `hold-reminder:${byEmail.id}`, heldFor: null });
    expect(mail!.textBody).toContain(formatAgencyDateTime(byEmail.holdExpiresAt!, 'ar'));
    expect(mail!.textBody).toContain(formatAgencyDateTime(byEmail.holdExpiresAt!, 'en'));
    expect(mail!.textBody).toContain('بعد نحو 30 دقيقة');
    expect(mail!.textBody).toContain('in about 30 minutes');

    expect(await reminders(underReview.id)).toHaveLength(0);

    // Extended by the agency: one more reminder before the new deadline, keyed by it.
    const extended = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/bookings/${onWhatsApp.id}/extend-hold`,
      headers: agent.headers,
      payload: { minutes: 60, reason: 'bank app down' },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const until = new Date(deadline + 60 * 60_000);
    await ctx.bookings.remindHolds(new Date(until.getTime() - 25 * 60_000));
    await ctx.bookings.remindHolds(new Date(until.getTime() - 5 * 60_000));
    const all = (await messagesOf(onWhatsApp.id)).filter((m) => m.template === 'hold_reminder');
    expect(all.map((m) => m.dedupeKey).sort()).toEqual(
      [`wa:hold-reminder:${onWhatsApp.id}`, `wa:hold-reminder:${onWhatsApp.id}:${until.toISOString()}`].sort(),
    );
    expect(all.find((m) => m.dedupeKey!.endsWith(until.toISOString()))!.params[2]).toBe(formatAgencyDateTime(until, 'en'));
  });

  it('receipt rejected with the reason, then approved, then the e-ticket PDF as a document; each e-mail held', async () => {
    const held = await heldBooking({ whatsapp: WHATSAPP });
    const first = await uploadReceipt(ctx, held.id, PNG);
    const receiptId = (first.json() as { booking: Booking }).booking.receipts.at(-1)!.id;
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/transfers/${receiptId}/reject`,
      headers: agent.headers,
      payload: { reason: 'amount-mismatch', note: 'Sent 1,000 less.\nPlease send the rest.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const rejection = await messageByKey(`wa:receipt-rejected:${held.id}:${receiptId}`);
    expect(rejection).toMatchObject({ template: 'receipt_rejected', language: 'ar' });
    expect(rejection!.params[0]).toBe(held.bookingReference);
    expect(rejection!.params[1]).toBe('المبلغ المحوَّل لا يطابق مبلغ الحجز. Sent 1,000 less. Please send the rest.');
    expect(rejection!.params[2]).toContain('بتوقيت الخرطوم');
    expect(await mailByKey(`receipt-rejected:${held.id}:${receiptId}`)).toMatchObject({ status: 'held' });

    const second = await uploadReceipt(ctx, held.id, Buffer.concat([PNG, Buffer.from([2])]));
    expect((await approveUploadedReceipt(ctx, second)).statusCode).toBe(200);
    expect(await messageByKey(`wa:paid:${held.id}`)).toMatchObject({
      template: 'receipt_approved',
      params: [held.bookingReference],
    });
    expect(await mailByKey(`paid:${held.id}`)).toMatchObject({ status: 'held' });

    const ticket = await messageByKey(`wa:e-ticket:${held.id}`);
    expect(ticket).toMatchObject({ template: 'e_ticket', language: 'ar' });
    const booking = await getBooking(ctx, held.id);
    expect(booking.status).toBe('confirmed');
    expect(ticket!.params).toEqual(templateParams.e_ticket(booking, 'ar'));
    expect(ticket!.document).toMatchObject({
      filename: `kwenda-e-ticket-${held.bookingReference}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = Buffer.from(ticket!.document!.content as unknown as string, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The very PDF the e-mail attaches.
    const mail = await mailByKey(`e-ticket:${held.id}`);
    expect(mail).toMatchObject({ status: 'held', heldFor: ticket!.id });
    expect(mail!.attachments[0]!.content).toBe(ticket!.document!.content);

    // The whatsapp job delivers it (the dev outbox without Cloud API settings): the document arrives, the e-mail never goes.
    await ctx.app.kwenda.jobs.tick();
    expect(await messageByKey(`wa:e-ticket:${held.id}`)).toMatchObject({ status: 'sent', transport: 'dev-outbox' });
    expect(await mailByKey(`e-ticket:${held.id}`)).toMatchObject({ status: 'skipped', sentAt: null });
    const document = await ctx.app.inject({ method: 'GET', url: `/dev/outbox/whatsapp/${ticket!.id}/document` });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.equals(pdf)).toBe(true);
    const view = await ctx.app.inject({ method: 'GET', url: `/dev/outbox/whatsapp/${ticket!.id}` });
    expect(view.body).toContain(`${held.bookingReference}`);
  }, 60_000);

  it("an airline's schedule change: the old and new times", async () => {
    const booking = await ticketed({ whatsapp: WHATSAPP }, 'en');
    const orderId = await orderIdOf(ctx, booking.id);
    const changeId = `aic_whatsapp_${backend}`;
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
    expect(
      (await postEvent(ctx, duffelEvent('order.airline_initiated_change_detected', { id: changeId, order_id: orderId })))
        .statusCode,
    ).toBe(200);
    await ctx.app.kwenda.jobs.tick();
    const change = await messageByKey(`wa:airline-change:${booking.id}:${changeId}`);
    expect(change).toMatchObject({ template: 'schedule_change', language: 'en' });
    const [reference, before, after] = change!.params;
    expect(reference).toBe(booking.bookingReference);
    const segment = booking.slices[0]!.segments[0]!;
    expect(before).toContain(`${segment.origin} `);
    expect(before).toContain(segment.departureDate.slice(11, 16));
    expect(after).toContain(added[0]!.segments[0]!.departureDate.slice(11, 16));
    expect(before).not.toBe(after);
    expect(await mailByKey(`airline-change:${booking.id}:${changeId}`)).toMatchObject({ heldFor: change!.id });
  }, 60_000);

  it('PUT whatsapp: the owner turns updates off and on or changes the number; a bad number names whatsapp; a stranger is refused', async () => {
    const booking = await heldBooking({});
    const put = (body: Record<string, unknown>, headers = guestHeaders(ctx, booking.id)) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/bookings/${booking.id}/whatsapp`, headers, payload: body });

    const bad = await put({ whatsappUpdates: true, whatsapp: '00249911223344' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [expect.objectContaining({ path: 'whatsapp' })] });
    const stranger = await put({ whatsappUpdates: false }, {});
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('BOOKING_ACCESS_REQUIRED');
    expect(ctx.app.ownerOnlyBookingRoutes).toContain('PUT /api/v1/bookings/:id/whatsapp');

    const on = await put({ whatsappUpdates: true });
    expect(on.json()).toEqual({ success: true, whatsapp: MOBILE, whatsappUpdates: true });
    const changed = await put({ whatsappUpdates: true, whatsapp: WHATSAPP });
    expect(changed.json()).toEqual({ success: true, whatsapp: WHATSAPP, whatsappUpdates: true });
    expect(await getBooking(ctx, booking.id)).toMatchObject({ whatsapp: WHATSAPP, whatsappUpdates: true });
    // Now on WhatsApp: the reminder goes there.
    await ctx.bookings.remindHolds(new Date(Date.parse(booking.holdExpiresAt!) - 10 * 60_000));
    expect(await messageByKey(`wa:hold-reminder:${booking.id}`)).toMatchObject({ toPhone: WHATSAPP });
    const off = await put({ whatsappUpdates: false });
    expect(off.json()).toEqual({ success: true, whatsapp: WHATSAPP, whatsappUpdates: false });
  });

  it('the desk: every message of both channels newest first, and the e-ticket resent on WhatsApp by staff', async () => {
    const booking = await ticketed({ whatsapp: WHATSAPP });
    const list = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/bookings/${booking.id}/messages`,
        headers: viewer.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return bookingMessagesResponseSchema.parse(response.json());
    };
    const before = await list();
    expect(before).toMatchObject({ whatsapp: WHATSAPP, whatsappUpdates: true, optedOut: false });
    const kinds = before.messages.map((m) => `${m.channel}:${m.kind}:${m.status}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'whatsapp:hold_confirmation:pending',
        'email:held:held',
        'whatsapp:receipt_approved:pending',
        'whatsapp:e_ticket:pending',
        'email:e-ticket:held',
      ]),
    );
    const times = before.messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const ticketMessage = before.messages.find((m) => m.kind === 'e_ticket')!;
    expect(before.messages.find((m) => m.kind === 'e-ticket')!.fallbackFor).toBe(ticketMessage.id);

    const resend = (body: Record<string, unknown>, headers = agent.headers, id = booking.id) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/admin/bookings/${id}/messages/e-ticket`, headers, payload: body });
    expect((await resend({}, viewer.headers)).statusCode).toBe(403);
    const notYet = await resend({}, agent.headers, (await heldBooking({ whatsapp: WHATSAPP })).id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('NO_TICKET_YET');
    await db().insert(whatsappOptOuts).values({ phone: OPTED_OUT, optedOutAt: new Date() }).onConflictDoNothing();
    const stopped = await resend({ to: OPTED_OUT });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().code).toBe('WHATSAPP_OPTED_OUT');
    expect((await resend({ to: '12345' })).statusCode).toBe(400);

    const sent: BookingMessage[] = [];
    for (const body of [{}, { to: '+249915556677' }]) {
      const response = await resend(body);
      expect(response.statusCode, response.body).toBe(200);
      sent.push(resendETicketResponseSchema.parse(response.json()).message);
    }
    // Each request is deliberate: two requests, two messages.
    expect(sent.map((m) => [m.kind, m.to, m.requestedBy])).toEqual([
      ['e_ticket', WHATSAPP, agent.actor],
      ['e_ticket', '+249915556677', agent.actor],
    ]);
    const rows = await Promise.all(
      sent.map(async (m) => (await db().select().from(whatsappMessages).where(eq(whatsappMessages.id, m.id)))[0]!),
    );
    for (const row of rows)
      expect(
        Buffer.from(row.document!.content as unknown as string, 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    const audit = await db()
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetId, booking.id), eq(staffActions.action, 'e-ticket-resent')));
    expect(audit.map((a) => [a.staffUserId, a.details?.channel, a.details?.to])).toEqual([
      [agent.userId, 'whatsapp', WHATSAPP],
      [agent.userId, 'whatsapp', '+249915556677'],
    ]);
    const after = await list();
    expect(after.messages.slice(0, 4).map((m) => m.requestedBy ?? null)).toEqual(
      expect.arrayContaining([agent.actor, agent.actor]),
    );
  }, 60_000);
});

/**
 * The same booking messages through the Cloud API, against the repository's local Cloud API server:
 * the hold's template as Meta receives it, the e-ticket PDF uploaded as media, and a number not on
 * WhatsApp (131026) whose hold message fails, its e-mail then sent to a real SMTP server and the desk
 * showing both, the failure's code and which message the e-mail replaced.
 */
describe.each(backends)('booking messages through the local Cloud API server (%s)', (backend) => {
  const TOKEN = 'booking-token-123';
  const APP_SECRET = 'booking-app-secret-456';
  let ctx: TestContext;
  let local: LocalCloudApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let agent: TestStaffMember;

  beforeAll(async () => {
    smtp = await startSmtp();
    local = await startLocalCloudApi({ token: TOKEN, appSecret: APP_SECRET, webhookRetryMs: 50 });
    ({ ctx } = await appWithScriptedAirline(backend, {
      PUBLIC_URL: 'https://kwenda.example/',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'booking-verify-789',
      WHATSAPP_API_URL: local.apiUrl,
    }));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    local.state.webhookUrl = `http://127.0.0.1:${port}/api/v1/whatsapp/webhook`;
    agent = await staffMember(ctx.app, 'agent-desk');
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await local?.close();
    await smtp?.close();
  });

  async function booked(whatsapp: string, surname: string) {
    const offer = await findOffer(ctx, 'available');
    const created = await createBooking(ctx, offer);
    const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}`,
      headers: guestHeaders(ctx, booking.id),
      payload: {
        bookingId: booking.id,
        payload: {
          passengers: passengersFor(booking, {}, surname),
          email: `${surname.toLowerCase()}@example.com`,
          mobile: MOBILE,
          whatsapp,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    return getBooking(ctx, booking.id);
  }
  const sentTo = (phone: string) => local.state.messages.filter((m) => m.to === phone.slice(1));
  const deliver = async () => {
    await ctx.app.kwenda.messenger.deliverDue();
    await local.webhooksDelivered();
    await ctx.app.kwenda.mail.deliverDue();
  };

  it('the hold and the e-ticket reach WhatsApp as Meta receives them; their e-mails are never sent', async () => {
    const number = '+249911224455';
    const held = await booked(number, 'CLOUDOK');
    await deliver();
    const [hold] = sentTo(number);
    expect(hold).toMatchObject({
      template: 'kwenda_hold_confirmation',
      language: 'ar',
      params: templateParams.hold_confirmation(held, 'ar'),
      document: null,
    });
    const upload = await uploadReceipt(ctx, held.id, PNG);
    expect((await approveUploadedReceipt(ctx, upload)).statusCode).toBe(200);
    await deliver();
    const ticket = sentTo(number).find((m) => m.template === 'kwenda_e_ticket')!;
    expect(ticket.document?.filename).toBe(`kwenda-e-ticket-${held.bookingReference}.pdf`);
    const media = await fetch(`${local.origin}/__local/media/${ticket.document!.id}`);
    expect(media.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await media.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(sentTo(number).map((m) => m.template)).toEqual([
      'kwenda_hold_confirmation',
      'kwenda_receipt_approved',
      'kwenda_e_ticket',
    ]);
    expect(smtp.received.filter((m) => m.to && 'text' in m.to && m.to.text === 'cloudok@example.com')).toHaveLength(0);
  }, 60_000);

  it('a number not on WhatsApp: the hold message fails (131026), its e-mail goes, and the desk shows both', async () => {
    const held = await booked('+249912340000', 'CLOUDFAIL');
    await deliver();
    await until('the fallback e-mail', () =>
      smtp.received.some((m) => m.to && 'text' in m.to && m.to.text === 'cloudfail@example.com') ? true : undefined,
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/bookings/${held.id}/messages`,
      headers: agent.headers,
    });
    const { messages } = bookingMessagesResponseSchema.parse(response.json());
    const failed = messages.find((m) => m.channel === 'whatsapp')!;
    expect(failed).toMatchObject({ kind: 'hold_confirmation', status: 'failed', errorCode: 131026, to: '+249912340000' });
    expect(messages.find((m) => m.kind === 'held')).toMatchObject({
      channel: 'email',
      status: 'sent',
      fallbackFor: failed.id,
      to: 'cloudfail@example.com',
    });
  }, 60_000);
});
