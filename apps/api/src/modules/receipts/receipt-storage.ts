import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import * as repo from './receipts-repository.js';

/** What a file really is, by its first bytes (the declared type and the name are not trusted). */
export function detectReceiptType(bytes: Buffer): { contentType: string; extension: string } | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: 'image/png', extension: 'png' };
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { contentType: 'image/webp', extension: 'webp' };
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', extension: 'pdf' };
  return null;
}

/** A name fit to show back to people: no path, no control characters, at most 100 characters. */
export const cleanFileName = (name: string | undefined) =>
  (
    [...path.basename(name ?? 'receipt')]
      .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '<>:"/\\|?*'.includes(c) ? '_' : c))
      .join('')
      .trim() || 'receipt'
  ).slice(0, 100);

/**
 * The bytes of a receipt, for staff: from the database (receipt_files), where every receipt sent since
 * 0016_shared_state.sql is kept, shared by every process; a receipt sent before is a file on the disk of
 * the machine that took it (its storage_path), read from there until that machine copies it in, and only
 * while its bytes are still those hashed at upload.
 */
export async function readReceiptBytes(
  db: Db,
  receipt: { id: string; storagePath: string | null; sha256: string },
): Promise<Buffer | null> {
  const stored = await repo.findReceiptFile(db, receipt.id);
  if (stored) return stored;
  if (!receipt.storagePath) return null;
  const bytes = await fs.promises.readFile(receipt.storagePath).catch(() => null);
  return bytes && sha256Of(bytes) === receipt.sha256 ? bytes : null;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies the receipts that are files on this machine's disk into the database (run at start, so the
 * machine that took them before 0016_shared_state.sql hands them to every process). A file whose bytes
 * no longer match the hash taken at upload is left out; the files themselves are left in place.
 */
export async function importReceiptFiles(db: Db): Promise<{ imported: number; elsewhere: number; altered: number }> {
  const result = { imported: 0, elsewhere: 0, altered: 0 };
  for (const receipt of await repo.findReceiptsOnDisk(db)) {
    const bytes = await fs.promises.readFile(receipt.storagePath!).catch(() => null);
    if (!bytes) result.elsewhere += 1;
    else if (sha256Of(bytes) !== receipt.sha256) result.altered += 1;
    else {
      await repo.insertReceiptFile(db, receipt.id, bytes);
      result.imported += 1;
    }
  }
  return result;
}
