import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.js';
import { requestLimitKey } from './client-address.js';

/** Counts one page request of the client; `exceeded` once it asked for more than its allowance this minute. */
export type PageRateLimit = (request: FastifyRequest) => Promise<{ exceeded: boolean; retryAfterSeconds: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The pages' own limit per client address (PAGE_RATE_LIMIT_PER_MINUTE), counted where the API's is. */
    pageRateLimit: PageRateLimit;
  }
}

/**
 * Requests per client address and minute on /api/ (and the stricter limits some routes set in their
 * own config), and the pages per client address and minute (app.pageRateLimit). With REDIS_URL the counts live in Redis, one count for every process behind the load
 * balancer; without it each process counts its own, which is right for the single process of the
 * embedded database (docs/decisions/0026-shared-state-across-processes.md).
 *
 * Redis is reached at start (a wrong URL stops the server, as a bad variable does). If it goes away
 * later, requests are let through rather than refused (a booking site down because its rate limiter is
 * down helps nobody) and the outage is logged once, until Redis is back.
 */
export async function registerRateLimits(app: FastifyInstance, env: Env): Promise<void> {
  const redis = env.REDIS_URL ? await connectRedis(app, env.REDIS_URL) : undefined;
  const store = (name: string) => (redis ? { redis, nameSpace: `${env.REDIS_KEY_PREFIX}${name}:`, skipOnError: true } : {});

  // Pages the server renders (plugins/web-app.ts) cost far more than an API answer: they have a count of
  // their own. In a plugin of its own, registered first, so it gets its own counters and key prefix.
  let countPage: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  await app.register(async (pages) => {
    await pages.register(rateLimit, {
      global: false,
      max: env.PAGE_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      // An IPv6 client gets a whole /64: it counts as one, as the hold caps count it.
      keyGenerator: (request) => requestLimitKey(request.ip),
      ...store('page-limit'),
    });
    countPage = pages.createRateLimit();
  });
  app.decorate('pageRateLimit', async (request: FastifyRequest) => {
    const counted = await countPage!(request);
    if (counted.isAllowed) return { exceeded: false, retryAfterSeconds: 0 };
    return { exceeded: counted.isExceeded, retryAfterSeconds: counted.ttlInSeconds };
  });

  await app.register(rateLimit, {
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => requestLimitKey(request.ip),
    ...store('rate-limit'),
  });
}

async function connectRedis(app: FastifyInstance, url: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    // A request never waits for Redis to come back: it fails at once and is let through.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.error({ err: error }, 'Redis is unreachable: rate limits are not counted until it is back');
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis is back: rate limits are counted again');
    down = false;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: no Redis answered at ${redactedUrl(url)} (${(error as Error).message})`);
  }
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** The URL without its password, for a message that may be logged. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
