import { execFileSync } from 'node:child_process';
import type { StaffRole, StaffSignedIn, TotpConfirmResponse, TotpSetupResponse } from '@kwenda/contracts/admin';
import { expect, type Browser, type Page } from '@playwright/test';
import { totpCode, totpStep } from '../../apps/api/src/modules/staff/totp';
import { tr } from '../i18n';

/** Which e2e server: the main one unless a journey runs against another (its port and data folder). */
export interface E2eServer {
  port: number;
  dataDir: string;
}
const mainServer = (): E2eServer => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it for the workers)');
  return { port: Number(process.env.E2E_PORT ?? 3210), dataDir };
};
const originOf = (server: E2eServer) => `http://127.0.0.1:${server.port}`;
export const STAFF_E2E_PASSWORD = 'desk-of-the-nile-2026';

/**
 * `npm run staff -- create <email> --role <role>` against the e2e server, as the agency runs it: with
 * DATABASE_URL it writes to PostgreSQL beside the server; on the embedded database the server holds it,
 * so the command asks the server (same DATA_DIR, whose secret it signs with). Answers the printed link.
 */
export function createStaffWithCommand(
  email: string,
  role: StaffRole,
  language: 'ar' | 'en' = 'ar',
  server: E2eServer = mainServer(),
): string {
  const printed = execFileSync(
    'npx',
    ['tsx', 'apps/api/scripts/staff.ts', 'create', email, '--role', role, '--language', language],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        ENV_FILE: '/dev/null',
        DATA_DIR: server.dataDir,
        // The other servers keep their data in PGlite only (the main one may be on DATABASE_URL).
        ...(server.dataDir === process.env.E2E_DATA_DIR ? {} : { DATABASE_URL: '' }),
        HOST: '127.0.0.1',
        PORT: String(server.port),
        PUBLIC_URL: originOf(server),
        LOG_LEVEL: 'warn',
      },
    },
  );
  const link = /(http\S+\/admin\/setup\/[A-Za-z0-9_-]+)/.exec(printed)?.[1];
  if (!link) throw new Error(`No set-up link in:\n${printed}`);
  return link;
}

async function post<T>(server: E2eServer, path: string, body?: unknown, jwt?: string): Promise<T> {
  const response = await fetch(`${originOf(server)}/api/v1${path}`, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type RealStaffMember = Awaited<ReturnType<typeof realStaffMember>>;

/**
 * A real staff member of `role`, set up through the API (the printed link, name and password, the
 * authenticator confirmed with a code from its secret): `session` is what the desk keeps in
 * localStorage 'kwenda.staffSession' (page.addInitScript), so a spec opens the desk signed in.
 * `lastStep` is the authenticator step last accepted: the server never takes a code twice.
 */
export async function realStaffMember(role: StaffRole, options: { email?: string; fullName?: string; server?: E2eServer } = {}) {
  const server = options.server ?? mainServer();
  const email = options.email ?? `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@agency.test`;
  const token = createStaffWithCommand(email, role, 'ar', server).split('/').pop()!;
  const fullName = options.fullName ?? 'Amna Osman';
  const signedIn = await post<StaffSignedIn>(server, `/admin/auth/invitations/${token}`, {
    fullName,
    password: STAFF_E2E_PASSWORD,
    passwordConfirmation: STAFF_E2E_PASSWORD,
  });
  const { secret } = await post<TotpSetupResponse>(server, '/admin/auth/totp/setup', undefined, signedIn.jwt);
  const now = new Date();
  const confirmed = await post<TotpConfirmResponse>(
    server,
    '/admin/auth/totp/confirm',
    { code: totpCode(secret, now) },
    signedIn.jwt,
  );
  return {
    email,
    fullName,
    role,
    password: STAFF_E2E_PASSWORD,
    totpSecret: secret,
    lastStep: totpStep(now),
    recoveryCodes: confirmed.recoveryCodes,
    jwt: signedIn.jwt,
    session: {
      jwt: signedIn.jwt,
      expiresAt: signedIn.expiresAt,
      staff: { id: signedIn.staff.userId, fullName, email, role, secondFactor: true },
    },
  };
}

const shared = new Map<string, Promise<RealStaffMember>>();

/**
 * One real staff member per role (and name) for this worker's journeys: each made through the
 * command line costs seconds, and a journey only reads and acts with it (its own bookings, rates of
 * its own currency), so journeys stay independent. A journey about staff themselves makes its own.
 */
export function sharedStaffMember(role: StaffRole, fullName?: string): Promise<RealStaffMember> {
  const key = `${role}:${fullName ?? ''}`;
  let member = shared.get(key);
  if (!member) {
    member = realStaffMember(role, fullName ? { fullName } : {});
    // A failed set-up is not kept: the next journey tries again.
    member.catch(() => shared.delete(key));
    shared.set(key, member);
  }
  return member;
}

/** The code an authenticator shows for a step the server has not accepted yet (waiting for one if need be). */
export async function nextTotpCode(member: RealStaffMember): Promise<string> {
  for (;;) {
    const now = totpStep(new Date());
    // A code of the next step is still accepted (a phone's clock a little ahead).
    const step = Math.max(now, member.lastStep + 1);
    if (step <= now + 1) {
      member.lastStep = step;
      return totpCode(member.totpSecret, new Date(step * 30_000));
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 50));
  }
}

/** Signs in on the desk's own page (/admin/login), as staff do: e-mail and password, then the authenticator's code. */
export async function signInOnDesk(page: Page, member: RealStaffMember, language: string) {
  const t = (key: string) => tr(language, `admin-staff:${key}`);
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { level: 1, name: t('login.title') })).toBeVisible();
  await page.getByLabel(t('login.email')).fill(member.email);
  await page.getByRole('textbox', { name: t('login.password'), exact: true }).fill(member.password);
  await page.getByRole('button', { name: t('login.submit') }).click();
  const code = page.getByLabel(t('login.code'));
  await expect(code).toBeVisible();
  await code.fill(await nextTotpCode(member));
  await page.getByRole('button', { name: t('login.verify') }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}

/**
 * The desk in a browser of its own (a staff member beside the traveller's page), sized as the project's
 * screen, signed in at `path` by `member`. `baseURL` names another e2e server than the project's.
 */
export async function openDeskAs(
  browser: Browser,
  member: RealStaffMember,
  { language, project, path, baseURL }: { language: string; project: string; path: string; baseURL?: string },
): Promise<Page> {
  const viewport = project.endsWith('phone') ? { width: 390, height: 844 } : { width: 1280, height: 900 };
  const context = await browser.newContext({ viewport, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto(`${path}?lang=${language}`);
  await signInOnDesk(page, member, language);
  return page;
}
