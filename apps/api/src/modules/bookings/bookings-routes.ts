import {
  apiErrorSchema,
  bookingIdSchema,
  bookingResponseSchema,
  bookingConflictSchema,
  bookingSchema,
  bookingValidationErrorSchema,
  createBookingRequestSchema,
  createBookingResponseSchema,
  payBookingRequestSchema,
  seatMapSchema,
  updateBookingRequestSchema,
} from '@kwenda/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { travellerIdOf } from '../../plugins/auth.js';
import { trustedJsonSerializer } from '../../plugins/trusted-serializer.js';
import type { Supplier } from '../../suppliers/supplier.js';
import { accessCookie } from '../booking-access/access-cookie.js';
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
  supplier: Supplier;
  access: BookingAccessService;
  /** Cookies marked Secure (the site is served over https). */
  secureCookies: boolean;
}> = async (app, { bookings, supplier, access, secureCookies }) => {
  // Who is asking: the logged-in traveller (plugins/auth.ts), else a guest (whose changes the guard let through).
  const actorOf = async (request: FastifyRequest): Promise<Actor> => {
    const userId = travellerIdOf(request);
    return { userId, label: userId ? `user:${userId}` : 'guest', address: request.ip };
  };
  // An id that is not a booking id is simply not found (not a validation error).
  const notFound = () => new AppError(404, 'NOT_FOUND', 'No booking with this id');
  const checkId = (id: string) => {
    if (!bookingIdSchema.safeParse(id).success) throw notFound();
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
        reply.header('set-cookie', accessCookie(booking.id, await access.grantCreator(booking.id), { secure: secureCookies }));
      return reply.status(201).send({ success: true as const, booking });
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
      checkId(request.params.id);
      // A session that ended answers 401 (the web app forgets it and reads again, as a guest).
      const asker = { userId: travellerIdOf(request), cookieHeader: request.headers.cookie };
      const booking = await bookings.getBookingFor(request.params.id, (row) => seesWhole(access, row, asker));
      if (!booking) throw notFound();
      reply.header('cache-control', 'no-store');
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
      checkId(request.params.id);
      const booking = await bookings.submitPassengers(request.params.id, request.body, await actorOf(request));
      return { success: true as const, booking };
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
      checkId(request.params.id);
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
        response: { 200: seatMapSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      checkId(request.params.id);
      const booking = await bookings.getBookingRow(request.params.id);
      if (!booking) throw notFound();
      const slice = booking.offer.slices[request.query.slice];
      const map = slice ? await supplier.getSeatMap(booking.offerReference, request.query.slice) : null;
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
};
