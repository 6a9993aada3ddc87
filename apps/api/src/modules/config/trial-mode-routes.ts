import { apiErrorSchema } from '@kwenda/contracts';
import { trialModeResponseSchema } from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TrialMode } from '../../trial-mode.js';

/** GET /admin/trial-mode: the desk's Today page says the site is a trial, and which settings are missing. */
export const trialModeRoutes: FastifyPluginAsyncZod<{ trialMode: TrialMode }> = async (app, { trialMode }) => {
  app.get(
    '/admin/trial-mode',
    {
      preHandler: app.requireStaff('viewer'),
      schema: {
        tags: ['admin'],
        summary: 'Whether the site is a trial (its bookings not real), why, and the settings still at their placeholder',
        response: { 200: trialModeResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => ({ trial: trialMode.trial, reasons: trialMode.reasons, missingSettings: trialMode.placeholders }),
  );
};
