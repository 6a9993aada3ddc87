import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { BOOKING_LIMITS, type Booking, type Currency } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import { AppError, validationError } from '../../errors.js';
import type { BookingPaymentsPort } from '../bookings/booking-ports.js';
import { newPaymentId } from '../payments/payments-repository.js';
import { cleanFileName, detectReceiptType, storeReceipt } from './receipt-storage.js';
import * as repo from './receipts-repository.js';

export const MAX_RECEIPTS_PER_BOOKING = 5;

/**
 * Bank transfer / mobile banking (Bankak and the like): no merchant API, so the traveller uploads
 * the transfer receipt and the agency checks its bank app, then confirms (scripts/receipt.ts until
 * the back-office exists). Confirming records the payment and tickets the booking.
 */
export function createReceiptsService(deps: {
  database: Database;
  bookings: BookingPaymentsPort;
  findBookingIdByReference: (reference: string) => Promise<string | undefined>;
  uploadsDir: string;
}) {
  const { db } = deps.database;

  /** A booking reference (KW7F3K9Q), a booking id (bk_...) or a receipt id (rc_...). */
  async function mustFind(reference: string): Promise<{ booking: Booking; receiptId?: string }> {
    const receipt = reference.startsWith('rc_') ? await repo.findReceipt(db, reference) : undefined;
    const id = receipt
      ? receipt.bookingId
      : reference.startsWith('bk_')
        ? reference
        : await deps.findBookingIdByReference(reference);
    const booking = id ? await deps.bookings.getBooking(id) : null;
    if (!booking) throw new AppError(404, 'NOT_FOUND', `No booking or receipt ${reference}`);
    return { booking, receiptId: receipt?.id };
  }

  return {
    async addReceipt(
      bookingId: string,
      file: { bytes: Buffer; fileName?: string },
      uploader: { userId: string | null; label: string },
    ): Promise<void> {
      const booking = await deps.bookings.getBooking(bookingId);
      if (!booking) throw new AppError(404, 'NOT_FOUND', 'No booking with this id');
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
      const storagePath = storeReceipt(deps.uploadsDir, bookingId, receiptId, type.extension, file.bytes);
      try {
        await db.transaction(async (tx) => {
          // The booking's transition locks its row first, so two uploads at once cannot both be the fifth.
          await deps.bookings.recordReceipt(tx, { bookingId, receiptId, actor: uploader.label, userId: uploader.userId });
          if ((await repo.countReceipts(tx, bookingId)) >= MAX_RECEIPTS_PER_BOOKING) throw tooMany();
          await repo.insertReceipt(tx, {
            id: receiptId,
            bookingId,
            fileName: cleanFileName(file.fileName),
            contentType: type.contentType,
            sizeBytes: file.bytes.length,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
            storagePath,
          });
        });
      } catch (error) {
        fs.rmSync(storagePath, { force: true });
        throw error;
      }
    },

    /** The agency saw the money: record it, accept the receipts, ticket. `reference`: booking reference, bk_ or rc_ id. */
    async confirmTransfer(reference: string, reviewer: string): Promise<Booking> {
      const { booking } = await mustFind(reference);
      const outcome = await db.transaction(async (tx) => {
        const result = await deps.bookings.confirmPayment(tx, {
          bookingId: booking.id,
          method: 'bank-transfer',
          amount: booking.amount,
          currency: booking.currency as Currency,
          actor: `agency:${reviewer}`,
        });
        if (result !== 'confirmed') return result;
        await repo.insertBankPayment(tx, {
          id: newPaymentId(),
          bookingId: booking.id,
          provider: 'bank-transfer',
          status: 'succeeded',
          amount: booking.amount,
          currency: booking.currency,
        });
        await repo.reviewReceipts(tx, booking.id, 'accepted', reviewer);
        return result;
      });
      if (outcome === 'not-payable')
        throw new AppError(
          409,
          'INVALID_BOOKING_STATE',
          `Booking ${booking.bookingReference} is ${booking.status}: it cannot take a payment (refund the transfer)`,
        );
      await deps.bookings.fulfil(booking.id);
      return (await deps.bookings.getBooking(booking.id))!;
    },

    /** No matching transfer: the receipts are rejected and the booking waits again (until its hold ends). */
    async rejectTransfer(reference: string, reviewer: string): Promise<Booking> {
      const { booking, receiptId } = await mustFind(reference);
      await db.transaction(async (tx) => {
        const receipt = receiptId ? await repo.findReceipt(tx, receiptId) : await repo.latestSubmitted(tx, booking.id);
        if (!receipt || receipt.status !== 'submitted')
          throw new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${booking.bookingReference} has no receipt waiting`);
        // By booking reference every waiting receipt is rejected; by receipt id only that one.
        await repo.reviewReceipts(tx, booking.id, 'rejected', reviewer, receiptId);
        await deps.bookings.recordReceiptRejected(tx, {
          bookingId: booking.id,
          receiptId: receipt.id,
          actor: `agency:${reviewer}`,
        });
      });
      return (await deps.bookings.getBooking(booking.id))!;
    },

    pending: () => repo.pendingTransfers(db),
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
