import { countryListSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCountries } from '../../data/countries.js';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/countries',
    { schema: { tags: ['trips'], summary: 'Every ISO country with its dial code', response: { 200: countryListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return listCountries();
    },
  );
};
