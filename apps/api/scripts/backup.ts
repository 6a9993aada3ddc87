// A consistent copy of the embedded database, its receipts and its keys, in one file:
//   npm run backup [-- --out backups/kwenda.tar.gz]
// Safe while the server runs. The embedded database (PGlite, under DATA_DIR) opens in one process
// only: while the server holds it, this asks the server (on HOST:PORT) for a copy, with a token signed
// by the server's secret from the same DATA_DIR or JWT_SECRET, as `npm run staff` does; otherwise it
// opens the folder itself. Put it back with `npm run restore <file>`.
// PostgreSQL (DATABASE_URL) is backed up with its own tools: pg_dump -Fc (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../src/db/client.js';
import { DatabaseInUseError } from '../src/db/pglite-lock.js';
import { jwtSecret } from '../src/plugins/auth-tokens.js';
import { SECRET_FILES, writeBackupFile, type BackupManifest } from '../src/modules/backup/backup-file.js';
import { signStaffCliToken } from '../src/modules/staff/staff-cli-token.js';
import { commandSettings } from './command-settings.js';

const usage = `Usage: npm run backup [-- --out <file>]   (or: npx tsx apps/api/scripts/backup.ts [--out <file>])
  Writes the embedded database (DATA_DIR), its receipts (UPLOADS_DIR) and the keys kept in DATA_DIR to
  one .tar.gz file, readable by its owner only (default DATA_DIR/backups/kwenda-<date>-<time>.tar.gz:
  copy it off the machine). Safe while the server runs: it then asks the server at HOST:PORT for the copy.
  Restore with: npm run restore -- <file>
Settings: the server's own, from the environment over .env (or the file ENV_FILE names).
PostgreSQL (DATABASE_URL): use pg_dump -Fc; see "Backups and restore" in docs/operations.md.`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}
function options() {
  try {
    return parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}
const { out: outOption, help } = options();
if (help) fail(usage, 0);

const env = commandSettings((message) => fail(message));
if (env.DATABASE_URL)
  fail(
    'DATABASE_URL is set: the database is PostgreSQL, which backs itself up while it runs:\n' +
      '  pg_dump -Fc --dbname "$DATABASE_URL" --file kwenda-$(date +%F).dump\n' +
      'and restores with pg_restore (see "Backups and restore" in docs/operations.md). Receipts are files: copy UPLOADS_DIR too.',
  );

const dataDir = path.resolve(env.DATA_DIR);
const databaseDir = path.join(dataDir, 'pglite');
if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION')))
  fail(`No embedded database in ${databaseDir} (DATA_DIR=${env.DATA_DIR}): nothing to back up.`, 1);
const uploadsDir = path.resolve(env.UPLOADS_DIR ?? path.join(dataDir, 'uploads'));
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
// Beside the data by default (never inside the repository): copy it off the machine from there.
const out = path.resolve(outOption ?? path.join(dataDir, 'backups', `kwenda-${stamp}.tar.gz`));
if (fs.existsSync(out)) fail(`${out} exists already: name another file with --out.`);

async function fromServer(): Promise<Blob> {
  const origin = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  console.log(`(The embedded database is open in the server: asking the server at ${origin} for a copy.)`);
  let response: Response;
  try {
    response = await fetch(`${origin}/api/v1/admin/cli/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signStaffCliToken(jwtSecret(env))}` },
    });
  } catch {
    return fail(
      `The embedded database (${databaseDir}) is open in another process, but no server answers at ${origin}.\n` +
        'Run this with the HOST and PORT of the running server, or stop that process and try again.',
      1,
    );
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    return fail(`${body?.code ?? response.status}: ${body?.message ?? 'the server refused'}`, 1);
  }
  return response.blob();
}

let database: Database | null = null;
let takenFrom: BackupManifest['takenFrom'] = 'directory';
try {
  database = await openDatabase({ dataDir });
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) throw error;
  takenFrom = 'running-server';
}
try {
  const tarball = database ? await database.dumpDataDir!() : await fromServer();
  const secrets = SECRET_FILES.filter((name) => fs.existsSync(path.join(dataDir, name)));
  const hasUploads = fs.existsSync(uploadsDir);
  await writeBackupFile(out, {
    manifest: {
      format: 'kwenda-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      takenFrom,
      uploadsDir: hasUploads ? uploadsDir : null,
      secrets,
    },
    database: tarball,
    uploadsDir: hasUploads ? uploadsDir : null,
    secretsDir: dataDir,
  });
  const megabytes = (fs.statSync(out).size / 2 ** 20).toFixed(1);
  console.log(
    `Backup written: ${out} (${megabytes} MB; database${hasUploads ? ', receipts' : ''}${secrets.length ? ', keys' : ''}).`,
  );
  console.log('It holds passports and the keys of the site: keep it where only the agency can read it.');
} finally {
  await database?.close();
}
