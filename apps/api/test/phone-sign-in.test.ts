import { PHONE_CODE_LIMITS, type Account, type AuthResponse, type Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { THROTTLE } from '../src/modules/accounts/accounts-service.js';
import { createBooking, findOffer, getBooking, passengersFor, submitPassengers } from './helpers/booking-factories.js';
import { staffMember } from './helpers/staff.js';
import type { TestContext } from './helpers/test-app.js';
import { backends, createTestDatabase } from './helpers/test-database.js';
import { testEnv } from './helpers/test-env.js';

/**
 * Signing in and up with a mobile number and a WhatsApp code, adding a number or an e-mail to an
 * account, and the guest bookings those contacts bring into "My bookings". The codes are read where
 * a phone or a mailbox would find them: the WhatsApp outbox's message and the mail outbox.
 */
describe.each(backends)('sign-in by mobile number on %s', (backend) => {
  let ctx: TestContext;
  // Every line the server logs, as pino writes it.
  const lines: string[] = [];
  /** Every code and number these tests used: none may appear in the log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    const env = testEnv({ LOG_LEVEL: 'info', HOLD_CAP_PER_CONTACT: '100', HOLD_CAP_PER_ADDRESS: '1000' });
    const database = await createTestDatabase(backend);
    const app = await buildApp({
      env,
      database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
    ctx = {
      app,
      bookings: app.kwenda.bookings,
      database,
      env,
      async close() {
        await app.close();
        await database.destroy();
      },
    };
  }, 60_000);
  afterAll(async () => ctx?.close());

  // Each traveller asks from an address of their own unless a test is about one address.
  let addresses = 0;
  const nextAddress = () => `10.30.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  let numbers = 0;
  /** A new Sudanese mobile number (+24991xxxxxxx). */
  const newNumber = () => {
    const phone = `+24991${String(++numbers + 4_000_000).padStart(7, '0')}`;
    secrets.add(phone);
    return phone;
  };
  const post = (url: string, payload: object, options: { address?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: options.headers,
      remoteAddress: options.address ?? nextAddress(),
    });
  const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
  const requestCode = (phone: string, address?: string) => post('/auth/phone/code', { phone, language: 'ar' }, { address });
  const verify = (payload: { challenge: string; phone: string; code: string; fullName?: string }, address?: string) =>
    post('/auth/phone/verify', payload, { address });

  /** The code in the newest WhatsApp message to `phone` (the sign_in_code template's parameter). */
  const whatsappCodeFor = async (phone: string) => {
    const [row] = await ctx.database.sql.query<{ params: string[] | string; template: string; purpose: string }>(
      'SELECT params, template, purpose FROM whatsapp_messages WHERE to_phone = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
      [phone],
    );
    expect(row).toMatchObject({ template: 'sign_in_code', purpose: 'auth' });
    const params = typeof row!.params === 'string' ? (JSON.parse(row!.params) as string[]) : row!.params;
    const code = params[0]!;
    expect(code).toMatch(/^\d{6}$/);
    secrets.add(code);
    return code;
  };
  const messagesTo = async (phone: string) =>
    (await ctx.database.sql.query('SELECT id FROM whatsapp_messages WHERE to_phone = $1', [phone])).length;
  const mailCodeFor = async (email: string) => {
    const [row] = await ctx.database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const code = /(\d{6})/.exec(row!.text_body)![1]!;
    secrets.add(code);
    return code;
  };
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
  /** Lets "send the code again" be used now (as if the wait had passed). */
  const waitOver = (phone: string) =>
    ctx.database.sql.query("UPDATE contact_codes SET resend_at = now() - interval '1 second' WHERE target = $1", [phone]);

  /** A new account made with a new number; its session. */
  const signUpByNumber = async (fullName = 'Amna Osman') => {
    const phone = newNumber();
    const sent = await requestCode(phone);
    expect(sent.statusCode, sent.body).toBe(200);
    const response = await verify({ challenge: sent.json().challenge, phone, code: await whatsappCodeFor(phone), fullName });
    expect(response.statusCode, response.body).toBe(200);
    return { phone, auth: response.json() as AuthResponse };
  };
  let emailAccounts = 0;
  /** A new account made with an e-mail and its mailed code; its session. */
  const signUpByEmail = async () => {
    const email = `mail-${++emailAccounts}@example.com`;
    const address = nextAddress();
    const password = 'nile-river-2026';
    const registered = await post(
      '/auth/register',
      { payload: { fullName: 'Hiba Ali', email, password, passwordConfirmation: password } },
      { address },
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const verified = await post('/auth/otp', { email, otp: await mailCodeFor(email) }, { address });
    expect(verified.statusCode, verified.body).toBe(200);
    return { email, auth: verified.json() as AuthResponse };
  };
  const accountOf = async (jwt: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: bearer(jwt) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Account;
  };

  it('signs up with a number: a WhatsApp code, then the name, taken with the same code without counting a try', async () => {
    // Typed on a phone: Arabic-Indic digits and spaces.
    const typed = '+٢٤٩ ٩١ ٢٠٠ ٠٠٠١';
    const phone = '+249912000001';
    secrets.add(phone);
    const sent = await requestCode(typed);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      challenge: expect.stringMatching(/^cc_/),
      phone,
      resendAfterSeconds: PHONE_CODE_LIMITS.resendAfterSeconds,
      expiresInSeconds: PHONE_CODE_LIMITS.codeMinutes * 60,
    });
    const { challenge } = sent.json() as { challenge: string };
    const code = await whatsappCodeFor(phone);
    // The message is not sent once the code has expired; only an HMAC of the code is kept.
    const [message] = await ctx.database.sql.query<{ expires_at: Date; language: string }>(
      'SELECT expires_at, language FROM whatsapp_messages WHERE to_phone = $1',
      [phone],
    );
    const [stored] = await ctx.database.sql.query<{ code_hash: string; expires_at: Date; attempts: number }>(
      'SELECT code_hash, expires_at, attempts FROM contact_codes WHERE id = $1',
      [challenge],
    );
    expect(new Date(message!.expires_at).getTime()).toBe(new Date(stored!.expires_at).getTime());
    expect(message!.language).toBe('ar');
    expect(stored!.code_hash).not.toContain(code);

    const nameless = await verify({ challenge, phone, code });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ code: 'NAME_REQUIRED', fields: [{ path: 'fullName' }] });
    const tooLong = await verify({ challenge, phone, code, fullName: 'ا'.repeat(121) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'fullName', code: 'too_long' }] });
    const [after] = await ctx.database.sql.query<{ attempts: number }>('SELECT attempts FROM contact_codes WHERE id = $1', [
      challenge,
    ]);
    expect(after!.attempts).toBe(0);

    const made = await verify({ challenge, phone, code, fullName: '  Amna   Osman ' });
    expect(made.statusCode, made.body).toBe(200);
    const auth = made.json() as AuthResponse;
    expect(auth.user).toEqual({
      id: expect.stringMatching(/^usr_/),
      fullName: 'Amna Osman',
      email: null,
      phone,
      // Proved on WhatsApp: the profile's contact numbers are filled with it.
      mobile: phone,
      whatsapp: phone,
      active: true,
    });
    expect(await accountOf(auth.jwt)).toMatchObject({
      phone,
      email: null,
      contacts: { email: null, emailVerified: false, phone, phoneVerified: true },
    });
    // A code is used once.
    expect((await verify({ challenge, phone, code, fullName: 'Someone Else' })).json()).toMatchObject({ code: 'INVALID_CODE' });
    const [count] = await ctx.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE phone = $1', [phone]);
    expect(count!.n).toBe(1);
  });

  it('logs in with the number of an account, answering the code request as for a number without one', async () => {
    const { phone, auth } = await signUpByNumber();
    const fresh = newNumber();
    await waitOver(phone);
    const known = await requestCode(phone);
    const unknown = await requestCode(fresh);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const shape = (body: Record<string, unknown>) => ({ ...body, challenge: typeof body.challenge, phone: typeof body.phone });
    expect(shape(known.json())).toEqual(shape(unknown.json()));
    expect(Object.keys(known.json()).sort()).toEqual(Object.keys(unknown.json()).sort());

    const code = await whatsappCodeFor(phone);
    const wrong = await verify({ challenge: known.json().challenge, phone, code: wrongCode(code) });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    // Arabic-Indic digits in the code are the same code.
    const arabic = code.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const signedIn = await verify({ challenge: known.json().challenge, phone, code: arabic });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json() as AuthResponse;
    expect(session.user.id).toBe(auth.user.id);
    expect(session.jwt).not.toBe(auth.jwt);
    expect((await accountOf(session.jwt)).id).toBe(auth.user.id);
  });

  it('takes five wrong codes, then refuses even the right one; an expired code is refused', async () => {
    const phone = newNumber();
    const sent = await requestCode(phone);
    const { challenge } = sent.json() as { challenge: string };
    const code = await whatsappCodeFor(phone);
    for (let i = 0; i < PHONE_CODE_LIMITS.codeAttempts; i++)
      expect((await verify({ challenge, phone, code: wrongCode(code), fullName: 'X Y' })).json()).toMatchObject({
        code: 'INVALID_CODE',
      });
    const locked = await verify({ challenge, phone, code, fullName: 'X Y' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });

    // A locked code is replaced by a new one (a new challenge), which expires like any other.
    await waitOver(phone);
    const again = await requestCode(phone);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().challenge).not.toBe(challenge);
    const fresh = await whatsappCodeFor(phone);
    await ctx.database.sql.query("UPDATE contact_codes SET expires_at = now() - interval '1 second' WHERE id = $1", [
      again.json().challenge,
    ]);
    const expired = await verify({ challenge: again.json().challenge, phone, code: fresh, fullName: 'X Y' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'EXPIRED_CODE' });
    expect((await verify({ challenge: 'cc_unknown', phone, code: fresh })).json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('judges at most five of many guesses sent at once', async () => {
    const phone = newNumber();
    const { challenge } = (await requestCode(phone)).json() as { challenge: string };
    const code = await whatsappCodeFor(phone);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => verify({ challenge, phone, code: guess, fullName: 'X Y' })));
    const codes = answers.map((answer) => (answer.json() as { code: string }).code);
    expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(PHONE_CODE_LIMITS.codeAttempts);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(12 - PHONE_CODE_LIMITS.codeAttempts);
  });

  it('refuses a new send before the wait with 429 RESEND_TOO_SOON, sends the same code after it, and limits codes per number', async () => {
    const phone = newNumber();
    const first = await requestCode(phone);
    const code = await whatsappCodeFor(phone);
    const soon = await requestCode(phone);
    expect(soon.statusCode).toBe(429);
    const refusal = soon.json() as { code: string; retryAfterSeconds: number };
    expect(refusal.code).toBe('RESEND_TOO_SOON');
    expect(refusal.retryAfterSeconds).toBeGreaterThan(0);
    expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(PHONE_CODE_LIMITS.resendAfterSeconds);
    expect(soon.headers['retry-after']).toBe(String(refusal.retryAfterSeconds));
    expect(await messagesTo(phone)).toBe(1);

    // After the wait the code still working is sent again, not replaced.
    await waitOver(phone);
    const second = await requestCode(phone);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().challenge).toBe(first.json().challenge);
    expect(await whatsappCodeFor(phone)).toBe(code);
    expect(await messagesTo(phone)).toBe(2);

    for (let sent = 2; sent < PHONE_CODE_LIMITS.codesPerNumber; sent++) {
      await waitOver(phone);
      expect((await requestCode(phone)).statusCode).toBe(200);
    }
    // The number's limit, from any address.
    await waitOver(phone);
    const limited = await requestCode(phone);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await requestCode(phone)).statusCode).toBe(429);
    expect(await messagesTo(phone)).toBe(PHONE_CODE_LIMITS.codesPerNumber);
    // The code already sent still signs the traveller up.
    const made = await verify({ challenge: first.json().challenge, phone, code, fullName: 'Omer Khalid' });
    expect(made.statusCode, made.body).toBe(200);
  });

  it("a shared (CGNAT) address: many travellers get codes up to the address's high limit, and one number's abuse takes none of it", async () => {
    const shared = '203.0.113.7';
    const abused = newNumber();
    // One number asked for again and again: refused by its own limit, which takes no place in the address's count.
    for (let i = 0; i < PHONE_CODE_LIMITS.codesPerNumber + 5; i++) {
      await waitOver(abused);
      const response = await requestCode(abused, shared);
      expect(response.statusCode).toBe(i < PHONE_CODE_LIMITS.codesPerNumber ? 200 : 429);
      // Asking again at once is refused too, and counts nowhere.
      expect((await requestCode(abused, shared)).statusCode).toBe(429);
    }
    let served = PHONE_CODE_LIMITS.codesPerNumber;
    while (served < THROTTLE.whatsappCodesPerAddress.max) {
      const response = await requestCode(newNumber(), shared);
      expect(response.statusCode, `code ${served + 1} from the shared address`).toBe(200);
      served++;
    }
    const full = await requestCode(newNumber(), shared);
    expect(full.statusCode).toBe(429);
    expect(full.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // Another address is not affected.
    expect((await requestCode(newNumber(), '203.0.113.8')).statusCode).toBe(200);
  });

  it.each([
    ['without the country code', '0912345678'],
    ['with letters', '+249abc45678'],
    ['too long', '+24991234567890123'],
    ['too short', '+2499123'],
    ['a landline', '+249183123456'],
    ['no number in the plan', '+249512345678'],
    ['empty', ''],
  ])('refuses a number %s with 400 INVALID_PHONE naming phone', async (_what, phone) => {
    for (const response of [
      await requestCode(phone),
      await verify({ challenge: 'cc_x', phone, code: '123456', fullName: 'X Y' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_PHONE', fields: [{ path: 'phone' }] });
    }
    const { auth } = await signUpByNumber();
    const adding = await post('/account/contact', { phone }, { headers: bearer(auth.jwt) });
    expect(adding.statusCode).toBe(400);
    expect(adding.json()).toMatchObject({ code: 'INVALID_PHONE', fields: [{ path: 'phone' }] });
  });

  it('makes one account of two sign-ups with one number at once', async () => {
    const phone = newNumber();
    const { challenge } = (await requestCode(phone)).json() as { challenge: string };
    const code = await whatsappCodeFor(phone);
    const answers = await Promise.all(
      ['Amna Osman', 'Amna O.', 'Amna', 'A. Osman'].map((fullName) => verify({ challenge, phone, code, fullName })),
    );
    const made = answers.filter((answer) => answer.statusCode === 200).map((answer) => (answer.json() as AuthResponse).user.id);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made).size).toBe(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expect(answer.json()).toMatchObject({ code: 'INVALID_CODE' });
    const [count] = await ctx.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE phone = $1', [phone]);
    expect(count!.n).toBe(1);
  });

  it('refuses a staff account at the sign-in by number, as the e-mail log-in does', async () => {
    const member = await staffMember(ctx.app, 'agent-desk');
    const phone = newNumber();
    await ctx.database.sql.query('UPDATE users SET phone = $1, phone_verified_at = now() WHERE id = $2', [phone, member.userId]);
    const { challenge } = (await requestCode(phone)).json() as { challenge: string };
    const refused = await verify({ challenge, phone, code: await whatsappCodeFor(phone) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CODE' });
    const [audit] = await ctx.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_actions WHERE staff_user_id = $1 AND action = 'sign-in-failed'",
      [member.userId],
    );
    expect(audit!.n).toBe(1);
  });

  it('adds an e-mail to an account made with a number, proved by an e-mailed code', async () => {
    const { phone, auth } = await signUpByNumber('Khalid Musa');
    const headers = bearer(auth.jwt);
    const neither = await post('/account/contact', {}, { headers });
    expect(neither.statusCode).toBe(400);
    expect((await post('/account/contact', { email: 'not-an-address' }, { headers })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ path: 'email' }],
    });
    const sent = await post('/account/contact', { email: ' Khalid.Musa@Example.com ' }, { headers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, to: 'khalid.musa@example.com', channel: 'email' });
    const [mail] = await ctx.database.sql.query<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM mail_outbox WHERE to_address = 'khalid.musa@example.com'",
    );
    expect(mail!.subject).toMatch(/^رمز التحقق \d{6} — Your Kwenda code \d{6}$/);
    expect(mail!.text_body).toContain('لإضافة هذا البريد الإلكتروني');
    expect(mail!.text_body).toContain('add this e-mail address');
    expect(mail!.text_body).not.toContain('Khalid Musa');
    expect((await post('/account/contact', { email: 'khalid.musa@example.com' }, { headers })).json()).toMatchObject({
      code: 'RESEND_TOO_SOON',
    });
    const code = await mailCodeFor('khalid.musa@example.com');
    const challenge = sent.json().challenge as string;
    expect((await post('/account/contact/verify', { challenge, code: wrongCode(code) }, { headers })).json()).toMatchObject({
      code: 'INVALID_CODE',
    });
    // Another account cannot use this account's challenge, even with the code.
    const stranger = await signUpByNumber();
    expect(
      (await post('/account/contact/verify', { challenge, code }, { headers: bearer(stranger.auth.jwt) })).json(),
    ).toMatchObject({ code: 'INVALID_CODE' });
    const verified = await post('/account/contact/verify', { challenge, code }, { headers });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      user: { email: 'khalid.musa@example.com', phone },
      contacts: { email: 'khalid.musa@example.com', emailVerified: true, phone, phoneVerified: true },
    });
    expect((await accountOf(auth.jwt)).contacts).toEqual({
      email: 'khalid.musa@example.com',
      emailVerified: true,
      phone,
      phoneVerified: true,
    });
  });

  it('lets an account made with a number, once it proved an e-mail, set a password by the reset link and log in with it', async () => {
    const { phone, auth } = await signUpByNumber('Sara Adam');
    const headers = bearer(auth.jwt);
    // No e-mail yet: "forgot password" for any address reaches nothing of this account.
    const put = (url: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, remoteAddress: nextAddress() });
    expect((await put('/account/request_password_reset', { email: 'sara@example.com' })).json()).toEqual({ success: true });
    const [none] = await ctx.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = 'sara@example.com'",
    );
    expect(none!.n).toBe(0);

    const sent = await post('/account/contact', { email: 'sara@example.com' }, { headers });
    const code = await mailCodeFor('sara@example.com');
    expect((await post('/account/contact/verify', { challenge: sent.json().challenge, code }, { headers })).statusCode).toBe(200);
    expect((await put('/account/request_password_reset', { email: 'Sara@Example.com' })).json()).toEqual({ success: true });
    const [mail] = await ctx.database.sql.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE to_address = 'sara@example.com' ORDER BY created_at DESC LIMIT 1",
    );
    const token = /\/password_reset\/([\w-]+)/.exec(mail!.text_body)![1]!;
    const password = 'blue-nile-sunrise-7';
    const reset = await put('/account/password_reset', { token, password, passwordConfirmation: password });
    expect(reset.json()).toEqual({ success: true });
    const login = await post('/auth/login', { email: 'sara@example.com', password });
    expect(login.statusCode, login.body).toBe(200);
    expect((login.json() as AuthResponse).user).toMatchObject({ id: auth.user.id, email: 'sara@example.com', phone });
  });

  it('adds a number to an account made with an e-mail; the number then signs in to it', async () => {
    const { email, auth } = await signUpByEmail();
    const headers = bearer(auth.jwt);
    expect((await accountOf(auth.jwt)).contacts).toEqual({ email, emailVerified: true, phone: null, phoneVerified: false });
    const phone = newNumber();
    const sent = await post('/account/contact', { phone, language: 'en' }, { headers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      to: phone,
      channel: 'whatsapp',
      resendAfterSeconds: PHONE_CODE_LIMITS.resendAfterSeconds,
    });
    const [message] = await ctx.database.sql.query<{ user_id: string; language: string }>(
      'SELECT user_id, language FROM whatsapp_messages WHERE to_phone = $1',
      [phone],
    );
    expect(message).toEqual({ user_id: auth.user.id, language: 'en' });
    const verified = await post(
      '/account/contact/verify',
      { challenge: sent.json().challenge, code: await whatsappCodeFor(phone) },
      { headers },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().contacts).toEqual({ email, emailVerified: true, phone, phoneVerified: true });

    const code = await requestCode(phone);
    const signedIn = await verify({ challenge: code.json().challenge, phone, code: await whatsappCodeFor(phone) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as AuthResponse).user).toMatchObject({ id: auth.user.id, email, phone });
  });

  it('replaces the number of an account with a new one it proved; the old number is free again', async () => {
    const { phone: old, auth } = await signUpByNumber('Musa Taha');
    const headers = bearer(auth.jwt);
    const fresh = newNumber();
    const sent = await post('/account/contact', { phone: fresh }, { headers });
    const verified = await post(
      '/account/contact/verify',
      { challenge: sent.json().challenge, code: await whatsappCodeFor(fresh) },
      { headers },
    );
    expect(verified.json().contacts).toMatchObject({ phone: fresh, phoneVerified: true });
    await waitOver(old);
    const again = await requestCode(old);
    const other = await verify({
      challenge: again.json().challenge,
      phone: old,
      code: await whatsappCodeFor(old),
      fullName: 'New Owner',
    });
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json() as AuthResponse).user.id).not.toBe(auth.user.id);
  });

  it('refuses with 409 CONTACT_TAKEN, once the code is right, a number or an e-mail another account has', async () => {
    const owner = await signUpByNumber();
    const other = await signUpByEmail();
    const headers = bearer(other.auth.jwt);
    const sent = await post('/account/contact', { phone: owner.phone }, { headers });
    // Whose the number is is not told before the code proves it is the traveller's.
    expect(sent.statusCode, sent.body).toBe(200);
    const wrong = await post('/account/contact/verify', { challenge: sent.json().challenge, code: '000000' }, { headers });
    expect(wrong.statusCode).toBe(400);
    const taken = await post(
      '/account/contact/verify',
      { challenge: sent.json().challenge, code: await whatsappCodeFor(owner.phone) },
      { headers },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONTACT_TAKEN' });
    expect((await accountOf(other.auth.jwt)).contacts.phone).toBeNull();

    const mine = await post('/account/contact', { email: other.email }, { headers: bearer(owner.auth.jwt) });
    expect(mine.statusCode).toBe(200);
    const takenEmail = await post(
      '/account/contact/verify',
      { challenge: mine.json().challenge, code: await mailCodeFor(other.email) },
      { headers: bearer(owner.auth.jwt) },
    );
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toMatchObject({ code: 'CONTACT_TAKEN' });
    expect((await accountOf(owner.auth.jwt)).email).toBeNull();
  });

  it("offers the guest bookings made with the account's verified e-mail or number, and adds only those", async () => {
    const { phone, auth } = await signUpByNumber('Fatima Idris');
    const headers = bearer(auth.jwt);
    const added = await post('/account/contact', { email: 'fatima@example.com' }, { headers });
    await post(
      '/account/contact/verify',
      { challenge: added.json().challenge, code: await mailCodeFor('fatima@example.com') },
      { headers },
    );

    const offer = await findOffer(ctx);
    const guestBooking = async (family: string, contact: { email: string; mobile: string }) => {
      const created = await createBooking(ctx, offer);
      expect(created.statusCode, created.body).toBe(201);
      const booking = await getBooking(ctx, (created.json() as { booking: Booking }).booking.id);
      const saved = await submitPassengers(ctx, booking, passengersFor(booking, {}, family), contact);
      expect(saved.statusCode, saved.body).toBe(200);
      return booking;
    };
    const byEmail = await guestBooking('IDRISA', { email: 'Fatima@Example.com', mobile: '+249912999001' });
    const byPhone = await guestBooking('IDRISB', { email: 'someone@example.com', mobile: phone });
    const stranger = await guestBooking('IDRISC', { email: 'stranger@example.com', mobile: '+249912999002' });
    const oldCanceled = await guestBooking('IDRISD', { email: 'fatima@example.com', mobile: '+249912999003' });
    await ctx.database.sql.query(
      "UPDATE bookings SET status = 'canceled', updated_at = now() - interval '40 days' WHERE id = $1",
      [oldCanceled.id],
    );

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/guest-bookings', headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const offered = (listed.json() as { bookings: { id: string; matchedBy: string }[] }).bookings;
    expect(offered.map((b) => [b.id, b.matchedBy]).sort()).toEqual(
      [
        [byEmail.id, 'email'],
        [byPhone.id, 'phone'],
      ].sort(),
    );
    expect(offered.find((b) => b.id === byEmail.id)).toMatchObject({
      bookingReference: byEmail.bookingReference,
      origin: byEmail.origin,
      destination: byEmail.destination,
      departureDate: byEmail.slices[0]!.departureDate.slice(0, 10),
    });
    // Someone else's account is offered none of them.
    const other = await signUpByNumber();
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/guest-bookings', headers: bearer(other.auth.jwt) });
    expect(none.json()).toEqual({ bookings: [] });

    const adopt = await post(
      '/account/guest-bookings',
      { ids: [byEmail.id, stranger.id, oldCanceled.id, 'bk_nothing'] },
      { headers },
    );
    expect(adopt.statusCode, adopt.body).toBe(200);
    expect(adopt.json()).toEqual({ success: true, added: 1 });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/bookings', headers });
    expect((mine.json() as Booking[]).map((b) => b.id)).toEqual([byEmail.id]);
    const still = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/guest-bookings', headers });
    expect((still.json() as { bookings: { id: string }[] }).bookings.map((b) => b.id)).toEqual([byPhone.id]);
    const [owners] = await ctx.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bookings WHERE id = ANY($1) AND user_id IS NULL',
      [[stranger.id, oldCanceled.id, byPhone.id]],
    );
    expect(owners!.n).toBe(3);
  });

  it('keeps every code and every whole number out of the log', async () => {
    expect(secrets.size).toBeGreaterThan(50);
    const log = lines.join('');
    expect(log).toContain('sign-in code queued');
    // A code or a number as a whole run of digits (a timestamp's digits may contain any six).
    for (const secret of secrets) expect(log, secret).not.toMatch(new RegExp(`(?<!\\d)${secret.replace('+', '')}(?!\\d)`));
    // The masked form is what it shows.
    expect(log).toMatch(/"to":"\+249•+\d\d"/);
  });
});
