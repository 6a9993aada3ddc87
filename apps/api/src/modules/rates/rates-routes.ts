import {
  markupRuleIdParamsSchema,
  markupRuleInputSchema,
  markupRuleSchema,
  rateChangeSchema,
  rateIdParamsSchema,
  ratesOverviewSchema,
  setRateRequestSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors.js';
import { staffUserIdOf } from '../../plugins/auth.js';
import type { RatesService } from './rates-service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Exchange rates and markups (/admin/rates/...): every staff member reads them; only the owner sets a
 * rate, cancels one set for later, or adds, changes and disables markup rules.
 */
export const ratesRoutes: FastifyPluginAsyncZod<{ rates: RatesService }> = async (app, { rates }) => {
  const tags = ['admin'];

  app.get(
    '/admin/rates',
    {
      schema: {
        tags,
        summary: 'The rate in effect for each currency (with rates set for later), the history of rates, and the markup rules',
        response: { 200: ratesOverviewSchema, ...errors },
      },
      preValidation: app.requireStaff('viewer'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return rates.overview();
    },
  );

  app.post(
    '/admin/rates',
    {
      schema: {
        tags,
        summary: 'Set a currency rate (units per US dollar), from now or from a later time',
        body: setRateRequestSchema,
        response: { 201: rateChangeSchema, ...errors },
      },
      preValidation: app.requireStaff('owner'),
    },
    async (request, reply) => {
      reply.code(201);
      return rates.setRate(staffUserIdOf(request), request.body);
    },
  );

  app.delete(
    '/admin/rates/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a rate set for later, before it takes effect',
        params: rateIdParamsSchema,
        response: { 200: rateChangeSchema, ...errors },
      },
      preValidation: app.requireStaff('owner'),
    },
    async (request) => rates.cancelRate(staffUserIdOf(request), request.params.id),
  );

  app.post(
    '/admin/rates/markups',
    {
      schema: {
        tags,
        summary: 'Add a markup rule (percent and/or fixed USD per passenger; optionally one airline, route or cabin)',
        body: markupRuleInputSchema,
        response: { 201: markupRuleSchema, ...errors },
      },
      preValidation: app.requireStaff('owner'),
    },
    async (request, reply) => {
      reply.code(201);
      return rates.createMarkup(staffUserIdOf(request), request.body);
    },
  );

  app.put(
    '/admin/rates/markups/:id',
    {
      schema: {
        tags,
        summary: 'Change a markup rule, or disable it (active: false)',
        params: markupRuleIdParamsSchema,
        body: markupRuleInputSchema,
        response: { 200: markupRuleSchema, ...errors },
      },
      preValidation: app.requireStaff('owner'),
    },
    async (request) => rates.updateMarkup(staffUserIdOf(request), request.params.id, request.body),
  );
};
