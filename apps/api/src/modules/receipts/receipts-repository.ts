import type { ReceiptSameFile } from '@kwenda/contracts/admin';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, paymentReceipts, receiptFiles } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

export async function countReceipts(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(paymentReceipts).where(eq(paymentReceipts.bookingId, bookingId));
  return Number(row?.n ?? 0);
}

/**
 * Receipts of other bookings with this very file (the SHA-256 of its bytes, indexed in
 * 0023_receipt_file_hash.sql), oldest first.
 */
export async function findSameFile(tx: Tx, sha256: string, exceptBookingId: string): Promise<ReceiptSameFile[]> {
  return (await findSameFiles(tx, [sha256], exceptBookingId)).get(sha256) ?? [];
}

/** For each of these hashes, the receipts with that file outside `exceptBookingId` (every booking when null). */
export async function findSameFiles(
  tx: Tx,
  sha256s: string[],
  exceptBookingId: string | null,
): Promise<Map<string, (ReceiptSameFile & { sha256: string })[]>> {
  const found = new Map<string, (ReceiptSameFile & { sha256: string })[]>();
  if (!sha256s.length) return found;
  const rows = await tx
    .select({
      sha256: paymentReceipts.sha256,
      bookingId: paymentReceipts.bookingId,
      bookingReference: bookings.bookingReference,
      receiptId: paymentReceipts.id,
      status: paymentReceipts.status,
    })
    .from(paymentReceipts)
    .innerJoin(bookings, eq(bookings.id, paymentReceipts.bookingId))
    .where(
      and(
        inArray(paymentReceipts.sha256, [...new Set(sha256s)]),
        exceptBookingId ? ne(paymentReceipts.bookingId, exceptBookingId) : undefined,
      ),
    )
    .orderBy(asc(paymentReceipts.uploadedAt), asc(paymentReceipts.id));
  for (const row of rows) found.set(row.sha256, [...(found.get(row.sha256) ?? []), row]);
  return found;
}

export async function insertReceipt(tx: Tx, row: typeof paymentReceipts.$inferInsert) {
  await tx.insert(paymentReceipts).values(row);
}

export async function insertReceiptFile(tx: Tx, receiptId: string, bytes: Buffer) {
  await tx.insert(receiptFiles).values({ receiptId, bytes }).onConflictDoNothing();
}

export async function findReceiptFile(db: Db, receiptId: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ bytes: receiptFiles.bytes }).from(receiptFiles).where(eq(receiptFiles.receiptId, receiptId));
  return row?.bytes;
}

/** Receipts still kept only as a file on some machine's disk (sent before receipt_files), oldest first. */
export const findReceiptsOnDisk = (db: Db) =>
  db
    .select({ id: paymentReceipts.id, storagePath: paymentReceipts.storagePath, sha256: paymentReceipts.sha256 })
    .from(paymentReceipts)
    .leftJoin(receiptFiles, eq(receiptFiles.receiptId, paymentReceipts.id))
    .where(and(isNotNull(paymentReceipts.storagePath), isNull(receiptFiles.receiptId)))
    .orderBy(asc(paymentReceipts.uploadedAt), asc(paymentReceipts.id));
