import { createHash } from 'node:crypto';
import { airportListSchema } from '@kwenda/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airportListJson } from './airport-service.js';

const etag = `"${createHash('sha1').update(airportListJson).digest('base64url')}"`;

export const airportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trips/airports',
    {
      schema: { tags: ['trips'], summary: 'Airports travellers can search', response: { 200: airportListSchema } },
      // The body is pre-serialised once; skip the per-request schema serialiser.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const raw = reply as unknown as FastifyReply;
      raw.header('cache-control', 'public, max-age=3600').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      return raw.type('application/json; charset=utf-8').send(airportListJson);
    },
  );
};
