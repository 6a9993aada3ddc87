import type { ReceiptSameFile } from '@kwenda/contracts/admin';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, paymentReceipts, receiptFiles, receiptTransactionNumbers, type StoredReceiptCheck } from '../../db/schema.js';
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

/** The checks known so far (at the upload: whether the typed number is another booking's). */
export async function setChecks(tx: Tx, receiptId: string, checks: StoredReceiptCheck[]) {
  await tx.update(paymentReceipts).set({ checks }).where(eq(paymentReceipts.id, receiptId));
}

/** A receipt of some booking, as a reuse check names it. */
const otherReceiptColumns = {
  receiptId: paymentReceipts.id,
  bookingId: paymentReceipts.bookingId,
  bookingReference: bookings.bookingReference,
  status: paymentReceipts.status,
};

/**
 * Claims a transaction number for this receipt unless a receipt already holds it (the table's primary
 * key makes this atomic: of two transactions at once, the second waits for the first and finds its row).
 * Returns the receipt holding it now: this one, or the first that claimed it.
 */
export async function claimTransactionNumber(
  tx: Tx,
  claim: { transactionNumber: string; receiptId: string; bookingId: string; now?: Date },
): Promise<{ receiptId: string; bookingId: string }> {
  const { now, ...row } = claim;
  const [inserted] = await tx
    .insert(receiptTransactionNumbers)
    .values({ ...row, ...(now ? { createdAt: now } : {}) })
    .onConflictDoNothing()
    .returning({ receiptId: receiptTransactionNumbers.receiptId, bookingId: receiptTransactionNumbers.bookingId });
  if (inserted) return inserted;
  const [holder] = await tx
    .select({ receiptId: receiptTransactionNumbers.receiptId, bookingId: receiptTransactionNumbers.bookingId })
    .from(receiptTransactionNumbers)
    .where(eq(receiptTransactionNumbers.transactionNumber, claim.transactionNumber));
  return holder!;
}

/** These receipts with their booking's reference and their status (for the reuse checks' otherReceipt). */
export async function findOtherReceipts(db: Db, receiptIds: string[]): Promise<Map<string, ReceiptSameFile>> {
  if (!receiptIds.length) return new Map();
  const rows = await db
    .select(otherReceiptColumns)
    .from(paymentReceipts)
    .innerJoin(bookings, eq(bookings.id, paymentReceipts.bookingId))
    .where(inArray(paymentReceipts.id, [...new Set(receiptIds)]));
  return new Map(rows.map((row) => [row.receiptId, row]));
}

/**
 * The receipts of other bookings sent before this one, oldest first, that could be its original: the
 * same file, or a fingerprinted picture or reading (compared one by one: a fingerprint is never equal).
 * Only earlier ones: of two receipts showing one transfer, the later is the copy.
 */
export const findEarlierOfOtherBookings = (
  db: Db,
  receipt: { bookingId: string; uploadedAt: Date; id: string; sha256: string },
) =>
  db
    .select({
      receiptId: paymentReceipts.id,
      sha256: paymentReceipts.sha256,
      fingerprint: paymentReceipts.imageFingerprint,
      contentFingerprint: paymentReceipts.contentFingerprint,
      checks: paymentReceipts.checks,
    })
    .from(paymentReceipts)
    .where(
      and(
        or(
          eq(paymentReceipts.sha256, receipt.sha256),
          isNotNull(paymentReceipts.imageFingerprint),
          isNotNull(paymentReceipts.contentFingerprint),
        ),
        ne(paymentReceipts.bookingId, receipt.bookingId),
        or(
          lt(paymentReceipts.uploadedAt, receipt.uploadedAt),
          and(eq(paymentReceipts.uploadedAt, receipt.uploadedAt), lt(paymentReceipts.id, receipt.id)),
        ),
      ),
    )
    .orderBy(asc(paymentReceipts.uploadedAt), asc(paymentReceipts.id));

/** A receipt with its booking, as the reading job needs them. */
export async function findReceiptWithBooking(db: Db, receiptId: string) {
  const [row] = await db
    .select({ receipt: paymentReceipts, booking: bookings })
    .from(paymentReceipts)
    .innerJoin(bookings, eq(bookings.id, paymentReceipts.bookingId))
    .where(eq(paymentReceipts.id, receiptId));
  return row;
}

/** What the reading job found, written once (only while the receipt is still being read). */
export async function saveReading(
  tx: Tx,
  receiptId: string,
  found: Pick<
    typeof paymentReceipts.$inferInsert,
    | 'readingState'
    | 'reading'
    | 'readTransactionNumber'
    | 'checks'
    | 'allPassed'
    | 'possibleFraud'
    | 'imageFingerprint'
    | 'contentFingerprint'
    | 'readAt'
    | 'readingError'
  >,
) {
  const saved = await tx
    .update(paymentReceipts)
    .set(found)
    .where(and(eq(paymentReceipts.id, receiptId), eq(paymentReceipts.readingState, 'reading')))
    .returning({ id: paymentReceipts.id });
  return saved.length > 0;
}

/** Receipts of any booking and status whose typed or read transaction number is this one, oldest first. */
export const findReceiptsByNumber = (db: Db, transactionNumber: string) =>
  db
    .select({
      ...otherReceiptColumns,
      uploadedAt: paymentReceipts.uploadedAt,
      typedTransactionNumber: paymentReceipts.typedTransactionNumber,
      readTransactionNumber: paymentReceipts.readTransactionNumber,
    })
    .from(paymentReceipts)
    .innerJoin(bookings, eq(bookings.id, paymentReceipts.bookingId))
    .where(
      or(
        eq(paymentReceipts.typedTransactionNumber, transactionNumber),
        eq(paymentReceipts.readTransactionNumber, transactionNumber),
      ),
    )
    .orderBy(asc(paymentReceipts.uploadedAt), asc(paymentReceipts.id))
    .limit(100);
