import {
  apiErrorSchema,
  bestOffersRequestSchema,
  bestOffersResultSchema,
  fareCalendarRequestSchema,
  fareCalendarResultSchema,
  offerRequestSchema,
  offerSearchResultSchema,
  type OfferRequest,
} from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trustedJsonSerializer } from '../../plugins/trusted-serializer.js';
import type { OffersService } from './offers-service.js';

/** `onSearch`: told of each search that answered (the dashboard's per-route counter); must not throw or wait. */
export const offersRoutes: FastifyPluginAsyncZod<{ offers: OffersService; onSearch?: (request: OfferRequest) => void }> = async (
  app,
  { offers, onSearch },
) => {
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
    async (request) => {
      const result = await offers.searchOffers(request.body);
      onSearch?.(request.body);
      return result;
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
