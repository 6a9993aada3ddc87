// The agency's staff from the command line (the first owner, and a way back in):
//   npm run staff -- create owner@agency.sd --role owner [--language ar|en]
//   npm run staff -- list
//   npm run staff -- disable someone@agency.sd
// `create` makes the account (or promotes an existing one) a staff member and prints a one-time
// set-up link, valid 24 hours: name, password, then the authenticator app. Run again for a person who
// has not used their link yet, it prints a new link (the old one stops working).
// It reads the same settings as the server (the environment over .env, or ENV_FILE) and the same
// database: DATABASE_URL (safe beside a running server), else the embedded one under DATA_DIR. The
// embedded one opens in one process only: while the server has it open, this asks the server (on
// HOST:PORT) to do it, with a token signed by the server's secret from the same DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import {
  STAFF_ROLES,
  staffCliCreateResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  type StaffMember,
  type StaffRole,
} from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { AppError } from '../src/errors.js';
import { jwtSecret } from '../src/plugins/auth-tokens.js';
import { mailContextOf } from '../src/modules/mail/mail-context.js';
import { createMailService } from '../src/modules/mail/mail-service.js';
import { publicOriginOf } from '../src/modules/mail/public-links.js';
import { composeStaffInvitation } from '../src/modules/staff/staff-invitation-email.js';
import { signStaffCliToken } from '../src/modules/staff/staff-cli-token.js';
import { createStaffService } from '../src/modules/staff/staff-service.js';
import { commandSettings } from './command-settings.js';

const usage = `Usage: npm run staff -- <command>   (or: npx tsx apps/api/scripts/staff.ts <command>)
  create <e-mail> --role <${STAFF_ROLES.join('|')}> [--language ar|en]
                      a staff member (an existing account is promoted) and a one-time set-up link, valid 24 hours
  list                every staff member: e-mail, name, role, status, last sign-in
  disable <e-mail>    signed out at once and cannot sign in (the last active owner cannot be disabled)
Settings: the server's own, from the environment over .env (or the file ENV_FILE names). The link is
built from PUBLIC_URL, the address staff reach the site at.
Database: the server's own. With DATABASE_URL this runs beside the server. The embedded database
(PGlite, under DATA_DIR) opens in one process only: while the server runs, this asks the server at
HOST:PORT to do it (same DATA_DIR or JWT_SECRET as the server).`;

const [command, subject, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const index = rest.indexOf(`--${name}`);
  return index >= 0 ? rest[index + 1] : undefined;
};
const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};

if (!command || !['create', 'list', 'disable'].includes(command) || (command !== 'list' && !subject)) fail(usage);
const role = (option('role') ?? '') as StaffRole;
if (command === 'create' && !STAFF_ROLES.includes(role)) fail(`--role must be one of ${STAFF_ROLES.join(', ')}\n\n${usage}`);
const language = (option('language') ?? 'ar') as 'ar' | 'en';
if (language !== 'ar' && language !== 'en') fail('--language must be ar or en');

const env = commandSettings((message) => fail(message));
const when = (instant: Date | string | null) =>
  instant ? formatAgencyDateTime(new Date(instant), 'en', { weekday: 'short', month: 'short' }) : '-';

const asOutput = (member: StaffMember) =>
  [
    member.email.padEnd(32),
    member.fullName.padEnd(24),
    member.role.padEnd(10),
    member.status.padEnd(21),
    `last sign-in ${when(member.lastSignInAt)}`,
  ].join('  ');
const printCreated = (created: { email: string; link: string; expiresAt: Date | string; promoted: boolean }) => {
  console.log(
    `${created.email} is ${created.promoted ? 'now' : 'invited as'} ${role}${created.promoted ? ' (existing account)' : ''}.`,
  );
  console.log(`One-time set-up link, valid until ${when(created.expiresAt)}:`);
  console.log(`  ${created.link}`);
  console.log('Open it to choose a name and password, then turn on an authenticator app (required).');
  if (!env.PUBLIC_URL)
    console.log(
      `(PUBLIC_URL is not set: the link uses this machine's address ${publicOriginOf(env)}; set PUBLIC_URL for the real site.)`,
    );
};

// PGlite writes postmaster.pid in its directory while a process has it open, and removes it on close.
const pidFile = path.resolve(env.DATA_DIR, 'pglite', 'postmaster.pid');
if (!env.DATABASE_URL && fs.existsSync(pidFile)) await throughServer();
else await direct();

/**
 * The embedded database is open in the server's process: the server does it, asked over HTTP on its
 * own address with a token signed by its secret (which this process reads from the same DATA_DIR).
 */
async function throughServer() {
  const origin = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  const token = await signStaffCliToken(jwtSecret(env));
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
    let response: Response;
    try {
      response = await fetch(`${origin}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      return fail(
        `The embedded database (${path.dirname(pidFile)}) is open in another process, but no server answers at ${origin}.\n` +
          'It opens in one process only: stop that process (or start the server on this HOST and PORT) and try again;\n' +
          'or run the server and this command with DATABASE_URL (PostgreSQL), which works side by side.\n' +
          `If nothing is running, the file ${pidFile} was left by a crash: remove it and try again.`,
        1,
      );
    }
    const json = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (!response.ok) return fail(`${json?.code ?? response.status}: ${json?.message ?? 'the server refused'}`, 1);
    return json;
  };
  console.log(`(The embedded database is open in the server: asking the server at ${origin}.)`);
  if (command === 'create')
    printCreated(staffCliCreateResponseSchema.parse(await call('POST', '/admin/cli/staff', { email: subject, role, language })));
  else if (command === 'list') printList(staffListResponseSchema.parse(await call('GET', '/admin/cli/staff')).staff);
  else {
    const { member } = staffMemberResponseSchema.parse(await call('POST', '/admin/cli/staff/disable', { email: subject }));
    console.log(`${member.email}: ${member.status}; every staff session ended.`);
  }
}

function printList(members: StaffMember[]) {
  if (!members.length) console.log('No staff yet. Create the first owner: npm run staff -- create owner@agency.sd --role owner');
  for (const member of members) console.log(asOutput(member));
}

/** PostgreSQL, or the embedded database when no process has it open: this process does it. */
async function direct() {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(database.sql);
    const publicUrl = publicOriginOf(env);
    const staff = createStaffService({
      database,
      mail: createMailService({ database, env }),
      secret: jwtSecret(env),
      publicUrl,
      invitationEmail: (input) => composeStaffInvitation(input, mailContextOf(env, publicUrl)),
    });
    if (command === 'create') printCreated(await staff.members.createWithSetupLink({ email: subject!, role, language }));
    else if (command === 'list') printList(await staff.members.list());
    else {
      const found = await staff.members.findByEmail(subject!);
      if (!found) fail(`${subject} is not a staff member.`, 1);
      const member = await staff.members.disable(null, found!.user.id);
      console.log(`${member.email}: ${member.status}; every staff session ended.`);
    }
  } catch (error) {
    console.error(error instanceof AppError ? `${error.code}: ${error.message}` : (error as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
