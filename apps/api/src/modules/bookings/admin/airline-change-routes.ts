import { airlineChangeResponseSchema, cancellationQuoteResponseSchema, staffCancellationRequestSchema } from '@kwenda/contracts';
import { deskActionResponseSchema } from '@kwenda/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkBookingId, errorResponses } from '../../../errors.js';
import { staffUserIdOf } from '../../../plugins/auth.js';
import { staffActorOf } from '../use-cases/staff-deps.js';
import type { DeskService } from './desk-service.js';

const params = z.object({ id: z.string().max(300) });
const errors = errorResponses(401, 403, 404, 409, 502, 503);
/**
 * The desk's side of airline changes and refund quotes: the change of a booking (old and new flights),
 * and cancelling a ticketed booking at the airline's quote, shown to the staff member before they confirm.
 */
export const adminAirlineChangeRoutes: FastifyPluginAsyncZod<{ desk: DeskService }> = async (app, { desk }) => {
  const viewer = app.requireStaff('viewer');
  const agent = app.requireStaff('agent-desk');
  const actor = (request: FastifyRequest) => staffActorOf(staffUserIdOf(request));

  app.get(
    '/admin/bookings/:id/airline-change',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: "The airline's latest change to a booking's flights (old and new), or null",
        params,
        response: { 200: airlineChangeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      reply.header('cache-control', 'no-store');
      return { success: true as const, change: await desk.airlineChange(request.params.id) };
    },
  );

  app.post(
    '/admin/bookings/:id/cancellation-quote',
    {
      preHandler: agent,
      schema: {
        tags: ['admin'],
        summary: 'What cancelling a ticketed booking would refund now, as the airline quotes it (nothing changes)',
        params,
        response: { 200: cancellationQuoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      return { success: true as const, quote: await desk.quoteCancellation(request.params.id, actor(request)) };
    },
  );

  app.post(
    '/admin/bookings/:id/cancellation',
    {
      preHandler: agent,
      schema: {
        tags: ['admin'],
        summary: 'Cancel a booking at the airline at a quote shown to the staff member, with a reason; the refund is owed',
        params,
        body: staffCancellationRequestSchema,
        response: { 200: deskActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      return {
        success: true as const,
        booking: await desk.cancelBookingAtQuote(request.params.id, request.body, actor(request)),
      };
    },
  );
};
