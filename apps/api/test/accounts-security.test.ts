import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ACCOUNT_LIMITS } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accountsRepo from '../src/modules/accounts/accounts-repository.js';
import { THROTTLE } from '../src/modules/accounts/accounts-service.js';
import { countAttempts } from '../src/plugins/throttle-repository.js';
import { addressKey } from '../src/plugins/client-address.js';
import { staffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/** What an attacker and a new user found in sign-up, log-in and "forgot password" (issue 26). */
describe.each(backends)('accounts against an attacker on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  /** A name that is a message with a link, typed at sign-up by someone who does not own the address. */
  const lure = 'Your booking was cancelled. Claim refund: https://evil.example/refund';
  let addresses = 0;
  const nextAddress = () => `10.61.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  const post = (url: string, payload: object, remoteAddress = nextAddress()) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
  const put = (url: string, payload: object, remoteAddress = nextAddress()) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, payload, remoteAddress });
  const register = (email: string, password: string, fullName = 'Amna Osman', remoteAddress = nextAddress()) =>
    post('/auth/register', { payload: { fullName, email, password, passwordConfirmation: password } }, remoteAddress);
  const mailsTo = (email: string) =>
    ctx.database.sql.query<{ subject: string; text_body: string; html_body: string }>(
      'SELECT subject, text_body, html_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at',
      [email],
    );
  const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;
  /** An answer without its request id: two answers "alike" are equal on this. */
  const shape = (response: { statusCode: number; json(): unknown }) => {
    const { requestId: _, ...body } = response.json() as Record<string, unknown>;
    return { status: response.statusCode, body };
  };

  describe('sign-up takeover', () => {
    it('a second sign-up for an unconfirmed e-mail cannot make its password the one the owner activates', async () => {
      const email = 'victim@example.sd';
      const victimPassword = 'victim-nile-2026';
      const attackerPassword = 'attacker-nile-2026';
      expect((await register(email, victimPassword, 'Amna Osman')).statusCode).toBe(200);
      const victimCode = codeIn((await mailsTo(email))[0]!.text_body);
      // The attacker signs up with the same e-mail and a password of their own, from elsewhere.
      const attack = await register(email, attackerPassword, 'Not Amna');
      expect(attack.statusCode).toBe(200);
      // The victim types the code from their own e-mail.
      const confirmed = await post('/auth/otp', { email, otp: victimCode });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ user: { email, fullName: 'Amna Osman', active: true } });
      expect((await post('/auth/login', { email, password: victimPassword })).statusCode).toBe(200);
      const attacker = await post('/auth/login', { email, password: attackerPassword });
      expect(attacker.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      // The attacker's code (in the victim's mailbox) is dead now: the account is confirmed.
      const attackerCode = codeIn((await mailsTo(email))[1]!.text_body);
      if (attackerCode !== victimCode)
        expect((await post('/auth/otp', { email, otp: attackerCode })).json()).toMatchObject({ code: 'INVALID_CODE' });
      expect((await post('/auth/login', { email, password: victimPassword })).statusCode).toBe(200);
    });

    it("the sign-up page's own registration takes only its own code, not the attacker's sent after it", async () => {
      const email = 'victim.two@example.sd';
      const mine = await register(email, 'victim-nile-2026');
      const registration = (mine.json() as { registration: string }).registration;
      expect(registration).toMatch(/^reg_/);
      await register(email, 'attacker-nile-2026', 'Not Amna');
      const [own, theirs] = await mailsTo(email);
      const attackerCode = codeIn(theirs!.text_body);
      if (attackerCode !== codeIn(own!.text_body))
        expect((await post('/auth/otp', { email, otp: attackerCode, registration })).json()).toMatchObject({
          code: 'INVALID_CODE',
        });
      expect((await post('/auth/otp', { email, otp: codeIn(own!.text_body), registration })).statusCode).toBe(200);
      expect((await post('/auth/login', { email, password: 'attacker-nile-2026' })).statusCode).toBe(401);
    });

    it('a code confirmed with the password chosen with it activates that password; another password does not fit it', async () => {
      const email = 'victim.three@example.sd';
      await register(email, 'victim-nile-2026');
      await register(email, 'attacker-nile-2026', 'Not Amna');
      const [own, theirs] = await mailsTo(email);
      if (codeIn(theirs!.text_body) !== codeIn(own!.text_body))
        expect(
          (await post('/auth/otp', { email, otp: codeIn(theirs!.text_body), password: 'victim-nile-2026' })).json(),
        ).toMatchObject({ code: 'INVALID_CODE' });
      // "Send the code again" with the password: the victim's own code, again.
      expect((await post('/auth/otp/resend', { email, password: 'victim-nile-2026' })).json()).toEqual({ success: true });
      const again = (await mailsTo(email)).at(-1)!;
      expect(codeIn(again.text_body)).toBe(codeIn(own!.text_body));
      const confirmed = await post('/auth/otp', { email, otp: codeIn(own!.text_body), password: 'victim-nile-2026' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await post('/auth/login', { email, password: 'victim-nile-2026' })).statusCode).toBe(200);
      expect((await post('/auth/login', { email, password: 'attacker-nile-2026' })).statusCode).toBe(401);
    });

    it('an unconfirmed log-in with the right password answers exactly like a wrong one, and counts', async () => {
      const email = 'unconfirmed@example.sd';
      const password = 'unconfirmed-nile-2026';
      expect((await register(email, password)).statusCode).toBe(200);
      const address = '10.62.0.1';
      const right = await post('/auth/login', { email, password }, address);
      const wrong = await post('/auth/login', { email, password: 'wrong-password-2026' }, address);
      expect(shape(right)).toEqual(shape(wrong));
      expect(right.statusCode).toBe(401);
      // Both were failures: the right password from an unconfirmed account starts nothing over.
      expect(await countAttempts(ctx.database.db, `login:account-ip:${email}:${addressKey(address)}`, new Date())).toBe(2);
      const answers = [];
      for (let i = 2; i <= THROTTLE.loginPerAccountAndAddress.max; i++)
        answers.push((await post('/auth/login', { email, password }, address)).statusCode);
      expect(answers.at(-1)).toBe(429);
    });

    it('a sign-up never changes an existing account, and is throttled before it writes anything', async () => {
      // An account that never confirmed (made before this change, or a staff invitation not yet used).
      const email = 'pending.row@example.sd';
      const passwordHash = await hash('first-owner-2026', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
      await accountsRepo.insertUser(ctx.database.db, {
        id: `usr_${randomBytes(12).toString('base64url')}`,
        fullName: 'First Owner',
        email,
        passwordHash,
        active: false,
      });
      const rowOf = async () =>
        (
          await ctx.database.sql.query<{ full_name: string; password_hash: string }>(
            'SELECT full_name, password_hash FROM users WHERE email = $1',
            [email],
          )
        )[0]!;
      const answers = [];
      for (let i = 0; i <= THROTTLE.codesPerEmail.max; i++)
        answers.push((await register(email, `attacker-nile-${i}-2026`, `Attacker ${i}`)).statusCode);
      expect(answers.at(-1)).toBe(429);
      expect(await rowOf()).toEqual({ full_name: 'First Owner', password_hash: passwordHash });
      const [pending] = await ctx.database.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pending_registrations WHERE email = $1',
        [email],
      );
      expect(pending!.n).toBe(THROTTLE.codesPerEmail.max);
    });
  });

  describe('staff accounts and the traveller log-in', () => {
    it("after the staff sign-in locks, the traveller log-in refuses the staff password too, and the staff's audit records it", async () => {
      const member = await staffMember(ctx.app, 'viewer');
      const office = '10.63.0.1';
      const staffLogin = (password: string) => post('/admin/auth/login', { email: member.email, password }, office);
      for (let i = 0; i < 10; i++) await staffLogin(`wrong-password-${i}`);
      expect((await staffLogin(member.password)).statusCode).toBe(429);
      const traveller = await post('/auth/login', { email: member.email, password: member.password }, office);
      const wrong = await post('/auth/login', { email: member.email, password: 'wrong-password-x1' }, office);
      expect(shape(traveller)).toEqual(shape(wrong));
      expect(traveller.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      // From anywhere else, too: a staff account is not a traveller's.
      expect((await post('/auth/login', { email: member.email, password: member.password })).statusCode).toBe(401);
      const rows = await ctx.database.sql.query<{ details: { reason: string; passwordRight: boolean } }>(
        "SELECT details FROM staff_actions WHERE staff_user_id = $1 AND action = 'sign-in-failed' AND details->>'reason' = 'traveller-log-in' ORDER BY id",
        [member.userId],
      );
      expect(rows.map((r) => r.details.passwordRight)).toEqual([true, false, true]);
    });

    it('the traveller "forgot password" sends a staff account no link, answers as for anyone, and joins its audit', async () => {
      const member = await staffMember(ctx.app, 'owner');
      const asked = await put('/account/request_password_reset', { email: member.email });
      const unknown = await put('/account/request_password_reset', { email: 'nobody.staff@example.sd' });
      expect(shape(asked)).toEqual(shape(unknown));
      expect((await mailsTo(member.email)).filter((m) => m.text_body.includes('/password_reset/'))).toEqual([]);
      const rows = await ctx.database.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM staff_actions WHERE staff_user_id = $1 AND action = 'password-reset-refused'",
        [member.userId],
      );
      expect(rows[0]!.n).toBe(1);
    });
  });

  describe('e-mails to an address nobody has confirmed', () => {
    it('the sign-up code does not carry the name typed at sign-up', async () => {
      const email = 'lured@example.sd';
      expect((await register(email, 'lure-nile-2026', lure)).statusCode).toBe(200);
      const [mail] = await mailsTo(email);
      for (const body of [mail!.text_body, mail!.html_body, mail!.subject]) {
        expect(body).not.toContain('evil.example');
        expect(body).not.toContain('Claim refund');
      }
      expect(codeIn(mail!.text_body)).toHaveLength(ACCOUNT_LIMITS.codeLength);
    });

    it('a reset link to an account never confirmed does not greet by its name either', async () => {
      const email = 'lured.reset@example.sd';
      await accountsRepo.insertUser(ctx.database.db, {
        id: `usr_${randomBytes(12).toString('base64url')}`,
        fullName: lure,
        email,
        passwordHash: null,
        active: false,
      });
      expect((await put('/account/request_password_reset', { email })).statusCode).toBe(200);
      const [mail] = await mailsTo(email);
      expect(mail!.text_body).toContain('/password_reset/');
      for (const body of [mail!.text_body, mail!.html_body]) expect(body).not.toContain('evil.example');
    });
  });

  describe('answers that do not say whether an account exists', () => {
    it('"forgot password" answers the same for an unknown e-mail, and e-mails nobody', async () => {
      const email = 'known.reset@example.sd';
      expect((await register(email, 'known-nile-2026')).statusCode).toBe(200);
      await post('/auth/otp', { email, otp: codeIn((await mailsTo(email))[0]!.text_body) });
      const known = await put('/account/request_password_reset', { email });
      const unknown = await put('/account/request_password_reset', { email: 'nobody.here@example.sd' });
      expect(shape(unknown)).toEqual(shape(known));
      expect(known.json()).toEqual({ success: true });
      expect(await mailsTo('nobody.here@example.sd')).toEqual([]);
      expect((await mailsTo(email)).at(-1)!.text_body).toContain('/password_reset/');
    });

    it('a sign-up for a confirmed e-mail answers like a fresh one; the owner is told, the account is unchanged', async () => {
      const email = 'owner.signup@example.sd';
      await register(email, 'owner-nile-2026', 'Amna Owner');
      await post('/auth/otp', { email, otp: codeIn((await mailsTo(email))[0]!.text_body) });
      const taken = await register(email, 'intruder-nile-2026', lure);
      const fresh = await register('fresh.signup@example.sd', 'intruder-nile-2026', lure);
      expect(taken.statusCode).toBe(200);
      const strip = (body: { user: { email: string }; registration: string }) => ({
        ...body,
        user: { ...body.user, email: '' },
        registration: body.registration.length,
      });
      expect(strip(taken.json())).toEqual(strip(fresh.json()));
      const told = (await mailsTo(email)).at(-1)!;
      expect(told.subject).toMatch(/Kwenda account/);
      expect(told.text_body).toContain('/forgot_password');
      // No code in it (a code stands alone on its line, indented).
      expect(told.text_body).not.toMatch(/^ {4}\d{6}$/m);
      expect(told.subject).not.toMatch(/\d{6}/);
      expect(told.text_body).not.toContain('evil.example');
      expect((await post('/auth/login', { email, password: 'owner-nile-2026' })).statusCode).toBe(200);
      expect((await post('/auth/login', { email, password: 'intruder-nile-2026' })).statusCode).toBe(401);
    });
  });

  it('a 300-letter name at sign-up is refused with the limit named', async () => {
    const response = await register('long.name@example.sd', 'long-name-nile-2026', 'ا'.repeat(300));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [
        { path: 'payload.fullName', code: 'too_long', message: expect.stringContaining(`${ACCOUNT_LIMITS.fullNameMaxLength}`) },
      ],
    });
  });
});
