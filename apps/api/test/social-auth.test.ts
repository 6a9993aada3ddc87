import type { AuthResponse } from '@kwenda/contracts';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookStandIn } from './helpers/facebook-graph-stand-in.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const GOOGLE = { clientId: 'kwenda-test.apps.googleusercontent.com', secret: 'google-test-secret' };
const FACEBOOK = { id: '4242424242', secret: 'facebook-test-secret' };
const PUBLIC_URL = 'http://kwenda.test';
const PASSWORD = 'nile-river-2026';

interface GooglePerson {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  [claim: string]: unknown;
}

let google: OAuth2Server;
let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;
/** Claims of the ID tokens the mock issues next (set per test). */
let person: GooglePerson;
const defaultPerson = (): GooglePerson => ({
  sub: 'google-1',
  email: 'layla@example.com',
  email_verified: true,
  name: 'Layla Hassan',
});

beforeAll(async () => {
  google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  // The mock names itself "localhost", which may resolve to ::1 where it does not listen.
  google.issuer.url = `http://127.0.0.1:${google.address().port}`;
  // The ID token is the one with an audience and no "amr" (the access token has amr, no aud).
  google.service.on('beforeTokenSigning', (token) => {
    if ('aud' in token.payload && !('amr' in token.payload)) Object.assign(token.payload, person);
  });
  facebook = await startFacebookStandIn(FACEBOOK);
});
afterAll(async () => {
  await google?.stop();
  await facebook?.close();
});

describe.each(backends)('social sign-in on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      env: {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: GOOGLE.secret,
        GOOGLE_ISSUER: google.issuer.url!,
        FACEBOOK_CLIENT_ID: FACEBOOK.id,
        FACEBOOK_CLIENT_SECRET: FACEBOOK.secret,
        FACEBOOK_AUTH_URL: `${facebook.url}/dialog/oauth`,
        FACEBOOK_TOKEN_URL: `${facebook.url}/oauth/access_token`,
        FACEBOOK_GRAPH_URL: facebook.url,
      },
    });
  });
  afterAll(async () => ctx?.close());
  afterEach(() => {
    person = defaultPerson();
    google.service.removeAllListeners('beforeAuthorizeRedirect');
  });
  person = defaultPerson();

  // Each test signs in from an address of its own: the social routes are rate-limited per address.
  let addresses = 0;
  const nextAddress = () => `10.60.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress });
  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress });
  const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;
  const query = (location: string) => new URL(location, PUBLIC_URL).searchParams;

  /** The start of a sign-in: the provider's URL and the flow cookie. */
  async function start(provider: 'google' | 'facebook', returnTo?: string, address = nextAddress()) {
    const search = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
    const response = await get(`/api/v1/auth/social/${provider}/start${search}`, {}, address);
    expect(response.statusCode, response.body).toBe(302);
    return { response, location: response.headers.location as string, cookie: cookieOf(response.headers['set-cookie']) };
  }

  /** The provider's page: the mock (or stand-in) signs the person in and redirects back to our callback. */
  async function visitProvider(location: string) {
    const answer = await fetch(location, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    return `${back.pathname}${back.search}`;
  }

  /** A whole redirect sign-in up to the callback's answer (the 302 to /login). */
  async function signIn(provider: 'google' | 'facebook', returnTo?: string) {
    const address = nextAddress();
    const started = await start(provider, returnTo, address);
    const callbackPath = await visitProvider(started.location);
    const callback = await get(callbackPath, { cookie: started.cookie }, address);
    expect(callback.statusCode).toBe(302);
    return { started, callback, location: callback.headers.location as string };
  }

  async function exchange(ticket: string) {
    return post('/auth/social/exchange', { ticket }, {}, nextAddress());
  }

  async function signInToSession(provider: 'google' | 'facebook') {
    const { location } = await signIn(provider);
    const ticket = query(location).get('social_ticket');
    expect(ticket, location).toBeTruthy();
    const response = await exchange(ticket!);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuthResponse;
  }

  const codeFor = async (email: string) => {
    const [row] = await ctx.database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    return /(\d{6})/.exec(row!.text_body)![1]!;
  };
  const register = (email: string, fullName = 'Somebody Else') =>
    post(
      '/auth/register',
      { payload: { fullName, email, password: PASSWORD, passwordConfirmation: PASSWORD } },
      {},
      nextAddress(),
    );
  const signUp = async (email: string) => {
    expect((await register(email, 'Amna Osman')).statusCode).toBe(200);
    const response = await post('/auth/otp', { email, otp: await codeFor(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuthResponse;
  };
  const userRow = async (email: string) =>
    (
      await ctx.database.sql.query<{ id: string; password_hash: string | null; full_name: string; active: boolean }>(
        'SELECT id, password_hash, full_name, active FROM users WHERE email = $1',
        [email],
      )
    )[0];

  it('lists the configured providers in GET /config', async () => {
    const config = await get('/api/v1/config');
    expect(config.json().socialProviders).toEqual(['google', 'facebook']);
  });

  it('signs in with Google end to end: start, provider, callback, one-time ticket, session', async () => {
    const { started, callback, location } = await signIn('google', '/bookings/bk_123?step=pay');

    // The provider is asked for a code with PKCE S256, a state and a nonce, back to our callback.
    const authorize = new URL(started.location);
    expect(authorize.origin).toBe(google.issuer.url);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: GOOGLE.clientId,
      redirect_uri: `${PUBLIC_URL}/api/v1/auth/social/google/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const name of ['state', 'code_challenge', 'nonce']) expect(authorize.searchParams.get(name)).toBeTruthy();
    const setCookie = String(started.response.headers['set-cookie']);
    expect(setCookie).toMatch(/^kwenda_social_flow=[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(setCookie).toContain('Path=/api/v1/auth/social/google/callback');
    expect(setCookie).toContain('Max-Age=600');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure'); // PUBLIC_URL is http here

    // Back on our site: a relative redirect to the login page with a ticket, the cookie cleared.
    expect(location).toMatch(/^\/login\?social_ticket=[\w-]{43}&return_to=%2Fbookings%2Fbk_123%3Fstep%3Dpay$/);
    expect(String(callback.headers['set-cookie'])).toMatch(
      /^kwenda_social_flow=; Path=\/api\/v1\/auth\/social\/google\/callback; Max-Age=0/,
    );
    const ticket = query(location).get('social_ticket')!;
    const [stored] = await ctx.database.sql.query<{ token_hash: string }>('SELECT token_hash FROM login_tickets');
    expect(stored!.token_hash).not.toContain(ticket);

    const exchanged = await exchange(ticket);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    const auth = exchanged.json() as AuthResponse;
    expect(auth.user).toMatchObject({ email: 'layla@example.com', fullName: 'Layla Hassan', active: true });
    const me = await get('/api/v1/account', bearer(auth.jwt));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'layla@example.com' });

    // No password: password login fails like a wrong password; the identity is linked by subject.
    const login = await post('/auth/login', { email: 'layla@example.com', password: PASSWORD }, {}, nextAddress());
    expect(login.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const identities = await ctx.database.sql.query<{ provider: string; subject: string; user_id: string }>(
      'SELECT provider, subject, user_id FROM user_identities WHERE user_id = $1',
      [auth.user.id],
    );
    expect(identities).toEqual([{ provider: 'google', subject: 'google-1', user_id: auth.user.id }]);

    // The same Google account later, even with another e-mail at Google, is the same user.
    person = { ...defaultPerson(), email: 'layla.new@example.com' };
    expect((await signInToSession('google')).user.id).toBe(auth.user.id);
  });

  it('makes the ticket single-use and short-lived', async () => {
    person = { ...defaultPerson(), sub: 'google-ticket', email: 'ticket@example.com' };
    const first = query((await signIn('google')).location).get('social_ticket')!;
    expect((await exchange(first)).statusCode).toBe(200);
    const again = await exchange(first);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });

    const late = query((await signIn('google')).location).get('social_ticket')!;
    await ctx.database.sql.query("UPDATE login_tickets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    expect((await exchange(late)).json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });
    expect((await exchange('made-up-ticket')).json()).toMatchObject({ code: 'SOCIAL_TICKET_INVALID' });

    // Two requests racing with one ticket: exactly one session.
    const raced = query((await signIn('google')).location).get('social_ticket')!;
    const answers = await Promise.all([exchange(raced), exchange(raced)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a callback whose state does not match the cookie, or that has no or a forged cookie', async () => {
    const ticketCount = async () =>
      (await ctx.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM login_tickets'))[0]!.n;
    const ticketsBefore = await ticketCount();
    const address = nextAddress();
    const mine = await start('google', undefined, address);
    const theirs = await start('google', undefined, address);
    // An attacker's own code and state, planted in the victim's browser (login CSRF).
    const attackerCallback = await visitProvider(theirs.location);
    const planted = await get(attackerCallback, { cookie: mine.cookie }, address);
    expect(planted.headers.location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');

    // The right code with another state (PKCE alone would let this through).
    const ownCallback = new URL(await visitProvider(mine.location), PUBLIC_URL);
    ownCallback.searchParams.set('state', new URL(theirs.location).searchParams.get('state')!);
    const wrongState = await get(`${ownCallback.pathname}${ownCallback.search}`, { cookie: mine.cookie }, address);
    expect(wrongState.headers.location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');
    ownCallback.searchParams.delete('state');
    const noState = await get(`${ownCallback.pathname}${ownCallback.search}`, { cookie: mine.cookie }, address);
    expect(noState.headers.location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');

    const noCookie = await get(await visitProvider(mine.location), {}, address);
    expect(noCookie.statusCode).toBe(302);
    expect(noCookie.headers.location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');

    // A cookie whose payload was changed (its returnTo, say) fails its signature.
    const [header, payload, signature] = mine.cookie.split('=')[1]!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, returnTo: '/elsewhere' })).toString('base64url');
    const callbackPath = await visitProvider(mine.location);
    const tampered = await get(callbackPath, { cookie: `kwenda_social_flow=${header}.${forged}.${signature}` }, address);
    expect(tampered.headers.location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');

    // The flow of one provider does not finish at another's callback.
    const fb = await start('facebook', undefined, address);
    const state = new URL(fb.location).searchParams.get('state');
    const crossed = await get(`/api/v1/auth/social/google/callback?code=x&state=${state}`, { cookie: fb.cookie }, address);
    expect(crossed.headers.location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');
    expect(await ticketCount()).toBe(ticketsBefore);
  });

  it('sends the person back with SOCIAL_LOGIN_CANCELED when they say no at the provider', async () => {
    google.service.once('beforeAuthorizeRedirect', (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const { location } = await signIn('google', '/offers');
    expect(location).toBe('/login?social_error=SOCIAL_LOGIN_CANCELED&return_to=%2Foffers');
  });

  it('refuses ID tokens for another audience, with the wrong nonce, or from another key', async () => {
    person = { ...defaultPerson(), sub: 'google-aud', email: 'aud@example.com', aud: 'someone-elses-client' };
    expect((await signIn('google')).location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');
    person = { ...defaultPerson(), sub: 'google-nonce', email: 'nonce@example.com', nonce: 'replayed-nonce' };
    expect((await signIn('google')).location).toBe('/login?social_error=SOCIAL_LOGIN_FAILED');
    expect(await ctx.database.sql.query("SELECT 1 FROM users WHERE email IN ('aud@example.com', 'nonce@example.com')")).toEqual(
      [],
    );
  });

  it('refuses a Google identity whose e-mail Google has not verified', async () => {
    person = { ...defaultPerson(), sub: 'google-unverified', email: 'unverified@example.com', email_verified: false };
    expect((await signIn('google')).location).toBe('/login?social_error=SOCIAL_EMAIL_NOT_VERIFIED');
    person = { sub: 'google-no-email' };
    expect((await signIn('google')).location).toBe('/login?social_error=SOCIAL_EMAIL_MISSING');
  });

  it('links Google to an existing verified account with the same e-mail; its password still works', async () => {
    const existing = await signUp('amna.linked@example.com');
    person = { sub: 'google-amna', email: 'Amna.Linked@Example.com', email_verified: true, name: 'Amna G.' };
    const auth = await signInToSession('google');
    expect(auth.user).toMatchObject({ id: existing.user.id, fullName: 'Amna Osman' });
    const login = await post('/auth/login', { email: 'amna.linked@example.com', password: PASSWORD }, {}, nextAddress());
    expect(login.statusCode).toBe(200);
    expect((await get('/api/v1/account', bearer(existing.jwt))).statusCode).toBe(200);
  });

  it("the verified owner signs in over a sign-up someone made with the victim's e-mail and never confirmed", async () => {
    // The attacker signs up with the victim's address and a password of their own, but has no code.
    expect((await register('victim@example.com', 'Attacker')).statusCode).toBe(200);
    const [codeMail] = await ctx.database.sql.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE to_address = 'victim@example.com' ORDER BY created_at DESC LIMIT 1",
    );
    // A sign-up waits apart: no account exists until a code is confirmed.
    expect(await userRow('victim@example.com')).toBeUndefined();
    person = { sub: 'google-victim', email: 'victim@example.com', email_verified: true, name: 'Real Owner' };
    const auth = await signInToSession('google');
    expect(auth.user).toMatchObject({ fullName: 'Real Owner', active: true });
    expect((await userRow('victim@example.com'))!.password_hash).toBeNull();
    expect(
      (await post('/auth/login', { email: 'victim@example.com', password: PASSWORD }, {}, nextAddress())).json(),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // The attacker's sign-up is gone with the owner's sign-in: its code (in the owner's mailbox) sets nothing.
    expect(await ctx.database.sql.query("SELECT 1 FROM pending_registrations WHERE email = 'victim@example.com'")).toEqual([]);
    const otp = /(\d{6})/.exec(codeMail!.text_body)![1]!;
    expect((await post('/auth/otp', { email: 'victim@example.com', otp }, {}, nextAddress())).json()).toMatchObject({
      code: 'INVALID_CODE',
    });

    // The owner can still choose a password through the e-mailed reset link.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/request_password_reset',
      payload: { email: 'victim@example.com' },
    });
    const [mail] = await ctx.database.sql.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE to_address = 'victim@example.com' ORDER BY created_at DESC LIMIT 1",
    );
    const token = /\/password_reset\/([\w-]+)/.exec(mail!.text_body)![1]!;
    const fresh = 'owner-chosen-pass-1';
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/password_reset',
      payload: { token, password: fresh, passwordConfirmation: fresh },
    });
    expect(reset.json()).toEqual({ success: true });
    expect((await post('/auth/login', { email: 'victim@example.com', password: fresh }, {}, nextAddress())).statusCode).toBe(200);
  });

  it('refuses an account the agency switched off', async () => {
    await signUp('switched.off@example.com');
    await ctx.database.sql.query("UPDATE users SET active = false WHERE email = 'switched.off@example.com'");
    person = { sub: 'google-off', email: 'switched.off@example.com', email_verified: true };
    expect((await signIn('google')).location).toBe('/login?social_error=ACCOUNT_DISABLED');
    expect(await ctx.database.sql.query("SELECT 1 FROM user_identities WHERE subject = 'google-off'")).toEqual([]);
  });

  it('signs in with Facebook through its dialog, token endpoint and Graph /me', async () => {
    facebook.setNextPerson({ id: '100200300', name: 'Omer Facebook', email: 'omer.fb@example.com' });
    const { started, location } = await signIn('facebook', '/account');
    const dialog = new URL(started.location);
    expect(`${dialog.origin}${dialog.pathname}`).toBe(`${facebook.url}/dialog/oauth`);
    expect(dialog.searchParams.get('code_challenge_method')).toBe('S256');
    expect(dialog.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/social/facebook/callback`);
    expect(location).toMatch(/^\/login\?social_ticket=[\w-]+&return_to=%2Faccount$/);
    const auth = (await exchange(query(location).get('social_ticket')!)).json() as AuthResponse;
    expect(auth.user).toMatchObject({ email: 'omer.fb@example.com', fullName: 'Omer Facebook' });
    expect((await get('/api/v1/account', bearer(auth.jwt))).statusCode).toBe(200);

    // A Facebook profile without an e-mail cannot sign in.
    facebook.setNextPerson({ id: '100200301', name: 'No Mail' });
    expect((await signIn('facebook')).location).toBe('/login?social_error=SOCIAL_EMAIL_MISSING');
  });

  it('POST /auth/social checks a Google ID token itself and ignores the e-mail fields of the body', async () => {
    const idToken = (claims: Record<string, unknown>) =>
      google.issuer.buildToken({
        scopesOrTransform: (_header, payload) =>
          Object.assign(payload, { aud: GOOGLE.clientId, email_verified: true, ...claims }),
      });
    const ok = await post(
      '/auth/social',
      {
        provider: 'google',
        idToken: await idToken({ sub: 'google-direct', email: 'direct@example.com', name: 'Direct User' }),
        email: 'someone.else@example.com',
        emailVerified: true,
      },
      {},
      nextAddress(),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const auth = ok.json() as AuthResponse;
    expect(auth.user).toMatchObject({ email: 'direct@example.com', fullName: 'Direct User' });
    expect((await get('/api/v1/account', bearer(auth.jwt))).statusCode).toBe(200);

    const refused = async (body: object) => {
      const response = await post('/auth/social', { provider: 'google', ...body }, {}, nextAddress());
      return { status: response.statusCode, code: response.json().code };
    };
    const invalid = { status: 401, code: 'SOCIAL_TOKEN_INVALID' };
    expect(await refused({ idToken: await idToken({ sub: 'g-x', email: 'x@example.com', aud: 'another-client' }) })).toEqual(
      invalid,
    );
    expect(await refused({ idToken: await idToken({ sub: 'g-y', email: 'y@example.com', exp: 1_000_000 }) })).toEqual(invalid);
    const { privateKey } = await generateKeyPair('RS256');
    const [jwk] = google.issuer.keys.toJSON();
    const foreign = await new SignJWT({ sub: 'g-z', email: 'z@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: jwk!.kid })
      .setIssuer(google.issuer.url!)
      .setAudience(GOOGLE.clientId)
      .setIssuedAt()
      .setExpirationTime('5 minutes')
      .sign(privateKey);
    expect(await refused({ idToken: foreign })).toEqual(invalid);
    expect(await refused({ idToken: 'not-a-jwt' })).toEqual(invalid);
    expect(await refused({ email: 'direct@example.com', emailVerified: true })).toEqual(invalid);
    expect(await refused({ accessToken: 'ya29.some-access-token' })).toEqual(invalid);
    expect(await refused({ idToken: await idToken({ sub: 'g-u', email: 'u@example.com', email_verified: false }) })).toEqual({
      status: 403,
      code: 'SOCIAL_EMAIL_NOT_VERIFIED',
    });
  });

  it('POST /auth/social checks a Facebook token with debug_token: one issued to another app is refused', async () => {
    const token = facebook.issueToken({ id: '555000111', name: 'Hiba Facebook', email: 'hiba.fb@example.com' });
    const ok = await post(
      '/auth/social',
      { provider: 'facebook', firebaseAccessToken: token, email: 'victim@example.com', emailVerified: true },
      {},
      nextAddress(),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as AuthResponse).user).toMatchObject({ email: 'hiba.fb@example.com' });

    const otherApp = facebook.issueToken({ id: '555000222', email: 'amna.linked@example.com' }, '999999999');
    for (const accessToken of [otherApp, 'EAAmade-up', undefined]) {
      const refused = await post('/auth/social', { provider: 'facebook', accessToken }, {}, nextAddress());
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID' });
    }
    const noMail = facebook.issueToken({ id: '555000333', name: 'No Mail' });
    expect((await post('/auth/social', { provider: 'facebook', accessToken: noMail }, {}, nextAddress())).json()).toMatchObject({
      code: 'SOCIAL_EMAIL_MISSING',
    });
  });

  it('keeps returnTo on this site: other sites fall back to "/"', async () => {
    const returnToOf = async (value: string) => {
      const { cookie } = await start('google', value);
      return decodeJwt(cookie.split('=')[1]!).returnTo;
    };
    for (const attempt of ['//evil.com', 'https://evil.com', '/\\evil.com', '/\t/evil.com', 'evil.com', '/%0A/x y', ''])
      expect(await returnToOf(attempt), attempt).toBe('/');
    expect(await returnToOf('/offers?from=PZU&to=CAI')).toBe('/offers?from=PZU&to=CAI');
    const twice = await get('/api/v1/auth/social/google/start?returnTo=/a&returnTo=//evil.com', {}, nextAddress());
    expect(twice.statusCode).toBe(302);
    expect(decodeJwt(cookieOf(twice.headers['set-cookie']).split('=')[1]!).returnTo).toBe('/');
    const { location } = await signIn('google', '//evil.com');
    expect(query(location).get('return_to')).toBe('/');
  });

  it('answers 404 SOCIAL_PROVIDER_NOT_CONFIGURED for an unknown provider', async () => {
    const started = await get('/api/v1/auth/social/twitter/start', {}, nextAddress());
    expect(started.statusCode).toBe(404);
    expect(started.json()).toMatchObject({ code: 'SOCIAL_PROVIDER_NOT_CONFIGURED' });
    const callback = await get('/api/v1/auth/social/twitter/callback?code=x&state=y', {}, nextAddress());
    expect(callback.headers.location).toBe('/login?social_error=SOCIAL_PROVIDER_NOT_CONFIGURED');
  });

  it('rate-limits starting sign-ins from one address', async () => {
    const address = '10.99.99.99';
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await get('/api/v1/auth/social/google/start', {}, address)).statusCode);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(302));
    expect(answers[30]).toBe(429);
  });
});

describe.each(backends)('social sign-in not configured on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  it('offers no provider and answers 404 for each', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json().socialProviders).toEqual([]);
    for (const provider of ['google', 'facebook']) {
      const started = await ctx.app.inject({ method: 'GET', url: `/api/v1/auth/social/${provider}/start` });
      expect(started.statusCode).toBe(404);
      expect(started.json()).toMatchObject({ code: 'SOCIAL_PROVIDER_NOT_CONFIGURED' });
      const direct = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/social',
        payload: { provider, idToken: 'x', accessToken: 'y' },
      });
      expect(direct.statusCode).toBe(404);
      expect(direct.json()).toMatchObject({ code: 'SOCIAL_PROVIDER_NOT_CONFIGURED' });
    }
  });
});
