import { apiErrorSchema, pageViewSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { AnalyticsService } from './analytics-service.js';

/** POST /analytics/pageview: the web app reports each page seen. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  // navigator.sendBeacon sends a string as text/plain (a JSON Blob is refused by Chromium), so in
  // this scope only a text/plain body is read as JSON too.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON'), undefined);
    }
  });
  app.post(
    '/analytics/pageview',
    {
      bodyLimit: 4096,
      schema: {
        tags: ['analytics'],
        summary: 'Count a page view (no personal data is stored)',
        body: pageViewSchema,
        response: {
          204: z.null().describe('Counted'),
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await analytics.recordPageView(request.body);
      return reply.status(204).send(null);
    },
  );
};
