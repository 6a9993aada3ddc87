import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testEnv } from './helpers/test-env.js';
import { freePort } from './helpers/server-process.js';
import { testRedis, type TestRedis } from './helpers/redis.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/** A web build with the offers page rendered per request, by a renderer that writes the address it was given. */
function fakeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  for (const language of ['ar', 'en']) {
    fs.mkdirSync(path.join(dist, 'prerendered', language), { recursive: true });
    for (const file of ['app', 'offers.template'])
      fs.writeFileSync(
        path.join(dist, 'prerendered', language, `${file}.html`),
        '<html><body><div id="root"></div></body></html>',
      );
  }
  const pages = {
    languages: ['ar', 'en'],
    app: 'app',
    pages: {},
    rendered: { '/offers': 'offers.template' },
    renderer: 'entry-server.mjs',
  };
  fs.writeFileSync(path.join(dist, 'prerendered', 'pages.json'), JSON.stringify(pages));
  fs.writeFileSync(
    path.join(dist, 'entry-server.mjs'),
    `export const PAGE_QUERY_KEYS = ['departureStation', 'destinationStation'];
export async function renderPage(url) { return { html: '<p>' + url + '</p>' }; }
export const pageDataJson = (data) => JSON.stringify(data);`,
  );
  return dist;
}

/**
 * The request rate limit per client address, in apps on one database: counted by each app alone by
 * default, once for all of them in Redis with REDIS_URL (several-processes.test.ts shows the same
 * with real processes).
 */
describe.each(backends)('request rate limits on %s', (backend) => {
  let database: TestDatabase;
  let redis: TestRedis;
  const apps: App[] = [];
  const LIMIT = 6;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    redis = await testRedis();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await redis?.close();
    await database?.destroy();
  });

  const start = async (env: Record<string, string> = {}) => {
    const app = await buildApp({
      env: testEnv({
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        TRUST_PROXY: '1',
        ...env,
      }),
      database,
    });
    apps.push(app);
    await app.ready();
    return app;
  };
  /** One request from `address` (X-Forwarded-For: TRUST_PROXY=1, as behind the load balancer). */
  const ask = async (app: App, address: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'x-forwarded-for': address } })).statusCode;
  /** `count` requests from one address, spread over the apps in turn. */
  const roundRobin = async (among: App[], address: string, count: number) => {
    const answers: number[] = [];
    for (let i = 0; i < count; i++) answers.push(await ask(among[i % among.length]!, address));
    return answers;
  };

  it('without REDIS_URL each process counts its own: three allow three times the limit', async () => {
    const three = [await start(), await start(), await start()];
    const answers = await roundRobin(three, '198.51.100.1', LIMIT * 3 + 3);
    expect(answers.filter((status) => status === 200)).toHaveLength(LIMIT * 3);
    expect(answers.slice(-3)).toEqual([429, 429, 429]);
  });

  it('with REDIS_URL three processes count one limit, per address, under this run’s prefix', async () => {
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix };
    const three = [await start(env), await start(env), await start(env)];
    const answers = await roundRobin(three, '198.51.100.2', LIMIT * 3);
    expect(answers.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(answers.slice(LIMIT)).toEqual(Array(LIMIT * 2).fill(429));
    const refused = await three[1]!.inject({
      method: 'GET',
      url: '/api/v1/config',
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address has an allowance of its own.
    expect(await ask(three[2]!, '198.51.100.3')).toBe(200);
    expect((await redis.keys()).sort()).toEqual([
      `${redis.prefix}rate-limit:198.51.100.2`,
      `${redis.prefix}rate-limit:198.51.100.3`,
    ]);
  });

  it('behind a proxy that appends to X-Forwarded-For, what the client wrote before it does not change its address', async () => {
    /** What the proxy at 127.0.0.1 passes on: the client's own header, then the address that connected to it. */
    const viaProxy = (app: App, written: string) =>
      app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'x-forwarded-for': `${written}, 203.0.113.9` } });
    for (const trust of ['1', '127.0.0.1']) {
      const app = await start({ TRUST_PROXY: trust });
      const answers: number[] = [];
      for (let n = 0; n < LIMIT + 2; n++) answers.push((await viaProxy(app, `10.9.${n}.1`)).statusCode);
      expect(answers.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
      expect(answers.slice(LIMIT)).toEqual([429, 429]);
    }
    // A client that reaches the server without the trusted proxy (10.0.0.1) is counted at its own address.
    const app = await start({ TRUST_PROXY: '10.0.0.1' });
    const direct = async (n: number) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/config',
          remoteAddress: '192.0.2.50',
          headers: { 'x-forwarded-for': `10.8.${n}.1` },
        })
      ).statusCode;
    const answers: number[] = [];
    for (let n = 0; n < LIMIT + 1; n++) answers.push(await direct(n));
    expect(answers.at(-1)).toBe(429);
  });

  it('pages have a limit of their own, counted in Redis for every process, answered with a readable page', async () => {
    const env = {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.prefix,
      WEB_DIST: fakeWebBuild(),
      PAGE_RATE_LIMIT_PER_MINUTE: '5',
    };
    const two = [await start(env), await start(env)];
    // Searches each with a query of its own (the render is one, see rendered-pages.test.ts): every one is counted.
    const page = (n: number, headers: Record<string, string> = { accept: 'text/html' }) =>
      two[n % 2]!.inject({
        method: 'GET',
        url: `/offers?departureStation=PZU&destinationStation=JED&n=${n}`,
        headers: { 'x-forwarded-for': '198.51.100.7', ...headers },
      });
    const answers: number[] = [];
    for (let n = 0; n < 7; n++) answers.push((await page(n)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await page(8);
    expect(limited.headers['content-type']).toMatch(/^text\/html/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body).toContain('طلبات كثيرة في وقت قصير');
    expect(limited.body).toContain('Too many requests in a short time');
    // A client that is no browser gets the API's error.
    expect((await page(9, { accept: 'application/json' })).json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The API's own allowance is another count, and so is another address's.
    expect(await ask(two[0]!, '198.51.100.7')).toBe(200);
    expect((await page(10, { accept: 'text/html', 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
    expect(await redis.keys()).toContain(`${redis.prefix}page-limit:198.51.100.7`);
  });

  it('a REDIS_URL where no Redis answers stops the start with a sentence naming it', async () => {
    const port = await freePort();
    await expect(start({ REDIS_URL: `redis://:hunter2@127.0.0.1:${port}/0` })).rejects.toThrow(
      new RegExp(`^REDIS_URL: no Redis answered at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}/0`),
    );
  });

  it('lets requests through while Redis is away, and counts again once it is back', async () => {
    // Redis behind a TCP relay of the test's own, which it cuts and restores.
    const target = new URL(redis.url);
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    const relayPort = await freePort();
    await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
    const app = await start({ REDIS_URL: `redis://127.0.0.1:${relayPort}`, REDIS_KEY_PREFIX: redis.prefix });
    expect(await roundRobin([app], '198.51.100.4', LIMIT + 1)).toContain(429);

    relay.close();
    for (const socket of sockets) socket.destroy();
    const during = await roundRobin([app], '198.51.100.5', LIMIT * 2);
    expect(during).toEqual(Array(LIMIT * 2).fill(200));

    await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
    let answers: number[] = [];
    // ioredis reconnects on its own schedule: ask until the first request is counted again.
    for (let attempt = 0; attempt < 100 && !answers.includes(429); attempt++) {
      answers = await roundRobin([app], '198.51.100.6', LIMIT + 1);
      if (!answers.includes(429)) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(answers).toContain(429);
    relay.close();
    for (const socket of sockets) socket.destroy();
  }, 60_000);
});
