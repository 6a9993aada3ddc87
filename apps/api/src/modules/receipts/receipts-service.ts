import { createHash, randomBytes } from 'node:crypto';
import { BOOKING_LIMITS } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import { AppError, bookingNotFound, validationError } from '../../errors.js';
import type { BookingPaymentsPort } from '../bookings/booking-ports.js';
import { cleanFileName, detectReceiptType } from './receipt-storage.js';
import * as repo from './receipts-repository.js';

export const MAX_RECEIPTS_PER_BOOKING = 5;

/**
 * Bank transfer / mobile banking (Bankak and the like): no merchant API, so the traveller uploads
 * the transfer receipt here and the agency checks its bank app. Staff decide each receipt on the
 * desk (admin/desk-routes.ts and use-cases/staff-decide-receipt.ts of the bookings module: the workspace's
 * transfers screen and `npm run receipt`): approving pays the booking and tickets it, rejecting
 * tells the traveller why; both are recorded under the staff member who decided. The file is kept in
 * the database with its row, in one transaction, so every process can show it (receipt-storage.ts).
 */
export function createReceiptsService(deps: {
  database: Database;
  bookings: BookingPaymentsPort;
  /** Told of each receipt once its upload committed (the reading job of this process starts on it). */
  onReceipt?: (receiptId: string) => void;
}) {
  const { db } = deps.database;

  return {
    async addReceipt(
      bookingId: string,
      file: { bytes: Buffer; fileName?: string; typedTransactionNumber?: string | null },
      uploader: { userId: string | null; label: string },
    ): Promise<void> {
      const booking = await deps.bookings.getBooking(bookingId);
      if (!booking) throw bookingNotFound();
      if (booking.status !== 'pending-payment' || booking.paymentMethod !== 'bank-transfer')
        throw new AppError(409, 'INVALID_BOOKING_STATE', 'Receipts are taken while a booking is held for a bank transfer');
      if (file.bytes.length === 0) throw validationError([{ path: 'file', code: 'empty', message: 'The file is empty' }]);
      if (file.bytes.length > BOOKING_LIMITS.receiptMaxBytes)
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The receipt is larger than 5 MB', [
          { path: 'file', code: 'too_large', message: 'At most 5 MB' },
        ]);
      const type = detectReceiptType(file.bytes);
      if (!type)
        throw validationError([{ path: 'file', code: 'unsupported_type', message: 'Send a JPEG, PNG or WebP image or a PDF' }]);
      const tooMany = () =>
        validationError([
          { path: 'file', code: 'too_many', message: `At most ${MAX_RECEIPTS_PER_BOOKING} receipts per booking` },
        ]);
      if ((await repo.countReceipts(db, bookingId)) >= MAX_RECEIPTS_PER_BOOKING) throw tooMany();
      const receiptId = `rc_${randomBytes(12).toString('base64url')}`;
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      await db.transaction(async (tx) => {
        // Taken, not refused (one transfer may pay two bookings of one family), but flagged: the desk
        // sees which booking the file was sent for before, the traveller that it was.
        const sameFileAs = await repo.findSameFile(tx, sha256, bookingId);
        // The booking's transition locks its row first, so two uploads at once cannot both be the fifth.
        await deps.bookings.recordReceipt(tx, {
          bookingId,
          receiptId,
          actor: uploader.label,
          userId: uploader.userId,
          sameFileAs,
        });
        if ((await repo.countReceipts(tx, bookingId)) >= MAX_RECEIPTS_PER_BOOKING) throw tooMany();
        await repo.insertReceipt(tx, {
          id: receiptId,
          bookingId,
          fileName: cleanFileName(file.fileName),
          contentType: type.contentType,
          sizeBytes: file.bytes.length,
          sha256,
          storagePath: null,
          typedTransactionNumber: file.typedTransactionNumber ?? null,
        });
        await repo.insertReceiptFile(tx, receiptId, file.bytes);
        // The typed number is claimed now, atomically: of two bookings sending it at once, the first
        // holds it and the other's receipt fails its numberReused check, naming the first's.
        if (file.typedTransactionNumber) {
          const holder = await repo.claimTransactionNumber(tx, {
            transactionNumber: file.typedTransactionNumber,
            receiptId,
            bookingId,
          });
          await repo.setChecks(tx, receiptId, [
            holder.bookingId === bookingId
              ? { check: 'numberReused', verdict: 'pass' }
              : { check: 'numberReused', verdict: 'fail', otherReceiptId: holder.receiptId },
          ]);
        }
      });
      deps.onReceipt?.(receiptId);
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
