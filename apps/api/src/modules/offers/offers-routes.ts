import {
  apiErrorSchema,
  bestOffersRequestSchema,
  bestOffersResultSchema,
  fareCalendarRequestSchema,
  fareCalendarResultSchema,
  offerRequestSchema,
  offerSearchResultSchema,
  offerStreamEventSchema,
  type OfferRequest,
  type OfferStreamEvent,
} from '@kwenda/contracts';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptJson, trustedJsonSerializer } from '../../plugins/trusted-serializer.js';
import type { OffersService } from './offers-service.js';

/** `onSearch`: told of each search that answered (the dashboard's per-route counter); must not throw or wait. */
export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService; onSearch?: (request: OfferRequest) => void }> = async (
  app,
  { offers, onSearch },
) => {
  const searchJson = keptJson();
  app.post(
    '/offers/request',
    {
      schema: {
        tags: ['offers'],
        summary: 'Search offers (paged, sorted) with alternative-date suggestions',
        body: offerRequestSchema,
        response: { 200: offerSearchResultSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
      serializerCompiler: trustedJsonSerializer,
    },
    async (request, reply) => {
      const result = await offers.searchOffers(request.body);
      onSearch?.(request.body);
      // The answer's bytes, made once per answer (searchOffers is typed with the contract's result).
      return (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(searchJson(result));
    },
  );

  app.post(
    '/offers/stream',
    {
      schema: {
        tags: ['offers'],
        summary: 'Search offers, page 1, streamed as the supplier answers (newline-delimited JSON events)',
        description:
          'Takes the body of POST /offers/request (page is always 1) and answers application/x-ndjson: one ' +
          'event a line. After each batch of the supplier but the last: `progress` (offers received, batches ' +
          'remaining) and `offers` (page 1 over the offers so far, priced, sorted, filtered and faceted as ' +
          '/offers/request answers it, without suggestions). Last: `complete` (page 1 with nearby-date ' +
          'suggestions; `timedOut` when the supplier ran out of search time, the result then holds what ' +
          'arrived) or `error` (SUPPLIER_UNAVAILABLE). Bad input is a 400 JSON answer before any event. ' +
          "Later pages and filter changes go to /offers/request, answered from the supplier's recent results.",
        body: offerRequestSchema,
        response: {
          200: {
            description: 'One OfferStreamEvent per line',
            content: { 'application/x-ndjson': { schema: offerStreamEventSchema } },
          },
          400: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      // Each line must reach the browser as it is written: a compressor would hold lines back in its buffer.
      compress: false,
    },
    async (request, reply) => {
      const stop = new AbortController();
      const events = await offers.streamOffers(request.body, {
        signal: stop.signal,
        onError: (error) => request.log.error({ err: error }, 'offer stream failed'),
      });
      // The client went away before the last line: the supplier's search is stopped, not read to its end.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.abort();
      });
      async function* lines() {
        for await (const event of events) {
          // A search counts once, when it answered in full (as /offers/request counts its page 1).
          if (event.type === 'complete') onSearch?.(request.body);
          yield `${JSON.stringify(event)}\n`;
        }
      }
      return (
        reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          // nginx would otherwise buffer the answer and deliver every line at the end.
          .header('x-accel-buffering', 'no')
          // The 200 schema describes each line; a stream is sent as it is, never through a serializer.
          .send(Readable.from(lines(), { objectMode: false }) as unknown as OfferStreamEvent)
      );
    },
  );

  app.post(
    '/offers/calendar',
    {
      schema: {
        tags: ['offers'],
        summary: 'Lowest total on each of the days around the asked date (one-way and round trips), for the fare calendar strip',
        body: fareCalendarRequestSchema,
        response: { 200: fareCalendarResultSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => offers.fareCalendar(request.body.filters),
  );

  app.post(
    '/offers/best',
    {
      schema: {
        tags: ['offers'],
        summary: 'Cheapest and fastest offers first',
        body: bestOffersRequestSchema,
        response: { 200: bestOffersResultSchema, 400: apiErrorSchema, 503: apiErrorSchema },
      },
      serializerCompiler: trustedJsonSerializer,
    },
    async (request) => offers.bestOffers(request.body.filters),
  );
};
