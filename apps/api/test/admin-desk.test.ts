import type { Booking } from '@kwenda/contracts';
import type { BookingDeskState, RefundsResponse, TicketingResponse, TransfersResponse } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createSandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import type { Supplier } from '../src/suppliers/supplier.js';
import { asGuest, findOffer, getBooking, pay, readyBooking } from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { staffMember, travellerHeaders, type TestStaffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { raceAtLock } from './helpers/lock-barrier.js';
import { backends } from './helpers/test-database.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const MISSING_BOOKING = 'bk_nonexistentnonexistent00';
const MISSING_RECEIPT = 'rc_nonexistent00000000';

/** The sandbox, with switches to make the airline refuse to ticket or to cancel. */
function switchableSandbox(database: Database) {
  const sandbox = createSandboxSupplier({ offerTtlMinutes: 30, database });
  const switches = { failTicketing: false, failCancel: false, cancelled: [] as string[] };
  const supplier: Supplier = {
    ...sandbox,
    async ticketOrder(orderId, passengers, offer) {
      if (switches.failTicketing) throw new Error('Airline timeout (test)');
      return sandbox.ticketOrder(orderId, passengers, offer);
    },
    async cancelOrder(orderId) {
      if (switches.failCancel) throw new Error('Airline refused (test)');
      switches.cancelled.push(orderId);
      return sandbox.cancelOrder(orderId);
    },
  };
  return { supplier, switches, sandbox };
}

describe.each(backends)('the desk on %s', (backend) => {
  let ctx: TestContext;
  let owner: TestStaffMember;
  let agent: TestStaffMember;
  let viewer: TestStaffMember;
  let traveller: { authorization: string };
  let sandbox: ReturnType<typeof switchableSandbox>;
  let family = 0;

  beforeAll(async () => {
    ctx = await createTestApp(backend, { supplier: (database) => (sandbox = switchableSandbox(database)).supplier });
    [owner, agent, viewer] = [
      await staffMember(ctx.app, 'owner', { fullName: 'Amna Owner' }),
      await staffMember(ctx.app, 'agent-desk', { fullName: 'Khalid Desk' }),
      await staffMember(ctx.app, 'viewer'),
    ];
    traveller = await travellerHeaders(ctx);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const sql = <T>(text: string, params: unknown[] = []) => ctx.database.sql.query<T>(text, params);
  const api = (method: 'GET' | 'POST', url: string, headers?: Record<string, string>, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${id}/receipts`,
      ...asGuest(ctx, id, multipart(PNG, 'bankak.png', 'image/png')),
    });

  /** A booking held for a bank transfer with one receipt waiting. */
  async function heldWithReceipt(): Promise<{ booking: Booking; receiptId: string }> {
    family += 1;
    // Names are Latin letters only: the family number written in letters (each booking its own passenger).
    const letters = [...String(family)].map((digit) => 'ABCDEFGHIJ'[Number(digit)]).join('');
    const ready = await readyBooking(ctx, await findOffer(ctx, 'available'), `DESK${letters}`);
    const held = await pay(ctx, ready.id, true);
    expect(held.statusCode, held.body).toBe(200);
    const uploaded = await upload(ready.id);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const booking = (uploaded.json() as { booking: Booking }).booking;
    return { booking, receiptId: booking.receipts.at(-1)!.id };
  }

  const mails = (bookingId: string) =>
    sql<{ dedupe_key: string; subject: string; text_body: string }>(
      "SELECT dedupe_key, subject, text_body FROM mail_outbox WHERE split_part(dedupe_key, ':', 2) = $1 ORDER BY created_at, dedupe_key",
      [bookingId],
    );
  const events = (bookingId: string) =>
    sql<{ status_trigger: string; actor: string; from_status: string; to_status: string; details: Record<string, unknown> }>(
      'SELECT status_trigger, actor, from_status, to_status, details FROM booking_events WHERE booking_id = $1 ORDER BY id',
      [bookingId],
    );
  const deskState = async (bookingId: string) => {
    const response = await api('GET', `/admin/bookings/${bookingId}/actions`, agent.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BookingDeskState;
  };

  describe('roles', () => {
    const reads = ['/admin/transfers', '/admin/ticketing', '/admin/refunds', `/admin/bookings/${MISSING_BOOKING}/actions`];
    const actions: [string, unknown][] = [
      [`/admin/transfers/${MISSING_RECEIPT}/approve`, {}],
      [`/admin/transfers/${MISSING_RECEIPT}/reject`, { reason: 'not-received' }],
      [`/admin/bookings/${MISSING_BOOKING}/ticketing/retry`, {}],
      [
        `/admin/bookings/${MISSING_BOOKING}/manual-ticket`,
        { pnr: 'ABC123', tickets: [{ passengerId: 'px_1', ticketNumber: '0771234567890' }] },
      ],
      [`/admin/bookings/${MISSING_BOOKING}/resend-eticket`, {}],
      [`/admin/bookings/${MISSING_BOOKING}/extend-hold`, { minutes: 60, reason: 'bank app down' }],
      [`/admin/bookings/${MISSING_BOOKING}/cancel`, { reason: 'traveller asked' }],
      [`/admin/bookings/${MISSING_BOOKING}/refunds`, { amount: 10, method: 'cash', reference: 'R1' }],
    ];

    it('reads: every staff role 200 (a missing booking 404), traveller 403, anonymous 401', async () => {
      for (const url of reads) {
        const ok = url.includes(MISSING_BOOKING) ? 404 : 200;
        for (const member of [owner, agent, viewer])
          expect((await api('GET', url, member.headers)).statusCode, `${member.role} ${url}`).toBe(ok);
        const refused = await api('GET', url, traveller);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().code).toBe('STAFF_SESSION_REQUIRED');
        expect((await api('GET', url)).statusCode, url).toBe(401);
      }
    });

    it('actions: owner and agent-desk pass the guard (404 here), viewer 403, traveller 403, anonymous 401', async () => {
      for (const [url, body] of actions) {
        for (const member of [owner, agent])
          expect((await api('POST', url, member.headers, body)).statusCode, `${member.role} ${url}`).toBe(404);
        const asViewer = await api('POST', url, viewer.headers, body);
        expect(asViewer.statusCode, url).toBe(403);
        expect(asViewer.json().code).toBe('FORBIDDEN');
        expect((await api('POST', url, traveller, body)).statusCode, url).toBe(403);
        expect((await api('POST', url, undefined, body)).statusCode, url).toBe(401);
      }
    });

    it('the receipt file is for staff only', async () => {
      const { receiptId } = await heldWithReceipt();
      const url = `/admin/transfers/${receiptId}/file`;
      const file = await api('GET', url, viewer.headers);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^inline;/);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect((await api('GET', url, traveller)).statusCode).toBe(403);
      expect((await api('GET', url)).statusCode).toBe(401);
      expect((await api('GET', `/admin/transfers/${MISSING_RECEIPT}/file`, viewer.headers)).statusCode).toBe(404);
    });
  });

  describe('transfers', () => {
    it('lists waiting receipts oldest first with the amount, currency and reference expected', async () => {
      const first = await heldWithReceipt();
      const second = await heldWithReceipt();
      const response = await api('GET', '/admin/transfers', viewer.headers);
      const { transfers } = response.json() as TransfersResponse;
      const mine = transfers.filter((t) => [first.receiptId, second.receiptId].includes(t.receiptId));
      expect(mine.map((t) => t.receiptId)).toEqual([first.receiptId, second.receiptId]);
      expect(mine[0]).toMatchObject({
        bookingId: first.booking.id,
        bookingReference: first.booking.bookingReference,
        expectedAmount: first.booking.amount,
        currency: first.booking.currency,
        fileUrl: `/api/v1/admin/transfers/${first.receiptId}/file`,
        contentType: 'image/png',
        holdExtended: false,
        email: 'traveller@example.com',
      });
      expect(mine[0]!.travellerName).toMatch(/^AHMED DESK/);
    });

    it('rejects with a reason the traveller receives, once; "other" needs a note', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      const noNote = await api('POST', `/admin/transfers/${receiptId}/reject`, agent.headers, { reason: 'other' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().code).toBe('VALIDATION_ERROR');
      const badReason = await api('POST', `/admin/transfers/${receiptId}/reject`, agent.headers, { reason: 'because' });
      expect(badReason.statusCode).toBe(400);

      const rejected = await api('POST', `/admin/transfers/${receiptId}/reject`, agent.headers, {
        reason: 'amount-mismatch',
        note: 'We received 5,000 less',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().booking).toMatchObject({ status: 'pending-payment', statusTrigger: 'receipt-rejected' });
      const [receipt] = await sql<{ status: string; decision_reason: string; decision_note: string; reviewed_by: string }>(
        'SELECT status, decision_reason, decision_note, reviewed_by FROM payment_receipts WHERE id = $1',
        [receiptId],
      );
      expect(receipt).toEqual({
        status: 'rejected',
        decision_reason: 'amount-mismatch',
        decision_note: 'We received 5,000 less',
        reviewed_by: agent.actor,
      });
      expect((await events(booking.id)).at(-1)).toMatchObject({ status_trigger: 'receipt-rejected', actor: agent.actor });
      const mail = (await mails(booking.id)).find((m) => m.dedupe_key === `receipt-rejected:${booking.id}:${receiptId}`);
      expect(mail?.subject).toContain(booking.bookingReference);
      expect(mail?.text_body).toContain('المبلغ المحوَّل لا يطابق مبلغ الحجز');
      expect(mail?.text_body).toContain('The amount transferred does not match the amount of the booking');
      expect(mail?.text_body).toContain('We received 5,000 less');

      const again = await api('POST', `/admin/transfers/${receiptId}/reject`, owner.headers, { reason: 'unreadable' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('RECEIPT_ALREADY_DECIDED');
      const approveRejected = await api('POST', `/admin/transfers/${receiptId}/approve`, owner.headers, {});
      expect(approveRejected.json().code).toBe('RECEIPT_ALREADY_DECIDED');
      expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    });

    it('approves: the booking is paid as a card payment pays it, ticketed and e-mailed; a second approval changes nothing', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      const approved = await api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().booking).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
      const trail = await events(booking.id);
      expect(trail.find((e) => e.status_trigger === 'receipt-confirmed')).toMatchObject({
        actor: agent.actor,
        from_status: 'pending-payment',
        to_status: 'payment-confirmed',
      });
      const payments = await sql<{ provider: string; status: string; amount: string }>(
        'SELECT provider, status, amount FROM payments WHERE booking_id = $1',
        [booking.id],
      );
      expect(payments).toEqual([{ provider: 'bank-transfer', status: 'succeeded', amount: expect.anything() }]);
      expect(Number(payments[0]!.amount)).toBe(booking.amount);
      const keys = (await mails(booking.id)).map((m) => m.dedupe_key);
      expect(keys).toEqual(expect.arrayContaining([`paid:${booking.id}`, `e-ticket:${booking.id}`]));

      const before = (await events(booking.id)).length;
      const again = await api('POST', `/admin/transfers/${receiptId}/approve`, owner.headers, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('RECEIPT_ALREADY_DECIDED');
      expect((await events(booking.id)).length).toBe(before);
      expect((await sql('SELECT 1 FROM payments WHERE booking_id = $1', [booking.id])).length).toBe(1);
      const { transfers } = (await api('GET', '/admin/transfers', viewer.headers)).json() as TransfersResponse;
      expect(transfers.some((t) => t.bookingId === booking.id)).toBe(false);
    });

    it('refuses to approve a receipt of a booking whose hold ended meanwhile, and changes nothing', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      await sql("UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1", [booking.id]);
      const response = await api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {});
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'INVALID_BOOKING_STATE' });
      expect(response.json().message).toMatch(/hold of booking .* ended/);
      expect((await sql<{ status: string }>('SELECT status FROM payment_receipts WHERE id = $1', [receiptId]))[0]!.status).toBe(
        'submitted',
      );
      expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
      expect(await sql('SELECT 1 FROM payments WHERE booking_id = $1', [booking.id])).toHaveLength(0);
      // The job then cancels it as usual; approving is still refused.
      await ctx.bookings.expireHolds();
      const after = await api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {});
      expect(after.json()).toMatchObject({ code: 'INVALID_BOOKING_STATE' });
    });

    it.runIf(backend === 'postgres')('two staff approving at once: one pays the booking, the other is refused', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      // Both requests read the receipt as waiting, then queue on the booking's lock.
      const [a, b] = await raceAtLock(
        ctx.database,
        { sql: 'SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', params: [booking.id] },
        [
          () => api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {}),
          () => api('POST', `/admin/transfers/${receiptId}/approve`, owner.headers, {}),
        ],
      );
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('RECEIPT_ALREADY_DECIDED');
      expect(await sql('SELECT 1 FROM payments WHERE booking_id = $1', [booking.id])).toHaveLength(1);
      const confirmed = (await events(booking.id)).filter((e) => e.status_trigger === 'receipt-confirmed');
      expect(confirmed).toHaveLength(1);
      expect((await getBooking(ctx, booking.id)).status).toBe('confirmed');
    });
  });

  describe('holds', () => {
    it('extends a hold once, up to the airline deadline, and tells the traveller', async () => {
      const { booking } = await heldWithReceipt();
      const [{ deadline }] = (await sql<{ deadline: Date | null }>(
        'SELECT supplier_hold_deadline AS deadline FROM bookings WHERE id = $1',
        [booking.id],
      )) as [{ deadline: Date | null }];
      expect(deadline, 'the airline deadline is kept when seats are held').not.toBeNull();
      const state = await deskState(booking.id);
      expect(state.actions).toContain('extend-hold');

      const noReason = await api('POST', `/admin/bookings/${booking.id}/extend-hold`, agent.headers, { minutes: 60, reason: '' });
      expect(noReason.statusCode).toBe(400);
      const tooMany = await api('POST', `/admin/bookings/${booking.id}/extend-hold`, agent.headers, {
        minutes: 100_000,
        reason: 'bank app down',
      });
      expect(tooMany.statusCode).toBe(400);
      const pastDeadline = Math.ceil((new Date(deadline!).getTime() - Date.parse(booking.holdExpiresAt!)) / 60_000) + 15;
      if (pastDeadline <= 72 * 60) {
        const tooLong = await api('POST', `/admin/bookings/${booking.id}/extend-hold`, agent.headers, {
          minutes: pastDeadline,
          reason: 'bank app down',
        });
        expect(tooLong.statusCode).toBe(409);
        expect(tooLong.json().code).toBe('HOLD_EXTENSION_TOO_LONG');
        expect((await getBooking(ctx, booking.id)).holdExpiresAt).toBe(booking.holdExpiresAt);
      }

      const extended = await api('POST', `/admin/bookings/${booking.id}/extend-hold`, agent.headers, {
        minutes: 60,
        reason: 'Bankak is down',
      });
      expect(extended.statusCode, extended.body).toBe(200);
      expect(Date.parse(extended.json().booking.holdExpiresAt) - Date.parse(booking.holdExpiresAt!)).toBe(60 * 60_000);
      expect((await events(booking.id)).at(-1)).toMatchObject({
        status_trigger: 'hold-extended',
        actor: agent.actor,
        details: expect.objectContaining({ reason: 'Bankak is down', minutes: 60 }),
      });
      expect((await mails(booking.id)).map((m) => m.dedupe_key)).toContain(`hold-extended:${booking.id}`);
      // The traveller's page still shows the receipt step.
      expect((await getBooking(ctx, booking.id)).statusTrigger).toBe('hold-extended');

      const twice = await api('POST', `/admin/bookings/${booking.id}/extend-hold`, owner.headers, {
        minutes: 15,
        reason: 'again',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('HOLD_ALREADY_EXTENDED');
      expect((await deskState(booking.id)).actions).not.toContain('extend-hold');
    });

    it('cannot extend a hold whose airline deadline is not known', async () => {
      const { booking } = await heldWithReceipt();
      await sql('UPDATE bookings SET supplier_hold_deadline = NULL WHERE id = $1', [booking.id]);
      const response = await api('POST', `/admin/bookings/${booking.id}/extend-hold`, agent.headers, {
        minutes: 30,
        reason: 'bank app down',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('HOLD_EXTENSION_TOO_LONG');
    });
  });

  describe('ticketing', () => {
    it('a failed ticketing is listed, retried, then issued by hand with the same e-ticket e-mail', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      sandbox.switches.failTicketing = true;
      try {
        const approved = await api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {});
        expect(approved.json().booking).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-failed' });
        const listed = ((await api('GET', '/admin/ticketing', viewer.headers)).json() as TicketingResponse).bookings.find(
          (b) => b.bookingId === booking.id,
        );
        expect(listed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'Airline timeout (test)' });
        expect(listed!.passengers).toHaveLength(1);
        // The desk sees the time the traveller was promised the tickets by hand, the one their e-mail states.
        const [promised] = await sql<{ manual_ticketing_by: Date }>('SELECT manual_ticketing_by FROM bookings WHERE id = $1', [
          booking.id,
        ]);
        expect(listed!.promisedBy).toBe(new Date(promised!.manual_ticketing_by).toISOString());

        const retried = await api('POST', `/admin/bookings/${booking.id}/ticketing/retry`, agent.headers, {});
        expect(retried.statusCode).toBe(200);
        expect(retried.json().booking.status).toBe('payment-confirmed');
        const [audit] = await sql<{ action: string }>(
          'SELECT action FROM staff_actions WHERE staff_user_id = $1 AND target_id = $2',
          [agent.userId, booking.id],
        );
        expect(audit?.action).toBe('ticketing-retried');
      } finally {
        sandbox.switches.failTicketing = false;
      }

      const passengerId = booking.passengers[0]!.id;
      const bad = [
        { pnr: 'A1', tickets: [{ passengerId, ticketNumber: '0771234567890' }] },
        { pnr: 'XK7Q2M', tickets: [{ passengerId, ticketNumber: '12345' }] },
        { pnr: 'XK7Q2M', tickets: [{ passengerId: 'px_someone_else', ticketNumber: '0771234567890' }] },
        { pnr: 'XK7Q2M', tickets: [] },
      ];
      for (const body of bad) {
        const response = await api('POST', `/admin/bookings/${booking.id}/manual-ticket`, agent.headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
      const manual = await api('POST', `/admin/bookings/${booking.id}/manual-ticket`, agent.headers, {
        pnr: 'xk7q2m',
        tickets: [{ passengerId, ticketNumber: '077-1234567890' }],
      });
      expect(manual.statusCode, manual.body).toBe(200);
      expect(manual.json().booking).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
      const ticketed = await getBooking(ctx, booking.id);
      expect(ticketed.pnr).toBe('XK7Q2M');
      expect(ticketed.passengers[0]!.ticketNumber).toBe('0771234567890');
      expect((await events(booking.id)).at(-1)).toMatchObject({
        status_trigger: 'ticket-issued',
        actor: agent.actor,
        details: expect.objectContaining({ manual: true, pnr: 'XK7Q2M' }),
      });
      const eTicket = (await mails(booking.id)).find((m) => m.dedupe_key === `e-ticket:${booking.id}`);
      expect(eTicket?.text_body).toContain('0771234567890');

      const again = await api('POST', `/admin/bookings/${booking.id}/manual-ticket`, agent.headers, {
        pnr: 'XK7Q2M',
        tickets: [{ passengerId, ticketNumber: '0771234567890' }],
      });
      expect(again.statusCode).toBe(409);
      expect(
        ((await api('GET', '/admin/ticketing', viewer.headers)).json() as TicketingResponse).bookings.some(
          (b) => b.bookingId === booking.id,
        ),
      ).toBe(false);

      const resent = await api('POST', `/admin/bookings/${booking.id}/resend-eticket`, agent.headers, {});
      expect(resent.statusCode).toBe(200);
      expect((await mails(booking.id)).filter((m) => m.dedupe_key.startsWith(`e-ticket-resend:${booking.id}:`))).toHaveLength(1);
      expect(
        await sql("SELECT 1 FROM staff_actions WHERE action = 'e-ticket-resent' AND target_id = $1", [booking.id]),
      ).toHaveLength(1);
    });

    it('a retry that works tickets the booking; retry and resend refuse other states', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      const early = await api('POST', `/admin/bookings/${booking.id}/ticketing/retry`, agent.headers, {});
      expect(early.statusCode).toBe(409);
      expect((await api('POST', `/admin/bookings/${booking.id}/resend-eticket`, agent.headers, {})).statusCode).toBe(409);
      sandbox.switches.failTicketing = true;
      await api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {});
      sandbox.switches.failTicketing = false;
      const retried = await api('POST', `/admin/bookings/${booking.id}/ticketing/retry`, owner.headers, {});
      expect(retried.json().booking).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
    });
  });

  describe('cancellations and refunds', () => {
    it('a supplier that will not cancel changes nothing; then the booking is cancelled with its supplier order', async () => {
      const { booking } = await heldWithReceipt();
      const [{ order_id: order }] = (await sql<{ order_id: string }>(
        'SELECT supplier_order_id AS order_id FROM bookings WHERE id = $1',
        [booking.id],
      )) as [{ order_id: string }];
      sandbox.switches.failCancel = true;
      try {
        const failed = await api('POST', `/admin/bookings/${booking.id}/cancel`, agent.headers, { reason: 'traveller asked' });
        expect(failed.statusCode).toBe(502);
        expect(failed.json().code).toBe('SUPPLIER_CANCEL_FAILED');
        expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
      } finally {
        sandbox.switches.failCancel = false;
      }
      expect((await api('POST', `/admin/bookings/${booking.id}/cancel`, agent.headers, { reason: 'x' })).statusCode).toBe(400);
      const canceled = await api('POST', `/admin/bookings/${booking.id}/cancel`, agent.headers, {
        reason: 'Traveller changed plans',
      });
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().booking).toMatchObject({ status: 'canceled', statusTrigger: 'staff-canceled' });
      expect(sandbox.switches.cancelled).toContain(order);
      expect(await sandbox.sandbox.orderState(order)).toBe('cancelled');
      expect((await events(booking.id)).at(-1)).toMatchObject({
        status_trigger: 'staff-canceled',
        actor: agent.actor,
        details: expect.objectContaining({ reason: 'Traveller changed plans' }),
      });
      expect((await mails(booking.id)).map((m) => m.dedupe_key)).toContain(`staff-canceled:${booking.id}`);
      expect((await api('POST', `/admin/bookings/${booking.id}/cancel`, agent.headers, { reason: 'again' })).statusCode).toBe(
        409,
      );
      // Nothing was paid: nothing to refund.
      const refund = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, {
        amount: 1,
        method: 'cash',
        reference: 'R',
      });
      expect(refund.json().code).toBe('REFUND_EXCEEDS_PAID');
    });

    it('refunds a canceled paid booking in parts, never more than paid, then it is refunded', async () => {
      const { booking, receiptId } = await heldWithReceipt();
      await api('POST', `/admin/transfers/${receiptId}/approve`, agent.headers, {});
      // A ticketed booking keeps its price paid.
      const live = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, {
        amount: 1,
        method: 'cash',
        reference: 'R0',
      });
      expect(live.statusCode).toBe(409);
      expect(live.json().code).toBe('REFUND_EXCEEDS_PAID');
      await api('POST', `/admin/bookings/${booking.id}/cancel`, agent.headers, { reason: 'Visa refused' });
      const due = ((await api('GET', '/admin/refunds', viewer.headers)).json() as RefundsResponse).due.find(
        (d) => d.bookingId === booking.id,
      );
      // Cancelled without the airline's quote: the airline refunds it whole, so all that was paid is owed.
      const cancellation = {
        currency: booking.currency,
        paid: booking.amount,
        airlineRefund: null,
        airlineFee: 0,
        agencyFee: 0,
        owed: booking.amount,
        refundTo: null,
        supplierRefund: null,
      };
      expect(due?.money).toEqual({
        currency: booking.currency,
        paid: booking.amount,
        refunded: 0,
        refundable: booking.amount,
        cancellation: { ...cancellation, refunded: 0 },
      });

      for (const body of [
        { amount: -5, method: 'cash', reference: 'R' },
        { amount: 10.123, method: 'cash', reference: 'R' },
        { amount: 10, method: 'cheque', reference: 'R' },
        { amount: 10, method: 'cash', reference: '' },
        { amount: 'ten', method: 'cash', reference: 'R' },
      ]) {
        const response = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const tooMuch = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, {
        amount: booking.amount + 1,
        method: 'bank-transfer',
        reference: 'TRX-1',
      });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().code).toBe('REFUND_EXCEEDS_PAID');
      expect(await sql('SELECT 1 FROM booking_refunds WHERE booking_id = $1', [booking.id])).toHaveLength(0);

      const part = Math.floor(booking.amount / 2);
      const first = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, {
        amount: part,
        method: 'bank-transfer',
        reference: 'TRX-1',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().booking).toMatchObject({ status: 'canceled', statusTrigger: 'refund-recorded' });
      const rest = Math.round((booking.amount - part) * 100) / 100;
      const second = await api('POST', `/admin/bookings/${booking.id}/refunds`, owner.headers, {
        amount: rest,
        method: 'cash',
        reference: 'CASH-2',
        note: 'At the office',
      });
      expect(second.json().booking).toMatchObject({ status: 'refunded', statusTrigger: 'refund-issued' });
      expect((await events(booking.id)).slice(-2).map((e) => [e.status_trigger, e.actor])).toEqual([
        ['refund-recorded', agent.actor],
        ['refund-issued', owner.actor],
      ]);
      const state = await deskState(booking.id);
      expect(state.money).toEqual({
        currency: booking.currency,
        paid: booking.amount,
        refunded: booking.amount,
        refundable: 0,
        cancellation: { ...cancellation, refunded: booking.amount },
      });
      expect(state.actions).toEqual([]);
      const list = (await api('GET', '/admin/refunds', viewer.headers)).json() as RefundsResponse;
      expect(list.due.some((d) => d.bookingId === booking.id)).toBe(false);
      expect(list.recorded.filter((r) => r.bookingId === booking.id).map((r) => [r.amount, r.recordedByName])).toEqual([
        [rest, 'Amna Owner'],
        [part, 'Khalid Desk'],
      ]);
      expect((await mails(booking.id)).filter((m) => m.dedupe_key.startsWith(`refund:${booking.id}:`))).toHaveLength(2);
      const more = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, {
        amount: 1,
        method: 'cash',
        reference: 'R',
      });
      expect(more.statusCode).toBe(409);
    });

    it('late card money (refund-required) is listed and refunded against its payment', async () => {
      const { booking } = await heldWithReceipt();
      await sql("UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1", [booking.id]);
      await ctx.bookings.expireHolds();
      await sql(
        "INSERT INTO payments (id, booking_id, provider, status, amount, currency) VALUES ($1, $2, 'sandbox', 'refund-required', $3, $4)",
        [`pay_late_${booking.id.slice(3, 15)}`, booking.id, booking.amount, booking.currency],
      );
      const list = (await api('GET', '/admin/refunds', viewer.headers)).json() as RefundsResponse;
      const late = list.refundRequired.find((p) => p.bookingId === booking.id);
      expect(late).toMatchObject({ bookingStatus: 'canceled', amount: booking.amount, refundable: booking.amount });
      expect(list.due.some((d) => d.bookingId === booking.id)).toBe(false);
      const refunded = await api('POST', `/admin/bookings/${booking.id}/refunds`, agent.headers, {
        amount: booking.amount,
        method: 'card',
        reference: 're_123',
        paymentId: late!.paymentId,
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().booking.status).toBe('refunded');
      const [payment] = await sql<{ status: string }>('SELECT status FROM payments WHERE id = $1', [late!.paymentId]);
      expect(payment!.status).toBe('refunded');
      const after = (await api('GET', '/admin/refunds', viewer.headers)).json() as RefundsResponse;
      expect(after.refundRequired.some((p) => p.bookingId === booking.id)).toBe(false);
    });
  });

  describe('bad input', () => {
    it('answers malformed ids, bodies and JSON with 4xx, never 500', async () => {
      const { booking } = await heldWithReceipt();
      const cases: [string, unknown][] = [
        ['/admin/transfers/not-a-receipt/approve', {}],
        [`/admin/transfers/${'rc_' + 'x'.repeat(280)}/reject`, { reason: 'other', note: 'x'.repeat(600) }],
        [`/admin/bookings/${booking.id}/extend-hold`, { minutes: 'soon', reason: 'x' }],
        [`/admin/bookings/${booking.id}/extend-hold`, {}],
        [`/admin/bookings/${booking.id}/refunds`, { amount: 1e20, method: 'cash', reference: 'R' }],
        [`/admin/bookings/${booking.id}/manual-ticket`, { pnr: 'ABCDEF', tickets: 'all' }],
        [`/admin/bookings/${booking.id}/cancel`, { reason: 'y'.repeat(501) }],
        ['/admin/bookings/..%2F..%2Fetc/cancel', { reason: 'why not' }],
      ];
      for (const [url, body] of cases) {
        const response = await api('POST', url, agent.headers, body);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.json().code, url).toBeTruthy();
      }
      const notJson = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/bookings/${booking.id}/cancel`,
        headers: { ...agent.headers, 'content-type': 'application/json' },
        payload: '{"reason": ',
      });
      expect(notJson.statusCode).toBe(400);
      expect((await getBooking(ctx, booking.id)).status).toBe('pending-payment');
    });
  });
});
