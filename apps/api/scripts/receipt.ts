// The agency's bank transfers from the command line: the same decisions as the workspace's
// "Transfers to verify" screen (/admin/transfers), through the same desk service.
//   npm run receipt -- list
//   npm run receipt -- approve <receipt rc_... | booking reference> --as amna@agency.sd
//   npm run receipt -- reject <receipt rc_... | booking reference> --as amna@agency.sd --reason not-received [--note "..."]
// Each decision is recorded under the staff member given with --as (an active staff member, desk
// agent or owner, second factor on), exactly as if they had pressed Approve or Reject.
//
// Where it runs: it reads the server's settings (the environment over .env, or ENV_FILE) and opens
// the server's database. With DATABASE_URL (PostgreSQL) that works beside the running server. The
// embedded database (PGlite, under DATA_DIR) opens in one process only: when the server holds it,
// the command asks the running server instead (its admin API, the workspace's own routes), signing
// in as the --as staff member with their password and authenticator code (or a recovery code).
// --server <url> always goes through the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  RECEIPT_REJECTION_REASONS,
  rejectTransferRequestSchema,
  staffRoleAtLeast,
  type DeskBookingSummary,
  type RejectTransferRequest,
  type StaffLoginResponse,
  type TransferItem,
} from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { DatabaseInUseError } from '../src/db/pglite-lock.js';
import { environment } from '../src/env-file.js';
import { EnvError, loadEnv, type Env } from '../src/env.js';
import { AppError } from '../src/errors.js';
import { staffActorOf, type StaffActor } from '../src/modules/bookings/use-cases/staff-deps.js';
import { detectReceiptType } from '../src/modules/receipts/receipt-storage.js';
import { MissingPublicUrlError, publicOriginOf, requirePublicUrl } from '../src/modules/mail/public-links.js';
import { findUserAndStaffByEmail } from '../src/modules/staff/staff-accounts-repository.js';
import { statusOf } from '../src/modules/staff/staff-members-service.js';

const usage = `Usage: npm run receipt -- <command>   (or: npx tsx apps/api/scripts/receipt.ts <command>)
  list                          transfers waiting for a decision, oldest first: booking, amount expected,
                                hold deadline, receipt id, a copy of its file (in a new folder only
                                you can read), traveller
  approve <receipt | booking>   the money is in the account: the booking is paid and ticketed, the
                                traveller gets the e-ticket (final)
  reject <receipt | booking> --reason <reason> [--note <text>]
                                no matching transfer: the traveller is told why, in their language, and
                                may send another receipt (final). Reasons: ${RECEIPT_REJECTION_REASONS.join(', ')}
                                ("other" needs a --note)
  <receipt | booking>: a receipt id rc_... from "list", or a booking reference (its latest receipt waiting)
Options:
  --as <e-mail>     the staff member deciding (desk agent or owner), recorded in the booking's timeline
  --server <url>    ask this running server (sign in as --as: password, then authenticator or recovery
                    code; the password may come from KWENDA_STAFF_PASSWORD, the code from --code)
Settings: the server's own, from the environment over .env (or the file ENV_FILE names). Approving or
rejecting e-mails the traveller and needs PUBLIC_URL, the address travellers reach the site at.
Database: the server's own. With DATABASE_URL this runs beside the server. The embedded database
(PGlite, under DATA_DIR) opens in one process only: while the server runs, this command asks the
server at http://HOST:PORT (or --server) instead. The workspace does the same at /admin/transfers.`;

const args = process.argv.slice(2);
const command = args[0];
const subject = args[1]?.startsWith('--') ? undefined : args[1];
const option = (name: string) => {
  const index = args.indexOf(`--${name}`, 1);
  return index >= 0 ? args[index + 1] : undefined;
};
function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** A refusal to print as it is: bad input, a staff member who may not act, the server's answer. */
class Refused extends Error {}

const decision = command === 'confirm' ? 'approve' : command;
if (!decision || !['list', 'approve', 'reject'].includes(decision) || (decision !== 'list' && !subject)) fail(usage);
const staffEmail = option('as')?.trim().toLowerCase();
if (decision !== 'list' && !staffEmail) fail(`Say who decides: --as <staff e-mail>\n\n${usage}`);
let rejection: RejectTransferRequest | undefined;
if (decision === 'reject') {
  const parsed = rejectTransferRequestSchema.safeParse({ reason: option('reason'), note: option('note') });
  if (!parsed.success)
    fail(
      `--reason must be one of ${RECEIPT_REJECTION_REASONS.join(', ')}; "other" needs --note <text> (3 characters or more)\n\n${usage}`,
    );
  rejection = parsed.data;
}

let env: Env;
try {
  const settings = environment();
  env = loadEnv({ ...settings, RUN_JOBS: 'false', LOG_LEVEL: settings.LOG_LEVEL ?? 'warn' });
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  fail(error.message);
}

/** What the command does, whether through the database or through the running server. */
interface Desk {
  list(): Promise<TransferItem[]>;
  approve(receiptId: string): Promise<DeskBookingSummary>;
  reject(receiptId: string, input: RejectTransferRequest): Promise<DeskBookingSummary>;
  /** Where a person at this machine can open the receipt's file. */
  fileOf(item: TransferItem): Promise<string>;
  close(): Promise<void>;
}

let copies: string | undefined;
/**
 * Receipts are kept in the database: "list" writes a copy of each into a new folder of its own that
 * only this user can read, and names the file, for the person at this machine to open.
 */
function saveCopy(receiptId: string, bytes: Buffer): string {
  copies ??= fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-receipts-'));
  const file = path.join(copies, `${receiptId}.${detectReceiptType(bytes)?.extension ?? 'bin'}`);
  fs.writeFileSync(file, bytes, { mode: 0o600 });
  return file;
}

/** The desk service on the server's database, acting as the --as staff member. */
async function databaseDesk(): Promise<Desk> {
  // The e-mails' links: this command serves nothing at HOST:PORT, so only PUBLIC_URL can say where the site is.
  if (decision !== 'list') requirePublicUrl(env, 'the e-mail to the traveller');
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(database.sql);
  // The services only: this command serves no pages, so the web build is not read (seconds saved), and
  // its jobs stay off (the server runs them).
  const app = await buildApp({ env: { ...env, WEB_DIST: path.join(env.DATA_DIR, 'no-web-build'), RUN_JOBS: false }, database });
  const { desk } = app.kwenda;
  let staff: StaffActor | undefined;
  const deciding = async (): Promise<StaffActor> => {
    if (staff) return staff;
    const found = await findUserAndStaffByEmail(database.db, staffEmail!);
    if (!found?.staff) throw new Refused(`${staffEmail} is not a staff member`);
    const status = statusOf(found.staff);
    if (status !== 'active' || !found.user.active)
      throw new Refused(`${staffEmail} cannot act (${status}): set-up and authenticator come first`);
    if (!staffRoleAtLeast(found.staff.role, 'agent-desk'))
      throw new Refused(`${staffEmail} is a ${found.staff.role}: deciding a transfer needs agent-desk or owner`);
    staff = staffActorOf(found.user.id);
    return staff;
  };
  return {
    list: () => desk.listTransfers(),
    approve: async (receiptId) => desk.approveTransfer(receiptId, await deciding()),
    reject: async (receiptId, input) => desk.rejectTransfer(receiptId, input, await deciding()),
    fileOf: async (item) => saveCopy(item.receiptId, (await desk.receiptFile(item.receiptId)).bytes),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Asks the terminal; a hidden answer (a password) is not echoed. */
async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new Refused(`${question.trim()} needed, and this is not a terminal`);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  let prompted = false;
  if (hidden)
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
      if (!prompted) process.stderr.write(text);
    };
  const answer = new Promise<string>((resolve) => rl.question(question, resolve));
  prompted = true;
  const value = await answer;
  rl.close();
  if (hidden) process.stderr.write('\n');
  return value.trim();
}

/** The running server's admin API (the workspace's own routes), signed in as the --as staff member. */
async function serverDesk(origin: string): Promise<Desk> {
  if (!staffEmail) throw new Refused('Asking the server needs a staff sign-in: add --as <staff e-mail>');
  const base = `${origin.replace(/\/+$/, '')}/api/v1`;
  const session: { token?: string } = {};
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Refused(`The server at ${origin} did not answer (${(error as Error).message})`);
    }
    const answer = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (!response.ok)
      throw new Refused(`${answer.message ?? 'The server refused'} (${response.status} ${answer.code ?? ''})`.trim());
    return answer as T;
  };
  const password = process.env.KWENDA_STAFF_PASSWORD ?? (await ask(`Password of ${staffEmail}: `, true));
  let signedIn = await call<StaffLoginResponse>('POST', '/admin/auth/login', {
    email: staffEmail,
    password,
    code: option('code'),
  });
  if (signedIn.status === 'code-required') {
    const code = await ask('Authenticator code (or a recovery code): ');
    signedIn = await call<StaffLoginResponse>('POST', '/admin/auth/login', { email: staffEmail, password, code });
  }
  if (signedIn.status !== 'signed-in') throw new Refused('The server wants an authenticator code');
  session.token = signedIn.jwt;
  const receiptPath = (receiptId: string, action: string) => `/admin/transfers/${encodeURIComponent(receiptId)}/${action}`;
  return {
    list: async () => (await call<{ transfers: TransferItem[] }>('GET', '/admin/transfers')).transfers,
    approve: async (receiptId) =>
      (await call<{ booking: DeskBookingSummary }>('POST', receiptPath(receiptId, 'approve'))).booking,
    reject: async (receiptId, input) =>
      (await call<{ booking: DeskBookingSummary }>('POST', receiptPath(receiptId, 'reject'), input)).booking,
    fileOf: async (item) => `${item.fileName} (open it in the workspace: ${origin}/admin/transfers)`,
    async close() {
      await call('POST', '/admin/auth/logout').catch(() => undefined);
    },
  };
}

/** A receipt id as given, or the latest receipt waiting for a booking reference. */
async function receiptOf(desk: Desk, reference: string): Promise<string> {
  if (reference.startsWith('rc_')) return reference;
  const waiting = (await desk.list()).filter((t) => t.bookingReference === reference.toUpperCase());
  const latest = waiting.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))[0];
  if (!latest) throw new Refused(`No receipt waiting for booking ${reference}: "list" shows the ones that are`);
  return latest.receiptId;
}

/** Times as the agency reads them: its own clock, with the zone named. */
const when = (iso: string) => formatAgencyDateTime(new Date(iso), 'en', { weekday: 'short', month: 'short' });

let desk: Desk | undefined;
try {
  const server = option('server');
  if (server) desk = await serverDesk(server);
  else {
    try {
      desk = await databaseDesk();
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      const origin = publicOriginOf({ ...env, PUBLIC_URL: undefined });
      console.error(
        `The embedded database is open in the running server (pid ${error.pid}); asking that server at ${origin} instead. ` +
          `(The workspace does the same at ${publicOriginOf(env)}/admin/transfers.)`,
      );
      desk = await serverDesk(origin);
    }
  }
  if (decision === 'list') {
    const transfers = await desk.list();
    if (!transfers.length) console.log('No transfer is waiting for a decision.');
    for (const t of transfers)
      console.log(
        [
          t.bookingReference,
          `${t.expectedAmount} ${t.currency}`,
          `hold until ${t.holdExpiresAt ? when(t.holdExpiresAt) : '-'}`,
          `receipt ${t.receiptId} uploaded ${when(t.uploadedAt)}`,
          await desk.fileOf(t),
          [t.travellerName, t.email, t.mobile].filter(Boolean).join(', '),
          t.rejectedBefore ? `${t.rejectedBefore} refused before` : '',
        ]
          .filter(Boolean)
          .join('  '),
      );
  } else {
    const receiptId = await receiptOf(desk, subject!);
    const booking = decision === 'approve' ? await desk.approve(receiptId) : await desk.reject(receiptId, rejection!);
    console.log(`${booking.bookingReference}: ${booking.status} (${booking.statusTrigger}), receipt ${receiptId} ${decision}d`);
  }
} catch (error) {
  if (error instanceof MissingPublicUrlError) fail(error.message);
  console.error(error instanceof AppError || error instanceof Refused ? error.message : error);
  process.exitCode = 1;
} finally {
  await desk?.close();
}
