import { randomBytes } from 'node:crypto';
import type { Booking, Offer } from '@kwenda/contracts';
import {
  adminBookingDetailSchema,
  adminBookingListSchema,
  adminDocumentRevealSchema,
  type AdminBookingList,
  type StaffRole,
} from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtSecret, signSessionToken } from '../src/plugins/auth-tokens.js';
import { asGuest, findOffer, pay, readyBooking } from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { staffMember } from './helpers/staff.js';
import { backends } from './helpers/test-database.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(backends)('staff bookings API on %s', (backend) => {
  let ctx: TestContext;
  let offer: Offer;
  /** Held for a bank transfer, with a receipt, a PNR and a ticket number: OSMAN, +249912345678. */
  let held: Booking;
  /** Card, confirmed, made by an account, through a referral code, created two days ago: ELTAYEB. */
  let paid: Booking;
  /** Passengers not yet saved: a guest's fresh booking. */
  let fresh: Booking;
  const tokens: Partial<Record<StaffRole | 'traveller' | 'no-second-factor', string>> = {};
  const names: Partial<Record<StaffRole, string>> = {};
  const staffIds: Partial<Record<StaffRole, string>> = {};
  let travellerId: string;

  const exec = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => ctx.database.sql.query<T>(text, params);

  /** A signed-in traveller (a live traveller session of an account made here): the account's id and token. */
  async function signInTraveller(fullName: string) {
    const userId = `us_${randomBytes(12).toString('base64url')}`;
    const sessionId = `se_${randomBytes(12).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + 3_600_000);
    await exec('INSERT INTO users (id, full_name, email, active) VALUES ($1, $2, $3, true)', [
      userId,
      fullName,
      `${userId.toLowerCase()}@example.com`,
    ]);
    await exec("INSERT INTO sessions (id, user_id, expires_at, kind) VALUES ($1, $2, $3, 'traveller')", [
      sessionId,
      userId,
      expiresAt,
    ]);
    return { userId, token: await signSessionToken(jwtSecret(ctx.env), { userId, sessionId, expiresAt }) };
  }

  const get = (url: string, who: keyof typeof tokens | null = 'viewer') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin${url}`,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });
  const list = async (query: string): Promise<AdminBookingList> => {
    const response = await get(`/bookings?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return adminBookingListSchema.parse(response.json());
  };
  const found = async (query: string) => (await list(query)).items.map((item) => item.bookingReference).sort();
  const refs = (...bookings: Booking[]) => bookings.map((b) => b.bookingReference).sort();

  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: { RUN_JOBS: 'false' } });
    offer = await findOffer(ctx, 'available');
    // Staff signed in through the real set-up link and authenticator routes.
    for (const [role, fullName] of [
      ['owner', 'Samia Owner'],
      ['agent-desk', 'Hamid Desk'],
      ['viewer', 'Nada Viewer'],
    ] as const) {
      const member = await staffMember(ctx.app, role, { fullName });
      tokens[role] = member.token;
      names[role] = fullName;
      staffIds[role] = member.userId;
    }
    tokens['no-second-factor'] = (await staffMember(ctx.app, 'owner', { secondFactor: false })).token;
    const traveller = await signInTraveller('Amna Traveller');
    tokens.traveller = traveller.token;
    travellerId = traveller.userId;

    held = await readyBooking(ctx, offer, 'OSMAN');
    const payLater = await pay(ctx, held.id, true);
    expect(payLater.statusCode, payLater.body).toBe(200);
    const receipt = multipart(PNG, 'transfer.png', 'image/png');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${held.id}/receipts`,
      ...asGuest(ctx, held.id, receipt),
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    await exec("UPDATE bookings SET pnr = 'QX7PLM' WHERE id = $1", [held.id]);
    await exec("UPDATE booking_passengers SET ticket_number = '071-2345678901' WHERE booking_id = $1", [held.id]);

    paid = await readyBooking(ctx, offer, 'ELTAYEB');
    await exec(
      `UPDATE bookings SET status = 'confirmed', status_trigger = 'ticket-issued', payment_method = 'card', user_id = $2,
         referral_code = 'Nile-Tours', email = 'Hiba.Eltayeb@Example.com', mobile = '+201001234567',
         created_at = now() - interval '2 days', pricing = NULL WHERE id = $1`,
      [paid.id, travellerId],
    );
    await exec(
      `INSERT INTO payments (id, booking_id, provider, status, amount, currency, provider_payment_id)
       VALUES ($1, $2, 'sandbox', 'succeeded', $3, $4, 'pi_test')`,
      [`pay_${paid.id}`, paid.id, paid.amount, paid.currency],
    );

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      payload: {
        reference: offer.reference,
        payload: {
          passengers: { adults: 1, children: 0, infants: 0 },
          baggage: { hold: 1, carryOn: 0 },
          currency: offer.currency,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const freshId = (created.json() as { booking: { id: string } }).booking.id;
    fresh = (await ctx.bookings.getBooking(freshId))!;
  });
  afterAll(async () => ctx?.close());

  it('appears in the OpenAPI document with its query parameters', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, { get?: { tags: string[]; parameters: { name: string }[] } }> };
    const listRoute = doc.paths['/api/v1/admin/bookings']!.get!;
    expect(listRoute.tags).toEqual(['admin']);
    expect(listRoute.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'status', 'from', 'to', 'sort', 'page']),
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/admin/bookings/{id}', '/api/v1/admin/bookings/{id}/passengers/{passengerId}/document']),
    );
  });

  describe('who may read', () => {
    it.each([
      ['owner', 200],
      ['agent-desk', 200],
      ['viewer', 200],
      ['traveller', 403],
      ['no-second-factor', 403],
      [null, 401],
    ] as const)('%s -> %i on the table, the page and a document number', async (who, status) => {
      expect((await get('/bookings', who)).statusCode).toBe(status);
      expect((await get(`/bookings/${held.id}`, who)).statusCode).toBe(status);
      const reveal = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/bookings/${held.id}/passengers/${held.passengers[0]!.id}/document`,
        headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
      });
      expect(reveal.statusCode).toBe(status);
      if (status === 403)
        expect(reveal.json().code).toBe(who === 'traveller' ? 'STAFF_SESSION_REQUIRED' : 'SECOND_FACTOR_REQUIRED');
      if (status === 401) expect(reveal.json().code).toBe('UNAUTHORIZED');
    });
  });

  describe('the search box', () => {
    it.each([
      ['the booking reference, as typed in lower case', () => held.bookingReference.toLowerCase()],
      ['the PNR', () => 'qx7plm'],
      ['the ticket number with its dash', () => '071-2345678901'],
      ['the ticket number without it', () => '0712345678901'],
      ['the e-mail in another case', () => 'TRAVELLER@example.com'],
      ['the mobile in full', () => '+249912345678'],
      ['the mobile with spaces', () => '+249 91 234 5678'],
      ['the mobile the local way', () => '0912345678'],
      ['the mobile with 00', () => '00249912345678'],
      ['the mobile as nine digits', () => '912 345 678'],
      ['the mobile in Arabic-Indic digits', () => '٠٩١٢٣٤٥٦٧٨'],
      ['the last name in lower case', () => 'osman'],
      ['the start of the last name', () => 'Osm'],
    ])('finds a booking by %s', async (_kind, q) => {
      expect(await found(`q=${encodeURIComponent(q())}`)).toContain(held.bookingReference);
      expect(await found(`q=${encodeURIComponent(q())}`)).not.toContain(paid.bookingReference);
    });

    it('finds an e-mail stored in mixed case, a foreign mobile and the booking id', async () => {
      expect(await found('q=hiba.eltayeb%40example.com')).toEqual(refs(paid));
      expect(await found(`q=${encodeURIComponent('+20 100 123 4567')}`)).toEqual(refs(paid));
      expect(await found(`q=${paid.id}`)).toEqual(refs(paid));
    });

    it('finds an Arabic last name, and treats % and _ as letters', async () => {
      await exec("UPDATE booking_passengers SET last_name = 'عثمان' WHERE booking_id = $1", [fresh.id]);
      expect(await found(`q=${encodeURIComponent('عثمان')}`)).toEqual(refs(fresh));
      expect(await found(`q=${encodeURIComponent('عث')}`)).toEqual(refs(fresh));
      expect((await list('q=%25%25')).total).toBe(0);
      expect((await list('q=__')).total).toBe(0);
      expect((await list('q=nobody-here')).total).toBe(0);
    });
  });

  describe('filters', () => {
    it('by status (one or several) and payment method', async () => {
      expect(await found('status=pending-payment')).toEqual(refs(held));
      expect(await found('status=pending-payment,confirmed')).toEqual(refs(held, paid));
      expect(await found('status=pending-payment&status=created')).toEqual(refs(held, fresh));
      expect(await found('paymentMethod=card')).toEqual(refs(paid));
      expect(await found('paymentMethod=bank-transfer')).toEqual(refs(held));
      expect(await found('paymentMethod=none')).toEqual(refs(fresh));
    });

    it('by account or guest, and by referral code in any case', async () => {
      expect(await found('customer=account')).toEqual(refs(paid));
      expect(await found('customer=guest')).toEqual(refs(held, fresh));
      expect(await found('referralCode=nile-tours')).toEqual(refs(paid));
      expect(await found('referralCode=other')).toEqual([]);
    });

    it('by route', async () => {
      expect(await found(`origin=${held.origin.toLowerCase()}&destination=${held.destination}`)).toEqual(refs(held, paid, fresh));
      expect(await found('origin=XXX')).toEqual([]);
    });

    it('by the day it was made on the agency clock (Khartoum, UTC+2)', async () => {
      // 22:30 UTC on 1 March is 00:30 on 2 March in Khartoum.
      await exec("UPDATE bookings SET created_at = '2025-03-01T22:30:00Z' WHERE id = $1", [fresh.id]);
      try {
        expect(await found('from=2025-03-02&to=2025-03-02')).toEqual(refs(fresh));
        expect(await found('from=2025-03-01&to=2025-03-01')).toEqual([]);
        expect(await found('to=2025-03-02')).toEqual(refs(fresh));
        expect(await found('from=2025-03-03')).toEqual(refs(held, paid));
      } finally {
        await exec('UPDATE bookings SET created_at = now() WHERE id = $1', [fresh.id]);
      }
    });

    it('by airline change, counting the rows the Today screen counts', async () => {
      const event = (id: string, trigger: string, hoursAgo: number) =>
        exec(
          `INSERT INTO booking_events (booking_id, from_status, to_status, status_trigger, actor, created_at)
           VALUES ($1, 'created', 'created', $2, 'test', now() - make_interval(hours => $3))`,
          [id, trigger, hoursAgo],
        );
      expect(await found('supplierChange=any')).toEqual([]);
      // Re-priced an hour ago and left unpaid: listed; the paid booking re-priced too is not.
      await event(fresh.id, 'price-changed', 1);
      await event(paid.id, 'price-changed', 1);
      expect(await found('supplierChange=price-changed')).toEqual(refs(fresh));
      expect(await found('supplierChange=any')).toEqual(refs(fresh));
      // A change older than the window is old news; a rescheduled booking always counts.
      await exec("UPDATE booking_events SET created_at = now() - interval '25 hours' WHERE booking_id = $1", [fresh.id]);
      expect(await found('supplierChange=price-changed')).toEqual([]);
      const [{ status }] = (await exec<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [paid.id])) as [
        { status: string },
      ];
      await exec("UPDATE bookings SET status = 'rescheduled' WHERE id = $1", [paid.id]);
      try {
        expect(await found('supplierChange=rescheduled')).toEqual(refs(paid));
        expect(await found('supplierChange=any')).toEqual(refs(paid));
        expect(await found('supplierChange=offer-unavailable')).toEqual([]);
      } finally {
        await exec('UPDATE bookings SET status = $2 WHERE id = $1', [paid.id, status]);
        await exec("DELETE FROM booking_events WHERE status_trigger = 'price-changed' AND actor = 'test'");
      }
    });

    it('combines filters and the search box', async () => {
      expect(await found('q=osman&status=pending-payment&paymentMethod=bank-transfer&customer=guest')).toEqual(refs(held));
      expect(await found('q=osman&status=confirmed')).toEqual([]);
    });
  });

  describe('sort and pages', () => {
    it('sorts by created, amount (by its USD value), status and departure, both ways', async () => {
      const order = async (query: string) => (await list(query)).items.map((i) => i.bookingReference);
      expect(await order('sort=created&order=desc')).toEqual([fresh, held, paid].map((b) => b.bookingReference));
      expect(await order('sort=created&order=asc')).toEqual([paid, held, fresh].map((b) => b.bookingReference));
      await exec('UPDATE bookings SET amount = amount * 2 WHERE id = $1', [paid.id]);
      try {
        expect((await order('sort=amount&order=desc'))[0]).toBe(paid.bookingReference);
        expect((await order('sort=amount&order=asc')).at(-1)).toBe(paid.bookingReference);
      } finally {
        await exec('UPDATE bookings SET amount = amount / 2 WHERE id = $1', [paid.id]);
      }
      // Lifecycle order: created, ..., pending-payment, ..., confirmed.
      expect(await order('sort=status&order=asc')).toEqual([fresh, held, paid].map((b) => b.bookingReference));
      expect(await order('sort=status&order=desc')).toEqual([paid, held, fresh].map((b) => b.bookingReference));
      const departures = (await list('sort=departure&order=asc')).items.map((i) => i.departureDate);
      expect(departures).toEqual([...departures].sort());
    });

    it('pages with a total, and a page past the end is empty', async () => {
      const first = await list('pageSize=2&page=1');
      const second = await list('pageSize=2&page=2');
      expect(first).toMatchObject({ total: 3, pageCount: 2, page: 1, pageSize: 2 });
      expect(first.items).toHaveLength(2);
      expect(second.items).toHaveLength(1);
      expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(3);
      expect((await list('pageSize=2&page=9')).items).toEqual([]);
    });

    it('lists the fields of the table', async () => {
      const [item] = (await list(`q=${held.bookingReference}`)).items;
      expect(item).toMatchObject({
        id: held.id,
        status: 'pending-payment',
        origin: held.origin,
        destination: held.destination,
        departureDate: held.slices[0]!.departureDate,
        amount: held.amount,
        currency: held.currency,
        paymentMethod: 'bank-transfer',
        pnr: 'QX7PLM',
        leadPassenger: `${held.passengers[0]!.firstName} OSMAN`,
        passengerCount: held.passengers.length,
        customer: 'guest',
        email: 'traveller@example.com',
        mobile: '+249912345678',
      });
      expect(item!.holdExpiresAt).not.toBeNull();
    });

    it.each([
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=100000', 'page'],
      ['sort=price', 'sort'],
      ['order=up', 'order'],
      ['status=lost', 'status'],
      ['paymentMethod=cash', 'paymentMethod'],
      ['from=2025-02-30', 'from'],
      ['from=2025-03-05&to=2025-03-01', 'to'],
      ['from=2023-01-01&to=2025-01-01', 'to'],
      ['origin=KHARTOUM', 'origin'],
      ['referralCode=%3Cscript%3E', 'referralCode'],
      ['customer=vip', 'customer'],
      ['supplierChange=weather', 'supplierChange'],
      ['q=x', 'q'],
      [`q=${'a'.repeat(101)}`, 'q'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const response = await get(`/bookings?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json() as { code: string; fields: { path: string }[] };
      expect(body.code).toBe('VALIDATION_ERROR');
      // A list names the item: status.0 for the first status.
      expect(body.fields.map((f) => f.path.split('.')[0])).toContain(field);
    });

    it('takes empty parameters (a cleared filter in a shared link) as absent', async () => {
      expect((await list('q=&status=&from=&paymentMethod=&page=&pageSize=')).total).toBe(3);
    });
  });

  describe('one booking', () => {
    it('shows everything on one page, document numbers masked', async () => {
      await exec(
        "INSERT INTO booking_events (booking_id, from_status, to_status, status_trigger, actor, details) VALUES ($1, 'pending-payment', 'pending-payment', 'receipt-uploaded', $2, $3)",
        [held.id, `staff:${staffIds['agent-desk']}`, JSON.stringify({ note: 'called the bank' })],
      );
      const response = await get(`/bookings/${held.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const detail = adminBookingDetailSchema.parse(response.json());
      expect(detail.booking.bookingReference).toBe(held.bookingReference);
      expect(detail.booking.slices).toEqual(held.slices);
      const [passenger] = detail.booking.passengers;
      expect(passenger!.documentNumber).toBe('••••••567');
      expect(response.body).not.toContain(held.passengers[0]!.documentNumber!);
      expect(detail.language).toBe('ar');
      expect(detail.account).toBeNull();
      expect(detail.pricing).toMatchObject({ currency: held.currency, amount: held.amount });
      expect(detail.receipts).toHaveLength(1);
      expect(detail.receipts[0]).toMatchObject({ fileName: 'transfer.png', contentType: 'image/png', status: 'submitted' });
      expect(detail.emails.map((e) => e.kind)).toEqual(expect.arrayContaining(['held']));
      expect(detail.emails.find((e) => e.kind === 'held')).toMatchObject({ to: 'traveller@example.com', status: 'pending' });
      expect(detail.timeline.map((e) => [e.fromStatus, e.toStatus, e.actor.kind])).toEqual([
        [null, 'created', 'traveller'],
        ['created', 'created', 'traveller'],
        ['created', 'pending-payment', 'traveller'],
        ['pending-payment', 'pending-payment', 'traveller'],
        ['pending-payment', 'pending-payment', 'staff'],
      ]);
      expect(detail.timeline.at(-1)!.actor).toMatchObject({ kind: 'staff', name: 'Hamid Desk' });
      expect(detail.timeline.at(-1)!.details).toEqual({ note: 'called the bank' });
    });

    it('shows the account, the payment and an old booking priced without a recorded markup', async () => {
      const detail = adminBookingDetailSchema.parse((await get(`/bookings/${paid.id}`, 'owner')).json());
      expect(detail.account).toMatchObject({ userId: travellerId, fullName: 'Amna Traveller' });
      expect(detail.payments).toEqual([
        expect.objectContaining({ provider: 'sandbox', status: 'succeeded', amount: paid.amount, providerPaymentId: 'pi_test' }),
      ]);
      expect(detail.pricing).toMatchObject({ recorded: false, markupUsd: 0, markupRuleIds: [], rateId: null });
      expect(detail.pricing.exchangeRate).toBeGreaterThan(0);
    });

    it("lists every e-mail keyed to the booking, and none of another booking's", async () => {
      const mail = (id: string, key: string, status = 'sent') =>
        exec(
          `INSERT INTO mail_outbox (id, dedupe_key, to_address, subject, text_body, html_body, status, attempts, sent_at)
           VALUES ($1, $2, 'amna@example.com', 'Subject', 'text', '<p>html</p>', $3, 1, now())`,
          [id, key, status],
        );
      await mail('ml_refund', `refund:${paid.id}:rf_1`);
      await mail('ml_resend', `e-ticket-resend:${paid.id}:2030-01-01T10:00`, 'failed');
      await mail('ml_other', `paid:${held.id}`);
      const detail = adminBookingDetailSchema.parse((await get(`/bookings/${paid.id}`)).json());
      expect(detail.emails.map((e) => [e.id, e.kind, e.status])).toEqual([
        ['ml_refund', 'refund', 'sent'],
        ['ml_resend', 'e-ticket-resend', 'failed'],
      ]);
      expect(JSON.stringify(detail.emails)).not.toContain('<p>html</p>');
    });

    it('serves a receipt file to staff only', async () => {
      const detail = adminBookingDetailSchema.parse((await get(`/bookings/${held.id}`)).json());
      const url = detail.receipts[0]!.fileUrl;
      const file = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.viewer}` } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.traveller}` } })).statusCode,
      ).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(`/bookings/${paid.id}/receipts/${detail.receipts[0]!.id}/file`)).statusCode).toBe(404);
    });

    it('is 404 for an unknown or malformed id', async () => {
      expect((await get(`/bookings/bk_${'x'.repeat(22)}`)).statusCode).toBe(404);
      expect((await get('/bookings/nope')).json().code).toBe('NOT_FOUND');
    });
  });

  describe('document numbers', () => {
    const reveal = (bookingId: string, passengerId: string, who: keyof typeof tokens = 'viewer') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/bookings/${bookingId}/passengers/${passengerId}/document`,
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
    const views = () =>
      exec<{ staff_user_id: string; action: string; target_type: string; target_id: string; details: { passengerId: string } }>(
        "SELECT staff_user_id, action, target_type, target_id, details FROM staff_actions WHERE action = 'document-viewed' AND target_id = $1 ORDER BY id",
        [paid.id],
      );

    it('reveals one number and records every view, shown on the booking page', async () => {
      const passenger = paid.passengers[0]!;
      const first = await reveal(paid.id, passenger.id, 'viewer');
      expect(first.statusCode, first.body).toBe(200);
      expect(adminDocumentRevealSchema.parse(first.json())).toEqual({
        passengerId: passenger.id,
        documentNumber: passenger.documentNumber,
      });
      expect((await reveal(paid.id, passenger.id, 'owner')).statusCode).toBe(200);
      const rows = await views();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({
        action: 'document-viewed',
        target_type: 'booking',
        target_id: paid.id,
        details: { passengerId: passenger.id },
      });
      const detail = adminBookingDetailSchema.parse((await get(`/bookings/${paid.id}`)).json());
      expect(detail.documentViews.map((v) => [v.passengerId, v.staff.name])).toEqual([
        [passenger.id, names.viewer],
        [passenger.id, names.owner],
      ]);
    });

    it("is 404, and records nothing, for another booking's passenger or an unknown one", async () => {
      const before = (await views()).length;
      expect((await reveal(paid.id, held.passengers[0]!.id)).statusCode).toBe(404);
      expect((await reveal(paid.id, 'ps_unknown')).statusCode).toBe(404);
      expect((await reveal(`bk_${'y'.repeat(22)}`, 'ps_unknown')).statusCode).toBe(404);
      expect(await views()).toHaveLength(before);
    });
  });
});
