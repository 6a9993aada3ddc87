import { healthSchema, apiErrorSchema } from '@kwenda/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async () => {
      try {
        await database.sql.query('SELECT 1');
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
};
