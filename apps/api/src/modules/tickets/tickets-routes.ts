import { apiErrorSchema, bookingIdSchema, type Booking } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, bookingNotFound } from '../../errors.js';

/** GET /bookings/{id}/ticket.pdf: the e-ticket of a confirmed booking (the id is unguessable). */
export const ticketsRoutes: FastifyPluginAsyncZod<{
  getBooking(id: string): Promise<Booking | null>;
  renderETicket(booking: Booking): Promise<Buffer>;
}> = async (app, { getBooking, renderETicket }) => {
  app.get(
    '/bookings/:id/ticket.pdf',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The e-ticket PDF (Arabic and English) once the booking is confirmed',
        params: z.object({ id: z.string().max(300) }),
        response: { 200: z.any().describe('application/pdf'), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const booking = bookingIdSchema.safeParse(request.params.id).success ? await getBooking(request.params.id) : null;
      if (!booking) throw bookingNotFound();
      if (booking.status !== 'confirmed')
        throw new AppError(
          409,
          'INVALID_BOOKING_STATE',
          `The e-ticket is issued once the booking is confirmed; it is ${booking.status}`,
        );
      const pdf = await renderETicket(booking);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="kwenda-${booking.bookingReference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
