import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.js';
import { redactError } from './log-redaction.js';

/** What an error report may say about where it happened: never a body, a header, a user or an address. */
export interface ErrorContext {
  requestId?: string;
  method?: string;
  /** The route pattern (/api/v1/bookings/:id), not the URL: ids and tokens stay out of reports. */
  route?: string;
  status?: number;
  job?: string;
}

export interface ErrorReporter {
  /** Reports an unexpected error (the caller has logged it with its request id already). */
  capture(error: unknown, context: ErrorContext): void;
  /** Sends what is queued, then stops. */
  close(): Promise<void>;
}

const noReporter: ErrorReporter = { capture: () => undefined, close: async () => undefined };

/** Environment name on Sentry events: SENTRY_ENVIRONMENT, else staging or NODE_ENV. */
export const sentryEnvironmentOf = (env: Env) => env.SENTRY_ENVIRONMENT ?? (env.STAGING ? 'staging' : env.NODE_ENV);

/**
 * Sentry when SENTRY_DSN is set, else nothing (errors are still logged with their request id).
 * The SDK is imported only when configured, and each app gets its own client rather than the
 * SDK's global one: no start-up cost without a DSN, and tests can run apps side by side. Only
 * what an error needs goes out (no default integrations: no request bodies, headers or IPs).
 */
export async function createErrorReporter(env: Env, logger: FastifyBaseLogger): Promise<ErrorReporter> {
  if (!env.SENTRY_DSN) return noReporter;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: env.SENTRY_DSN,
    environment: sentryEnvironmentOf(env),
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration(), Sentry.nodeContextIntegration()],
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // At most 100 breadcrumbs, messages cut at 250 characters.
    maxBreadcrumbs: 100,
    maxValueLength: 250,
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  logger.info({ environment: sentryEnvironmentOf(env) }, 'unexpected errors are reported to Sentry');
  return {
    capture(error, context) {
      const event = scope.clone();
      const { requestId, ...tags } = context;
      for (const [name, value] of Object.entries(tags)) if (value !== undefined) event.setTag(name, String(value));
      if (requestId) event.setTag('request_id', requestId);
      // Without the values a failed query carries (passport numbers): plugins/log-redaction.ts.
      event.captureException(redactError(error));
    },
    close: async () => {
      await client.close(2000);
    },
  };
}
