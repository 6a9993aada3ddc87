import { apiErrorSchema, noticesQuerySchema, noticesResponseSchema } from '@kwenda/contracts';
import {
  listRouteNoticesQuerySchema,
  listRouteNoticesResponseSchema,
  routeNoticeInputSchema,
  routeNoticePathParamsSchema,
  routeNoticeResponseSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffUserIdOf } from '../../plugins/auth.js';
import type { NoticesService } from './notices-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Notices for travellers: any staff member reads them at /admin/notices, the desk and the owner
 * write, change and withdraw them; travellers read the ones matching their flights at /notices.
 */
export const noticesRoutes: FastifyPluginAsyncZod<{ notices: NoticesService }> = async (app, { notices }) => {
  const read = { preHandler: app.requireStaff('viewer') };
  const write = { preHandler: app.requireStaff('agent-desk') };
  const admin = { tags: ['admin'] };

  app.get(
    '/notices',
    {
      schema: {
        tags: ['notices'],
        summary: "The agency's notices for travellers of these flights (route, airports, airlines, day of departure)",
        querystring: noticesQuerySchema,
        response: { 200: noticesResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Notices change rarely and are the same for everyone: a browser may keep them a few minutes.
      reply.header('cache-control', 'public, max-age=300');
      return notices.forTraveller(request.query);
    },
  );
  app.get(
    '/admin/notices',
    {
      ...read,
      schema: {
        ...admin,
        summary: 'Notices for travellers not withdrawn and not over, or (?state=withdrawn) the latest withdrawn',
        querystring: listRouteNoticesQuerySchema,
        response: { 200: listRouteNoticesResponseSchema, ...errors },
      },
    },
    async (request) => notices.list(request.query.state),
  );
  app.post(
    '/admin/notices',
    {
      ...write,
      schema: {
        ...admin,
        summary: 'Write a notice for a route, an airport or an airline, for a period',
        body: routeNoticeInputSchema,
        response: { 201: routeNoticeResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ notice: await notices.create(request.body, staffUserIdOf(request)) }),
  );
  app.put(
    '/admin/notices/:id',
    {
      ...write,
      schema: {
        ...admin,
        summary: 'Change a notice',
        params: routeNoticePathParamsSchema,
        body: routeNoticeInputSchema,
        response: { 200: routeNoticeResponseSchema, ...errors },
      },
    },
    async (request) => ({ notice: await notices.update(request.params.id, request.body, staffUserIdOf(request)) }),
  );
  app.post(
    '/admin/notices/:id/withdraw',
    {
      ...write,
      schema: {
        ...admin,
        summary: 'Withdraw a notice: travellers no longer see it',
        params: routeNoticePathParamsSchema,
        response: { 200: routeNoticeResponseSchema, ...errors },
      },
    },
    async (request) => ({ notice: await notices.withdraw(request.params.id, staffUserIdOf(request)) }),
  );
};
