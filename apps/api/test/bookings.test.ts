import { bookingConflictSchema, bookingSchema, type Booking, type Offer } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxSupplier, type SandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import {
  createBooking,
  findOffer,
  getBooking,
  guestHeaders,
  pay,
  passengersFor,
  readyBooking,
  submitPassengers,
} from './helpers/booking-factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { raceAtLock } from './helpers/lock-barrier.js';
import { backends } from './helpers/test-database.js';

const family = { adults: 1, children: 1, infants: 1 };

describe.each(backends)('bookings API on %s', (backend) => {
  let ctx: TestContext;
  let supplier: SandboxSupplier;
  let offer: Offer;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => (supplier = createSandboxSupplier({ database })),
      env: { RUN_JOBS: 'false' },
    });
    offer = await findOffer(ctx, 'available', { passengers: family });
  });
  afterAll(async () => ctx?.close());

  const newBooking = async (o: Offer = offer, passengers = family) => {
    const response = await createBooking(ctx, o, passengers);
    expect(response.statusCode, response.body).toBe(201);
    return getBooking(ctx, (response.json() as { booking: { id: string } }).booking.id);
  };
  const events = (id: string) =>
    ctx.database.sql.query<{ from_status: string | null; to_status: string; status_trigger: string; actor: string }>(
      'SELECT from_status, to_status, status_trigger, actor FROM booking_events WHERE booking_id = $1 ORDER BY id',
      [id],
    );

  describe('POST /bookings', () => {
    it('creates a booking priced by the server, with one passenger per seat and an unguessable id', async () => {
      const booking = bookingSchema.parse(await newBooking());
      expect(booking.id).toMatch(/^bk_[A-Za-z0-9_-]{22}$/);
      expect(booking.bookingReference).toMatch(/^KW[A-Z2-9]{6}$/);
      expect(booking.status).toBe('created');
      expect(booking.statusTrigger).toBe('booking-created');
      expect(booking.amount).toBe(offer.price);
      expect(booking.currency).toBe(offer.currency);
      expect(booking.passengers.map((p) => p.passengerType)).toEqual(['adult', 'child', 'infant']);
      expect(booking.priceBreakdown.total).toBe(booking.amount);
      expect(
        booking.priceBreakdown.adults.amount + booking.priceBreakdown.children.amount + booking.priceBreakdown.infants.amount,
      ).toBeCloseTo(booking.amount, 1);
      // PZU-CAI touches Egypt: the sandbox asks for the passport's issue date.
      expect(booking.passengers[0]!.requiredFields).toContain('documentIssuanceDate');
      expect(booking.passengers[2]!.baggage).toEqual([]);
      expect(booking.passengers[0]!.baggage.find((b) => b.reference === 'hold-extra')).toMatchObject({
        category: 'hold',
        limit: 2,
        count: 0,
      });
      expect(booking.holdExpiresAt).toBeNull();
      expect(await events(booking.id)).toEqual([
        { from_status: null, to_status: 'created', status_trigger: 'booking-created', actor: 'guest' },
      ]);
    });

    it('ignores any price the client sends', async () => {
      const response = await createBooking(ctx, offer, family, { price: 1, amount: 1 });
      expect(response.statusCode).toBe(201);
      const booking = await getBooking(ctx, response.json().booking.id);
      expect(booking.amount).toBe(offer.price);
    });

    it('answers NoOfferFound for a tampered or sold-out offer and OFFER_CORRUPTED for an expired one', async () => {
      const tampered = await createBooking(ctx, { ...offer, reference: `${offer.reference.slice(0, -3)}AAA` }, family);
      expect(tampered.statusCode).toBe(409);
      expect(tampered.json()).toMatchObject({ code: 'NoOfferFound' });

      const soldOut = await findOffer(ctx, 'unavailable');
      const gone = await createBooking(ctx, soldOut, { adults: 1, children: 0, infants: 0 });
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toMatchObject({ code: 'NoOfferFound' });

      // An offer searched 40 minutes ago (the sandbox keeps offers 30).
      const past = createSandboxSupplier({ clock: () => new Date(Date.now() - 40 * 60_000) });
      const [old] = await past.searchOffers({
        tripType: 'one-way',
        legs: [{ origin: 'PZU', destination: 'JED', departureDate: offer.slices[0]!.departureDate.slice(0, 10) }],
        cabinClass: null,
        passengers: { adults: 1, children: 0, infants: 0 },
        baggage: { hold: 1, carryOn: 0 },
        maxConnections: null,
      });
      const expired = await createBooking(ctx, { ...offer, reference: old!.reference }, { adults: 1, children: 0, infants: 0 });
      expect(expired.statusCode).toBe(409);
      expect(expired.json()).toMatchObject({ code: 'OFFER_CORRUPTED' });
    });

    it('keeps a re-priced offer at its new price and says what it was', async () => {
      const dearer = await findOffer(ctx, 'price-changed');
      const booking = await newBooking(dearer, { adults: 1, children: 0, infants: 0 });
      expect(booking.previousAmount).toBe(dearer.price);
      expect(booking.amount).toBeGreaterThan(dearer.price);
    });

    it.each([
      ['no body', undefined],
      ['no reference', { payload: { passengers: { adults: 1 } } }],
      ['10 adults', { reference: 'x', payload: { passengers: { adults: 10 }, baggage: { hold: 1 } } }],
      ['an unknown currency', { reference: 'x', payload: { passengers: { adults: 1 }, baggage: {}, currency: 'XXX' } }],
    ])('refuses %s with a 4xx JSON error', async (_name, body) => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/bookings', ...(body ? { payload: body } : {}) });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toHaveProperty('code');
    });

    it('refuses passenger counts that differ from the offer', async () => {
      const response = await createBooking(ctx, offer, { adults: 2, children: 0, infants: 0 });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[0]).toMatchObject({ path: 'payload.passengers', code: 'passengers_mismatch' });
    });
  });

  describe('GET /bookings/{id}', () => {
    it.each(['bk_doesnotexistdoesnotexist0', 'nope', '../../etc/passwd', 'bk_' + 'x'.repeat(90), 'bk_' + 'y'.repeat(150)])(
      'answers 404 JSON for %s',
      async (id) => {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${encodeURIComponent(id)}` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      },
    );
  });

  describe('PUT /bookings/{id} (passengers)', () => {
    let booking: Booking;
    beforeAll(async () => {
      booking = await newBooking();
    });

    const problems = async (overrides: Parameters<typeof passengersFor>[1], contact?: { email: string; mobile: string }) => {
      const response = await submitPassengers(ctx, booking, passengersFor(booking, overrides), contact);
      expect(response.statusCode, response.body).toBe(400);
      const json = response.json();
      expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      return json.validationErrors as Record<string, Record<string, string>>;
    };

    it('names every problem under its passenger and field', async () => {
      const [adult, child, infant] = booking.passengers.map((p) => p.id) as [string, string, string];
      const errors = await problems({
        0: {
          firstName: 'أحمد',
          documentExpiryDate: booking.slices[0]!.departureDate.slice(0, 10),
          baggage: [{ reference: 'hold-extra', count: 3 }],
        },
        1: { dateOfBirth: '2001-01-01', nationalityCountry: 'XX', gender: 'X', baggage: [{ reference: 'gold-bar', count: 1 }] },
        2: { lastName: '', dateOfBirth: '2031-02-30', documentIssuanceDate: '2099-01-01' },
      });
      expect(errors[adult]).toEqual({
        firstName: 'latin_only',
        documentExpiryDate: 'expires_before_travel',
        'baggage.hold-extra': 'baggage_limit',
      });
      expect(errors[child]).toEqual({
        dateOfBirth: 'age_mismatch',
        nationalityCountry: 'unknown_country',
        gender: 'invalid_gender',
        'baggage.gold-bar': 'unknown_baggage',
      });
      expect(errors[infant]).toEqual({
        lastName: 'required',
        dateOfBirth: 'invalid_date',
        documentIssuanceDate: 'issued_after_today',
      });
    });

    it('refuses fields the supplier did not ask for and checks the contact details', async () => {
      const errors = await problems({ 0: { placeOfBirth: 'Khartoum' } }, { email: 'not-an-email', mobile: '+2491' });
      expect(errors[booking.passengers[0]!.id]).toEqual({ placeOfBirth: 'not_allowed' });
      expect(errors.contact).toEqual({ email: 'invalid_email', mobile: 'invalid_mobile' });
    });

    it('refuses an unknown passenger id and a body whose bookingId differs', async () => {
      const unknown = await submitPassengers(ctx, booking, [
        ...passengersFor(booking),
        { ...passengersFor(booking)[0]!, id: 'px_intruder' },
      ]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().validationErrors.px_intruder).toEqual({ id: 'unknown_passenger' });
      const other = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/bookings/${booking.id}`,
        headers: guestHeaders(ctx, booking.id),
        payload: { bookingId: 'bk_other', payload: { passengers: passengersFor(booking) } },
      });
      expect(other.statusCode).toBe(400);
    });

    it('loses nothing already saved when a later submit is refused', async () => {
      const good = await submitPassengers(
        ctx,
        booking,
        passengersFor(booking, { 0: { firstName: '  Ahmed   Ali ', lastName: ' Osman ' } }),
      );
      expect(good.statusCode, good.body).toBe(200);
      await problems({ 0: { firstName: '' } });
      const saved = await getBooking(ctx, booking.id);
      expect(saved.passengers[0]).toMatchObject({ firstName: 'Ahmed Ali', lastName: 'Osman' });
      expect(saved.email).toBe('traveller@example.com');
      expect(saved.mobile).toBe('+249912345678');
    });

    it('prices extra bags on the server and keeps the summary adding up', async () => {
      const response = await submitPassengers(
        ctx,
        booking,
        passengersFor(booking, {
          0: { baggage: [{ reference: 'hold-extra', count: 1 }] },
          1: { baggage: [{ reference: 'cabin-extra', count: 1 }] },
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json().booking as Booking;
      const holdExtra = saved.passengers[0]!.baggage.find((b) => b.reference === 'hold-extra')!;
      const cabinExtra = saved.passengers[1]!.baggage.find((b) => b.reference === 'cabin-extra')!;
      expect(holdExtra.count).toBe(1);
      expect(saved.priceBreakdown.hold).toEqual({ count: 1, amount: holdExtra.price });
      expect(saved.priceBreakdown.carryOn).toEqual({ count: 1, amount: cabinExtra.price });
      expect(saved.amount).toBe(offer.price + holdExtra.price + cabinExtra.price);
      expect(saved.priceBreakdown.total).toBe(saved.amount);
      expect(saved.statusTrigger).toBe('passengers-submit');
    });
  });

  describe('PUT /bookings/{id}/pay (pay later) and the hold', () => {
    it('holds the seats once for two hours however many times pay is pressed at once', async () => {
      const booking = await readyBooking(ctx, offer, 'HOLDONCE', family);
      // Four wait on the booking's lock together (the fifth, for one of the app's four connections), then hold in turn.
      const press = () => pay(ctx, booking.id, true);
      const answers = await raceAtLock(
        ctx.database,
        { sql: 'SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', params: [booking.id], waiting: 4 },
        [press, press, press, press, press],
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const held = await getBooking(ctx, booking.id);
      expect(held.status).toBe('pending-payment');
      expect(held.statusTrigger).toBe('payment-info-submit');
      expect(held.paymentMethod).toBe('bank-transfer');
      expect(held.paymentLink).toBeNull();
      const holdMinutes = (Date.parse(held.holdExpiresAt!) - Date.now()) / 60_000;
      expect(holdMinutes).toBeGreaterThan(118);
      expect(holdMinutes).toBeLessThanOrEqual(120);
      const trail = await events(booking.id);
      expect(trail.filter((e) => e.to_status === 'pending-payment')).toHaveLength(1);
      const [row] = await ctx.database.sql.query<{ supplier_order_id: string }>(
        'SELECT supplier_order_id FROM bookings WHERE id = $1',
        [booking.id],
      );
      expect(await supplier.orderState(row!.supplier_order_id)).toBe('held');
    });

    it('refuses to pay before the passengers are saved, and passenger changes once held', async () => {
      const fresh = await newBooking();
      const early = await pay(ctx, fresh.id, true);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'INVALID_BOOKING_STATE' });

      const held = await readyBooking(ctx, offer, 'LOCKED', family);
      expect((await pay(ctx, held.id, true)).statusCode).toBe(200);
      const change = await submitPassengers(ctx, held, passengersFor(held, {}, 'LOCKED'));
      expect(change.statusCode).toBe(409);
      expect(change.json()).toMatchObject({ code: 'INVALID_BOOKING_STATE' });
    });

    it('answers PASSENGER_ALREADY_BOOKED (not an expired offer) when the same people already hold the same flights', async () => {
      const first = await readyBooking(ctx, offer, 'TWICE', family);
      expect((await pay(ctx, first.id, true)).statusCode).toBe(200);
      const second = await newBooking();
      const response = await submitPassengers(ctx, second, passengersFor(second, {}, 'TWICE'));
      expect(response.statusCode).toBe(409);
      const body = bookingConflictSchema.parse(response.json());
      expect(body.code).toBe('PASSENGER_ALREADY_BOOKED');
      // Named as typed, by this booking's passenger ids; the other booking is a guest's, which
      // anyone holding its id could open: its id is not given.
      expect(body.alreadyBooked).toEqual(
        second.passengers.map((p, index) => ({ id: p.id, firstName: ['AHMED', 'FATIMA', 'OMER'][index], lastName: 'TWICE' })),
      );
      expect(body.existingBookingId).toBeNull();
      expect(JSON.stringify(body)).not.toContain(first.id);
    });

    it('names the existing booking only to the account that owns it', async () => {
      let address = 0;
      const signUp = async (email: string) => {
        const remoteAddress = `10.30.0.${++address}`;
        const password = 'nile-river-2026';
        const registered = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          remoteAddress,
          payload: { payload: { fullName: 'Amna Osman', email, password, passwordConfirmation: password } },
        });
        expect(registered.statusCode, registered.body).toBe(200);
        const [mail] = await ctx.database.sql.query<{ text_body: string }>(
          'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
          [email],
        );
        const otp = /(\d{6})/.exec(mail!.text_body)![1]!;
        const verified = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/otp',
          remoteAddress,
          payload: { email, otp },
        });
        expect(verified.statusCode, verified.body).toBe(200);
        return { authorization: `Bearer ${(verified.json() as { jwt: string }).jwt}` };
      };
      const as = async (headers: Record<string, string>, surname: string, held: boolean) => {
        const created = await createBooking(ctx, offer, family, {}, headers);
        expect(created.statusCode, created.body).toBe(201);
        const booking = await getBooking(ctx, created.json().booking.id);
        // An account's booking is changed with its token, a guest's with the cookie its browser received.
        const owner = { ...headers, ...guestHeaders(ctx, booking.id) };
        const saved = await ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/bookings/${booking.id}`,
          headers: owner,
          payload: {
            bookingId: booking.id,
            payload: { passengers: passengersFor(booking, {}, surname), email: 'a@example.com', mobile: '+249912345678' },
          },
        });
        if (held) {
          expect(saved.statusCode, saved.body).toBe(200);
          const paid = await ctx.app.inject({
            method: 'PUT',
            url: `/api/v1/bookings/${booking.id}/pay`,
            headers: owner,
            payload: { payLater: true },
          });
          expect(paid.statusCode, paid.body).toBe(200);
        }
        return { booking, saved };
      };
      const owner = await signUp('dupe-owner@example.com');
      const stranger = await signUp('dupe-stranger@example.com');
      const { booking: first } = await as(owner, 'MINE', true);

      const again = (await as(owner, 'MINE', false)).saved;
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'PASSENGER_ALREADY_BOOKED', existingBookingId: first.id });

      for (const headers of [stranger, {}]) {
        const theirs = (await as(headers, 'MINE', false)).saved;
        expect(theirs.statusCode).toBe(409);
        expect(theirs.json()).toMatchObject({ code: 'PASSENGER_ALREADY_BOOKED', existingBookingId: null });
        expect(theirs.body).not.toContain(first.id);
      }
    });

    it('cancels a hold nobody paid after two hours, releases the seats, and does it once', async () => {
      const booking = await readyBooking(ctx, offer, 'EXPIRES', family);
      expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
      const later = new Date(Date.now() + 121 * 60_000);
      const [first, second] = await Promise.all([ctx.bookings.expireHolds(later), ctx.bookings.expireHolds(later)]);
      expect(first + second).toBeGreaterThanOrEqual(1);
      const canceled = await getBooking(ctx, booking.id);
      expect(canceled.status).toBe('canceled');
      expect(canceled.statusTrigger).toBe('hold-expired');
      expect((await events(booking.id)).filter((e) => e.to_status === 'canceled')).toEqual([
        { from_status: 'pending-payment', to_status: 'canceled', status_trigger: 'hold-expired', actor: 'job:hold-expiry' },
      ]);
      const [row] = await ctx.database.sql.query<{ supplier_order_id: string }>(
        'SELECT supplier_order_id FROM bookings WHERE id = $1',
        [booking.id],
      );
      expect(await supplier.orderState(row!.supplier_order_id)).toBe('cancelled');
      expect(await ctx.bookings.expireHolds(later)).toBe(0);
      const again = await pay(ctx, booking.id, true);
      expect(again.statusCode).toBe(409);
    });

    it('answers OFFER_CORRUPTED when the offer expired before paying, NoOfferFound when it sold out', async () => {
      const stale = await readyBooking(ctx, await findOffer(ctx, 'available'), 'STALE');
      await ctx.database.sql.query("UPDATE bookings SET offer_expires_at = now() - interval '1 minute' WHERE id = $1", [
        stale.id,
      ]);
      const expired = await pay(ctx, stale.id, true);
      expect(expired.statusCode).toBe(409);
      expect(expired.json()).toMatchObject({ code: 'OFFER_CORRUPTED' });
      expect(await getBooking(ctx, stale.id)).toMatchObject({ status: 'offer-unavailable', statusTrigger: 'offer-unavailable' });
      // Once unavailable, every later call says so.
      expect((await pay(ctx, stale.id, true)).json()).toMatchObject({ code: 'NoOfferFound' });

      const soldOut = await findOffer(ctx, 'unavailable');
      const gone = await readyBooking(ctx, await findOffer(ctx, 'available'), 'SOLDOUT');
      await ctx.database.sql.query('UPDATE bookings SET offer_reference = $1 WHERE id = $2', [soldOut.reference, gone.id]);
      const response = await pay(ctx, gone.id, false);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NoOfferFound' });
      expect((await getBooking(ctx, gone.id)).status).toBe('offer-unavailable');
    });

    it('answers PASSENGER_ALREADY_BOOKED at pay time when the same people saved two bookings and the other was held first', async () => {
      const first = await readyBooking(ctx, offer, 'RACERS', family);
      const second = await readyBooking(ctx, offer, 'RACERS', family);
      expect((await pay(ctx, first.id, true)).statusCode).toBe(200);
      const response = await pay(ctx, second.id, false);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'PASSENGER_ALREADY_BOOKED',
        alreadyBooked: second.passengers.map((p) => ({ id: p.id, lastName: 'RACERS' })),
        existingBookingId: null,
      });
      expect((await getBooking(ctx, second.id)).status).toBe('created');
    });

    it('answers PRICE_CHANGED with the new amount when the airline re-prices at hold time', async () => {
      // A booking made just before the offer was re-priced: point it at a dearer reference.
      const dearer = await findOffer(ctx, 'price-changed');
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'REPRICE');
      await ctx.database.sql.query('UPDATE bookings SET offer_reference = $1 WHERE id = $2', [dearer.reference, booking.id]);
      const response = await pay(ctx, booking.id, true);
      expect(response.statusCode).toBe(409);
      const json = response.json();
      expect(json.code).toBe('PRICE_CHANGED');
      expect(json.booking.previousAmount).toBe(booking.amount);
      expect(json.booking.status).toBe('created');
      // Paying again accepts the new price.
      const retry = await pay(ctx, booking.id, true);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().booking.status).toBe('pending-payment');
    });
  });

  describe('GET /bookings/{id}/seat-map', () => {
    it('shows the first flight of a slice, free and taken seats and exit rows, and no seat prices (view only)', async () => {
      const booking = await newBooking();
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/seat-map?slice=0` });
      expect(response.statusCode, response.body).toBe(200);
      const map = response.json();
      expect(map.flightNumber).toBe(booking.slices[0]!.segments[0]!.flightNumber);
      expect(map.rows[0].number).toBe(3);
      expect(map.rows.some((r: { nextToExit: boolean }) => r.nextToExit)).toBe(true);
      const seats = map.rows.flatMap((r: { columns: { seats: Record<string, unknown>[] }[] }) =>
        r.columns.flatMap((c) => c.seats),
      );
      expect(seats.some((seat: { available?: boolean }) => !seat.available)).toBe(true);
      expect(seats.some((seat: { available?: boolean }) => seat.available)).toBe(true);
      // Seats are given at check-in and Kwenda sells none: a price would promise what cannot be bought.
      for (const seat of seats) expect(Object.keys(seat).sort()).toEqual(['available', 'letter']);
      expect(map).not.toHaveProperty('currency');
      const missing = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/seat-map?slice=5` });
      expect(missing.statusCode).toBe(404);
      const bad = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/seat-map?slice=abc` });
      expect(bad.statusCode).toBe(400);
    });
  });
});
