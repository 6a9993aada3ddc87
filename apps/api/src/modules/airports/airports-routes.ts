import { createHash } from 'node:crypto';
import { airportListSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airportListJson } from './airport-service.js';

const etag = `"${createHash('sha1').update(airportListJson).digest('base64url')}"`;

export const airportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trips/airports',
    {
      schema: { tags: ['trips'], summary: 'Airports travellers can search', response: { 200: airportListSchema } },
      // The body is pre-serialised; skip the per-request schema serialiser.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(airportListJson);
    },
  );
};
