import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';

/**
 * A backup of the embedded database is one .tar.gz file that GNU tar lists and unpacks as well:
 *   manifest.json   what it is, when and how it was taken, where the receipts were
 *   pglite.tar      the database's files (PGlite's own dump, loaded back with loadDataDir)
 *   uploads/        the receipts travellers sent (their rows name the files)
 *   secrets/        jwt.secret and sandbox-gateway.secret when they were kept in DATA_DIR, so the
 *                   sessions and open payment pages of the copy keep working
 * It holds passports and the keys of the site: it is written readable by its owner only.
 */
export const backupManifestSchema = z.object({
  format: z.literal('kwenda-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** Asked of the running server (the embedded database is open there), or the folder opened directly. */
  takenFrom: z.enum(['running-server', 'directory']),
  /** The absolute folder the receipts lived in: a restore elsewhere moves their paths to the new one. */
  uploadsDir: z.string().nullable(),
  secrets: z.array(z.enum(['jwt.secret', 'sandbox-gateway.secret'])),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const SECRET_FILES = ['jwt.secret', 'sandbox-gateway.secret'] as const;
const MANIFEST = 'manifest.json';
const DATABASE = 'pglite.tar';

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('GNU tar is needed for backups: apt-get install tar') : error),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`))));
  });
}

/** Writes the backup to `file` (created 0600); a half-written one never bears the final name. */
export async function writeBackupFile(
  file: string,
  contents: { manifest: BackupManifest; database: Blob; uploadsDir: string | null; secretsDir: string },
): Promise<void> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.kwenda-backup-'));
  const partial = `${target}.partial`;
  const uploadsLink = path.join(staging, 'uploads');
  try {
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(contents.manifest, null, 2)}\n`, { mode: 0o600 });
    await pipeline(
      Readable.fromWeb(contents.database.stream() as WebReadableStream<Uint8Array>),
      fs.createWriteStream(path.join(staging, DATABASE), { mode: 0o600 }),
    );
    // The receipts go in as they are on disk (tar follows this one link), without a second copy first.
    if (contents.uploadsDir && fs.existsSync(contents.uploadsDir)) fs.symlinkSync(path.resolve(contents.uploadsDir), uploadsLink);
    if (contents.manifest.secrets.length) {
      fs.mkdirSync(path.join(staging, 'secrets'), { mode: 0o700 });
      for (const name of contents.manifest.secrets)
        fs.copyFileSync(path.join(contents.secretsDir, name), path.join(staging, 'secrets', name));
    }
    fs.closeSync(fs.openSync(partial, 'w', 0o600));
    await tar(['--create', '--gzip', '--dereference', '--file', partial, '--directory', staging, '.']);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(uploadsLink, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

export interface UnpackedBackup {
  manifest: BackupManifest;
  /** PGlite's dump of the database's files. */
  databaseFile: string;
  /** The receipts, or null when the backup has none. */
  uploadsDir: string | null;
  secretsDir: string;
}

/** Unpacks a backup into the empty folder `into` and checks that it is one. */
export async function unpackBackupFile(file: string, into: string): Promise<UnpackedBackup> {
  if (!fs.existsSync(file)) throw new Error(`${file}: no such file`);
  try {
    await tar(['--extract', '--gzip', '--no-same-owner', '--file', path.resolve(file), '--directory', into]);
  } catch (error) {
    throw new Error(`${file} is not a Kwenda backup (${(error as Error).message})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = backupManifestSchema.parse(JSON.parse(fs.readFileSync(path.join(into, MANIFEST), 'utf8')));
  } catch {
    throw new Error(`${file} is not a Kwenda backup: its ${MANIFEST} is missing or unreadable`);
  }
  const databaseFile = path.join(into, DATABASE);
  if (!fs.existsSync(databaseFile)) throw new Error(`${file} is not a whole Kwenda backup: ${DATABASE} is missing`);
  const uploadsDir = path.join(into, 'uploads');
  return {
    manifest,
    databaseFile,
    uploadsDir: fs.existsSync(uploadsDir) ? uploadsDir : null,
    secretsDir: path.join(into, 'secrets'),
  };
}
