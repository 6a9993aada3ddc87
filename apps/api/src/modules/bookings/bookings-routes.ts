import {
  airlineChangeResponseSchema,
  apiErrorSchema,
  cancellationQuoteResponseSchema,
  confirmCancellationRequestSchema,
  bookingResponseSchema,
  bookingConflictSchema,
  bookingSchema,
  bookingValidationErrorSchema,
  bookingWhatsAppRequestSchema,
  bookingWhatsAppResponseSchema,
  createBookingRequestSchema,
  createBookingResponseSchema,
  payBookingRequestSchema,
  seatMapSchema,
  updateBookingRequestSchema,
} from '@kwenda/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, bookingNotFound, checkBookingId } from '../../errors.js';
import { travellerIdOf } from '../../plugins/auth.js';
import { trustedJsonSerializer } from '../../plugins/trusted-serializer.js';
import type { SupplierRegistry } from '../../suppliers/supplier.js';
import { accessCookies, accessTokensOf, pageAccessCookies } from '../booking-access/access-cookie.js';
import { seesWhole } from '../booking-access/booking-access-guard.js';
import type { BookingAccessService } from '../booking-access/booking-access-service.js';
import type { Actor, BookingService } from './booking-service.js';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: bookingConflictSchema, 503: apiErrorSchema };

/**
 * The booking's own routes. Who may use which is decided in front of them (booking-access-guard.ts): the
 * link alone reads the limited view and the seat map; changes need the booking's account or, for a
 * guest's booking, its access cookie, which the browser that creates it receives here.
 */
export const bookingsRoutes: FastifyPluginAsyncZod<{
  bookings: BookingService;
  suppliers: SupplierRegistry;
  access: BookingAccessService;
  /** Cookies marked Secure (the site is served over https). */
  secureCookies: boolean;
}> = async (app, { bookings, suppliers, access, secureCookies }) => {
  // Who is asking: the logged-in traveller (plugins/auth.ts), else a guest (whose changes the guard let through).
  const actorOf = async (request: FastifyRequest): Promise<Actor> => {
    const userId = travellerIdOf(request);
    return { userId, label: userId ? `user:${userId}` : 'guest', address: request.ip };
  };

  app.post(
    '/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Create a booking from an offer (re-priced by the supplier)',
        body: createBookingRequestSchema,
        response: { 201: createBookingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const language = request.body.payload.language ?? (/^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'ar');
      const actor = await actorOf(request);
      const booking = await bookings.createBooking(request.body, actor, language);
      // A guest's browser gets the booking's key; an account's booking is its account's (docs/decisions/0025).
      if (!actor.userId)
        reply.header('set-cookie', accessCookies(booking, await access.grantCreator(booking.id), { secure: secureCookies }));
      return reply.status(201).send({ success: true as const, booking: { id: booking.id } });
    },
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'A booking: whole for its account or the browser holding its access cookie; limited (names initialled, contacts masked, no documents) for anyone else with the link',
        params: z.object({ id: z.string().max(300) }),
        response: { 200: bookingSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      // The page polls this while a card payment is confirmed; the presenter builds the contract's
      // shape (tests parse it with bookingSchema), so the answer is not validated again here.
      serializerCompiler: trustedJsonSerializer,
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      // A session that ended answers 401 (the web app forgets it and reads again, as a guest).
      const asker = { userId: travellerIdOf(request), cookieHeader: request.headers.cookie };
      let guestBooking = false;
      const booking = await bookings.getBookingFor(request.params.id, (row) => {
        guestBooking = row.userId === null;
        return seesWhole(access, row, asker);
      });
      if (!booking) throw bookingNotFound();
      reply.header('cache-control', 'no-store');
      // A guest's browser reading the booking whole with its one grant gets the pages' copies of it too
      // (again): a browser that received its grant before a page had one is sent that page painted next time.
      const tokens = accessTokensOf(asker.cookieHeader);
      if (guestBooking && booking.access === 'full' && tokens.length === 1)
        reply.header('set-cookie', pageAccessCookies(booking, tokens[0]!, { secure: secureCookies }));
      return booking;
    },
  );

  app.put(
    '/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Save passengers and contact details',
        params: z.object({ id: z.string().max(300) }),
        body: updateBookingRequestSchema,
        response: {
          200: bookingResponseSchema,
          400: bookingValidationErrorSchema.or(apiErrorSchema),
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: bookingConflictSchema,
        },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.submitPassengers(request.params.id, request.body, await actorOf(request));
      return { success: true as const, booking };
    },
  );

  app.put(
    '/bookings/:id/whatsapp',
    {
      schema: {
        tags: ['bookings'],
        summary: "Turn the booking's WhatsApp updates on or off, or give another WhatsApp number (E.164)",
        params: z.object({ id: z.string().max(300) }),
        body: bookingWhatsAppRequestSchema,
        response: { 200: bookingWhatsAppResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      return bookings.updateWhatsApp(request.params.id, request.body, await actorOf(request));
    },
  );

  app.put(
    '/bookings/:id/pay',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Hold the seats and pay later (bank transfer) or open the card payment page',
        params: z.object({ id: z.string().max(300) }),
        body: payBookingRequestSchema,
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.payBooking(request.params.id, request.body, await actorOf(request));
      return { success: true as const, booking };
    },
  );

  app.get(
    '/bookings/:id/seat-map',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Seat map of the first flight of a slice (view only; seats are assigned at check-in)',
        params: z.object({ id: z.string().max(300) }),
        querystring: z.object({ slice: z.coerce.number().int().min(0).max(8).default(0) }),
        response: { 200: seatMapSchema, 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.getBookingRow(request.params.id);
      if (!booking) throw bookingNotFound();
      const slice = booking.offer.slices[request.query.slice];
      let map = null;
      try {
        // The supplier that holds the booking draws the map (its offer reference means nothing to another).
        if (slice) map = await suppliers.get(booking.supplier).getSeatMap(booking.offerReference, request.query.slice);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The flight supplier did not answer: ${(error as Error).message}`);
      }
      if (!slice || !map) throw new AppError(404, 'NOT_FOUND', 'No seat map for this slice');
      return {
        sliceIndex: request.query.slice,
        flightNumber: slice.segments[0]!.flightNumber,
        rows: map.rows.map((row) => ({
          number: row.number,
          nextToExit: row.nextToExit,
          columns: row.columns.map((column) => ({
            seats: column.seats.map((seat) => ({
              letter: seat.letter,
              available: seat.available,
            })),
          })),
        })),
      };
    },
  );

  // ---------- the airline changed the flights; cancelling for a refund (owner only, as every change) ----------

  app.get(
    '/bookings/:id/airline-change',
    {
      schema: {
        tags: ['bookings'],
        summary: "The airline's latest change to the booking's flights (old and new), or null",
        params: z.object({ id: z.string().max(300) }),
        response: { 200: airlineChangeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      if (!(await bookings.getBookingRow(request.params.id))) throw bookingNotFound();
      reply.header('cache-control', 'no-store');
      return { success: true as const, change: await bookings.airlineChange(request.params.id) };
    },
  );

  app.post(
    '/bookings/:id/airline-change/accept',
    {
      schema: {
        tags: ['bookings'],
        summary: "Accept the airline's new flights of a rescheduled booking (it is confirmed again, on them)",
        params: z.object({ id: z.string().max(300) }),
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.acceptAirlineChange(request.params.id, await actorOf(request));
      return { success: true as const, booking };
    },
  );

  app.post(
    '/bookings/:id/airline-change/decline',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "Decline the airline's new flights of a booking rescheduled before it was paid: it is cancelled and the seats released, nothing owed",
        params: z.object({ id: z.string().max(300) }),
        response: { 200: bookingResponseSchema, ...errors },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.declineHeldAirlineChange(request.params.id, await actorOf(request));
      return { success: true as const, booking };
    },
  );

  app.post(
    '/bookings/:id/cancellation-quote',
    {
      schema: {
        tags: ['bookings'],
        summary: 'What cancelling a ticketed or rescheduled booking would refund now, as the airline quotes it (nothing changes)',
        params: z.object({ id: z.string().max(300) }),
        response: { 200: cancellationQuoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const quote = await bookings.quoteCancellation(request.params.id, await actorOf(request));
      return { success: true as const, quote };
    },
  );

  app.post(
    '/bookings/:id/cancellation',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Cancel the booking at the airline at a quote it was given; the refund is owed to the traveller',
        params: z.object({ id: z.string().max(300) }),
        body: confirmCancellationRequestSchema,
        response: { 200: bookingResponseSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.confirmCancellation(request.params.id, request.body.quoteId, await actorOf(request));
      return { success: true as const, booking };
    },
  );

  app.post(
    '/bookings/:id/hold-cancellation',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Cancel a booking held for payment, not yet paid: the seats are released at the airline, nothing is owed (refused while a transfer receipt is being checked)',
        params: z.object({ id: z.string().max(300) }),
        response: { 200: bookingResponseSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const booking = await bookings.cancelHeldBooking(request.params.id, await actorOf(request));
      return { success: true as const, booking };
    },
  );
};
