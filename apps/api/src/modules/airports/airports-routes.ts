import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { airportListSchema } from '@kwenda/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { airportListJson } from './airport-service.js';

const etag = `"${createHash('sha1').update(airportListJson).digest('base64url')}"`;
// The list never changes while the process runs: compress it once, not on every request.
const bodies = {
  br: brotliCompressSync(airportListJson, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(airportListJson, { level: 9 }),
};

function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = (header ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

export const airportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/trips/airports',
    {
      schema: { tags: ['trips'], summary: 'Airports travellers can search', response: { 200: airportListSchema } },
      // The body is prepared once above; skip the per-request schema serialiser.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const raw = reply as unknown as FastifyReply;
      raw.header('cache-control', 'public, max-age=3600').header('etag', etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      raw.type('application/json; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return raw.send(airportListJson);
      return raw.header('content-encoding', encoding).send(bodies[encoding]);
    },
  );
};
