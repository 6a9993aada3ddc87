import {
  apiErrorSchema,
  BOOKING_ACCESS_LIMITS,
  bookingCodeRequestSchema,
  bookingCodeResponseSchema,
  bookingCodeVerifyRequestSchema,
  bookingCodeVerifyResponseSchema,
} from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessCookies } from './access-cookie.js';
import type { BookingAccessService } from './booking-access-service.js';

/** Find my booking: a reference and a last name, then the code e-mailed to the booking's address. */
export const bookingAccessRoutes: FastifyPluginAsyncZod<{ access: BookingAccessService; secureCookies: boolean }> = async (
  app,
  { access, secureCookies },
) => {
  app.post(
    '/booking-access/code',
    {
      schema: {
        tags: ['bookings'],
        summary: "Find my booking: e-mail a one-time code to the booking's address (the same answer whether or not it exists)",
        body: bookingCodeRequestSchema,
        response: { 200: bookingCodeResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await access.requestCode(request.body, request.ip);
      return { sent: true as const, codeMinutes: BOOKING_ACCESS_LIMITS.codeMinutes };
    },
  );

  app.post(
    '/booking-access/verify',
    {
      schema: {
        tags: ['bookings'],
        summary: "Find my booking: the e-mailed code gives this browser the booking whole (the booking's access cookie)",
        body: bookingCodeVerifyRequestSchema,
        response: { 200: bookingCodeVerifyResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { booking, token } = await access.verifyCode(request.body, request.ip);
      reply.header('set-cookie', accessCookies(booking, token, { secure: secureCookies })).header('cache-control', 'no-store');
      return { bookingId: booking.id };
    },
  );
};
