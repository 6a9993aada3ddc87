import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import { contentSecurityDirectives } from '../plugins/content-security-policy.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { createErrorReporter } from '../plugins/error-reporter.js';
import { registerIdempotency } from '../plugins/idempotency.js';
import { redactedLoggerOptions } from '../plugins/log-redaction.js';
import { registerOpenApi } from '../plugins/openapi.js';
import { registerRateLimits } from '../plugins/rate-limits.js';

/**
 * TRUST_PROXY as Fastify takes it. A number of hops becomes a function: Fastify reads a bare number as
 * trusting no one. Hop 0 is the connection itself, so 1 believes the one address the proxy added.
 */
export function trustProxyOption(trust: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void) => void;

/**
 * Helmet's security headers (the helmet @fastify/helmet runs), its middlewares built once. The plugin
 * builds them again for every request, parsing the content security policy each time: 5 % of a search's
 * CPU under load, for headers that are the same on every answer (no nonces, no per-route options).
 */
function helmetMiddleware(options: object): Middleware {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromPlugin('helmet') as (options: object) => Middleware;
  return helmet(options);
}

/** The HTTP server every module registers on: errors, security headers, compression, rate limits, OpenAPI. */
export async function createHttpServer(env: Env, database: Database, logger: FastifyServerOptions['logger'] | undefined) {
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

  const securityHeaders = helmetMiddleware({
    contentSecurityPolicy: { directives: contentSecurityDirectives(env) },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, done));
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Per client address, counted in Redis for all processes when REDIS_URL is set.
  await registerRateLimits(app, env);
  await registerOpenApi(app);
  return { app, errorReporter };
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>['app'];
