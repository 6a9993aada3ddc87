import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { IDEMPOTENCY_LEASE_MS, registerIdempotency } from './idempotency.js';

const LEASE_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One process of the site, as far as idempotency keys go: a booking route that answers when the
 * test opens its door. Two such processes on one database are two processes behind a load balancer.
 */
async function siteProcess(database: TestDatabase) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerIdempotency(app, { db: database.db, leaseMs: LEASE_MS });
  let open: () => void = () => {};
  let runs = 0;
  app.post('/api/v1/bookings', async (_request, reply) => {
    runs++;
    await new Promise<void>((resolve) => (open = resolve));
    return reply.code(201).send({ run: runs });
  });
  await app.ready();
  const create = (key: string) =>
    app.inject({ method: 'POST', url: '/api/v1/bookings', headers: { 'idempotency-key': key }, payload: { offer: 'x' } });
  return { app, create, open: () => open(), runs: () => runs };
}

describe.each(backends)('an idempotency key held by a running request on %s', (backend) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => database?.destroy());

  const lockedUntil = async (key: string) =>
    (await database.sql.query<{ at: string }>('SELECT locked_until::text AS at FROM idempotency_keys WHERE key = $1', [key]))[0]
      ?.at;

  it('is renewed while the request runs: a retry long after one lease still hears "still running"', async () => {
    const one = await siteProcess(database);
    const two = await siteProcess(database);
    apps.push(one.app, two.app);
    const first = one.create('long-request');
    await sleep(50);
    const leaseAtStart = await lockedUntil('long-request');
    await sleep(LEASE_MS * 3);
    expect(await lockedUntil('long-request')).not.toBe(leaseAtStart);
    const meanwhile = await two.create('long-request');
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    one.open();
    expect((await first).statusCode).toBe(201);
    const retry = await two.create('long-request');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual({ run: 1 });
    expect(two.runs()).toBe(0);
  });

  it('of a process that died is free one lease after its last renewal, and the retry runs', async () => {
    const dying = await siteProcess(database);
    const other = await siteProcess(database);
    apps.push(other.app);
    void dying.create('orphaned');
    await sleep(LEASE_MS);
    // The process dies mid-request: its timers stop, its answer never comes.
    await dying.app.close();
    expect((await other.create('orphaned')).statusCode).toBe(409);
    await sleep(LEASE_MS * 1.5);
    const retry = other.create('orphaned');
    await sleep(50);
    other.open();
    const answered = await retry;
    expect(answered.statusCode).toBe(201);
    expect(answered.headers['idempotent-replayed']).toBeUndefined();
    expect(other.runs()).toBe(1);
    dying.open();
  });

  it('the lease a crash costs a traveller is seconds, not minutes', () => {
    expect(IDEMPOTENCY_LEASE_MS).toBeLessThanOrEqual(30_000);
  });
});
