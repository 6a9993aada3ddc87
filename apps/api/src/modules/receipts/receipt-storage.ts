import fs from 'node:fs';
import path from 'node:path';

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
 * Receipts live under UPLOADS_DIR/receipts/<bookingId>/<receiptId>.<ext>: outside the web root,
 * names of our own making, readable by the server's user only.
 */
export function storeReceipt(uploadsDir: string, bookingId: string, receiptId: string, extension: string, bytes: Buffer): string {
  const dir = path.resolve(uploadsDir, 'receipts', bookingId);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${receiptId}.${extension}`);
  fs.writeFileSync(file, bytes, { mode: 0o600, flag: 'wx' });
  return file;
}
