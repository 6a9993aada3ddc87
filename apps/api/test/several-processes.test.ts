import { randomBytes } from 'node:crypto';
import type { OfferSearchResult } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testEnv } from './helpers/test-env.js';
import { offerRequest } from './helpers/factories.js';
import { testRedis, type TestRedis } from './helpers/redis.js';
import { startServer, type ServerProcess } from './helpers/server-process.js';
import { staffMember } from './helpers/staff.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * Three real API processes, as behind a load balancer: one PostgreSQL database when DATABASE_URL is
 * set (else an embedded database each, which only one process can open), one Redis, one JWT secret.
 * What matters is counted and read once for all of them.
 */
describe('three API processes', () => {
  const LIMIT = 12;
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SANDBOX_GATEWAY_SECRET: randomBytes(24).toString('base64url'),
  };
  let redis: TestRedis;
  let database: TestDatabase | undefined;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    redis = await testRedis();
    if (process.env.DATABASE_URL) database = await createTestDatabase('postgres');
    const env = {
      ...secrets,
      ...(database ? { DATABASE_URL: database.url! } : {}),
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.prefix,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      // Each test speaks from an address of its own (X-Forwarded-For), as travellers behind nginx do.
      TRUST_PROXY: '1',
      RUN_JOBS: 'false',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServer({ env, readyTimeoutMs: 180_000 })));
  }, 240_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await redis?.close();
    await database?.destroy();
  }, 60_000);

  it('count the request rate limit once for all of them', async () => {
    const answers: number[] = [];
    for (let i = 0; i < LIMIT * 3; i++) {
      const response = await fetch(`${servers[i % 3]!.origin}/api/v1/config`, {
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
      answers.push(response.status);
    }
    // Each process alone would have let LIMIT through: three times as many.
    expect(answers.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(answers.slice(LIMIT)).toEqual(Array(LIMIT * 2).fill(429));
  });

  it.runIf(process.env.DATABASE_URL)(
    'price the next search in one process with a rate set through another',
    async () => {
      // The owner, made in a process of the test's own on the same database and secret.
      const app = await buildApp({
        env: testEnv({
          ...secrets,
        }),
        database: database!,
      });
      try {
        const owner = await staffMember(app, 'owner');
        const call = (server: ServerProcess, method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(`${server.origin}/api/v1${url}`, {
            method,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.21', ...headers },
            body: JSON.stringify(body),
          });
        const sarIn = async (server: ServerProcess) => {
          const response = await call(server, 'POST', '/offers/request', offerRequest({ currency: 'SAR' }));
          expect(response.status).toBe(200);
          return ((await response.json()) as OfferSearchResult).rate.unitsPerUsd;
        };
        // Every process has priced with the current rate (and would keep it, were it cached for a while).
        const before = await sarIn(servers[1]!);
        expect(await sarIn(servers[2]!)).toBe(before);

        const next = Math.round(before * 1.1 * 10_000) / 10_000;
        const set = await call(
          servers[0]!,
          'POST',
          '/admin/rates',
          { currency: 'SAR', unitsPerUsd: next },
          { authorization: `Bearer ${owner.token}` },
        );
        expect(set.status, await set.clone().text()).toBe(201);
        // The very next search in each other process prices with it.
        expect(await sarIn(servers[1]!)).toBe(next);
        expect(await sarIn(servers[2]!)).toBe(next);
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});
