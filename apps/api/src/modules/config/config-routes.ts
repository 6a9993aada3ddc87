import { currencies, publicConfigSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../env.js';

/** Run-time facts for the browser, so one build serves staging and production. */
export const configRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const config = publicConfigSchema.parse({
    staging: env.STAGING,
    currencies: [...currencies],
    whatsappNumber: env.WHATSAPP_NUMBER,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    offerTtlMinutes: env.OFFER_TTL_MINUTES,
  });
  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'Public run-time configuration', response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return config;
    },
  );
};
