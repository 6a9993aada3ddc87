import { BOOKING_ACCESS_LIMITS, type Booking, type Passenger } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCookieOf,
  createBooking,
  findOffer,
  getBooking,
  guestHeaders,
  pay,
  passengersFor,
  readyBooking,
  submitPassengers,
} from './helpers/booking-factories.js';
import { paidByCard } from './helpers/payments.js';
import { multipart } from './helpers/multipart.js';
import { travellerHeaders } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const STRANGER = {};

/**
 * What anyone holding only a booking's link sees of each field, against what its owner sees: every
 * field of the booking is named here (the type check and the first assertion fail on a new one until
 * someone decides how the limited view shows it).
 */
type Rule = 'same' | 'hidden' | ((owner: unknown, stranger: unknown) => void);
const BOOKING_RULES: Record<keyof Booking, Rule> = {
  id: 'same',
  access: (owner, stranger) => expect([owner, stranger]).toEqual(['full', 'limited']),
  heldByAccount: 'same',
  bookingReference: 'same',
  status: 'same',
  statusTrigger: 'same',
  amount: 'same',
  currency: 'same',
  priceBreakdown: 'same',
  previousAmount: 'same',
  mobile: (owner, stranger) => {
    expect(owner).toBe('+249912345678');
    expect(stranger).toBe('+249•••••••78');
  },
  email: (owner, stranger) => {
    expect(owner).toBe('traveller@example.com');
    expect(stranger).toBe('t•••@e•••.com');
  },
  // The WhatsApp number is the mobile number unless another is given: masked the same way.
  whatsapp: (owner, stranger) => {
    expect(owner).toBe('+249912345678');
    expect(stranger).toBe('+249•••••••78');
  },
  whatsappUpdates: 'same',
  whatsappOptedOut: 'same',
  pnr: 'hidden',
  date: 'same',
  origin: 'same',
  destination: 'same',
  slices: 'same',
  conditions: 'same',
  tripType: 'same',
  cabinClass: 'same',
  requestedHoldBaggage: 'same',
  requestedCarryOnBaggage: 'same',
  requestedDate: 'same',
  // Each passenger field by field below (PASSENGER_RULES).
  passengers: (owner, stranger) => expect((stranger as Passenger[]).length).toBe((owner as Passenger[]).length),
  paymentMethod: 'same',
  paymentError: 'same',
  receipts: (owner, stranger) => {
    const mine = owner as Booking['receipts'];
    expect(stranger).toEqual(mine.map((r) => ({ ...r, fileName: `•••${r.fileName.slice(r.fileName.lastIndexOf('.'))}` })));
  },
  ticketLink: 'hidden',
  ticketLinkUrl: 'hidden',
  manageMyBookingLink: 'same',
  paymentLink: 'hidden',
  transferAccounts: 'same',
  manualTicketingBy: 'same',
  ticketsIssuedByAgency: 'same',
  holdExpiresAt: 'same',
  offerExpiresAt: 'same',
  instantPaymentOnly: 'same',
  referralCode: 'same',
  cancellation: 'hidden',
};
const initialled = (owner: unknown, stranger: unknown) => expect(stranger).toBe(`${String(owner).charAt(0)}.`);
const PASSENGER_RULES: Record<keyof Passenger, Rule> = {
  id: 'same',
  passengerType: 'same',
  firstName: initialled,
  lastName: initialled,
  dateOfBirth: 'hidden',
  gender: 'hidden',
  placeOfBirth: 'hidden',
  nationalityCountry: 'hidden',
  documentNumber: 'hidden',
  documentIssuanceCountry: 'hidden',
  documentIssuanceDate: 'hidden',
  documentExpiryDate: 'hidden',
  amount: 'same',
  baggage: 'same',
  requiredFields: 'same',
  ticketNumber: 'hidden',
};

function expectByRules<T extends object>(owner: T, stranger: T, rules: Record<keyof T, Rule>, where: string) {
  expect(Object.keys(stranger).sort(), `${where}: the limited view has the same fields`).toEqual(Object.keys(owner).sort());
  expect(Object.keys(rules).sort(), `${where}: every field has a rule`).toEqual(Object.keys(owner).sort());
  for (const [field, rule] of Object.entries(rules) as [keyof T, Rule][]) {
    const mine = owner[field];
    const theirs = stranger[field];
    if (rule === 'same') expect(theirs, `${where}.${String(field)}`).toEqual(mine);
    else if (rule === 'hidden') expect(theirs, `${where}.${String(field)} is hidden`).toBeNull();
    else rule(mine, theirs);
  }
}

/** Checks the stranger's view of `owner`, field by field, and that none of the owner's personal values is in it. */
function expectLimitedView(owner: Booking, stranger: Booking) {
  expectByRules(owner, stranger, BOOKING_RULES, 'booking');
  owner.passengers.forEach((p, index) => expectByRules(p, stranger.passengers[index]!, PASSENGER_RULES, `passengers[${index}]`));
  const text = JSON.stringify(stranger);
  for (const p of owner.passengers) {
    for (const value of [p.documentNumber, p.dateOfBirth, p.documentExpiryDate, p.ticketNumber, p.firstName, p.lastName])
      if (value && value.length > 2) expect(text, `the limited view carries ${value}`).not.toContain(value);
  }
  for (const value of [owner.email, owner.mobile, owner.pnr]) if (value) expect(text).not.toContain(value);
}

describe.each(backends)('private booking data on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      env: { SANDBOX_GATEWAY_SECRET: 'test-gateway-secret-0123456789', PUBLIC_URL: 'https://kwenda.example' },
    });
  });
  afterAll(async () => ctx?.close());

  const read = async (id: string, headers: Record<string, string>) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Booking;
  };

  /** A guest's booking paid by card and ticketed (PNR, ticket numbers, e-ticket). */
  async function ticketedBooking(family: string) {
    return getBooking(ctx, await paidByCard(ctx, family));
  }

  /** A guest's booking held for a bank transfer, with a receipt whose file name carries a name. */
  async function heldWithReceipt(family: string) {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), family);
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const file = multipart(PNG, `transfer-${family.toLowerCase()}.png`, 'image/png');
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/receipts`,
      payload: file.payload,
      headers: { ...file.headers, ...guestHeaders(ctx, booking.id) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    return getBooking(ctx, booking.id);
  }

  describe('reading a booking', () => {
    it('gives the browser that created a guest booking its key: an HttpOnly, SameSite=Lax cookie of that booking only', async () => {
      const created = await createBooking(ctx, await findOffer(ctx, 'available'));
      expect(created.statusCode).toBe(201);
      const id = created.json().booking.id as string;
      const cookie = [created.headers['set-cookie']].flat().find((c) => c?.startsWith('kwenda_booking='))!;
      const attributes = cookie.split('; ');
      expect(attributes[0]).toMatch(/^kwenda_booking=[A-Za-z0-9_-]{43}$/);
      expect(attributes.slice(1).sort()).toEqual(
        ['HttpOnly', `Max-Age=${400 * 24 * 3600}`, `Path=/api/v1/bookings/${id}`, 'SameSite=Lax', 'Secure'].sort(),
      );
      // The same grant for the booking's page only (its request proves it; the server paints the page for it).
      const page = [created.headers['set-cookie']].flat().filter((c) => c?.startsWith('kwenda_booking='))[1]!;
      expect(page.split('; ').sort()).toEqual(
        [attributes[0], 'HttpOnly', `Max-Age=${400 * 24 * 3600}`, `Path=/booking/${id}`, 'SameSite=Lax', 'Secure'].sort(),
      );
      // Only a hash of the token is kept.
      const [grant] = await ctx.database.sql.query<{ token_hash: string; source: string }>(
        'SELECT token_hash, source FROM booking_access_grants WHERE booking_id = $1',
        [id],
      );
      expect(grant!.source).toBe('created');
      expect(grant!.token_hash).not.toContain(attributes[0]!.split('=')[1]);
    });

    it('shows a ticketed booking whole to its creator and, field by field, limited to anyone else', async () => {
      const owner = await ticketedBooking('TICKETED');
      expect(owner).toMatchObject({ access: 'full', status: 'confirmed', heldByAccount: false });
      expect(owner.pnr).not.toBeNull();
      expect(owner.ticketLink).not.toBeNull();
      expect(owner.passengers[0]!.ticketNumber).not.toBeNull();
      const stranger = await read(owner.id, STRANGER);
      expectLimitedView(owner, stranger);
      // A cookie of another booking, or a made-up one, is no key to this one.
      const other = await readyBooking(ctx, await findOffer(ctx, 'available'), 'OTHERKEY');
      for (const cookie of [guestHeaders(ctx, other.id).cookie!, `kwenda_booking=${'A'.repeat(43)}`])
        expect((await read(owner.id, { cookie })).access).toBe('limited');
    });

    it('shows a booking held for a transfer limited, receipts without their file names, and no payment link', async () => {
      const owner = await heldWithReceipt('RECEIPTS');
      expect(owner.receipts).toHaveLength(1);
      expectLimitedView(owner, await read(owner.id, STRANGER));
    });

    it("shows an account's booking whole only to that account, signed in", async () => {
      const account = await travellerHeaders(ctx);
      const otherAccount = await travellerHeaders(ctx);
      const created = await createBooking(ctx, await findOffer(ctx, 'available'), undefined, {}, account);
      expect(created.statusCode).toBe(201);
      // No cookie for an account's booking: the account is its key (and logging out ends it).
      expect(accessCookieOf(created.headers['set-cookie'])).toBeNull();
      const id = created.json().booking.id as string;
      const booking = await read(id, account);
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/bookings/${id}`,
        headers: account,
        payload: {
          bookingId: id,
          payload: { passengers: passengersFor(booking), email: 'traveller@example.com', mobile: '+249912345678' },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const whole = await read(id, account);
      expect(whole).toMatchObject({ access: 'full', heldByAccount: true });
      for (const headers of [STRANGER, otherAccount]) expectLimitedView(whole, await read(id, headers));
      // A session that ended is told so (the web app then forgets it and reads as a guest).
      const ended = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/bookings/${id}`,
        headers: { authorization: 'Bearer not-a-live-token' },
      });
      expect(ended.statusCode).toBe(401);
    });

    it('answers 404 for a booking that does not exist, with or without a cookie', async () => {
      for (const headers of [STRANGER, { cookie: `kwenda_booking=${'B'.repeat(43)}` }]) {
        const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings/bk_nonexistentnonexistent00', headers });
        expect(missing.statusCode).toBe(404);
      }
    });
  });

  describe('changing a booking', () => {
    it('lets a stranger change nothing: every owner-only route refuses before it reads the body', async () => {
      const booking = await heldWithReceipt('STRANGER');
      const before = await getBooking(ctx, booking.id);
      const png = multipart(PNG, 'fake.png', 'image/png');
      const attempts = {
        passengers: () =>
          ctx.app.inject({
            method: 'PUT',
            url: `/api/v1/bookings/${booking.id}`,
            payload: { bookingId: booking.id, payload: { passengers: passengersFor(booking, {}, 'HIJACK') } },
          }),
        pay: () => ctx.app.inject({ method: 'PUT', url: `/api/v1/bookings/${booking.id}/pay`, payload: { payLater: false } }),
        receipt: () => ctx.app.inject({ method: 'POST', url: `/api/v1/bookings/${booking.id}/receipts`, ...png }),
        ticket: () => ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/ticket.pdf` }),
      };
      for (const [name, attempt] of Object.entries(attempts)) {
        const refused = await attempt();
        expect(refused.statusCode, name).toBe(403);
        expect(refused.json(), name).toMatchObject({ code: 'BOOKING_ACCESS_REQUIRED' });
      }
      // Nothing changed, no receipt was stored.
      expect(await getBooking(ctx, booking.id)).toEqual(before);
      // The e-ticket link of an e-mail opened in another browser leads to the booking's page instead.
      const fromMail = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/bookings/${booking.id}/ticket.pdf`,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(fromMail.statusCode).toBe(303);
      expect(fromMail.headers.location).toBe(`/booking/${booking.id}`);
    });

    it('guards every route under a booking but the two a link may use (a new route is guarded by default)', async () => {
      expect([...ctx.app.ownerOnlyBookingRoutes].sort()).toEqual([
        'GET /api/v1/bookings/:id/airline-change',
        'GET /api/v1/bookings/:id/ticket.pdf',
        'HEAD /api/v1/bookings/:id/airline-change',
        'HEAD /api/v1/bookings/:id/ticket.pdf',
        'POST /api/v1/bookings/:id/airline-change/accept',
        'POST /api/v1/bookings/:id/airline-change/decline',
        'POST /api/v1/bookings/:id/cancellation',
        'POST /api/v1/bookings/:id/cancellation-quote',
        'POST /api/v1/bookings/:id/hold-cancellation',
        'POST /api/v1/bookings/:id/receipts',
        'PUT /api/v1/bookings/:id',
        'PUT /api/v1/bookings/:id/pay',
        'PUT /api/v1/bookings/:id/whatsapp',
      ]);
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'EVERYROUTE');
      for (const route of ctx.app.ownerOnlyBookingRoutes) {
        const [method, url] = route.split(' ') as ['GET' | 'HEAD' | 'PUT' | 'POST', string];
        const body = method === 'PUT' || method === 'POST' ? { payload: {} } : {};
        const response = await ctx.app.inject({ method, url: url.replace(':id', booking.id), ...body });
        expect(response.statusCode, route).toBe(403);
      }
      // The owner passes the guard (and meets the route's own checks).
      expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    });

    it("refuses an account's booking to a guest, another account and a guest cookie alike", async () => {
      const account = await travellerHeaders(ctx);
      const created = await createBooking(ctx, await findOffer(ctx, 'available'), undefined, {}, account);
      const id = created.json().booking.id as string;
      const someoneElse = await readyBooking(ctx, await findOffer(ctx, 'available'), 'COOKIEHOLDER');
      for (const headers of [STRANGER, await travellerHeaders(ctx), guestHeaders(ctx, someoneElse.id)]) {
        const refused = await ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/bookings/${id}/pay`,
          headers,
          payload: { payLater: true },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'BOOKING_ACCOUNT_REQUIRED' });
      }
    });
  });

  describe('Find my booking', () => {
    let address = 0;
    /** Each test its own client address: the per-address limits are tested on their own. */
    const nextAddress = () => `198.51.100.${++address}`;
    const requestCode = (body: object, remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/booking-access/code', payload: body, remoteAddress });
    const verify = (body: object, remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/booking-access/verify', payload: body, remoteAddress });
    const codeMails = (bookingId: string) =>
      ctx.database.sql.query<{ to_address: string; subject: string; text_body: string }>(
        "SELECT to_address, subject, text_body FROM mail_outbox WHERE dedupe_key LIKE 'access-code:' || $1 || ':%' ORDER BY created_at, id",
        [bookingId],
      );
    const latestCode = async (bookingId: string) => /(\d{6})/.exec((await codeMails(bookingId)).at(-1)!.text_body)![1]!;

    it('answers the same whether or not the booking exists, and e-mails a code only to the booking’s address', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'EL-AMIN');
      const from = nextAddress();
      const answers = await Promise.all([
        requestCode({ reference: booking.bookingReference, lastName: 'OSMAN' }, from),
        requestCode({ reference: 'KW2345ZZ', lastName: 'EL-AMIN' }, from),
        requestCode({ reference: booking.bookingReference.toLowerCase().replace(/^(..)/, '$1 '), lastName: 'el amin' }, from),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toEqual({ sent: true, codeMinutes: BOOKING_ACCESS_LIMITS.codeMinutes });
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
      const mails = await codeMails(booking.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to_address).toBe('traveller@example.com');
      expect(mails[0]!.subject).toContain(booking.bookingReference);
      // Only the code's hash is kept.
      const [stored] = await ctx.database.sql.query<{ code_hash: string }>(
        'SELECT code_hash FROM booking_access_codes WHERE booking_id = $1',
        [booking.id],
      );
      expect(stored!.code_hash).not.toContain(await latestCode(booking.id));
    });

    it('gives the device that types the code the booking whole, once', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'RESTORED');
      const from = nextAddress();
      const details = { reference: booking.bookingReference, lastName: 'restored' };
      expect((await requestCode(details, from)).statusCode).toBe(200);
      const code = await latestCode(booking.id);
      // A wrong code, or the right one with the wrong name, is the same refusal as for no booking at all.
      const wrong = await verify({ ...details, code: code === '000000' ? '111111' : '000000' }, from);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
      const wrongName = await verify({ ...details, lastName: 'OSMAN', code }, from);
      expect(wrongName.json()).toEqual({ ...wrong.json(), requestId: wrongName.json().requestId });
      const none = await verify({ reference: 'KW2345ZZ', lastName: 'RESTORED', code }, from);
      expect(none.json()).toEqual({ ...wrong.json(), requestId: none.json().requestId });

      // Arabic-Indic digits are the same code.
      const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
      const granted = await verify({ ...details, code: arabic }, from);
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json()).toEqual({ bookingId: booking.id });
      const cookie = accessCookieOf(granted.headers['set-cookie'])!;
      expect([granted.headers['set-cookie']].flat()[0]).toContain(`Path=/api/v1/bookings/${booking.id}`);
      // The same grant for the booking's page, which the server then sends painted to this device.
      expect([granted.headers['set-cookie']].flat()[1]).toContain(`${cookie}; Path=/booking/${booking.id}; `);
      expect((await read(booking.id, { cookie })).access).toBe('full');
      // The new device may change the booking too.
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `/api/v1/bookings/${booking.id}/pay`,
            headers: { cookie },
            payload: { payLater: true },
          })
        ).statusCode,
      ).toBe(200);
      // The code works once.
      expect((await verify({ ...details, code }, from)).statusCode).toBe(400);
    });

    it("gives the new device the page's cookie under the referral code the booking was made through too", async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'REFERRED', undefined, {
        referralCode: 'KW2024',
      });
      const details = { reference: booking.bookingReference, lastName: 'REFERRED' };
      const from = nextAddress();
      expect((await requestCode(details, from)).statusCode).toBe(200);
      const granted = await verify({ ...details, code: await latestCode(booking.id) }, from);
      expect(granted.statusCode, granted.body).toBe(200);
      const cookie = accessCookieOf(granted.headers['set-cookie'])!;
      expect([granted.headers['set-cookie']].flat().map((header) => header!.split('; ').slice(0, 2).join('; '))).toEqual([
        `${cookie}; Path=/api/v1/bookings/${booking.id}`,
        `${cookie}; Path=/booking/${booking.id}`,
        `${cookie}; Path=/KW2024/booking/${booking.id}`,
      ]);
    });

    it('judges only five tries of a code, even thirty sent at once', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'GUESSED');
      const details = { reference: booking.bookingReference, lastName: 'GUESSED' };
      expect((await requestCode(details, nextAddress())).statusCode).toBe(200);
      const code = await latestCode(booking.id);
      const wrongCodes = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(wrongCodes.map((guess, i) => verify({ ...details, code: guess }, `203.0.113.${i + 1}`)));
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      const [row] = await ctx.database.sql.query<{ attempts: number }>(
        'SELECT attempts FROM booking_access_codes WHERE booking_id = $1',
        [booking.id],
      );
      expect(row!.attempts).toBe(BOOKING_ACCESS_LIMITS.codeAttempts);
      // The tries are spent: the right code is refused too, until a new one is asked for.
      expect((await verify({ ...details, code }, nextAddress())).statusCode).toBe(400);
      expect((await requestCode(details, nextAddress())).statusCode).toBe(200);
      expect((await verify({ ...details, code: await latestCode(booking.id) }, nextAddress())).statusCode).toBe(200);
    });

    it('sends a booking at most five codes a day, silently, whoever asks', async () => {
      const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'FLOODED');
      const details = { reference: booking.bookingReference, lastName: 'FLOODED' };
      const answers = await Promise.all(Array.from({ length: 8 }, () => requestCode(details, nextAddress())));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(await codeMails(booking.id)).toHaveLength(BOOKING_ACCESS_LIMITS.codesPerBookingPerDay);
    });

    it('refuses an address that asks too often (429, whether or not the bookings exist), and too many wrong codes', async () => {
      const from = nextAddress();
      const asks = await Promise.all(
        Array.from({ length: BOOKING_ACCESS_LIMITS.requestsPerAddressPerHour + 5 }, (_, i) =>
          requestCode({ reference: `KW${String(234567 + i).replace(/[01]/g, '2')}`, lastName: 'NOBODY' }, from),
        ),
      );
      expect(asks.filter((a) => a.statusCode === 200)).toHaveLength(BOOKING_ACCESS_LIMITS.requestsPerAddressPerHour);
      expect(asks.filter((a) => a.statusCode === 429)).toHaveLength(5);
      expect(asks.find((a) => a.statusCode === 429)!.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another address behind it is not affected.
      expect((await requestCode({ reference: 'KW2345ZZ', lastName: 'NOBODY' }, nextAddress())).statusCode).toBe(200);

      const guesser = nextAddress();
      for (let i = 0; i < BOOKING_ACCESS_LIMITS.wrongCodesPerAddressPerHour; i++)
        expect((await verify({ reference: 'KW2345ZZ', lastName: 'NOBODY', code: '123456' }, guesser)).statusCode).toBe(400);
      expect((await verify({ reference: 'KW2345ZZ', lastName: 'NOBODY', code: '123456' }, guesser)).statusCode).toBe(429);
    });

    it("sends no code for an account's booking: its e-mail says to log in, and no code opens it", async () => {
      const account = await travellerHeaders(ctx);
      const created = await createBooking(ctx, await findOffer(ctx, 'available'), undefined, {}, account);
      const id = created.json().booking.id as string;
      const booking = await read(id, account);
      const saved = await submitPassengers(ctx, booking, passengersFor(booking, {}, 'ACCOUNTS'));
      // submitPassengers sends no token: refused; the account saves them.
      expect(saved.statusCode).toBe(403);
      const asAccount = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/bookings/${id}`,
        headers: account,
        payload: {
          bookingId: id,
          payload: { passengers: passengersFor(booking, {}, 'ACCOUNTS'), email: 'family@example.com', mobile: '+249912345678' },
        },
      });
      expect(asAccount.statusCode, asAccount.body).toBe(200);
      const details = { reference: booking.bookingReference, lastName: 'ACCOUNTS' };
      const asked = await requestCode(details, nextAddress());
      expect(asked.json()).toEqual({ sent: true, codeMinutes: BOOKING_ACCESS_LIMITS.codeMinutes });
      const [mail] = await codeMails(id);
      expect(mail!.to_address).toBe('family@example.com');
      expect(mail!.text_body).toContain('https://kwenda.example/login');
      expect(mail!.text_body).not.toMatch(/\b\d{6}\b/);
      expect((await verify({ ...details, code: '123456' }, nextAddress())).statusCode).toBe(400);
    });

    it('refuses malformed details with a 400 that names the field', async () => {
      const bad = await requestCode({ reference: 'not a reference', lastName: '٣٤' }, nextAddress());
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .fields.map((f: { path: string }) => f.path)
          .sort(),
      ).toEqual(['lastName', 'reference']);
      const badCode = await verify({ reference: 'KW2345ZZ', lastName: 'OSMAN', code: '12' }, nextAddress());
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().fields[0].path).toBe('code');
    });
  });
});
