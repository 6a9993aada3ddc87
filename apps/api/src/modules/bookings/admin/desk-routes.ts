import { apiErrorSchema } from '@kwenda/contracts';
import {
  approveTransferRequestSchema,
  bookingDeskStateSchema,
  cancelBookingRequestSchema,
  deskActionResponseSchema,
  extendHoldRequestSchema,
  manualTicketRequestSchema,
  recordRefundRequestSchema,
  refundsResponseSchema,
  receiptSearchQuerySchema,
  receiptSearchResponseSchema,
  rejectTransferRequestSchema,
  ticketingResponseSchema,
  transfersResponseSchema,
} from '@kwenda/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, checkBookingId } from '../../../errors.js';
import { staffUserIdOf } from '../../../plugins/auth.js';
import { sendInlineFile } from '../../../plugins/inline-file.js';
import { staffActorOf } from '../use-cases/staff-deps.js';
import type { DeskService } from './desk-service.js';

const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const actionErrors = { ...readErrors, 400: apiErrorSchema, 409: apiErrorSchema };
const noStore = { 'cache-control': 'no-store' };
const idParam = z.object({ id: z.string().max(300) });
const receiptParam = z.object({ receiptId: z.string().max(300) });

/** An id that is not a receipt's is simply not found, not a validation error. */
function checkReceiptId(id: string) {
  if (!/^rc_[A-Za-z0-9_-]{8,64}$/.test(id)) throw new AppError(404, 'NOT_FOUND', 'No receipt with this id');
}

/**
 * The desk: transfers to verify, the ticketing desk, cancellations and refunds. Every staff role
 * reads (viewer and up); the actions need agent-desk or owner, and each one is recorded under the
 * staff member's name.
 */
export const deskRoutes: FastifyPluginAsyncZod<{ desk: DeskService }> = async (app, { desk }) => {
  const viewer = app.requireStaff('viewer');
  const agent = app.requireStaff('agent-desk');
  const actor = (request: FastifyRequest) => staffActorOf(staffUserIdOf(request));

  app.get(
    '/admin/transfers',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary:
          'Transfer receipts waiting for a decision, with the amount expected and what their checks found: all passed first, a possible fraud last',
        response: { 200: transfersResponseSchema, ...readErrors },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { success: true as const, transfers: await desk.listTransfers() };
    },
  );

  app.get(
    '/admin/transfers/:receiptId/file',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'The receipt file (JPEG, PNG, WebP or PDF), to show inline',
        params: receiptParam,
        response: { 200: z.any().describe('image/jpeg, image/png, image/webp or application/pdf'), ...readErrors },
      },
    },
    async (request, reply) => {
      checkReceiptId(request.params.receiptId);
      return sendInlineFile(reply, await desk.receiptFile(request.params.receiptId));
    },
  );

  app.post(
    '/admin/transfers/:receiptId/approve',
    {
      preHandler: agent,
      schema: {
        tags: ['admin'],
        summary:
          'Approve a transfer: the booking is paid as a card payment pays it, then ticketed (final); a note is required when a check of the receipt failed',
        params: receiptParam,
        // Optional: callers from before the receipt checks send no body.
        body: approveTransferRequestSchema.nullish(),
        response: { 200: deskActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => {
      checkReceiptId(request.params.receiptId);
      return {
        success: true as const,
        booking: await desk.approveTransfer(request.params.receiptId, actor(request), request.body ?? {}),
      };
    },
  );

  app.get(
    '/admin/receipts',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'Receipts of any booking and status whose transaction number (typed or read) is this one',
        querystring: receiptSearchQuerySchema,
        response: { 200: receiptSearchResponseSchema, 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { success: true as const, receipts: await desk.searchReceipts(request.query.transactionNumber) };
    },
  );

  app.post(
    '/admin/transfers/:receiptId/reject',
    {
      preHandler: agent,
      schema: {
        tags: ['admin'],
        summary: 'Reject a transfer receipt with a reason the traveller receives by e-mail (final)',
        params: receiptParam,
        body: rejectTransferRequestSchema,
        response: { 200: deskActionResponseSchema, ...actionErrors },
      },
    },
    async (request) => {
      checkReceiptId(request.params.receiptId);
      return {
        success: true as const,
        booking: await desk.rejectTransfer(request.params.receiptId, request.body, actor(request)),
      };
    },
  );

  app.get(
    '/admin/ticketing',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'Paid bookings whose ticketing failed or is waiting',
        response: { 200: ticketingResponseSchema, ...readErrors },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { success: true as const, bookings: await desk.listTicketing() };
    },
  );

  app.get(
    '/admin/refunds',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: 'Refunds owed (canceled paid bookings), money kept for a refund (refund-required payments), refunds recorded',
        response: { 200: refundsResponseSchema, ...readErrors },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { success: true as const, ...(await desk.listRefunds()) };
    },
  );

  app.get(
    '/admin/bookings/:id/actions',
    {
      preHandler: viewer,
      schema: {
        tags: ['admin'],
        summary: "What a booking's state allows the desk now, with its waiting receipts, money and refunds",
        params: idParam,
        response: { 200: bookingDeskStateSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      checkBookingId(request.params.id);
      reply.headers(noStore);
      return { success: true as const, ...(await desk.bookingState(request.params.id)) };
    },
  );

  const action = <B extends z.ZodType | undefined>(
    path: string,
    summary: string,
    body: B,
    run: (
      id: string,
      body: B extends z.ZodType ? z.infer<B> : undefined,
      request: FastifyRequest,
    ) => Promise<z.infer<typeof deskActionResponseSchema>['booking']>,
  ) =>
    app.post(
      `/admin/bookings/:id/${path}`,
      {
        preHandler: agent,
        schema: {
          tags: ['admin'],
          summary,
          params: idParam,
          ...(body ? { body } : {}),
          response: { 200: deskActionResponseSchema, ...actionErrors, 502: apiErrorSchema },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        checkBookingId(id);
        return { success: true as const, booking: await run(id, request.body as never, request) };
      },
    );

  action('ticketing/retry', 'Try ticketing with the supplier again now', undefined, (id, _body, request) =>
    desk.retryTicketing(id, actor(request)),
  );
  action(
    'manual-ticket',
    'Tickets issued outside Kwenda: the PNR and each passenger’s ticket number; the traveller gets the e-ticket',
    manualTicketRequestSchema,
    (id, body, request) => desk.ticketManually(id, body, actor(request)),
  );
  action('resend-eticket', 'Send the e-ticket e-mail to the traveller again', undefined, (id, _body, request) =>
    desk.resendETicket(id, actor(request)),
  );
  action(
    'extend-hold',
    'Extend a hold waiting for a transfer, once, with a reason (never past the airline’s own deadline)',
    extendHoldRequestSchema,
    (id, body, request) => desk.extendHold(id, body, actor(request)),
  );
  action(
    'cancel',
    'Cancel the booking (the supplier hold or order too), with a reason; 502 SUPPLIER_CANCEL_FAILED changes nothing',
    cancelBookingRequestSchema,
    (id, body, request) => desk.cancelBooking(id, body, actor(request)),
  );
  action(
    'refunds',
    'Record a refund sent to the traveller: amount (at most what is refundable), method, reference',
    recordRefundRequestSchema,
    (id, body, request) => desk.recordRefund(id, body, actor(request)),
  );
};
