import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { Env } from './env.js';
import { airportsRoutes } from './modules/airports/airports-routes.js';
import { configRoutes } from './modules/config/config-routes.js';
import { countriesRoutes } from './modules/countries/countries-routes.js';
import { healthRoutes } from './modules/health/health-routes.js';
import { createExchangeRates } from './modules/offers/exchange-rates.js';
import { createOffersService } from './modules/offers/offers-service.js';
import { offersRoutes } from './modules/offers/offers-routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerWebApp } from './plugins/web-app.js';
import { createSupplier } from './suppliers/create-supplier.js';
import type { Supplier } from './suppliers/supplier.js';

export interface AppDeps {
  env: Env;
  database: Database;
  /** Defaults to the supplier chosen by env.SUPPLIER. */
  supplier?: Supplier;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ env, database, supplier = createSupplier(env), logger }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    bodyLimit: 256 * 1024,
    trustProxy: env.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // A JSON API: plain text bodies get a 415 that says to send JSON, not a confusing type error.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await registerOpenApi(app);

  const rates = createExchangeRates(database.db);
  await rates.load();
  const offers = createOffersService({ supplier, rates });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(configRoutes, { env });
      await api.register(airportsRoutes);
      await api.register(countriesRoutes);
      await api.register(offersRoutes, { offers });
    },
    { prefix: '/api/v1' },
  );

  await registerWebApp(app, env);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
