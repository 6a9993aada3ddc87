import { apiErrorSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsService } from './payments-service.js';

/** POST /payments/webhooks/{provider}: signed notifications from the card gateway. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  // The signature covers the exact bytes sent: keep the body raw in this scope.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/payments/webhooks/:provider',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment provider webhook (signature and timestamp checked, each event handled once)',
        params: z.object({ provider: z.string().max(20) }),
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await payments.handleWebhook(request.params.provider, body, request.headers);
      return { received: true as const, outcome };
    },
  );
};
