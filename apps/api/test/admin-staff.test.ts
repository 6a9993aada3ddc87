import type {
  StaffActionsResponse,
  StaffInvitationInfo,
  StaffListResponse,
  StaffLoginResponse,
  StaffSignedIn,
  TotpSetupResponse,
} from '@kwenda/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtSecret } from '../src/plugins/auth-tokens.js';
import { signStaffCliToken } from '../src/modules/staff/staff-cli-token.js';
import { totpCode } from '../src/modules/staff/totp.js';
import { insertBookingRow } from './payments/payments-fakes.js';
import { staffMember, STAFF_TEST_PASSWORD, travellerHeaders, type TestStaffMember } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

type Who = 'anonymous' | 'traveller' | 'viewer' | 'agent-desk' | 'owner';

describe.each(backends)('staff sign-in and the Staff screen on %s', (backend) => {
  let ctx: TestContext;
  let owner: TestStaffMember;
  let desk: TestStaffMember;
  let viewer: TestStaffMember;
  /** Whose sessions the role matrix revokes. */
  let target: TestStaffMember;
  let traveller: { authorization: string };
  let addresses = 0;
  /** Each sign-in test comes from an address of its own (sign-ins are throttled per address). */
  const nextAddress = () => `10.30.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  beforeAll(async () => {
    ctx = await createTestApp(backend);
    owner = await staffMember(ctx.app, 'owner', { fullName: 'Amna Owner' });
    desk = await staffMember(ctx.app, 'agent-desk');
    viewer = await staffMember(ctx.app, 'viewer');
    target = await staffMember(ctx.app, 'viewer', { secondFactor: false });
    traveller = await travellerHeaders(ctx);
  });
  afterAll(async () => ctx?.close());

  const inject = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
    remoteAddress?: string,
  ) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, payload, remoteAddress });
  const headersOf = (who: Who) =>
    ({ anonymous: {}, traveller, viewer: viewer.headers, 'agent-desk': desk.headers, owner: owner.headers })[who];
  const login = (payload: { email: string; password: string; code?: string }, remoteAddress = nextAddress()) =>
    inject('POST', '/admin/auth/login', {}, payload, remoteAddress);
  const newestMailTo = async (email: string) => {
    const [row] = await ctx.database.sql.query<{ text_body: string; subject: string }>(
      'SELECT text_body, subject FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    return row;
  };
  const linkTokenIn = (text: string) => /\/admin\/setup\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const setUp = (token: string, fullName = 'Hiba Desk') =>
    inject(
      'POST',
      `/admin/auth/invitations/${token}`,
      {},
      { fullName, password: STAFF_TEST_PASSWORD, passwordConfirmation: STAFF_TEST_PASSWORD },
    );

  describe('role matrix', () => {
    const expected = (ownerStatus: number) => ({
      anonymous: [401, 'UNAUTHORIZED'],
      traveller: [403, 'STAFF_SESSION_REQUIRED'],
      viewer: [403, 'FORBIDDEN'],
      'agent-desk': [403, 'FORBIDDEN'],
      owner: [ownerStatus, null],
    });
    const ownerRoutes: [string, 'GET' | 'POST' | 'PATCH', () => string, () => object | undefined, number][] = [
      ['list staff', 'GET', () => '/admin/staff', () => undefined, 200],
      [
        'invite',
        'POST',
        () => '/admin/staff/invitations',
        () => ({ email: `m-${++addresses}@agency.test`, role: 'viewer' }),
        201,
      ],
      ['change a role', 'PATCH', () => `/admin/staff/${viewer.userId}`, () => ({ role: 'viewer' }), 200],
      ['revoke sessions', 'POST', () => `/admin/staff/${target.userId}/revoke-sessions`, () => undefined, 200],
      ['recent actions', 'GET', () => `/admin/staff/${desk.userId}/actions`, () => undefined, 200],
    ];
    for (const [name, method, url, body, ok] of ownerRoutes)
      it.each(['anonymous', 'traveller', 'viewer', 'agent-desk', 'owner'] as Who[])(`${name}: %s`, async (who) => {
        const [status, code] = expected(ok)[who];
        const response = await inject(method, url(), headersOf(who), body());
        expect(response.statusCode, response.body).toBe(status);
        if (code) expect(response.json()).toMatchObject({ code });
      });

    it.each(['viewer', 'agent-desk', 'owner'] as Who[])('every staff role reads its own profile: %s', async (who) => {
      const response = await inject('GET', '/admin/auth/me', headersOf(who));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ role: who, secondFactorEnabled: true, recoveryCodesLeft: 10 });
    });
    it.each([
      ['anonymous', 401, 'UNAUTHORIZED'],
      ['traveller', 403, 'STAFF_SESSION_REQUIRED'],
    ] as const)('the profile refuses %s', async (who, status, code) => {
      const response = await inject('GET', '/admin/auth/me', headersOf(who));
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
    });
    it('a staff token is not a traveller session, and a forged token is 401', async () => {
      expect((await inject('GET', '/account', owner.headers)).statusCode).toBe(401);
      expect((await inject('GET', '/account', traveller)).statusCode).toBe(200);
      const forged = await inject('GET', '/admin/staff', { authorization: 'Bearer not.a.token' });
      expect(forged.statusCode).toBe(401);
      // Guest routes ignore a dead token they do not need.
      expect((await inject('GET', '/config', { authorization: 'Bearer not.a.token' })).statusCode).toBe(200);
    });
    it('bad input is a 4xx naming the problem', async () => {
      const bad = await inject('POST', '/admin/staff/invitations', owner.headers, { email: 'not-an-email', role: 'viewer' });
      expect(bad.statusCode).toBe(400);
      // The e-mail is named, so the desk says what is wrong under the field rather than "the request failed".
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'email' }] });
      const role = await inject('PATCH', `/admin/staff/${desk.userId}`, owner.headers, { role: 'emperor' });
      expect(role.statusCode).toBe(400);
      const unknown = await inject('POST', '/admin/staff/usr_nobody/disable', owner.headers);
      expect(unknown.statusCode).toBe(404);
      const link = await inject('GET', '/admin/auth/invitations/%00%00', {});
      expect(link.statusCode).toBe(400);
      expect((await inject('POST', '/admin/auth/login', {}, { email: 1 })).statusCode).toBe(400);
    });
  });

  describe('set-up, second factor and sign-in', () => {
    it('a new member cannot act before turning the second factor on, then can', async () => {
      const member = await staffMember(ctx.app, 'agent-desk', { secondFactor: false });
      expect((await inject('GET', '/admin/auth/me', member.headers)).json()).toMatchObject({ secondFactorEnabled: false });
      const blocked = await inject('GET', `/admin/staff/${member.userId}/actions`, member.headers);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });

      const setup = (await inject('POST', '/admin/auth/totp/setup', member.headers)).json() as TotpSetupResponse;
      expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
      expect(Buffer.from(setup.qrCode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toContain('<svg');
      // The secret is stored sealed, never in clear.
      const [stored] = await ctx.database.sql.query<{ totp_pending_secret: string }>(
        'SELECT totp_pending_secret FROM staff_members WHERE user_id = $1',
        [member.userId],
      );
      expect(stored!.totp_pending_secret).not.toContain(setup.secret);
      const wrong = await inject('POST', '/admin/auth/totp/confirm', member.headers, { code: '000000' });
      expect(wrong.json()).toMatchObject({ code: 'INVALID_SECOND_FACTOR' });
      const confirmed = await inject('POST', '/admin/auth/totp/confirm', member.headers, {
        code: totpCode(setup.secret, new Date()),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
      expect(new Set(recoveryCodes).size).toBe(10);
      // The same session now passed the second factor (the desk's own routes accept it); the owner's still refuse.
      const forbidden = await inject('GET', '/admin/staff', member.headers);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('signs in with the password then the authenticator code; a code is not accepted twice', async () => {
      const member = await staffMember(ctx.app, 'viewer');
      const address = nextAddress();
      const first = await login({ email: member.email.toUpperCase(), password: member.password }, address);
      expect(first.json()).toEqual({ status: 'code-required' });
      // The code the confirmation used is spent; the next step's code is the one to use (±1 step accepted).
      const code = totpCode(member.totpSecret, new Date(Date.now() + 30_000));
      const signedIn = await login({ email: member.email, password: member.password, code }, address);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const session = signedIn.json() as StaffSignedIn;
      expect(session.status).toBe('signed-in');
      const hours = (Date.parse(session.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(7.9);
      expect(hours).toBeLessThanOrEqual(8);
      expect((await inject('GET', '/admin/auth/me', { authorization: `Bearer ${session.jwt}` })).statusCode).toBe(200);
      const again = await login({ email: member.email, password: member.password, code }, address);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ code: 'INVALID_SECOND_FACTOR' });
      const wrongPassword = await login({ email: member.email, password: 'not-the-password-1', code }, address);
      expect(wrongPassword.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    });

    it('a recovery code signs in once', async () => {
      const member = await staffMember(ctx.app, 'viewer');
      const code = member.recoveryCodes[3]!;
      const first = await login({ email: member.email, password: member.password, code: ` ${code.toUpperCase()} ` });
      expect(first.statusCode, first.body).toBe(200);
      expect((first.json() as StaffSignedIn).staff.recoveryCodesLeft).toBe(9);
      const second = await login({ email: member.email, password: member.password, code });
      expect(second.json()).toMatchObject({ code: 'INVALID_SECOND_FACTOR' });
    });

    it('failed sign-ins are recorded against the staff member and throttled', async () => {
      const member = await staffMember(ctx.app, 'viewer');
      const address = nextAddress();
      const answers: number[] = [];
      for (let i = 0; i < 11; i++)
        answers.push((await login({ email: member.email, password: `wrong-password-${i}` }, address)).statusCode);
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(answers[10]).toBe(429);
      // Even the right password waits now, from that address; another address is not locked out.
      expect((await login({ email: member.email, password: member.password }, address)).statusCode).toBe(429);
      expect((await login({ email: member.email, password: member.password })).json()).toEqual({ status: 'code-required' });
      const [row] = await ctx.database.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM staff_actions WHERE staff_user_id = $1 AND action = 'sign-in-failed'",
        [member.userId],
      );
      expect(row!.n).toBe(10);
      // A traveller's password is no key to the workspace.
      const notStaff = await login({ email: 'nobody@example.com', password: 'whatever-password' });
      expect(notStaff.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    });
  });

  describe('invitations', () => {
    it('the owner invites; the e-mailed link works once, within 24 hours', async () => {
      const email = 'hiba.desk@agency.test';
      const invited = await inject('POST', '/admin/staff/invitations', owner.headers, {
        email: ' Hiba.Desk@Agency.test ',
        role: 'agent-desk',
        language: 'en',
      });
      expect(invited.statusCode, invited.body).toBe(201);
      expect(invited.json()).toMatchObject({ member: { email, role: 'agent-desk', status: 'invited' } });
      const mail = await newestMailTo(email);
      expect(mail!.subject).toContain('Kwenda');
      expect(mail!.text_body).toContain('Amna Owner');
      const token = linkTokenIn(mail!.text_body);
      const info = (await inject('GET', `/admin/auth/invitations/${token}`)).json() as StaffInvitationInfo;
      expect(info).toMatchObject({ email, role: 'agent-desk', language: 'en', fullName: null });

      const weak = await inject(
        'POST',
        `/admin/auth/invitations/${token}`,
        {},
        { fullName: 'Hiba', password: 'short', passwordConfirmation: 'short' },
      );
      expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
      const accepted = await setUp(token);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((accepted.json() as StaffSignedIn).staff).toMatchObject({
        fullName: 'Hiba Desk',
        role: 'agent-desk',
        secondFactorEnabled: false,
      });
      const twice = await setUp(token);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ code: 'INVITATION_INVALID' });
      const again = await inject('POST', '/admin/staff/invitations', owner.headers, { email, role: 'viewer' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'STAFF_ALREADY_EXISTS' });
    });

    it('an expired link and a replaced link are refused', async () => {
      const email = 'late@agency.test';
      const invited = await inject('POST', '/admin/staff/invitations', owner.headers, { email, role: 'viewer' });
      expect(invited.json()).toMatchObject({ earlierInvitationVoided: false });
      const first = linkTokenIn((await newestMailTo(email))!.text_body);
      // Inviting again voids the link sent before, and the answer says so for the owner to tell them.
      const again = await inject('POST', '/admin/staff/invitations', owner.headers, { email, role: 'viewer' });
      expect(again.json()).toMatchObject({ member: { email, status: 'invited' }, earlierInvitationVoided: true });
      const second = linkTokenIn((await newestMailTo(email))!.text_body);
      expect(second).not.toBe(first);
      expect((await setUp(first)).json()).toMatchObject({ code: 'INVITATION_INVALID' });
      await ctx.database.sql.query(
        "UPDATE staff_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1 AND used_at IS NULL",
        [email],
      );
      expect((await inject('GET', `/admin/auth/invitations/${second}`)).json()).toMatchObject({ code: 'INVITATION_INVALID' });
      expect((await setUp(second)).json()).toMatchObject({ code: 'INVITATION_INVALID' });
      const [row] = await ctx.database.sql.query<{ created_at: Date; expires_at: Date }>(
        'SELECT created_at, expires_at FROM staff_invitations WHERE email = $1 ORDER BY created_at LIMIT 1',
        [email],
      );
      expect(row).toBeDefined();
    });

    it('links are valid for 24 hours', async () => {
      const { expiresAt } = await ctx.app.kwenda.staff.members.createWithSetupLink({ email: 'day@agency.test', role: 'viewer' });
      const hours = (expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    });
  });

  describe("the owner's controls", () => {
    it('revoking sessions signs a member out at once', async () => {
      const member = await staffMember(ctx.app, 'agent-desk');
      const before = (await inject('GET', '/admin/staff', owner.headers)).json() as StaffListResponse;
      expect(before.staff.find((m) => m.userId === member.userId)).toMatchObject({ status: 'active', activeSessions: 1 });
      const revoked = await inject('POST', `/admin/staff/${member.userId}/revoke-sessions`, owner.headers);
      expect(revoked.json()).toMatchObject({ member: { activeSessions: 0 } });
      const after = await inject('GET', '/admin/auth/me', member.headers);
      expect(after.statusCode).toBe(401);
    });

    it('disabling signs out and refuses sign-in; changing a role takes effect at once', async () => {
      const member = await staffMember(ctx.app, 'viewer');
      expect((await inject('GET', '/admin/staff', member.headers)).statusCode).toBe(403);
      const promoted = await inject('PATCH', `/admin/staff/${member.userId}`, owner.headers, { role: 'owner' });
      expect(promoted.json()).toMatchObject({ member: { role: 'owner' } });
      expect((await inject('GET', '/admin/staff', member.headers)).statusCode).toBe(200);
      await inject('PATCH', `/admin/staff/${member.userId}`, owner.headers, { role: 'viewer' });

      const disabled = await inject('POST', `/admin/staff/${member.userId}/disable`, owner.headers);
      expect(disabled.json()).toMatchObject({ member: { status: 'disabled' } });
      expect((await inject('GET', '/admin/auth/me', member.headers)).statusCode).toBe(401);
      const signIn = await login({ email: member.email, password: member.password });
      expect(signIn.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

      const actions = (await inject('GET', `/admin/staff/${owner.userId}/actions`, owner.headers)).json() as StaffActionsResponse;
      expect(actions.actions.map((a) => a.action)).toEqual(expect.arrayContaining(['staff-disabled', 'staff-role-changed']));
      expect(actions.actions.find((a) => a.action === 'staff-disabled')).toMatchObject({ targetId: member.userId });
    });

    it('the last active owner cannot be demoted or disabled', async () => {
      const list = (await inject('GET', '/admin/staff', owner.headers)).json() as StaffListResponse;
      const otherOwners = list.staff.filter(
        (m) => m.role === 'owner' && m.status !== 'disabled' && m.status !== 'invited' && m.userId !== owner.userId,
      );
      for (const other of otherOwners) await inject('POST', `/admin/staff/${other.userId}/disable`, owner.headers);
      const demote = await inject('PATCH', `/admin/staff/${owner.userId}`, owner.headers, { role: 'agent-desk' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toMatchObject({ code: 'LAST_OWNER' });
      const disable = await inject('POST', `/admin/staff/${owner.userId}/disable`, owner.headers);
      expect(disable.json()).toMatchObject({ code: 'LAST_OWNER' });

      // With a second owner, the first may step down.
      const second = await staffMember(ctx.app, 'owner');
      const stepDown = await inject('PATCH', `/admin/staff/${second.userId}`, owner.headers, { role: 'viewer' });
      expect(stepDown.json()).toMatchObject({ member: { role: 'viewer' } });
      await inject('PATCH', `/admin/staff/${second.userId}`, owner.headers, { role: 'owner' });
      const firstStepsDown = await inject('PATCH', `/admin/staff/${owner.userId}`, second.headers, { role: 'agent-desk' });
      expect(firstStepsDown.statusCode).toBe(200);
      await inject('PATCH', `/admin/staff/${owner.userId}`, second.headers, { role: 'owner' });
    });

    it("a member's recent actions include the booking transitions they made", async () => {
      const booking = await insertBookingRow(ctx.database, { paymentMethod: 'bank-transfer' });
      await ctx.database.sql.query(
        `INSERT INTO booking_events (booking_id, from_status, to_status, status_trigger, actor, details)
         VALUES ($1, 'pending-payment', 'paid', 'receipt-confirmed', $2, '{"receiptId":"rc_1"}')`,
        [booking.id, desk.actor],
      );
      const response = await inject('GET', `/admin/staff/${desk.userId}/actions`, owner.headers);
      const { actions } = response.json() as StaffActionsResponse;
      expect(actions[0]).toMatchObject({
        source: 'booking',
        action: 'receipt-confirmed',
        bookingReference: booking.bookingReference,
        fromStatus: 'pending-payment',
        toStatus: 'paid',
      });
      const list = (await inject('GET', '/admin/staff', owner.headers)).json() as StaffListResponse;
      expect(list.staff.find((m) => m.userId === desk.userId)!.lastAction).toMatchObject({ action: 'receipt-confirmed' });
    });

    it("the command line's routes take only a token signed with the server's secret", async () => {
      const cli = { authorization: `Bearer ${await signStaffCliToken(jwtSecret(ctx.env))}` };
      for (const headers of [
        {},
        traveller,
        owner.headers,
        { authorization: `Bearer ${await signStaffCliToken(new TextEncoder().encode('x'.repeat(40)))}` },
      ])
        expect((await inject('GET', '/admin/cli/staff', headers)).statusCode).toBe(401);
      const created = await inject('POST', '/admin/cli/staff', cli, { email: 'cli.owner@agency.test', role: 'owner' });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({
        email: 'cli.owner@agency.test',
        promoted: false,
        link: expect.stringMatching(/\/admin\/setup\/[\w-]{43}$/),
      });
      const list = (await inject('GET', '/admin/cli/staff', cli)).json() as StaffListResponse;
      expect(list.staff.find((m) => m.email === 'cli.owner@agency.test')).toMatchObject({ status: 'invited', role: 'owner' });
      // The CLI token is no session: staff routes refuse it.
      expect((await inject('GET', '/admin/auth/me', cli)).statusCode).toBe(401);
      const disabled = await inject('POST', '/admin/cli/staff/disable', cli, { email: 'cli.owner@agency.test' });
      expect(disabled.json()).toMatchObject({ member: { status: 'disabled' } });
      expect((await inject('POST', '/admin/cli/staff/disable', cli, { email: 'nobody@agency.test' })).statusCode).toBe(404);
    });

    it('logout ends the session', async () => {
      const member = await staffMember(ctx.app, 'viewer');
      expect((await inject('POST', '/admin/auth/logout', member.headers)).statusCode).toBe(200);
      expect((await inject('GET', '/admin/auth/me', member.headers)).statusCode).toBe(401);
      const answer = (await login({ email: member.email, password: member.password })).json() as StaffLoginResponse;
      expect(answer.status).toBe('code-required');
    });
  });
});
