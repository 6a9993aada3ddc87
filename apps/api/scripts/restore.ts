// Puts a backup written by `npm run backup` back:
//   npm run restore -- <file> [--data-dir <dir>] [--force]
// into DATA_DIR (or --data-dir): the embedded database, the receipts (into UPLOADS_DIR, else
// <data dir>/uploads) and the keys kept in DATA_DIR. Never under a running server: the database must
// not be open anywhere. A folder that already holds a database is left alone unless --force, and even
// then the database it replaces is kept beside it (pglite.replaced-<date>-<time>), not deleted.
// Start the server on the folder afterwards; it applies any newer migrations itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from '../src/db/client.js';
import { DatabaseInUseError, lockDataDir } from '../src/db/pglite-lock.js';
import { unpackBackupFile } from '../src/modules/backup/backup-file.js';
import { countBookings, relocateReceiptFiles } from '../src/modules/backup/backup-repository.js';
import { commandSettings } from './command-settings.js';

const usage = `Usage: npm run restore -- <file> [--data-dir <dir>] [--force]   (or: npx tsx apps/api/scripts/restore.ts ...)
  Restores a backup from "npm run backup" into DATA_DIR (or --data-dir): the embedded database, the
  receipts (UPLOADS_DIR, else <data dir>/uploads) and the keys. Stop the server first.
  --force   replace a database already there (it is kept beside, as pglite.replaced-<date>-<time>)
Settings: the server's own, from the environment over .env (or the file ENV_FILE names).
PostgreSQL (DATABASE_URL): use pg_restore; see "Backups and restore" in docs/operations.md.`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}
function options() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}
const { values, positionals } = options();
if (values.help) fail(usage, 0);
if (positionals.length !== 1) fail(usage);
const file = path.resolve(positionals[0]!);

const env = commandSettings((message) => fail(message));
if (env.DATABASE_URL && !values['data-dir'])
  fail(
    'DATABASE_URL is set: the database is PostgreSQL. Restore a pg_dump file with\n' +
      '  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" <file>.dump\n' +
      '(see "Backups and restore" in docs/operations.md), or name the embedded folder to restore into with --data-dir.',
  );

const dataDir = path.resolve(values['data-dir'] ?? env.DATA_DIR);
const databaseDir = path.join(dataDir, 'pglite');
const uploadsDir = path.resolve(env.UPLOADS_DIR && !values['data-dir'] ? env.UPLOADS_DIR : path.join(dataDir, 'uploads'));
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
let release: () => void;
try {
  release = lockDataDir(databaseDir);
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) throw error;
  fail(
    `The database in ${databaseDir} is open in a running process (pid ${error.pid}, most likely the server).\n` +
      'Stop the server first (systemctl stop kwenda.target, or Ctrl-C), then restore; --force does not change this.',
    1,
  );
}

const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-restore-'));
let replaced: string | null = null;
try {
  const backup = await unpackBackupFile(file, staging);
  const existing = fs.existsSync(databaseDir) ? fs.readdirSync(databaseDir) : [];
  if (existing.length) {
    if (!values.force)
      throw new Error(
        `${databaseDir} already holds a database. Restoring would replace it: add --force to do so ` +
          '(the current one is kept beside it, renamed), or restore into another folder with --data-dir.',
      );
    replaced = `${databaseDir}.replaced-${stamp}`;
    fs.renameSync(databaseDir, replaced);
  }
  let bookings: number;
  let relocated = 0;
  try {
    const database = pgliteDatabase(
      await PGlite.create({ dataDir: databaseDir, loadDataDir: await fs.openAsBlob(backup.databaseFile) }),
    );
    try {
      if (backup.manifest.uploadsDir) relocated = await relocateReceiptFiles(database.db, backup.manifest.uploadsDir, uploadsDir);
      bookings = await countBookings(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    // Nothing half-restored stays: the folder is as it was before.
    fs.rmSync(databaseDir, { recursive: true, force: true });
    if (replaced) fs.renameSync(replaced, databaseDir);
    replaced = null;
    throw error;
  }

  if (backup.uploadsDir) {
    fs.mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
    // Receipt files have names of their own: nothing already there is overwritten.
    fs.cpSync(backup.uploadsDir, uploadsDir, { recursive: true, force: false, errorOnExist: false });
  }
  for (const name of backup.manifest.secrets) {
    const from = path.join(backup.secretsDir, name);
    const to = path.join(dataDir, name);
    if (fs.existsSync(to) && fs.readFileSync(to).equals(fs.readFileSync(from))) continue;
    if (fs.existsSync(to)) {
      if (!values.force) {
        console.log(`Kept the ${name} already in ${dataDir} (--force puts the backup's back): sessions of the backup end.`);
        continue;
      }
      fs.renameSync(to, `${to}.replaced-${stamp}`);
    }
    fs.copyFileSync(from, to);
    fs.chmodSync(to, 0o600);
  }

  const { createdAt, takenFrom } = backup.manifest;
  console.log(
    `Restored ${file} (taken ${createdAt}${takenFrom === 'running-server' ? ' from the running server' : ''}) into ${dataDir}: ` +
      `${bookings} booking${bookings === 1 ? '' : 's'}${backup.uploadsDir ? `, receipts in ${uploadsDir}` : ''}` +
      `${relocated ? ` (${relocated} receipt path${relocated === 1 ? '' : 's'} moved there)` : ''}.`,
  );
  if (replaced) console.log(`The database it replaced is kept in ${replaced}.`);
  console.log(`Start the server with DATA_DIR=${dataDir}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
  release();
}
