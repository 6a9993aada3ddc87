import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { Env } from './env.js';
import { airportsRoutes } from './modules/airports/airports-routes.js';
import { bankAccountsOf, configRoutes, publicConfigOf } from './modules/config/config-routes.js';
import { countriesRoutes } from './modules/countries/countries-routes.js';
import { trialModeRoutes } from './modules/config/trial-mode-routes.js';
import { trialModeOf } from './trial-mode.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { createRateBook } from './modules/rates/rate-book.js';
import { ratesRoutes } from './modules/rates/rates-routes.js';
import { createRatesService } from './modules/rates/rates-service.js';
import { createOffersService } from './modules/offers/offers-service.js';
import { offersRoutes } from './modules/offers/offers-routes.js';
import { startJobs } from './jobs/job-runner.js';
import { accountsRoutes } from './modules/accounts/accounts-routes.js';
import { adminBookingsRoutes } from './modules/admin-bookings/admin-bookings-routes.js';
import { createAdminBookingsService } from './modules/admin-bookings/admin-bookings-service.js';
import { analyticsRoutes } from './modules/analytics/analytics-routes.js';
import { createSearchCounter } from './modules/analytics/search-counter.js';
import { createUnpricedOffersCounter } from './modules/rates/unpriced-offers-counter.js';
import { dashboardRoutes } from './modules/admin-dashboard/dashboard-routes.js';
import { createDashboardService } from './modules/admin-dashboard/dashboard-service.js';
import { createAnalyticsService } from './modules/analytics/analytics-service.js';
import { createAccountsService } from './modules/accounts/accounts-service.js';
import { jwtSecret } from './plugins/auth-tokens.js';
import { socialAuthRoutes } from './modules/accounts/social-auth-routes.js';
import { createSocialLoginService } from './modules/accounts/social-login-service.js';
import { createSocialProviders } from './modules/accounts/social-providers.js';
import { createBookingService } from './modules/bookings/booking-service.js';
import { bookingsRoutes } from './modules/bookings/bookings-routes.js';
import { bookingAccessEmailsOf } from './modules/booking-access/booking-access-emails.js';
import { registerBookingAccessGuard } from './modules/booking-access/booking-access-guard.js';
import { bookingAccessRoutes } from './modules/booking-access/booking-access-routes.js';
import { createBookingAccessService } from './modules/booking-access/booking-access-service.js';
import { devOutboxRoutes } from './modules/mail/dev-outbox-routes.js';
import { createMailService } from './modules/mail/mail-service.js';
import { createPaymentsService } from './modules/payments/payments-service.js';
import { paymentsRoutes } from './modules/payments/payments-routes.js';
import { receiptsRoutes } from './modules/receipts/receipts-routes.js';
import { createReceiptsService } from './modules/receipts/receipts-service.js';
import { accountEmailsOf } from './modules/accounts/account-emails.js';
import { bookingMessagesOf } from './modules/bookings/booking-emails.js';
import { mailContextOf } from './modules/mail/mail-context.js';
import { publicOriginOf } from './modules/mail/public-links.js';
import { ticketsRoutes } from './modules/tickets/tickets-routes.js';
import { composeStaffInvitation } from './modules/staff/staff-invitation-email.js';
import { staffRoutes } from './modules/staff/staff-routes.js';
import { backupRoutes } from './modules/backup/backup-routes.js';
import { createStaffService } from './modules/staff/staff-service.js';
import { adminAgentsRoutes, agentRoutes } from './modules/agents/agents-routes.js';
import { deskRoutes } from './modules/bookings/admin/desk-routes.js';
import { deskMessagesOf } from './modules/bookings/staff-emails.js';
import { createSupplierCallsService } from './modules/supplier-calls/supplier-calls-service.js';
import { createAgentsService } from './modules/agents/agents-service.js';
import { createPaymentProvider, type DeliverWebhook, type PaymentProvider } from './payments/payment-provider.js';
import { sandboxGatewayRoutes } from './payments/sandbox/gateway-routes.js';
import { contentSecurityDirectives } from './plugins/content-security-policy.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { createHoldLimits, holdCapsOf } from './modules/bookings/hold-limits.js';
import { limitsRoutes } from './modules/limits/limits-routes.js';
import { createLimitsService } from './modules/limits/limits-service.js';
import { redactedLoggerOptions } from './plugins/log-redaction.js';
import { createErrorReporter } from './plugins/error-reporter.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerWebApp } from './plugins/web-app.js';
import { createSupplierRegistry } from './suppliers/create-supplier.js';
import { adminAirlineChangeRoutes } from './modules/bookings/admin/airline-change-routes.js';
import { createSupplierWebhooksService } from './modules/supplier-webhooks/supplier-webhooks-service.js';
import { supplierWebhooksRoutes } from './modules/supplier-webhooks/supplier-webhooks-routes.js';
import type { Supplier } from './suppliers/supplier.js';

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

/**
 * TRUST_PROXY as Fastify takes it. A number of hops becomes a function: Fastify reads a bare number as
 * trusting no one. Hop 0 is the connection itself, so 1 believes the one address the proxy added.
 */
export function trustProxyOption(trust: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Where travellers reach the site: links in e-mails, payment return pages, webhooks. */
export const publicUrlOf = (env: Env) => publicOriginOf(env);

export async function buildApp({ env, database, supplier, logger, paymentProvider, deliverWebhook }: AppDeps) {
  const app = Fastify({
    // Errors are logged without the values they carry (a failed query's parameters: passport numbers).
    logger: redactedLoggerOptions(logger ?? { level: env.LOG_LEVEL }),
    bodyLimit: 256 * 1024,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    // A long bogus id is not found (404), not a 414.
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const errorReporter = await createErrorReporter(env, app.log);
  app.addHook('onClose', () => errorReporter.close());
  registerErrorHandler(app, errorReporter);
  // A JSON API: plain text bodies get a 415 that says to send JSON, not a confusing type error.
  app.removeContentTypeParser('text/plain');
  // Idempotency-Key on the booking requests: before the routes it joins, and before compression (it keeps answers as sent).
  registerIdempotency(app, { db: database.db });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(env) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Per client address, counted in Redis for all processes when REDIS_URL is set.
  await registerRateLimits(app, env);
  await registerOpenApi(app);

  // Suppliers by name: searches go to the current one, each booking to the one holding it.
  const suppliers = createSupplierRegistry(env, database, app.log, supplier);
  // Rates and markups as the database has them at each search: every process prices with the agency's latest.
  const rates = createRateBook(database.db, { listen: database.listen });
  // Offers left out for want of a rate, counted per currency for the desk's Today screen.
  const unpricedOffers = createUnpricedOffersCounter({ database, logger: app.log });
  const offers = createOffersService({
    supplier: suppliers.current,
    rates,
    logger: app.log,
    onUnpriced: (currency) => unpricedOffers.count(currency),
    searchTimeoutMs: env.SUPPLIER_TIMEOUT_SECONDS * 1000,
  });

  const publicUrl = publicUrlOf(env);
  // Every e-mail and the e-ticket: the agency's contacts, and links built from PUBLIC_URL (mail/public-links.ts).
  const mailContext = mailContextOf(env, publicUrl);
  const bankAccounts = bankAccountsOf(env);
  const bookingMessages = bookingMessagesOf(mailContext);
  const mail = createMailService({ database, env, logger: app.log });
  const bookings = createBookingService({
    database,
    suppliers,
    rates,
    publicUrl,
    holdMinutes: env.HOLD_MINUTES,
    agencyEmail: env.SUPPORT_EMAIL,
    mail,
    messages: bookingMessages,
    deskMessages: deskMessagesOf(mailContext),
    logger: app.log,
    supplierCallLeaseMs: env.SUPPLIER_CALL_LEASE_SECONDS * 1000,
    holds: createHoldLimits({ caps: holdCapsOf(env) }),
    bankAccounts,
    manualTicketing: { hours: env.MANUAL_TICKETING_HOURS, support: { ...env.SUPPORT_DAYS, ...env.SUPPORT_HOURS } },
  });
  const provider = paymentProvider ?? createPaymentProvider(env, { database, deliverWebhook, publicUrl, logger: app.log });
  const payments = createPaymentsService({
    database,
    provider,
    bookings: bookings.ports,
    logger: app.log,
    reconcileAfterMs: env.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
  });
  bookings.attachCheckout(payments);
  const receipts = createReceiptsService({ database, bookings: bookings.ports });

  const secret = jwtSecret(env);
  const accounts = createAccountsService({
    database,
    mail,
    secret,
    emails: accountEmailsOf(mailContext),
    // Staff accounts sign in at /admin only (the staff service is made below; asked per log-in).
    staffAccounts: {
      refusesTravellerLogIn: (userId, context) => staff.signIn.refusesTravellerLogIn(userId, context),
      refusesTravellerPasswordReset: (userId, context) => staff.signIn.refusesTravellerPasswordReset(userId, context),
    },
  });
  const social = createSocialLoginService({
    database,
    accounts,
    providers: createSocialProviders(env, (provider) => `${publicUrl}/api/v1/auth/social/${provider}/callback`),
    secret,
    logger: app.log,
  });
  // request.auth, app.requireUser and app.requireStaff for every route below.
  registerAuth(app, { db: database.db, secret });
  // Who sees a booking whole: its account, or the guest's browser holding its access cookie. The guard
  // sits in front of every owner-only booking route, so it is registered before the routes.
  const bookingAccess = createBookingAccessService({
    database,
    mail,
    emails: bookingAccessEmailsOf(mailContext),
    logger: app.log,
  });
  registerBookingAccessGuard(app, { access: bookingAccess });
  const staff = createStaffService({
    database,
    mail,
    secret,
    publicUrl,
    invitationEmail: (input) => composeStaffInvitation(input, mailContext),
    logger: app.log,
  });

  // Supplier calls (hold, ticket, cancel) whose answer was lost: settled by asking the supplier.
  const supplierCalls = createSupplierCallsService({
    database,
    bookings: bookings.eventsPort,
    logger: app.log,
    leaseMs: env.SUPPLIER_CALL_LEASE_SECONDS * 1000,
  });
  // Caps on unpaid holds and the staff's lifts; the throttle counters and idempotency keys it prunes.
  const limits = createLimitsService({ database, caps: holdCapsOf(env) });
  // Suppliers' webhook events (Duffel), stored once by the route and processed by the job.
  const supplierWebhooks = createSupplierWebhooksService({ database, bookings: bookings.eventsPort, logger: app.log });
  const jobs = startJobs(
    [
      { name: 'hold-expiry', run: (now) => bookings.expireHolds(now) },
      { name: 'ticketing-retry', run: (now) => bookings.fulfilPending(now) },
      { name: 'mail-delivery', run: (now) => mail.deliverDue(now) },
      { name: 'supplier-calls', run: (now) => supplierCalls.reconcile(now) },
      { name: 'supplier-events', run: (now) => supplierWebhooks.processDue(now) },
      // The sandbox gateway's notifications, from its table (Stripe sends its own).
      { name: 'payment-webhooks', run: async (now) => provider.deliverDueWebhooks?.(now) },
      // Checkouts the provider has not told us the end of: asked about and settled.
      { name: 'payment-reconciliation', run: (now) => payments.reconcileOpenPayments(now) },
      { name: 'limits-prune', run: (now) => limits.prune(now) },
    ],
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
  const { desk } = bookings;
  app.decorate('kwenda', { bookings, payments, receipts, mail, jobs, staff, desk, supplierCalls });

  const publicConfig = publicConfigOf(env, social.enabledProviders());
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(analyticsRoutes, { analytics: createAnalyticsService({ database }) });
      await api.register(configRoutes, { config: publicConfig });
      await api.register(airportsRoutes);
      await api.register(countriesRoutes);
      const searchCounter = createSearchCounter({ database, logger: app.log });
      // A search answered just before SIGTERM is still counted before the database closes.
      api.addHook('onClose', () => searchCounter.settled());
      api.addHook('onClose', () => unpricedOffers.settled());
      await api.register(offersRoutes, { offers, onSearch: (request) => searchCounter.countSearch(request) });
      await api.register(dashboardRoutes, { dashboard: createDashboardService({ database }) });
      await api.register(bookingsRoutes, {
        bookings,
        suppliers,
        access: bookingAccess,
        secureCookies: publicUrl.startsWith('https:'),
      });
      await api.register(bookingAccessRoutes, { access: bookingAccess, secureCookies: publicUrl.startsWith('https:') });
      const agents = createAgentsService({ database, mail, mailContext });
      await api.register(accountsRoutes, {
        accounts,
        listBookings: (userId) => bookings.listForUser(userId),
        agentOf: async (userId) => {
          const agent = await agents.activeAgentOf(userId);
          return agent ? { referralCode: agent.referralCode } : null;
        },
      });
      await api.register(socialAuthRoutes, { social, secureCookies: publicUrl.startsWith('https:') });
      await api.register(ticketsRoutes, {
        getBooking: bookings.getBooking,
        renderETicket: (booking) => bookingMessages.renderETicket(booking),
      });
      await api.register(paymentsRoutes, { payments });
      await api.register(receiptsRoutes, { receipts, bookings: bookings.ports });
      await api.register(staffRoutes, { staff, secret });
      // npm run backup beside the running server (embedded database only).
      await api.register(backupRoutes, { database, secret });
      await api.register(ratesRoutes, { rates: createRatesService({ database }) });
      await api.register(adminBookingsRoutes, {
        adminBookings: createAdminBookingsService({ database, getBooking: bookings.getBooking }),
      });
      await api.register(adminAgentsRoutes, { agents });
      await api.register(agentRoutes, { agents });
      await api.register(deskRoutes, { desk });
      await api.register(supplierWebhooksRoutes, { webhooks: supplierWebhooks, duffelSecret: env.DUFFEL_WEBHOOK_SECRET });
      await api.register(adminAirlineChangeRoutes, { desk });
      await api.register(limitsRoutes, { limits });
      await api.register(trialModeRoutes, { trialMode: trialModeOf(env) });
    },
    { prefix: '/api/v1' },
  );
  if (provider.name === 'sandbox') await app.register(sandboxGatewayRoutes, { provider });
  if (env.NODE_ENV !== 'production') await app.register(devOutboxRoutes, { database });

  await registerWebApp(app, env, {
    config: publicConfig,
    bookingExists: async (id) => (await bookings.getBookingRow(id)) !== undefined,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for jobs, scripts and tests. */
    kwenda: {
      bookings: import('./modules/bookings/booking-service.js').BookingService;
      payments: ReturnType<typeof createPaymentsService>;
      receipts: import('./modules/receipts/receipts-service.js').ReceiptsService;
      mail: ReturnType<typeof createMailService>;
      jobs: import('./jobs/job-runner.js').JobRunner;
      staff: import('./modules/staff/staff-service.js').StaffService;
      desk: import('./modules/bookings/admin/desk-service.js').DeskService;
      supplierCalls: import('./modules/supplier-calls/supplier-calls-service.js').SupplierCallsService;
    };
  }
}
