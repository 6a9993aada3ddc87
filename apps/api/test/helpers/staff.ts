import { randomBytes } from 'node:crypto';
import type { StaffRole, StaffSignedIn, TotpConfirmResponse, TotpSetupResponse } from '@kwenda/contracts/admin';
import type { App } from '../../src/app.js';
import { totpCode } from '../../src/modules/staff/totp.js';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app.js';
import type { Backend } from './test-database.js';

export const STAFF_TEST_PASSWORD = 'desk-of-the-nile-2026';

export interface TestStaffMember {
  /** The bearer token of a staff session that gave the second factor: every staff route accepts it (by role). */
  token: string;
  userId: string;
  email: string;
  fullName: string;
  role: StaffRole;
  password: string;
  /** The authenticator's base32 secret: `totpCode(totpSecret, new Date())` is the code an app would show. */
  totpSecret: string;
  recoveryCodes: string[];
  /** What booking_events.actor and audit rows record for this member. */
  actor: `staff:${string}`;
  /** { authorization: 'Bearer ...' } for app.inject. */
  headers: { authorization: string };
}

const expectOk = (response: { statusCode: number; body: string }, what: string) => {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
};

/**
 * A signed-in staff member of `role` with the second factor on, made through the real routes: the
 * set-up link (as `npm run staff -- create` prints it), name and password, the authenticator's set-up
 * confirmed with a code computed from its secret. Each call makes a new member.
 */
export async function staffMember(
  app: App,
  role: StaffRole,
  options: { email?: string; fullName?: string; secondFactor?: boolean } = {},
): Promise<TestStaffMember> {
  const email = options.email ?? `${role}-${randomBytes(4).toString('hex')}@agency.test`;
  const fullName = options.fullName ?? `Test ${role}`;
  const { link, userId } = await app.kwenda.staff.members.createWithSetupLink({ email, role });
  const token = link.split('/').pop()!;
  const setup = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/auth/invitations/${token}`,
    payload: { fullName, password: STAFF_TEST_PASSWORD, passwordConfirmation: STAFF_TEST_PASSWORD },
  });
  expectOk(setup, 'staff set-up');
  const session = setup.json() as StaffSignedIn;
  const headers = { authorization: `Bearer ${session.jwt}` };
  const member = {
    token: session.jwt,
    userId,
    email,
    fullName,
    role,
    password: STAFF_TEST_PASSWORD,
    totpSecret: '',
    recoveryCodes: [] as string[],
    actor: `staff:${userId}` as const,
    headers,
  };
  if (options.secondFactor === false) return member;
  const started = await app.inject({ method: 'POST', url: '/api/v1/admin/auth/totp/setup', headers });
  expectOk(started, 'authenticator set-up');
  const { secret } = started.json() as TotpSetupResponse;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/totp/confirm',
    headers,
    payload: { code: totpCode(secret, new Date()) },
  });
  expectOk(confirmed, 'authenticator confirmation');
  return { ...member, totpSecret: secret, recoveryCodes: (confirmed.json() as TotpConfirmResponse).recoveryCodes };
}

/** The bearer token of a new signed-in staff member of `role` with the second factor on. */
export async function staffToken(app: App, role: StaffRole): Promise<string> {
  return (await staffMember(app, role)).token;
}

/** { authorization } headers of a new signed-in staff member of `role`, for app.inject. */
export async function staffHeaders(app: App, role: StaffRole): Promise<{ authorization: string }> {
  return (await staffMember(app, role)).headers;
}

let travellers = 0;
/**
 * The { authorization } headers of a new traveller (signed up with the e-mailed code): for role
 * matrices, where a traveller's token must get 403 STAFF_SESSION_REQUIRED from every staff route.
 */
export async function travellerHeaders(ctx: {
  app: App;
  database: { sql: { query<T>(sql: string, params?: unknown[]): Promise<T[]> } };
}): Promise<{ authorization: string }> {
  const email = `traveller-${randomBytes(4).toString('hex')}@example.com`;
  const remoteAddress = `10.77.${Math.floor(++travellers / 250)}.${travellers % 250}`;
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    remoteAddress,
    payload: {
      payload: { fullName: 'Test Traveller', email, password: STAFF_TEST_PASSWORD, passwordConfirmation: STAFF_TEST_PASSWORD },
    },
  });
  expectOk(registered, 'traveller sign-up');
  const [mail] = await ctx.database.sql.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
    [email],
  );
  const otp = /(\d{6})/.exec(mail!.text_body)![1]!;
  const verified = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/otp', remoteAddress, payload: { email, otp } });
  expectOk(verified, 'traveller code');
  return { authorization: `Bearer ${(verified.json() as { jwt: string }).jwt}` };
}

/**
 * For a describe's tests: a test app with a desk agent (agent-desk) and a viewer, made before its
 * tests and closed after them. Read them from the answer inside the tests (`the.ctx`, `the.desk`).
 */
export function appWithDeskAndViewer(backend: Backend) {
  const the = {} as { ctx: TestContext; desk: TestStaffMember; viewer: TestStaffMember };
  beforeAll(async () => {
    the.ctx = await createTestApp(backend);
    the.desk = await staffMember(the.ctx.app, 'agent-desk');
    the.viewer = await staffMember(the.ctx.app, 'viewer');
  });
  afterAll(async () => the.ctx?.close());
  return the;
}
