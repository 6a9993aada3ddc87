import { apiErrorSchema } from '@kwenda/contracts';
import { dashboardQuerySchema, dashboardResponseSchema } from '@kwenda/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard-service.js';

/** GET /admin/dashboard: the "Today" screen's figures, for every staff role (viewer and up). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/admin/dashboard',
    {
      preHandler: app.requireStaff('viewer'),
      schema: {
        tags: ['admin'],
        summary:
          'Today: counts that need action now, the day in Khartoum, paid amounts per currency, the offers-page funnel and the most searched routes over 7 or 30 days',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Counts of bookings and money: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return dashboard.getDashboard(request.query.days);
    },
  );
};
