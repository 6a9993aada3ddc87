import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentReceipts, receiptFiles } from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

export async function countReceipts(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(paymentReceipts).where(eq(paymentReceipts.bookingId, bookingId));
  return Number(row?.n ?? 0);
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
