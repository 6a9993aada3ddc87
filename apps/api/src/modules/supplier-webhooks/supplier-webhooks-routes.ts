import { apiErrorSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { checkDuffelSignature } from './duffel-signature.js';
import type { DuffelEvent, SupplierWebhooksService } from './supplier-webhooks-service.js';

const eventSchema = z.object({ id: z.string().min(1).max(200), type: z.string().min(1).max(200) }).loose();

/**
 * POST /suppliers/duffel/webhooks: Duffel's events, signed with DUFFEL_WEBHOOK_SECRET. A genuine and
 * fresh delivery is stored once (by its event id) and answered 200 at once, whatever its type; a job
 * acts on it. Without the secret the route cannot tell genuine deliveries and answers 503.
 */
export const supplierWebhooksRoutes: FastifyPluginAsyncZod<{
  webhooks: SupplierWebhooksService;
  duffelSecret: string | undefined;
  clock?: () => Date;
}> = async (app, { webhooks, duffelSecret, clock = () => new Date() }) => {
  // The signature covers the exact bytes sent: keep the body raw in this scope only.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/suppliers/duffel/webhooks',
    {
      schema: {
        tags: ['suppliers'],
        summary: 'Duffel webhook (signature and timestamp checked, each event stored once and processed by a job)',
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!duffelSecret)
        throw new AppError(503, 'SUPPLIER_NOT_CONFIGURED', 'Duffel webhooks are not configured (DUFFEL_WEBHOOK_SECRET is unset)');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-duffel-signature'];
      const check = checkDuffelSignature(body, Array.isArray(header) ? header[0] : header, duffelSecret, clock());
      if (check === 'stale') throw new AppError(400, 'INVALID_SIGNATURE', 'The signature timestamp is more than 5 minutes off');
      if (check !== 'valid') throw new AppError(401, 'INVALID_SIGNATURE', `The X-Duffel-Signature header is ${check}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError(400, 'INVALID_JSON', 'The body is not JSON');
      }
      const event = eventSchema.safeParse(parsed);
      if (!event.success) throw new AppError(400, 'VALIDATION_ERROR', 'Not a Duffel event (id and type are required)');
      const stored = await webhooks.receive('duffel', event.data as DuffelEvent);
      request.log.info({ eventId: event.data.id, type: event.data.type, duplicate: !stored }, 'duffel event received');
      return { received: true as const, duplicate: !stored };
    },
  );
};
