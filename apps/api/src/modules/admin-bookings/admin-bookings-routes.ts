import {
  apiErrorSchema,
  bookingMessagesResponseSchema,
  resendETicketRequestSchema,
  resendETicketResponseSchema,
} from '@kwenda/contracts';
import {
  adminBookingDetailSchema,
  adminBookingListQuerySchema,
  adminBookingListSchema,
  adminDocumentRevealSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkBookingId } from '../../errors.js';
import { staffUserIdOf } from '../../plugins/auth.js';
import { sendInlineFile } from '../../plugins/inline-file.js';
import type { AdminBookingsService } from './admin-bookings-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idParam = z.string().max(300);
const childId = z.string().min(1).max(100);

/** The staff's bookings table and a booking's page: every staff role may read them (viewer and up); resending is an action (agent-desk). */
export const adminBookingsRoutes: FastifyPluginAsyncZod<{ adminBookings: AdminBookingsService }> = async (
  app,
  { adminBookings },
) => {
  const viewer = app.requireStaff('viewer');
  // Reads are open to every desk role, actions (a message sent) to agent-desk and up.
  const agent = app.requireStaff('agent-desk');
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/admin/bookings',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'Bookings for staff: search (reference, PNR, ticket, e-mail, mobile, last name), filters, sort, pages',
        querystring: adminBookingListQuerySchema,
        response: { 200: adminBookingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return adminBookings.listBookings(request.query);
    },
  );

  app.get(
    '/admin/bookings/:id',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'One booking for staff: itinerary, passengers (documents masked), price, payments, e-mails, timeline',
        params: z.object({ id: idParam }),
        response: { 200: adminBookingDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      reply.headers(noStore);
      return adminBookings.getBookingDetail(request.params.id);
    },
  );

  app.get(
    '/admin/bookings/:id/messages',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'Every message of a booking on every channel (e-mail, WhatsApp), newest first, with its delivery status',
        params: z.object({ id: idParam }),
        response: { 200: bookingMessagesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      reply.headers(noStore);
      return adminBookings.getBookingMessages(request.params.id);
    },
  );

  app.post(
    '/admin/bookings/:id/messages/e-ticket',
    {
      preHandler: agent,
      schema: {
        tags: ['admin'],
        summary:
          "Send the e-ticket PDF again on WhatsApp, to the booking's number or `to` (409 NO_TICKET_YET before ticketing, WHATSAPP_OPTED_OUT when the number replied STOP)",
        params: z.object({ id: idParam }),
        body: resendETicketRequestSchema,
        response: { 200: resendETicketResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      checkBookingId(request.params.id);
      const message = await adminBookings.resendETicket(request.params.id, request.body, staffUserIdOf(request));
      return { success: true as const, message };
    },
  );

  app.post(
    '/admin/bookings/:id/passengers/:passengerId/document',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: "Reveal one passenger's document number (each view is recorded in the staff audit trail)",
        params: z.object({ id: idParam, passengerId: childId }),
        response: { 200: adminDocumentRevealSchema, ...errors },
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      reply.headers(noStore);
      return adminBookings.revealDocument(request.params.id, request.params.passengerId, staffUserIdOf(request));
    },
  );

  app.get(
    '/admin/bookings/:id/receipts/:receiptId/file',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'A transfer receipt (image or PDF) of a booking, for staff',
        params: z.object({ id: idParam, receiptId: childId }),
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      return sendInlineFile(reply, await adminBookings.receiptFile(request.params.id, request.params.receiptId));
    },
  );
};
