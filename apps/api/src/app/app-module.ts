import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import type { Job } from '../jobs/job-runner.js';
import type { MailContext } from '../modules/mail/mail-context.js';
import type { MailService } from '../modules/mail/mail-service.js';
import type { RateBook } from '../modules/rates/rate-book.js';
import type { MessengerService } from '../modules/whatsapp/messenger-service.js';
import type { ErrorReporter } from '../plugins/error-reporter.js';
import type { SupplierRegistry } from '../suppliers/supplier.js';
import type { HttpServer } from './http-server.js';

/** What every module is built with: the settings, the database, and the services all of them share. */
export interface AppContext {
  app: HttpServer;
  env: Env;
  database: Database;
  errorReporter: ErrorReporter;
  /** Suppliers by name: searches go to the current one, each booking to the one holding it. */
  suppliers: SupplierRegistry;
  /** Rates and markups as the database has them at each search: every process prices with the agency's latest. */
  rates: RateBook;
  /** Where travellers reach the site (PUBLIC_URL): links in e-mails, payment return pages, webhooks. */
  publicUrl: string;
  /** Cookies marked Secure: the site is served over https. */
  secureCookies: boolean;
  /** Every e-mail and the e-ticket: the agency's contacts, and links built from PUBLIC_URL. */
  mailContext: MailContext;
  mail: MailService;
  /** WhatsApp messages (MessengerPort for other modules), queued like the e-mails and delivered by the whatsapp job. */
  messenger: MessengerService;
  /** Signs and reads the session tokens. */
  secret: Uint8Array;
}

/** A module as the app registers it: its routes under /api/v1, any at the site's root, and its jobs. */
export interface AppModule {
  routes?: FastifyPluginAsyncZod;
  rootRoutes?: FastifyPluginAsync;
  /** Background jobs, run in the order the modules are listed in app.ts. */
  jobs?: Job[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for jobs, scripts and tests. */
    kwenda: {
      bookings: import('../modules/bookings/booking-service.js').BookingService;
      payments: import('../modules/payments/payments-service.js').PaymentsService;
      receipts: import('../modules/receipts/receipts-service.js').ReceiptsService;
      mail: MailService;
      messenger: MessengerService;
      jobs: import('../jobs/job-runner.js').JobRunner;
      staff: import('../modules/staff/staff-service.js').StaffService;
      desk: import('../modules/bookings/admin/desk-service.js').DeskService;
      supplierCalls: import('../modules/supplier-calls/supplier-calls-service.js').SupplierCallsService;
    };
  }
}
