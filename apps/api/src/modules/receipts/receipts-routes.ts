import multipart from '@fastify/multipart';
import { apiErrorSchema, bookingResponseSchema, BOOKING_LIMITS } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, checkBookingId, validationError } from '../../errors.js';
import { travellerIdOf } from '../../plugins/auth.js';
import type { BookingPaymentsPort } from '../bookings/booking-ports.js';
import type { ReceiptsService } from './receipts-service.js';

/** POST /bookings/{id}/receipts: the traveller's bank-transfer receipt (multipart field "file"). */
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
      let file;
      try {
        file = await request.file();
      } catch {
        throw validationError([{ path: 'file', code: 'invalid', message: 'The upload could not be read' }]);
      }
      if (!file || file.fieldname !== 'file')
        throw validationError([{ path: 'file', code: 'required', message: 'Attach the receipt in a "file" field' }]);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The receipt is larger than 5 MB', [
          { path: 'file', code: 'too_large', message: 'At most 5 MB' },
        ]);
      }
      // The logged-in account (null for a guest): an account's booking takes receipts only from it.
      const userId = travellerIdOf(request);
      await receipts.addReceipt(
        request.params.id,
        { bytes, fileName: file.filename },
        { userId, label: userId ? `user:${userId}` : 'guest' },
      );
      return { success: true as const, booking: (await bookings.getBooking(request.params.id))! };
    },
  );
};
