import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ACCOUNT_LIMITS } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accountsRepo from '../src/modules/accounts/accounts-repository.js';
import { THROTTLE } from '../src/modules/accounts/accounts-service.js';
import { addressKey } from '../src/plugins/client-address.js';
import { countAttempts, deleteEndedCounters, takeAttempt } from '../src/plugins/throttle-repository.js';
import { STAFF_THROTTLE } from '../src/modules/staff/staff-sign-in-service.js';
import { staffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const PASSWORD = 'blue-nile-morning-2026';
/** A carrier's address that thousands of travellers share (carrier-grade NAT). */
const SHARED = '196.29.160.10';

describe.each(backends)('throttles that fit shared addresses on %s', (backend) => {
  let ctx: TestContext;
  let passwordHash: string;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    passwordHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: object, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
  /** A confirmed account (made in the database: 50 sign-ups through the API would only test sign-up). */
  const account = async (email: string) => {
    await accountsRepo.insertUser(ctx.database.db, {
      id: `usr_${randomBytes(12).toString('base64url')}`,
      fullName: 'Traveller',
      email,
      passwordHash,
      active: true,
      emailVerifiedAt: new Date(),
    });
    return email;
  };

  it('a counter lets exactly `max` of many concurrent attempts through, in one statement each', async () => {
    const limit = { max: 5, windowMs: 60_000 };
    const now = new Date();
    const taken = await Promise.all(Array.from({ length: 30 }, () => takeAttempt(ctx.database.db, 'test:race', limit, now)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await countAttempts(ctx.database.db, 'test:race', now)).toBe(5);
    // A window that ended starts over.
    const later = new Date(now.getTime() + 60_001);
    expect(await takeAttempt(ctx.database.db, 'test:race', limit, later)).toBe(true);
    expect(await countAttempts(ctx.database.db, 'test:race', later)).toBe(1);
  });

  it('counters whose window ended are pruned by the job; live ones stay', async () => {
    const now = new Date();
    await takeAttempt(ctx.database.db, 'test:short', { max: 5, windowMs: 1_000 }, now);
    await takeAttempt(ctx.database.db, 'test:long', { max: 5, windowMs: 3_600_000 }, now);
    await deleteEndedCounters(ctx.database.db, new Date(now.getTime() + 2_000));
    const keys = await ctx.database.sql.query<{ key: string }>("SELECT key FROM throttle_counters WHERE key LIKE 'test:%'");
    expect(keys.map((k) => k.key).sort()).toEqual(['test:long', 'test:race']);
  });

  it('50 travellers behind one address log in while an attacker hammers one account from it', async () => {
    const travellers = await Promise.all(Array.from({ length: 50 }, (_, i) => account(`traveller${i}@example.sd`)));
    const target = await account('target@example.sd');
    const attack = Array.from({ length: 40 }, (_, i) =>
      post('/auth/login', { email: target, password: `guess-${i}-xyz` }, SHARED),
    );
    const logins = travellers.map((email) => post('/auth/login', { email, password: PASSWORD }, SHARED));
    const [attacked, served] = await Promise.all([Promise.all(attack), Promise.all(logins)]);

    expect(served.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const codes = attacked.map((r) => r.statusCode);
    // The attacker: a few guesses judged (wrong), then refused without being judged.
    expect(codes.filter((c) => c === 401)).toHaveLength(THROTTLE.loginPerAccountAndAddress.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - THROTTLE.loginPerAccountAndAddress.max);
    expect(attacked.find((r) => r.statusCode === 429)!.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // Only judged failures count for the shared address: the 50 successes and the refusals do not.
    const address = addressKey(SHARED)!;
    expect(await countAttempts(ctx.database.db, `login:ip:${address}`, new Date())).toBe(THROTTLE.loginPerAccountAndAddress.max);
    // The owner of the attacked account still logs in from elsewhere; more travellers from the address too.
    expect((await post('/auth/login', { email: target, password: PASSWORD }, '41.223.200.7')).statusCode).toBe(200);
    for (const email of travellers.slice(0, 5))
      expect((await post('/auth/login', { email, password: PASSWORD }, SHARED)).statusCode).toBe(200);
  });

  it('counts failures per address, high: many travellers mistyping from one address are not all locked out', async () => {
    const address = '102.88.1.1';
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => account(`typo${i}@example.sd`)));
    // Each mistypes twice, then gets it right: 24 failures from one address, far below its limit.
    for (const email of people) {
      for (let i = 0; i < 2; i++)
        expect((await post('/auth/login', { email, password: 'wrong-password-1' }, address)).statusCode).toBe(401);
      expect((await post('/auth/login', { email, password: PASSWORD }, address)).statusCode).toBe(200);
    }
    expect(await countAttempts(ctx.database.db, `login:ip:${address}`, new Date())).toBe(24);
    // A success from the account and address starts that pair's strict count over.
    expect(await countAttempts(ctx.database.db, `login:account-ip:${people[0]}:${address}`, new Date())).toBe(0);
  });

  it('an address spraying wrong passwords over many accounts reaches the per-address limit', async () => {
    const address = '102.88.9.9';
    const max = THROTTLE.loginFailuresPerAddress.max;
    // Fill the address's count to one below its limit, as earlier failures would have.
    await ctx.database.sql.query(
      `INSERT INTO throttle_counters (key, hits, window_ends_at) VALUES ($1, $2, now() + interval '10 minutes')`,
      [`login:ip:${address}`, max - 1],
    );
    const victim = await account('sprayed@example.sd');
    expect((await post('/auth/login', { email: victim, password: 'wrong-password-1' }, address)).statusCode).toBe(401);
    const refused = await post('/auth/login', { email: victim, password: PASSWORD }, address);
    expect(refused.statusCode).toBe(429);
    // The refused attempt was given back to the strict per-account counts: it was never judged.
    expect(await countAttempts(ctx.database.db, `login:account-ip:${victim}:${address}`, new Date())).toBe(1);
    expect(await countAttempts(ctx.database.db, `login:account:${victim}`, new Date())).toBe(1);
  });

  it('an IPv6 client counts by its /64: changing the rest of the address does not reset the count', async () => {
    const target = await account('v6@example.sd');
    const answers = [];
    for (let i = 0; i <= THROTTLE.loginPerAccountAndAddress.max; i++)
      answers.push(
        (await post('/auth/login', { email: target, password: `guess-${i}-abc` }, `2001:db8:7:9::${i + 1}`)).statusCode,
      );
    expect(answers.at(-1)).toBe(429);
    expect((await post('/auth/login', { email: target, password: PASSWORD }, '2001:db8:7:a::1')).statusCode).toBe(200);
  });

  it('30 wrong sign-up codes sent at once: at most 5 are judged, then even the right code waits for a new one', async () => {
    const email = 'racer@example.sd';
    const registered = await post(
      '/auth/register',
      { payload: { fullName: 'Racer', email, password: PASSWORD, passwordConfirmation: PASSWORD } },
      '10.77.0.1',
    );
    expect(registered.statusCode).toBe(200);
    const [mail] = await ctx.database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const code = /(\d{6})/.exec(mail!.text_body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post('/auth/otp', { email, otp: wrong }, `10.77.1.${i + 1}`)),
    );
    const judged = answers.filter((r) => r.json().code === 'INVALID_CODE');
    expect(judged).toHaveLength(ACCOUNT_LIMITS.codeAttempts);
    expect(answers.filter((r) => r.json().code === 'TOO_MANY_ATTEMPTS')).toHaveLength(30 - ACCOUNT_LIMITS.codeAttempts);
    const [stored] = await ctx.database.sql.query<{ attempts: number }>(
      'SELECT attempts FROM pending_registrations WHERE email = $1',
      [email],
    );
    expect(stored!.attempts).toBe(ACCOUNT_LIMITS.codeAttempts);
    expect((await post('/auth/otp', { email, otp: code }, '10.77.2.1')).json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('sign-up e-mails per address are counted high; per mailbox, strict', async () => {
    const address = '10.78.0.1';
    const answers = [];
    for (let i = 0; i < 15; i++) {
      const email = `signup${i}@example.sd`;
      answers.push(
        (
          await post(
            '/auth/register',
            { payload: { fullName: 'Someone', email, password: PASSWORD, passwordConfirmation: PASSWORD } },
            address,
          )
        ).statusCode,
      );
    }
    // Fifteen sign-ups from one carrier address in a few minutes: all served (the old limit was 10).
    expect(answers).toEqual(Array(15).fill(200));
    const mailbox = [];
    for (let i = 0; i < THROTTLE.codesPerEmail.max + 1; i++)
      mailbox.push((await post('/auth/otp/resend', { email: 'signup0@example.sd' }, `10.79.0.${i + 1}`)).statusCode);
    // The first sign-up sent one already: the mailbox takes codesPerEmail in all.
    expect(mailbox.filter((c) => c === 429)).toHaveLength(2);
  });

  it('staff sign-in: concurrent guesses judge at most the strict limit; colleagues in the same office sign in', async () => {
    const office = '41.95.10.10';
    const members = await Promise.all(Array.from({ length: 3 }, () => staffMember(ctx.app, 'viewer', { secondFactor: false })));
    const [attacked, ...colleagues] = members;
    const login = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: { email, password }, remoteAddress: office });
    const [guesses, signIns] = await Promise.all([
      Promise.all(Array.from({ length: 25 }, (_, i) => login(attacked!.email, `wrong-password-${i}`))),
      Promise.all(colleagues.map((m) => login(m.email, m.password))),
    ]);
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(STAFF_THROTTLE.perAccountAndAddress.max);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(25 - STAFF_THROTTLE.perAccountAndAddress.max);
    expect(signIns.map((r) => r.statusCode)).toEqual([200, 200]);
    const address = addressKey(office)!;
    expect(await countAttempts(ctx.database.db, `staff-login:ip:${address}`, new Date())).toBe(
      STAFF_THROTTLE.perAccountAndAddress.max,
    );
  });
});
