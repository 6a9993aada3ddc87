import multipart from '@fastify/multipart';
import { apiErrorSchema, bookingResponseSchema, BOOKING_LIMITS, transactionNumberSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, checkBookingId, validationError } from '../../errors.js';
import { travellerIdOf } from '../../plugins/auth.js';
import type { BookingPaymentsPort } from '../bookings/booking-ports.js';
import type { ReceiptsService } from './receipts-service.js';

/**
 * POST /bookings/{id}/receipts: the traveller's bank-transfer receipt (multipart field "file"), with the
 * transfer's transaction number when they typed it (optional field "transactionNumber").
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  receipts: ReceiptsService;
  bookings: BookingPaymentsPort;
}> = async (app, { receipts, bookings }) => {
  await app.register(multipart, {
    limits: { fileSize: BOOKING_LIMITS.receiptMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.post(
    '/bookings/:id/receipts',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Upload a bank transfer receipt (JPEG, PNG, WebP or PDF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().max(300) }),
        response: {
          200: bookingResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
        },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the receipt as multipart/form-data with a "file" field');
      // The parts in any order: the optional transaction number may come before or after the file
      // (busboy reads the body in order, so a field after the file is seen only once the file is read).
      let file: { bytes: Buffer; fileName: string } | undefined;
      let typedNumber: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              await part.toBuffer();
              continue;
            }
            file = { bytes: await part.toBuffer(), fileName: part.filename };
          } else if (part.fieldname === 'transactionNumber' && typeof part.value === 'string') typedNumber = part.value;
        }
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The receipt is larger than 5 MB', [
            { path: 'file', code: 'too_large', message: 'At most 5 MB' },
          ]);
        throw validationError([{ path: 'file', code: 'invalid', message: 'The upload could not be read' }]);
      }
      if (!file) throw validationError([{ path: 'file', code: 'required', message: 'Attach the receipt in a "file" field' }]);
      const typed = typedNumber?.trim() ? transactionNumberSchema.safeParse(typedNumber) : undefined;
      if (typed && !typed.success)
        throw validationError([
          { path: 'transactionNumber', code: 'invalid', message: typed.error.issues[0]?.message ?? 'Not a transaction number' },
        ]);
      // The logged-in account (null for a guest): an account's booking takes receipts only from it.
      const userId = travellerIdOf(request);
      await receipts.addReceipt(
        request.params.id,
        { ...file, typedTransactionNumber: typed?.data ?? null },
        { userId, label: userId ? `user:${userId}` : 'guest' },
      );
      return { success: true as const, booking: (await bookings.getBooking(request.params.id))! };
    },
  );
};
