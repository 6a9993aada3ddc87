import { apiErrorSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../../errors.js';
import { webhookSchema } from './webhook-schema.js';
import type { WebhookService } from './webhook-service.js';
import { checkWebhookSignature, sameVerifyToken } from './webhook-signature.js';

const verifyQuerySchema = z
  .object({
    'hub.mode': z.string().max(64).optional(),
    'hub.verify_token': z.string().max(512).optional(),
    'hub.challenge': z.string().max(512).optional(),
  })
  .loose();

/**
 * GET /whatsapp/webhook: Meta's verification handshake (the challenge echoed when the verify token is
 * WHATSAPP_VERIFY_TOKEN). POST /whatsapp/webhook: statuses and inbound messages, signed with
 * X-Hub-Signature-256 over the raw body; anything unsigned, forged or not Meta's shape changes nothing.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhookService;
  appSecret: string | undefined;
  verifyToken: string | undefined;
}> = async (app, { webhooks, appSecret, verifyToken }) => {
  // The signature covers the exact bytes sent: keep the body raw in this scope only.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/whatsapp/webhook',
    {
      schema: {
        tags: ['whatsapp'],
        summary: "Meta's webhook verification: hub.challenge back when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
        // The challenge goes back as plain text, as sent: no response schema (no JSON serialization).
        querystring: verifyQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const tokenMatches = sameVerifyToken(query['hub.verify_token'], verifyToken);
      if (query['hub.mode'] !== 'subscribe' || !tokenMatches || query['hub.challenge'] === undefined)
        throw new AppError(403, 'FORBIDDEN', 'The verify token does not match WHATSAPP_VERIFY_TOKEN');
      return reply.header('content-type', 'text/plain; charset=utf-8').send(query['hub.challenge']);
    },
  );

  app.post(
    '/whatsapp/webhook',
    {
      // Meta sends a status per message and step (sent, delivered, read) from a few addresses, in bursts
      // well above a traveller's pace; a refused delivery only comes back later. Forgeries are refused by
      // the signature, at the cost of one HMAC.
      config: { rateLimit: { max: 30_000, timeWindow: '1 minute' } },
      schema: {
        tags: ['whatsapp'],
        summary: 'WhatsApp Cloud API webhook: message statuses and inbound messages (X-Hub-Signature-256 checked)',
        response: {
          200: z.object({ received: z.literal(true), statuses: z.number().int(), messages: z.number().int() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      const check = appSecret ? checkWebhookSignature(body, Array.isArray(header) ? header[0] : header, appSecret) : 'missing';
      if (check !== 'valid')
        throw new AppError(
          401,
          'INVALID_SIGNATURE',
          appSecret ? `The X-Hub-Signature-256 header is ${check}` : 'WhatsApp is not configured (WHATSAPP_APP_SECRET is unset)',
        );
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new AppError(400, 'INVALID_JSON', 'The body is not JSON');
      }
      const webhook = webhookSchema.safeParse(parsed);
      if (!webhook.success)
        throw validationError(
          webhook.error.issues
            .slice(0, 10)
            .map((issue) => ({ path: issue.path.join('.') || '(body)', code: issue.code, message: issue.message })),
        );
      const handled = await webhooks.handle(webhook.data);
      return { received: true as const, ...handled };
    },
  );
};
