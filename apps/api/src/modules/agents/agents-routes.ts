import {
  adminAgentStatementSchema,
  agentBookingsResponseSchema,
  agentDetailResponseSchema,
  agentMeSchema,
  agentPathParamsSchema,
  agentStatementSchema,
  createAgentRequestSchema,
  createAgentResponseSchema,
  listAgentsResponseSchema,
  statementQuerySchema,
  updateAgentRequestSchema,
} from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors.js';
import { staffUserIdOf } from '../../plugins/auth.js';
import type { AgentsService } from './agents-service.js';
import { requireAgent } from './require-agent.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The owner's agents (/admin/agents): any staff member reads, only the owner writes. */
export const adminAgentsRoutes: FastifyPluginAsyncZod<{ agents: AgentsService }> = async (app, { agents }) => {
  const read = { preHandler: app.requireStaff('viewer') };
  const write = { preHandler: app.requireStaff('owner') };

  app.get(
    '/admin/agents',
    {
      ...read,
      schema: {
        tags: ['admin'],
        summary: "The agents, with this month's bookings and commission",
        response: { 200: listAgentsResponseSchema, ...errors },
      },
    },
    async () => agents.list(),
  );
  app.post(
    '/admin/agents',
    {
      ...write,
      schema: {
        tags: ['admin'],
        summary: 'Make an account (existing, or new and e-mailed a password link) an agent with a referral code',
        body: createAgentRequestSchema,
        response: { 201: createAgentResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await agents.create(request.body, staffUserIdOf(request))),
  );
  app.get(
    '/admin/agents/:id',
    {
      ...read,
      schema: {
        tags: ['admin'],
        summary: "An agent and the history of the agent's terms",
        params: agentPathParamsSchema,
        response: { 200: agentDetailResponseSchema, ...errors },
      },
    },
    async (request) => agents.detail(request.params.id),
  );
  app.patch(
    '/admin/agents/:id',
    {
      ...write,
      schema: {
        tags: ['admin'],
        summary: 'Change the commission or (de)activate: in force from now, bookings already ticketed keep their terms',
        params: agentPathParamsSchema,
        body: updateAgentRequestSchema,
        response: { 200: agentDetailResponseSchema, ...errors },
      },
    },
    async (request) => agents.update(request.params.id, request.body, staffUserIdOf(request)),
  );
  app.get(
    '/admin/agents/:id/statement',
    {
      ...read,
      schema: {
        tags: ['admin'],
        summary: "An agent's commission statement for a month (Khartoum's calendar; this month by default)",
        params: agentPathParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: adminAgentStatementSchema, ...errors },
      },
    },
    async (request) => agents.adminStatement(request.params.id, request.query.month),
  );
};

/** An agent's own page (/agent): the link to share, the bookings made through it, the statement. */
export const agentRoutes: FastifyPluginAsyncZod<{ agents: AgentsService }> = async (app, { agents }) => {
  app.decorateRequest('agent', null);
  const agentOnly = { preHandler: requireAgent(agents.activeAgentOf) };
  const agentOf = (request: { agent: Parameters<AgentsService['me']>[0] | null }) => request.agent!;

  app.get(
    '/agent/me',
    {
      ...agentOnly,
      schema: {
        tags: ['agent'],
        summary: "The agent's link, its QR code (SVG) and terms",
        response: { 200: agentMeSchema, ...errors },
      },
    },
    async (request) => agents.me(agentOf(request)),
  );
  app.get(
    '/agent/bookings',
    {
      ...agentOnly,
      schema: {
        tags: ['agent'],
        summary: "Bookings made through the agent's link: traveller name, route, dates and status only",
        response: { 200: agentBookingsResponseSchema, ...errors },
      },
    },
    async (request) => agents.bookings(agentOf(request)),
  );
  app.get(
    '/agent/statement',
    {
      ...agentOnly,
      schema: {
        tags: ['agent'],
        summary: "The agent's commission statement for a month (Khartoum's calendar; this month by default)",
        querystring: statementQuerySchema,
        response: { 200: agentStatementSchema, ...errors },
      },
    },
    async (request) => agents.statement(agentOf(request), request.query.month),
  );
};
