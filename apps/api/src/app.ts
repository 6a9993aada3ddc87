import type { FastifyServerOptions } from 'fastify';
import type { Database } from './db/client.js';
import type { Env } from './env.js';
import { startJobs } from './jobs/job-runner.js';
import { createPaymentProvider, type DeliverWebhook, type PaymentProvider } from './payments/payment-provider.js';
import type { Supplier } from './suppliers/supplier.js';
import { accountsModule } from './app/accounts.js';
import { createAppContext } from './app/app-context.js';
import { bookingsModule } from './app/bookings.js';
import { createHttpServer } from './app/http-server.js';
import { mailModule } from './app/mail.js';
import { checkoutOf, paymentsModule } from './app/payments.js';
import { siteModule } from './app/site.js';
import { supplierEventsModule } from './app/supplier-events.js';
import { whatsappModule } from './app/whatsapp.js';

export interface AppDeps {
  env: Env;
  database: Database;
  /**
   * Replaces the supplier of its name and makes it the current one (tests); by default every
   * supplier configured, the current one chosen by env.SUPPLIER.
   */
  supplier?: Supplier;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the card gateway chosen by env.PAYMENT_PROVIDER. */
  paymentProvider?: PaymentProvider;
  /** How the sandbox gateway delivers its webhooks (tests route them through app.inject). */
  deliverWebhook?: DeliverWebhook;
}

/** The API and the web app: the HTTP server, then each module with what it needs, in the order they are listed. */
export async function buildApp({ env, database, supplier, logger, paymentProvider, deliverWebhook }: AppDeps) {
  const { app, errorReporter } = await createHttpServer(env, database, logger);
  const context = await createAppContext(app, { env, database, errorReporter, supplier });
  const provider =
    paymentProvider ??
    (await createPaymentProvider(env, { database, deliverWebhook, publicUrl: context.publicUrl, logger: app.log }));

  // Bookings and payments need each other, joined here: bookings open and close card checkouts through
  // payments (built next, each call forwarded to it), payments confirm bookings through bookings' port.
  const bookings = bookingsModule(context, { checkout: checkoutOf(() => paid.payments) });
  const paid = paymentsModule(context, { bookings: bookings.service.ports, provider });
  const supplierEvents = supplierEventsModule(context, { bookings: bookings.service.eventsPort });
  const people = accountsModule(context, { listBookings: (userId) => bookings.service.listForUser(userId) });
  const site = siteModule(context, people.social);

  const modules = [
    site.module,
    bookings.module,
    whatsappModule(context),
    mailModule(context),
    supplierEvents.module,
    paid.module,
    people.module,
  ];
  const jobs = startJobs(
    modules.flatMap((module) => module.jobs ?? []),
    {
      intervalMs: env.JOBS_INTERVAL_SECONDS * 1000,
      logger: {
        error: (obj: { err?: unknown; job?: string }, msg?: string) => {
          app.log.error(obj, msg);
          errorReporter.capture(obj.err, { job: obj.job });
        },
      },
      // Started once the server listens: the sandbox gateway's webhooks are sent to this server's own
      // address, and a delivery before it listens fails and waits a minute for its next attempt.
      autoStart: false,
    },
  );
  if (env.RUN_JOBS) app.addHook('onListen', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  app.decorate('kwenda', {
    bookings: bookings.service,
    payments: paid.payments,
    receipts: paid.receipts,
    mail: context.mail,
    messenger: context.messenger,
    jobs,
    staff: people.staff,
    desk: bookings.service.desk,
    supplierCalls: supplierEvents.supplierCalls,
  });

  await app.register(
    async (api) => {
      for (const module of modules) if (module.routes) await api.register(module.routes);
    },
    { prefix: '/api/v1' },
  );
  for (const module of modules) if (module.rootRoutes) await app.register(module.rootRoutes);
  await site.registerPages({
    bookingExists: async (id) => (await bookings.service.getBookingRow(id)) !== undefined,
    bookingForPage: bookings.bookingForPage,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
