import type { BookingEventsPort } from '../modules/bookings/booking-events-port.js';
import { createSupplierCallsService } from '../modules/supplier-calls/supplier-calls-service.js';
import { supplierWebhooksRoutes } from '../modules/supplier-webhooks/supplier-webhooks-routes.js';
import { createSupplierWebhooksService } from '../modules/supplier-webhooks/supplier-webhooks-service.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * What the supplier tells about bookings outside their requests: calls whose answer was lost, settled
 * by asking the supplier, and the supplier's webhook events, stored by the route and processed by the
 * job. Both hand what they learn to the bookings module's port.
 */
export function supplierEventsModule({ app, env, database }: AppContext, { bookings }: { bookings: BookingEventsPort }) {
  const supplierCalls = createSupplierCallsService({
    database,
    bookings,
    logger: app.log,
    leaseMs: env.SUPPLIER_CALL_LEASE_SECONDS * 1000,
  });
  const webhooks = createSupplierWebhooksService({ database, bookings, logger: app.log });
  const module: AppModule = {
    routes: async (api) => api.register(supplierWebhooksRoutes, { webhooks, duffelSecret: env.DUFFEL_WEBHOOK_SECRET }),
    jobs: [
      { name: 'supplier-calls', run: (now) => supplierCalls.reconcile(now) },
      { name: 'supplier-events', run: (now) => webhooks.processDue(now) },
    ],
  };
  return { supplierCalls, module };
}
