import type { Booking, Offer } from '@kwenda/contracts';
import { adminBookingDetailSchema, adminBookingListSchema } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, getBooking, guestHeaders, findOffer, passengersFor } from './helpers/booking-factories.js';
import { staffMember, travellerHeaders, type TestStaffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * A stranger who knows a person's name and birth date learns nothing of the person's flights and
 * cannot block them: a duplicate passenger is refused only against the same requester's own
 * bookings (account, e-mail or mobile); across different people it goes through and the desk sees
 * it flagged as a possible duplicate.
 */
describe.each(backends)('one passenger on the same flights, by different requesters, on %s', (backend) => {
  let ctx: TestContext;
  let offer: Offer;
  let viewer: TestStaffMember;
  beforeAll(async () => {
    ctx = await createTestApp(backend, { env: { RUN_JOBS: 'false' } });
    offer = await findOffer(ctx, 'available');
    viewer = await staffMember(ctx.app, 'viewer');
  }, 60_000);
  afterAll(async () => ctx?.close());

  let serial = 0;
  /** A requester of their own: contact and address (and optionally an account). */
  const requester = (headers: Record<string, string> = {}) => {
    const n = ++serial;
    return {
      email: `requester${n}@example.sd`,
      mobile: `+2499122${String(10000 + n).slice(-5)}`,
      address: `10.71.0.${n}`,
      headers,
    };
  };
  type Requester = ReturnType<typeof requester>;

  /** A new booking whose passenger (one adult) is named `family`, saved by `who`. */
  async function save(who: Requester, family: string) {
    const created = await createBooking(ctx, offer, undefined, {}, who.headers);
    expect(created.statusCode, created.body).toBe(201);
    const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}`,
      headers: { ...who.headers, ...guestHeaders(ctx, booking.id) },
      remoteAddress: who.address,
      payload: {
        bookingId: booking.id,
        payload: { passengers: passengersFor(booking, {}, family), email: who.email, mobile: who.mobile },
      },
    });
    return { booking, saved };
  }
  const hold = (who: Requester, booking: Booking) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}/pay`,
      headers: { ...who.headers, ...guestHeaders(ctx, booking.id) },
      remoteAddress: who.address,
      payload: { payLater: true },
    });
  /** A person's booking held under their own contact. */
  async function held(who: Requester, family: string) {
    const { booking, saved } = await save(who, family);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = await hold(who, booking);
    expect(answer.statusCode, answer.body).toBe(200);
    return booking;
  }

  /** An answer with what differs between two bookings (ids, references, names, times) blanked. */
  function comparable(body: string, booking: Booking, family: string) {
    let text = body
      .replaceAll(booking.id, '<id>')
      .replaceAll(booking.bookingReference, '<reference>')
      .replaceAll(family, '<family>');
    for (const p of booking.passengers) text = text.replaceAll(p.id, '<passenger>');
    return JSON.parse(text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')) as unknown;
  }

  it("a stranger gets the same answers for a known person's name as for an unknown one, and both hold", async () => {
    const person = requester();
    const theirs = await held(person, 'KNOWNPERSON');

    const stranger = requester();
    const known = await save(stranger, 'KNOWNPERSON');
    const unknown = await save(stranger, 'NOBODYKNOWN');
    expect(known.saved.statusCode, known.saved.body).toBe(200);
    expect(unknown.saved.statusCode).toBe(known.saved.statusCode);
    expect(comparable(known.saved.body, known.booking, 'KNOWNPERSON')).toEqual(
      comparable(unknown.saved.body, unknown.booking, 'NOBODYKNOWN'),
    );
    expect(known.saved.body).not.toContain(theirs.id);
    expect(known.saved.body).not.toContain(theirs.bookingReference);

    const [knownHold, unknownHold] = [await hold(stranger, known.booking), await hold(stranger, unknown.booking)];
    expect(knownHold.statusCode, knownHold.body).toBe(200);
    expect(unknownHold.statusCode).toBe(200);
    expect(comparable(knownHold.body, known.booking, 'KNOWNPERSON')).toEqual(
      comparable(unknownHold.body, unknown.booking, 'NOBODYKNOWN'),
    );
    expect(knownHold.body).not.toContain(theirs.bookingReference);
  });

  it("a stranger's hold in a person's name does not block the person's own booking, and the desk sees both flagged", async () => {
    const stranger = requester();
    const first = await held(stranger, 'BLOCKEDPERSON');
    const person = requester();
    const own = await held(person, 'BLOCKEDPERSON');
    // Someone else entirely, with a name of their own: not flagged.
    const other = await held(requester(), 'SOMEONEELSE');

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/bookings?pageSize=100',
      headers: viewer.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = adminBookingListSchema.parse(list.json()).items;
    const item = (id: string) => items.find((i) => i.id === id)!;
    expect(item(own.id).possibleDuplicates).toEqual([{ id: first.id, bookingReference: first.bookingReference }]);
    expect(item(first.id).possibleDuplicates).toEqual([{ id: own.id, bookingReference: own.bookingReference }]);
    expect(item(other.id).possibleDuplicates).toEqual([]);

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/bookings/${own.id}`, headers: viewer.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(adminBookingDetailSchema.parse(detail.json()).possibleDuplicates).toEqual([
      { id: first.id, bookingReference: first.bookingReference },
    ]);
    // The traveller's own view says nothing of it.
    expect(JSON.stringify(await getBooking(ctx, own.id))).not.toContain(first.bookingReference);
  });

  it('the same requester (same account, same e-mail or same mobile) is still refused', async () => {
    const account = requester(await travellerHeaders(ctx));
    const mine = await held(account, 'SAMEASKER');

    // The same account under another contact: told where the booking is.
    const again = await save({ ...requester(account.headers) }, 'SAMEASKER');
    expect(again.saved.statusCode).toBe(409);
    expect(again.saved.json()).toMatchObject({ code: 'PASSENGER_ALREADY_BOOKED', existingBookingId: mine.id });

    // A guest with the same e-mail (in other letters, with a tag) or the same mobile: refused, no id given.
    for (const who of [
      { ...requester(), email: account.email.toUpperCase().replace('@', '+again@') },
      { ...requester(), mobile: account.mobile },
    ]) {
      const { saved } = await save(who, 'SAMEASKER');
      expect(saved.statusCode, saved.body).toBe(409);
      expect(saved.json()).toMatchObject({ code: 'PASSENGER_ALREADY_BOOKED', existingBookingId: null });
      expect(saved.body).not.toContain(mine.id);
    }
  });

  it('the hold check counts only the same requester: a stranger saved first, then held, and the person still holds', async () => {
    const person = requester();
    const stranger = requester();
    const theirs = await save(person, 'RACEDPERSON');
    const strangers = await save(stranger, 'RACEDPERSON');
    expect(theirs.saved.statusCode).toBe(200);
    expect(strangers.saved.statusCode).toBe(200);
    expect((await hold(stranger, strangers.booking)).statusCode).toBe(200);
    const answer = await hold(person, theirs.booking);
    expect(answer.statusCode, answer.body).toBe(200);
    // The same person saving twice and holding both: the second is refused at hold time.
    const twice = await save(person, 'RACEDTWICE');
    const twiceAgain = await save(person, 'RACEDTWICE');
    expect((await hold(person, twice.booking)).statusCode).toBe(200);
    const refused = await hold(person, twiceAgain.booking);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PASSENGER_ALREADY_BOOKED' });
  });
});
