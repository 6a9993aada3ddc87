import type { Offer } from '@kwenda/contracts';
import { listHoldCapLiftsResponseSchema, type HoldCapLift } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findOffer, getBooking, guestHeaders, passengersFor } from './helpers/booking-factories.js';
import { staffMember, travellerHeaders, type TestStaffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const PER_CONTACT = 2;
const PER_ADDRESS = 3;

describe.each(backends)('caps on unpaid holds on %s', (backend) => {
  let ctx: TestContext;
  let offer: Offer;
  let desk: TestStaffMember;
  let viewer: TestStaffMember;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      env: { HOLD_CAP_PER_CONTACT: String(PER_CONTACT), HOLD_CAP_PER_ADDRESS: String(PER_ADDRESS) },
    });
    offer = await findOffer(ctx, 'available');
    desk = await staffMember(ctx.app, 'agent-desk', { fullName: 'Hiba Desk' });
    viewer = await staffMember(ctx.app, 'viewer');
  });
  afterAll(async () => ctx?.close());

  // Every booking its own travellers (one passenger on one flight is its own rule), contact and address
  // unless a test shares them.
  let serial = 0;
  const next = () => {
    const n = serial++;
    const letters = `${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`;
    return {
      family: `HOLDER${letters}`,
      email: `guest${n}@example.sd`,
      mobile: `+2499123${String(10000 + n).slice(-5)}`,
      address: `10.61.${Math.floor(n / 200)}.${(n % 200) + 1}`,
    };
  };
  type Client = ReturnType<typeof next>;

  /** A new booking of `offer` with its passengers and contact saved from the client's address. */
  async function saveBooking(client: Client, adults = 1, on = offer) {
    const created = await createBooking(ctx, on, { adults, children: 0, infants: 0 });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { booking: { id: string } }).booking.id;
    const booking = await getBooking(ctx, id);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${id}`,
      headers: guestHeaders(ctx, id),
      remoteAddress: client.address,
      payload: {
        bookingId: id,
        payload: { passengers: passengersFor(booking, {}, client.family), email: client.email, mobile: client.mobile },
      },
    });
    return { id, saved };
  }
  const payLater = (id: string, address: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${id}/pay`,
      headers: guestHeaders(ctx, id),
      remoteAddress: address,
      payload: { payLater: true },
    });
  /** Saved and held (pay later): the seats wait for a bank transfer. */
  async function hold(client: Client, adults = 1) {
    const { id, saved } = await saveBooking(client, adults);
    expect(saved.statusCode, saved.body).toBe(200);
    const paid = await payLater(id, client.address);
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  }
  const statusOf = async (id: string) =>
    (await ctx.database.sql.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id]))[0]!.status;
  const admin = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers, payload });

  it("one e-mail cannot hold a flight's seats without paying: past the cap the hold is refused, nothing saved is lost", async () => {
    const email = 'hoarder@example.sd';
    const address = '41.209.77.5';
    const clients = Array.from({ length: 3 }, () => ({ ...next(), email, address }));
    // Three seats each on one flight, one guest e-mail, one address: the shape of the reported abuse.
    const party = { adults: 3, children: 0, infants: 0 };
    const forThree = await findOffer(ctx, 'available', { passengers: party });
    const saved = [];
    for (const client of clients) saved.push(await saveBooking(client, 3, forThree));
    expect(saved.map((s) => s.saved.statusCode)).toEqual([200, 200, 200]);
    expect((await payLater(saved[0]!.id, clients[0]!.address)).statusCode).toBe(200);
    expect((await payLater(saved[1]!.id, clients[1]!.address)).statusCode).toBe(200);
    const refused = await payLater(saved[2]!.id, clients[2]!.address);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'HOLD_LIMIT_EMAIL' });
    expect(refused.json().message).toContain(`at most ${PER_CONTACT}`);
    // The refused booking keeps its passengers and contact; it is simply not held.
    expect(await statusOf(saved[2]!.id)).toBe('created');
    const kept = await getBooking(ctx, saved[2]!.id);
    expect(kept.email).toBe(email);
    expect(kept.passengers.every((p) => p.firstName)).toBe(true);
    // Told early, when the contact is first given: the same mailbox spelt with a +tag and in capitals.
    const early = await saveBooking({ ...next(), email: 'Hoarder+again@Example.sd' });
    expect(early.saved.statusCode).toBe(409);
    expect(early.saved.json()).toMatchObject({ code: 'HOLD_LIMIT_EMAIL' });
  });

  it('one mobile number is capped the same way', async () => {
    const mobile = '+249911000777';
    await hold({ ...next(), mobile });
    await hold({ ...next(), mobile });
    const third = await saveBooking({ ...next(), mobile });
    expect(third.saved.json()).toMatchObject({ code: 'HOLD_LIMIT_MOBILE' });
  });

  it('one client address is capped higher, whatever the contacts; an IPv6 client by its /64', async () => {
    const address = '197.252.1.9';
    for (let i = 0; i < PER_ADDRESS; i++) await hold({ ...next(), address });
    const refused = await saveBooking({ ...next(), address });
    expect(refused.saved.json()).toMatchObject({ code: 'HOLD_LIMIT_ADDRESS' });
    // Another address is not affected.
    await hold(next());
    for (let i = 0; i < PER_ADDRESS; i++) await hold({ ...next(), address: `2001:db8:aa:1::${i + 1}` });
    const sameNetwork = await saveBooking({ ...next(), address: '2001:db8:aa:1:ffff::9' });
    expect(sameNetwork.saved.json()).toMatchObject({ code: 'HOLD_LIMIT_ADDRESS' });
  });

  it('a hold that ended or was paid no longer counts', async () => {
    const email = 'returning@example.sd';
    const first = await hold({ ...next(), email });
    const second = await hold({ ...next(), email });
    expect((await saveBooking({ ...next(), email })).saved.json()).toMatchObject({ code: 'HOLD_LIMIT_EMAIL' });
    // The first hold ran out (the expiry job has not come by yet); the second was paid.
    await ctx.database.sql.query("UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1", [first]);
    await ctx.database.sql.query("UPDATE bookings SET status = 'payment-confirmed' WHERE id = $1", [second]);
    await hold({ ...next(), email });
    await hold({ ...next(), email });
  });

  it('holds at once cannot overrun the cap: of four pays with one e-mail, two hold', async () => {
    const email = 'burst@example.sd';
    const clients = Array.from({ length: 4 }, () => ({ ...next(), email }));
    const saved = [];
    for (const client of clients) saved.push(await saveBooking(client));
    const answers = await Promise.all(saved.map((s, i) => payLater(s.id, clients[i]!.address)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual([
      'HOLD_LIMIT_EMAIL',
      'HOLD_LIMIT_EMAIL',
    ]);
  });

  it('one passenger is held once on the same flights by one requester, even by two pays at once', async () => {
    const { family, email } = next();
    const a = await saveBooking({ ...next(), family, email });
    const b = await saveBooking({ ...next(), family, email });
    const answers = await Promise.all([payLater(a.id, '10.62.0.1'), payLater(b.id, '10.62.0.2')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'PASSENGER_ALREADY_BOOKED' });
  });

  it("a stranger's hold of the same passenger is not counted: two requesters both hold (the desk sees them flagged)", async () => {
    const family = next().family;
    const a = await saveBooking({ ...next(), family });
    const b = await saveBooking({ ...next(), family });
    const answers = await Promise.all([payLater(a.id, '10.62.0.3'), payLater(b.id, '10.62.0.4')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('a booking holds at most 9 seats: ten travellers with seats are refused when the booking is made', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      payload: {
        reference: offer.reference,
        payload: {
          passengers: { adults: 6, children: 4, infants: 0 },
          baggage: { hold: 1, carryOn: 0 },
          currency: offer.currency,
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  describe('staff lift a cap', () => {
    it('for an e-mail, some hours, with a reason: audited, listed, and the refused hold goes through; ending it restores the cap', async () => {
      const email = 'family.trip@example.sd';
      const clients = Array.from({ length: 4 }, () => ({ ...next(), email }));
      // Saved before the others were held (no early refusal), paid after: refused.
      const waiting = await saveBooking(clients[2]!);
      await hold(clients[0]!);
      await hold(clients[1]!);
      expect((await payLater(waiting.id, clients[2]!.address)).json()).toMatchObject({ code: 'HOLD_LIMIT_EMAIL' });

      const lifted = await admin('POST', '/limits/lifts', desk.headers, {
        kind: 'email',
        value: ' Family.Trip@Example.SD ',
        hours: 6,
        reason: 'Called us: booking for three families travelling together',
      });
      expect(lifted.statusCode, lifted.body).toBe(201);
      const lift = (lifted.json() as { lift: HoldCapLift }).lift;
      expect(lift).toMatchObject({ kind: 'email', value: email, createdBy: 'Hiba Desk', endedAt: null, unpaidHolds: 2 });
      expect(new Date(lift.expiresAt).getTime() - new Date(lift.createdAt).getTime()).toBe(6 * 3_600_000);
      const [audit] = await ctx.database.sql.query<{ staff_user_id: string; details: { value: string; reason: string } }>(
        "SELECT staff_user_id, details FROM staff_actions WHERE action = 'hold-cap-lifted' AND target_id = $1",
        [lift.id],
      );
      expect(audit).toMatchObject({
        staff_user_id: desk.userId,
        details: { value: email, reason: expect.stringContaining('three families') },
      });

      expect((await payLater(waiting.id, clients[2]!.address)).statusCode).toBe(200);
      const listed = listHoldCapLiftsResponseSchema.parse((await admin('GET', '/limits', viewer.headers)).json());
      expect(listed.caps).toEqual({ perContact: PER_CONTACT, perAddress: PER_ADDRESS, seatsPerBooking: 9 });
      expect(listed.lifts.find((l) => l.id === lift.id)).toMatchObject({ unpaidHolds: 3 });

      const ended = await admin('POST', `/limits/lifts/${lift.id}/end`, desk.headers);
      expect(ended.json()).toMatchObject({ lift: { id: lift.id, endedBy: 'Hiba Desk' } });
      expect((await admin('GET', '/limits', viewer.headers)).json().lifts.some((l: HoldCapLift) => l.id === lift.id)).toBe(false);
      expect((await saveBooking(clients[3]!)).saved.json()).toMatchObject({ code: 'HOLD_LIMIT_EMAIL' });
      const [endAudit] = await ctx.database.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM staff_actions WHERE action = 'hold-cap-lift-ended' AND target_id = $1",
        [lift.id],
      );
      expect(endAudit!.n).toBe(1);
    });

    it('for an address (an IPv6 one as its /64) or a mobile; a new lift of the same value replaces the one in force', async () => {
      const address = '2001:db8:bb:2::1';
      const first = await admin('POST', '/limits/lifts', desk.headers, {
        kind: 'address',
        value: address,
        hours: 2,
        reason: 'Hajj group office',
      });
      expect(first.json()).toMatchObject({ lift: { kind: 'address', value: '2001:db8:bb:2::/64' } });
      for (let i = 0; i <= PER_ADDRESS; i++) await hold({ ...next(), address: `2001:db8:bb:2::${i + 10}` });
      const again = await admin('POST', '/limits/lifts', desk.headers, {
        kind: 'address',
        value: '2001:db8:bb:2::/64',
        hours: 3,
        reason: 'Longer',
      });
      expect(again.statusCode).toBe(201);
      const lifts = (await admin('GET', '/limits', viewer.headers)).json().lifts as HoldCapLift[];
      expect(lifts.filter((l) => l.value === '2001:db8:bb:2::/64').map((l) => l.id)).toEqual([again.json().lift.id]);
      const mobile = await admin('POST', '/limits/lifts', desk.headers, {
        kind: 'mobile',
        value: '+249 ٩١١ 000 888',
        hours: 1,
        reason: 'Agent',
      });
      expect(mobile.json()).toMatchObject({ lift: { value: '+249911000888' } });
    });

    it('only the desk and the owner lift; bad input is refused with the field named', async () => {
      const body = { kind: 'email', value: 'someone@example.sd', hours: 4, reason: 'Regular customer' };
      expect((await admin('POST', '/limits/lifts', viewer.headers, body)).statusCode).toBe(403);
      expect((await admin('POST', '/limits/lifts', await travellerHeaders(ctx), body)).statusCode).toBe(403);
      expect((await admin('POST', '/limits/lifts', {}, body)).statusCode).toBe(401);
      expect((await admin('GET', '/limits', {})).statusCode).toBe(401);
      for (const [field, bad] of [
        ['value', { value: 'not-an-email' }],
        ['value', { kind: 'address', value: '999.1.1.1' }],
        ['value', { kind: 'mobile', value: '0912345678' }],
        ['hours', { hours: 0 }],
        ['hours', { hours: 169 }],
        ['reason', { reason: ' ' }],
      ] as const) {
        const response = await admin('POST', '/limits/lifts', desk.headers, { ...body, ...bad });
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [expect.objectContaining({ path: field })] });
      }
      expect((await admin('POST', '/limits/lifts/lift_unknown00000/end', desk.headers)).statusCode).toBe(404);
    });
  });
});
