import { apiErrorSchema } from '@kwenda/contracts';
import {
  holdCapLiftPathParamsSchema,
  holdCapLiftResponseSchema,
  liftHoldCapRequestSchema,
  listHoldCapLiftsResponseSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffUserIdOf } from '../../plugins/auth.js';
import type { LimitsService } from './limits-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The caps on unpaid holds and their lifts (/admin/limits): any staff member reads, the desk and the owner lift. */
export const limitsRoutes: FastifyPluginAsyncZod<{ limits: LimitsService }> = async (app, { limits }) => {
  const read = { preHandler: app.requireStaff('viewer') };
  const write = { preHandler: app.requireStaff('agent-desk') };

  app.get(
    '/admin/limits',
    {
      ...read,
      schema: {
        tags: ['admin'],
        summary: 'The caps on unpaid holds, and the lifts in force (newest first)',
        response: { 200: listHoldCapLiftsResponseSchema, ...errors },
      },
    },
    async () => limits.list(),
  );
  app.post(
    '/admin/limits/lifts',
    {
      ...write,
      schema: {
        tags: ['admin'],
        summary: 'Lift the cap on unpaid holds for one e-mail, mobile or address, for some hours, with a reason',
        body: liftHoldCapRequestSchema,
        response: { 201: holdCapLiftResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ lift: await limits.lift(request.body, staffUserIdOf(request)) }),
  );
  app.post(
    '/admin/limits/lifts/:id/end',
    {
      ...write,
      schema: {
        tags: ['admin'],
        summary: 'End a lift before its time: the cap applies again',
        params: holdCapLiftPathParamsSchema,
        response: { 200: holdCapLiftResponseSchema, ...errors },
      },
    },
    async (request) => ({ lift: await limits.end(request.params.id, staffUserIdOf(request)) }),
  );
};
