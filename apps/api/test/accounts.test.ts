import type { AuthResponse } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, findOffer, getBooking, passengersFor, submitPassengers } from './helpers/booking-factories.js';
import { multipart } from './helpers/multipart.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';
import * as accountsRepo from '../src/modules/accounts/accounts-repository.js';
import { THROTTLE } from '../src/modules/accounts/accounts-service.js';

const PASSWORD = 'nile-river-2026';

describe.each(backends)('accounts API on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress });
  // Each traveller signs up from an address of their own (codes are also throttled per address).
  let addresses = 0;
  const register = (email: string, overrides: Record<string, unknown> = {}) =>
    post(
      '/auth/register',
      { payload: { fullName: 'Amna Osman', email, password: PASSWORD, passwordConfirmation: PASSWORD, ...overrides } },
      {},
      `10.20.0.${++addresses}`,
    );
  /** The code in the newest e-mail to `email` (read from the outbox as a mailbox would). */
  const codeFor = async (email: string) => {
    const [row] = await ctx.database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    return /(\d{6})/.exec(row!.text_body)![1]!;
  };
  const signUp = async (email: string) => {
    expect((await register(email)).statusCode).toBe(200);
    const response = await post('/auth/otp', { email, otp: await codeFor(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuthResponse;
  };
  const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

  it('signs up with an e-mailed six-digit code and logs the user in', async () => {
    const response = await register('Amna@Example.com ');
    expect(response.json()).toEqual({
      success: true,
      user: { fullName: 'Amna Osman', email: 'amna@example.com' },
      registration: expect.stringMatching(/^reg_/),
    });
    const [mail] = await ctx.database.sql.query<{ subject: string }>(
      "SELECT subject FROM mail_outbox WHERE to_address = 'amna@example.com'",
    );
    expect(mail!.subject).toMatch(/^رمز التحقق \d{6} — Your Kwenda code \d{6}$/);
    const [stored] = await ctx.database.sql.query<{ code_hash: string }>('SELECT code_hash FROM pending_registrations');
    expect(stored!.code_hash).not.toContain(await codeFor('amna@example.com'));
    // Not confirmed yet: answered like a wrong password (issue 26; accounts-security.test.ts).
    const login = await post('/auth/login', { email: 'amna@example.com', password: PASSWORD });
    expect(login.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const verified = await post('/auth/otp', {
      email: 'amna@example.com',
      otp: await codeFor('amna@example.com'),
      fullName: 'Amna Osman',
    });
    expect(verified.statusCode).toBe(200);
    const auth = verified.json() as AuthResponse;
    expect(auth.user).toMatchObject({ email: 'amna@example.com', fullName: 'Amna Osman', active: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(auth.jwt) });
    expect(me.json()).toMatchObject({ email: 'amna@example.com', active: true });
    // Signing up again answers like a first sign-up; the owner is e-mailed instead of a code.
    expect((await register('amna@example.com')).json()).toMatchObject({ success: true });
  });

  it.each([
    ['REQUIRED_PASSWORD', { password: '', passwordConfirmation: '' }],
    ['REQUIRED_PASSWORD_CONFIRMATION', { passwordConfirmation: '' }],
    ['PASSWORD_CONFIRMATION_MISMATCH', { passwordConfirmation: `${PASSWORD}x` }],
    ['WEAK_PASSWORD', { password: '1234567890', passwordConfirmation: '1234567890' }],
    ['WEAK_PASSWORD', { password: 'short', passwordConfirmation: 'short' }],
    ['VALIDATION_ERROR', { email: 'not-an-email' }],
    ['VALIDATION_ERROR', { fullName: '   ' }],
  ])('refuses a sign-up with %s', async (code, overrides) => {
    const response = await register('someone@example.com', overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
  });

  it('takes a few wrong codes, then wants a new one; an expired code is refused', async () => {
    expect((await register('guess@example.com')).statusCode).toBe(200);
    const code = await codeFor('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/otp', { email: 'guess@example.com', otp: wrong })).json()).toMatchObject({
        code: 'INVALID_CODE',
      });
    // Even the right code no longer works: brute force of a million codes is impossible.
    expect((await post('/auth/otp', { email: 'guess@example.com', otp: code })).json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });
    expect((await post('/auth/otp/resend', { email: 'guess@example.com' })).statusCode).toBe(200);
    await ctx.database.sql.query("UPDATE pending_registrations SET expires_at = now() - interval '1 second'");
    expect(
      (await post('/auth/otp', { email: 'guess@example.com', otp: await codeFor('guess@example.com') })).json(),
    ).toMatchObject({ code: 'EXPIRED_CODE' });
    // Resending answers the same for an unknown address.
    expect((await post('/auth/otp/resend', { email: 'nobody@example.com' })).json()).toEqual({ success: true });
  });

  it('never replaces a code the traveller may hold: a failed log-in sends none, asking again sends the same code', async () => {
    expect((await register('inbox@example.com')).statusCode).toBe(200);
    const mails = async () =>
      (
        await ctx.database.sql.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [
          'inbox@example.com',
        ])
      ).length;
    const first = await codeFor('inbox@example.com');
    // Logging in before confirming fails like a wrong password, and sends nothing.
    const login = await post('/auth/login', { email: 'inbox@example.com', password: PASSWORD }, {}, '10.40.0.1');
    expect(login.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await mails()).toBe(1);
    // "Send the code again": the same code, valid for the full time again; the first e-mail still works.
    const ownCode = "email = 'inbox@example.com'";
    await ctx.database.sql.query(`UPDATE pending_registrations SET expires_at = now() + interval '1 minute' WHERE ${ownCode}`);
    expect((await post('/auth/otp/resend', { email: 'inbox@example.com' }, {}, '10.40.0.1')).statusCode).toBe(200);
    expect(await mails()).toBe(2);
    expect(await codeFor('inbox@example.com')).toBe(first);
    const [stored] = await ctx.database.sql.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 60 AS minutes FROM pending_registrations WHERE ${ownCode}`,
    );
    expect(Number(stored!.minutes)).toBeGreaterThan(9);
    const verified = await post('/auth/otp', { email: 'inbox@example.com', otp: first });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('a send that read a code another send has just replaced leaves the new one in force', async () => {
    expect((await register('twice@example.com')).statusCode).toBe(200);
    const [row] = await ctx.database.sql.query<{ id: string }>(
      "SELECT id FROM pending_registrations WHERE email = 'twice@example.com'",
    );
    const id = row!.id;
    const codeOf = async () => (await accountsRepo.findRegistration(ctx.database.db, id, 'twice@example.com'))!.codeHash;
    // Both sends read the same expired code, then each writes a new one: the second write must not win.
    const seen = (await accountsRepo.findRegistration(ctx.database.db, id, 'twice@example.com'))!.codeIssuedAt;
    const expiresAt = new Date(Date.now() + 600_000);
    const first = { codeHash: 'hash-of-the-first', expiresAt, issuedAt: new Date(Date.now() + 1) };
    const second = { codeHash: 'hash-of-the-second', expiresAt, issuedAt: new Date(Date.now() + 2) };
    await accountsRepo.replaceRegistrationCode(ctx.database.db, id, first, seen);
    await accountsRepo.replaceRegistrationCode(ctx.database.db, id, second, seen);
    expect(await codeOf()).toBe('hash-of-the-first');
  });

  it('sends a new code once the old one no longer works (expired)', async () => {
    expect((await register('late@example.com')).statusCode).toBe(200);
    const first = await codeFor('late@example.com');
    await ctx.database.sql.query(
      "UPDATE pending_registrations SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'",
    );
    expect((await post('/auth/otp/resend', { email: 'late@example.com' }, {}, '10.40.0.2')).statusCode).toBe(200);
    const second = await codeFor('late@example.com');
    expect(second).not.toBe(first);
    expect((await post('/auth/otp', { email: 'late@example.com', otp: first })).json()).toMatchObject({ code: 'INVALID_CODE' });
    expect((await post('/auth/otp', { email: 'late@example.com', otp: second })).statusCode).toBe(200);
  });

  it('limits how many codes one address can have sent', async () => {
    // High: a carrier puts many travellers behind one address (throttles.test.ts).
    const { max } = THROTTLE.mailsPerAddress;
    const answers = [];
    for (let i = 0; i <= max; i++)
      answers.push((await post('/auth/otp/resend', { email: `flood${i}@example.com` }, {}, '10.30.0.1')).statusCode);
    expect(answers.slice(0, max)).toEqual(Array(max).fill(200));
    expect(answers[max]).toBe(429);
  });

  it('throttles password guessing from one address without locking the owner out elsewhere', async () => {
    await signUp('target@example.com');
    const attacker = '10.9.8.7';
    const answers = [];
    for (let i = 0; i < 9; i++)
      answers.push(
        (await post('/auth/login', { email: 'target@example.com', password: `guess-${i}-password` }, {}, attacker)).statusCode,
      );
    expect(answers.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(answers[8]).toBe(429);
    const owner = await post('/auth/login', { email: 'target@example.com', password: PASSWORD }, {}, '10.1.1.1');
    expect(owner.statusCode).toBe(200);
    expect(
      (await post('/auth/login', { email: 'TARGET@example.com', password: 'wrong-password-x' }, {}, '10.1.1.1')).json(),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('ends the session on logout: the token stops working; forged and garbled tokens are refused', async () => {
    const auth = await signUp('leaving@example.com');
    expect((await post('/auth/logout', {}, bearer(auth.jwt))).json()).toEqual({ success: true });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(auth.jwt) });
    expect(after.statusCode).toBe(401);
    const [header, , signature] = auth.jwt.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ sub: 'usr_someone_else', jti: 'ses_x', iss: 'kwenda', exp: 9_999_999_999 }),
    ).toString('base64url');
    for (const token of [`${header}.${forgedBody}.${signature}`, 'garbage', ''])
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('ties a booking to the account that made it: nobody else can change it', async () => {
    const owner = await signUp('owner@example.com');
    const other = await signUp('other@example.com');
    const offer = await findOffer(ctx, 'available');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(owner.jwt),
      payload: {
        reference: offer.reference,
        payload: { passengers: { adults: 1 }, baggage: { hold: 1 }, currency: offer.currency },
      },
    });
    expect(created.statusCode).toBe(201);
    const booking = await getBooking(ctx, created.json().booking.id);
    const body = {
      bookingId: booking.id,
      payload: { passengers: passengersFor(booking, {}, 'OWNED'), email: 'owner@example.com', mobile: '+249912345678' },
    };
    const asOther = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}`,
      headers: bearer(other.jwt),
      payload: body,
    });
    expect(asOther.statusCode).toBe(403);
    const asGuest = await submitPassengers(ctx, booking, body.payload.passengers);
    expect(asGuest.statusCode).toBe(403);
    const payAsOther = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}/pay`,
      headers: bearer(other.jwt),
      payload: { payLater: true },
    });
    expect(payAsOther.statusCode).toBe(403);
    const asOwner = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}`,
      headers: bearer(owner.jwt),
      payload: body,
    });
    expect(asOwner.statusCode, asOwner.body).toBe(200);
    const held = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${booking.id}/pay`,
      headers: bearer(owner.jwt),
      payload: { payLater: true },
    });
    expect(held.statusCode, held.body).toBe(200);
    // A transfer receipt is a change too: only the owner may add one.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const uploadAs = (headers: Record<string, string>) => {
      const body = multipart(png, 'bankak.png', 'image/png');
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bookings/${booking.id}/receipts`,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    };
    expect((await uploadAs(bearer(other.jwt))).statusCode).toBe(403);
    expect((await uploadAs({})).statusCode).toBe(403);
    expect((await uploadAs(bearer('not-a-token'))).statusCode).toBe(401);
    const [{ count }] = (await ctx.database.sql.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM payment_receipts WHERE booking_id = $1',
      [booking.id],
    )) as [{ count: number }];
    expect(count).toBe(0);
    expect((await uploadAs(bearer(owner.jwt))).statusCode).toBe(200);
    // A guest booking stays open to whoever holds its id.
    const guest = await createBooking(ctx, offer);
    expect(guest.statusCode).toBe(201);
  });

  const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, headers });
  const resetLinkFor = async (email: string) => {
    const [row] = await ctx.database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    return /\/password_reset\/([\w-]+)/.exec(row!.text_body)![1]!;
  };

  it('resets a forgotten password with a single-use link that expires, and ends the old sessions', async () => {
    const before = await signUp('forgot@example.com');
    expect((await put('/account/request_password_reset', { email: 'forgot@example.com' })).json()).toEqual({ success: true });
    // The same answer for an address without an account (accounts-security.test.ts).
    const unknown = await put('/account/request_password_reset', { email: 'nobody-here@example.com' });
    expect(unknown.json()).toEqual({ success: true });
    const token = await resetLinkFor('forgot@example.com');
    const [stored] = await ctx.database.sql.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
    expect(stored!.token_hash).not.toBe(token);
    const fresh = 'blue-nile-sunrise-9';
    expect(
      (await put('/account/password_reset', { token, password: fresh, passwordConfirmation: 'other-other-1' })).json(),
    ).toMatchObject({ code: 'PASSWORD_CONFIRMATION_MISMATCH' });
    expect((await put('/account/password_reset', { token, password: fresh, passwordConfirmation: fresh })).json()).toEqual({
      success: true,
    });
    expect((await put('/account/password_reset', { token, password: fresh, passwordConfirmation: fresh })).json()).toMatchObject({
      code: 'ALREADY_USED_TOKEN',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(before.jwt) })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: 'forgot@example.com', password: PASSWORD })).json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect((await post('/auth/login', { email: 'forgot@example.com', password: fresh })).statusCode).toBe(200);

    await put('/account/request_password_reset', { email: 'forgot@example.com' });
    const late = await resetLinkFor('forgot@example.com');
    await ctx.database.sql.query(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL",
    );
    expect(
      (await put('/account/password_reset', { token: late, password: fresh, passwordConfirmation: fresh })).json(),
    ).toMatchObject({ code: 'EXPIRED_TOKEN' });
    expect(
      (await put('/account/password_reset', { token: 'made-up', password: fresh, passwordConfirmation: fresh })).json(),
    ).toMatchObject({ code: 'EXPIRED_TOKEN' });
  });

  it('keeps the reset link working after a refused weak password; two racing resets cannot both win', async () => {
    await signUp('weak.reset@example.com');
    await put('/account/request_password_reset', { email: 'weak.reset@example.com' });
    const token = await resetLinkFor('weak.reset@example.com');
    for (const weak of ['1234567890', 'weak.reset@example.com', 'short'])
      expect((await put('/account/password_reset', { token, password: weak, passwordConfirmation: weak })).json()).toMatchObject({
        code: 'WEAK_PASSWORD',
      });
    const [row] = await ctx.database.sql.query<{ used_at: Date | null }>(
      'SELECT used_at FROM password_reset_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      ['weak.reset@example.com'],
    );
    expect(row!.used_at).toBeNull();
    const strong = 'white-nile-evening-7';
    const answers = await Promise.all(
      [0, 1].map(() => put('/account/password_reset', { token, password: strong, passwordConfirmation: strong })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await post('/auth/login', { email: 'weak.reset@example.com', password: strong })).statusCode).toBe(200);
  });

  it('refuses a token whose session ran out, even though its signature is good', async () => {
    const auth = await signUp('expired@example.com');
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(auth.jwt) });
    expect((await me()).statusCode).toBe(200);
    await ctx.database.sql.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      ['expired@example.com'],
    );
    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("never shows or changes another account's profile", async () => {
    const amna = await signUp('amna.profile@example.com');
    const omer = await signUp('omer.profile@example.com');
    // Extra fields naming another account are ignored: the token alone says whose profile it is.
    const sneaky = await put(
      '/account/update',
      { mobile: '+249912000001', id: omer.user.id, email: 'omer.profile@example.com' },
      bearer(amna.jwt),
    );
    expect(sneaky.json()).toMatchObject({
      user: { id: amna.user.id, email: 'amna.profile@example.com', mobile: '+249912000001' },
    });
    const omerNow = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(omer.jwt) });
    expect(omerNow.json()).toMatchObject({ id: omer.user.id, mobile: null });
    const amnaList = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/bookings', headers: bearer(amna.jwt) });
    expect(amnaList.json()).toEqual([]);
  });

  it('edits mobile and WhatsApp numbers of the logged-in user only', async () => {
    const auth = await signUp('phones@example.com');
    const saved = await put('/account/update', { mobile: '+249 91 234 5678', whatsapp: '' }, bearer(auth.jwt));
    expect(saved.json()).toMatchObject({ success: true, user: { mobile: '+249912345678', whatsapp: null } });
    const bad = await put('/account/update', { mobile: '+2491' }, bearer(auth.jwt));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, validationErrors: { mobile: 'invalid_mobile' } });
    expect((await put('/account/update', { mobile: '+249912345678' })).statusCode).toBe(401);
  });

  it("lists the user's own bookings, newest first, and nobody else's", async () => {
    const mine = await signUp('lister@example.com');
    const theirs = await signUp('stranger@example.com');
    const offer = await findOffer(ctx, 'available');
    const book = (jwt: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/bookings',
        headers: bearer(jwt),
        payload: {
          reference: offer.reference,
          payload: { passengers: { adults: 1 }, baggage: { hold: 1 }, currency: offer.currency },
        },
      });
    const first = (await book(mine.jwt)).json().booking.id;
    const second = (await book(mine.jwt)).json().booking.id;
    await book(theirs.jwt);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/bookings', headers: bearer(mine.jwt) });
    expect(list.json().map((b: { id: string }) => b.id)).toEqual([second, first]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/bookings' })).statusCode).toBe(401);
  });
});
