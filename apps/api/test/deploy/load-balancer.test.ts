import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv, promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import {
  bookTrip,
  findBookableOffer,
  payByCard,
  payLaterWithReceipt,
  readBooking,
  receiptImage,
  Traveller,
  waitForStatus,
} from './traveller.js';

/**
 * The deployment of deploy/ as it runs in production, on this machine: nginx from
 * deploy/nginx/kwenda.conf (rendered by deploy/nginx/render-site.mjs into a folder of the test's own,
 * no root needed) in front of three API processes with NODE_ENV=production, one PostgreSQL database
 * and Redis. Travellers book through nginx while one process is killed and started again.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const NGINX_PORT = 4760;
const API_PORTS = [4761, 4762, 4763];
const REDIS_URL = process.env.KWENDA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const RATE_LIMIT = 5_000;
const run = promisify(execFile);

describe('the deployment files', () => {
  it('the environment template passes the server’s own check in production', () => {
    const template = parseEnv(fs.readFileSync(path.join(repoRoot, 'deploy/kwenda.env.example'), 'utf8'));
    // As shipped it names live Duffel and Stripe, and refuses to start until the agency's details are set.
    expect(() => loadEnv({ ...template, NODE_ENV: 'production', PORT: '3001' })).toThrow(
      /BANK_ACCOUNTS="": is still the placeholder[\s\S]*COMMERCIAL_REGISTRATION_NUMBER[\s\S]*SUPPORT_PHONE[\s\S]*WHATSAPP_NUMBER/,
    );
    const agency = {
      BANK_ACCOUNTS: JSON.stringify([{ bankAr: 'بنك', bankEn: 'Bank', accountName: 'Kwenda', accountNumber: '1234567' }]),
      COMMERCIAL_REGISTRATION_NUMBER: '12345/2023',
      SUPPORT_PHONE: '+249 91 777 0000',
      WHATSAPP_NUMBER: '249917770000',
    };
    const env = loadEnv({ ...template, ...agency, NODE_ENV: 'production', PORT: '3001' });
    expect(env).toMatchObject({ HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1', DATA_DIR: '/var/lib/kwenda' });
    expect(env).toMatchObject({ PAYMENT_PROVIDER: 'stripe', SUPPLIER: 'duffel' });
    expect(env.DATABASE_URL).toMatch(/^postgres:/);
    expect(env.REDIS_URL).toMatch(/^redis:/);
    // The unit sets these per process; the file would override them (systemd's EnvironmentFile=).
    expect(template).not.toHaveProperty('PORT');
    expect(template).not.toHaveProperty('NODE_ENV');
  });

  it.skipIf(!fs.existsSync('/usr/bin/systemd-analyze'))('the systemd units pass systemd-analyze verify', async () => {
    const units = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-units-'));
    try {
      fs.copyFileSync(path.join(repoRoot, 'deploy/systemd/kwenda@.service'), path.join(units, 'kwenda@.service'));
      fs.copyFileSync(path.join(repoRoot, 'deploy/systemd/kwenda.target'), path.join(units, 'kwenda.target'));
      const { stderr } = await run('systemd-analyze', [
        'verify',
        '--man=no',
        path.join(units, 'kwenda@3001.service'),
        path.join(units, 'kwenda.target'),
      ]);
      expect(stderr).toBe('');
    } finally {
      fs.rmSync(units, { recursive: true, force: true });
    }
  });
});

/** Redis answers PING at this URL. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2_000, () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => (socket.destroy(), resolve(data.toString().startsWith('+PONG'))));
  });
}

interface LogLine {
  client: string;
  request: string;
  status: number;
  upstreams: string[];
}
/** The access log in deploy/nginx/kwenda.conf's format: who asked, what, the answer, which processes tried. */
function parseAccessLog(text: string): LogLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+) \[[^\]]+\] "([^"]*)" (\d{3}) \d+ \S+ upstream=(.*) upstream_status=/.exec(line);
      if (!match) throw new Error(`unexpected access log line: ${line}`);
      return {
        client: match[1]!,
        request: match[2]!,
        status: Number(match[3]),
        upstreams: match[4] === '-' ? [] : match[4]!.split(/, | : /),
      };
    });
}

const FAMILIES = [
  'ABBAS',
  'BASHIR',
  'DAWOUD',
  'ELTAYEB',
  'FADUL',
  'HAMAD',
  'IDRIS',
  'JABIR',
  'KHALIFA',
  'MAHGOUB',
  'NASR',
  'OSMAN',
];

describe.skipIf(!process.env.DATABASE_URL)(
  'three API processes behind nginx on one PostgreSQL and Redis (runs when DATABASE_URL is set, as in CI)',
  () => {
    const origin = `http://127.0.0.1:${NGINX_PORT}`;
    let database: TestDatabase;
    let dir: string;
    let servers: ServerProcess[] = [];
    let nginx: ChildProcess | undefined;
    let nginxOutput = '';
    const accessLog = () => fs.readFileSync(path.join(dir, 'kwenda.access.log'), 'utf8');
    const diagnostics = () =>
      [
        `nginx: ${nginxOutput}${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-3000) : ''}`,
        ...servers.map((server) => `process ${server.port}: ${server.output().slice(-3000)}`),
      ].join('\n');

    beforeAll(async () => {
      if (!fs.existsSync(NGINX))
        throw new Error(`nginx is not installed (${NGINX}): apt-get install nginx (npm test installs it when run as root)`);
      if (!(await redisAnswers(REDIS_URL)))
        throw new Error(`No Redis answers at ${REDIS_URL}: apt-get install redis-server (or set KWENDA_TEST_REDIS_URL)`);
      database = await createTestDatabase('postgres');
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-lb-'));
      const env: Record<string, string> = {
        NODE_ENV: 'production',
        DATABASE_URL: database.url!,
        // Shared by the processes as on one machine (what is left of files: legacy receipts).
        DATA_DIR: path.join(dir, 'data'),
        PUBLIC_URL: origin,
        TRUST_PROXY: '127.0.0.1',
        JWT_SECRET: randomBytes(32).toString('base64url'),
        SANDBOX_GATEWAY_SECRET: randomBytes(24).toString('base64url'),
        REDIS_URL,
        REDIS_KEY_PREFIX: `kwenda-lb-test-${randomBytes(4).toString('hex')}:`,
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        JOBS_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'warn',
      };
      // In parallel: each takes tens of seconds to start on a busy two-core machine.
      servers = await Promise.all(API_PORTS.map((port) => startServer({ env, port, readyTimeoutMs: 240_000 })));

      const config = execFileSync(process.execPath, [
        path.join(repoRoot, 'deploy/nginx/render-site.mjs'),
        '--ports',
        API_PORTS.join(','),
        '--listen',
        `127.0.0.1:${NGINX_PORT}`,
        '--standalone',
        dir,
        '--workers',
        '1',
      ]).toString();
      fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
      nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      nginx.stdout!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
      nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
      const traveller = new Traveller(origin);
      for (let i = 0; ; i++) {
        if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${diagnostics()}`);
        const ready = await traveller.send('GET', '/api/v1/health').catch(() => null);
        if (ready?.status === 200) break;
        if (i > 100) throw new Error(`nginx did not answer on ${origin}:\n${diagnostics()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 300_000);

    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx!.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await Promise.all(servers.map((server) => server.stop()));
      await database?.destroy();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 120_000);

    it('runs the booking journey through nginx while one process is SIGKILLed and restarted, and loses nothing', async () => {
      const results: { id: string; kind: 'card' | 'transfer'; traveller: Traveller; receipt: Buffer }[] = [];
      let created = 0;
      let threeCreated: () => void;
      const enoughCreated = new Promise<void>((resolve) => (threeCreated = resolve));
      const journey = async (i: number) => {
        // Each traveller from an address of their own: nginx hands it to the processes.
        const traveller = new Traveller(origin, `127.0.0.${20 + i}`);
        const kind = i % 2 ? 'transfer' : 'card';
        const offer = await findBookableOffer(traveller, 10 + i * 3);
        const booking = await bookTrip(traveller, offer, FAMILIES[i]!, {
          email: `traveller${i}@example.com`,
          mobile: `+2499123456${String(i).padStart(2, '0')}`,
        });
        if (++created === 3) threeCreated();
        // One receipt near the 5 MB limit: nginx must let it through to the API.
        const receipt = receiptImage(i === 1 ? 4_900_000 : 4096 + i);
        if (kind === 'card') await payByCard(traveller, booking.id);
        else await payLaterWithReceipt(traveller, booking.id, receipt);
        results.push({ id: booking.id, kind, traveller, receipt });
      };

      const victim = 1;
      const victimPort = API_PORTS[victim]!;
      const killAndRestart = async () => {
        await enoughCreated;
        await servers[victim]!.kill();
        // Straight after the kill nginx does not know yet: requests it sends there are refused and go
        // to another process, GETs and POSTs alike (a refused connection never reached the process).
        const probe = new Traveller(origin, '127.0.0.200');
        const answers: number[] = [];
        for (let i = 0; i < 6; i++)
          answers.push(
            (i % 2
              ? await probe.send('GET', '/api/v1/config')
              : await probe.send('POST', '/api/v1/offers/request', { json: { filters: { tripType: 'one-way' } } })
            ).status,
          );
        expect(
          answers.every((status) => status === 200 || status === 400),
          `answers while one process is dead: ${answers}`,
        ).toBe(true);
        servers[victim] = await startServer({ env: servers[victim]!.env, port: victimPort, readyTimeoutMs: 240_000 });
        await run(process.execPath, [path.join(repoRoot, 'deploy/wait-healthy.mjs'), String(victimPort), '10']);
      };

      try {
        const firstWave = Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(journey));
        await Promise.all([firstWave, killAndRestart()]);
        const restartedAt = accessLog().length;
        // After fail_timeout nginx tries the restarted process again; a second wave books through all three.
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        await Promise.all([8, 9, 10, 11].map(journey));

        // Every booking there, each in the state its journey left it.
        for (const { id, kind, traveller } of results) {
          if (kind === 'card') {
            const booking = await waitForStatus(traveller, id, ['confirmed']);
            expect(booking.pnr).toMatch(/^[A-Z2-9]{6}$/);
            expect(booking.passengers.every((p) => /^\d{13}$/.test(p.ticketNumber ?? ''))).toBe(true);
          } else {
            expect(await readBooking(traveller, id)).toMatchObject({ status: 'pending-payment', paymentMethod: 'bank-transfer' });
          }
        }
        expect(results).toHaveLength(12);
        const ids = results.map((r) => r.id);
        const rows = await database.sql.query<{ id: string; status: string }>(
          'SELECT id, status FROM bookings WHERE id = ANY($1)',
          [ids],
        );
        expect(rows).toHaveLength(12);
        for (const { id, kind, receipt } of results) {
          const payments = await database.sql.query<{ provider: string; status: string }>(
            'SELECT provider, status FROM payments WHERE booking_id = $1',
            [id],
          );
          const eTickets = await database.sql.query('SELECT id FROM mail_outbox WHERE dedupe_key = $1', [`e-ticket:${id}`]);
          if (kind === 'card') {
            // One payment each, and one e-ticket queued.
            expect(payments, id).toEqual([{ provider: 'sandbox', status: 'succeeded' }]);
            expect(eTickets, id).toHaveLength(1);
          } else {
            expect(
              payments.filter((p) => p.status === 'succeeded'),
              id,
            ).toEqual([]);
            expect(eTickets, id).toHaveLength(0);
            const receipts = await database.sql.query<{ size_bytes: number }>(
              'SELECT size_bytes FROM payment_receipts WHERE booking_id = $1',
              [id],
            );
            expect(receipts.length, id).toBeGreaterThanOrEqual(1);
            expect(receipts.every((r) => r.size_bytes === receipt.length)).toBe(true);
          }
        }

        const log = parseAccessLog(accessLog());
        const victimAddress = `127.0.0.1:${victimPort}`;
        // nginx moved requests off the dead process: a line tried it, then another.
        expect(log.some((line) => line.upstreams.length > 1 && line.upstreams[0] === victimAddress)).toBe(true);
        // Every process served travellers, the restarted one after its restart too.
        for (const port of API_PORTS)
          expect(
            log.some((line) => line.upstreams.at(-1) === `127.0.0.1:${port}` && line.status < 300),
            `port ${port}`,
          ).toBe(true);
        const afterRestart = parseAccessLog(accessLog().slice(restartedAt));
        expect(afterRestart.some((line) => line.upstreams.at(-1) === victimAddress && line.status < 300)).toBe(true);
        // The processes were told each traveller's own address, and nginx logged it.
        expect(new Set(log.map((line) => line.client))).toContain('127.0.0.21');
        // Booking ids never reach the access log.
        expect(accessLog()).not.toMatch(/bk_[A-Za-z0-9_-]{8,}/);
        const retried = results.reduce((sum, r) => sum + r.traveller.retries, 0);
        console.info(`load balancer journey: ${results.length} bookings, ${retried} requests repeated by travellers`);
      } catch (error) {
        (error as Error).message += `\n${diagnostics()}`;
        throw error;
      }
    }, 600_000);

    it('counts each traveller’s requests under the address nginx saw, in every process, whatever X-Forwarded-For they send', async () => {
      const remaining = async (traveller: Traveller, spoofed: string) => {
        const reply = await traveller.send('GET', '/api/v1/config', { headers: { 'x-forwarded-for': spoofed } });
        expect(reply.status).toBe(200);
        return Number(reply.headers['x-ratelimit-remaining']);
      };
      const one = new Traveller(origin, '127.0.0.250');
      const counts: number[] = [];
      // Six requests land on the three processes in turn: one count in Redis, under 127.0.0.250.
      for (let i = 0; i < 6; i++) counts.push(await remaining(one, `203.0.113.${i + 1}`));
      for (let i = 1; i < counts.length; i++) expect(counts[i]).toBe(counts[i - 1]! - 1);
      expect(counts[0]).toBe(RATE_LIMIT - 1);
      // Another address has its own count.
      expect(await remaining(new Traveller(origin, '127.0.0.251'), '203.0.113.1')).toBe(RATE_LIMIT - 1);
    }, 60_000);

    it('lets a 5 MB receipt through but answers a larger body with the API’s JSON error', async () => {
      const traveller = new Traveller(origin, '127.0.0.252');
      const reply = await traveller.send('POST', '/api/v1/bookings/bk_doesnotexist/receipts', {
        body: receiptImage(7 * 1024 * 1024),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(reply.status).toBe(413);
      expect(reply.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      // Elsewhere the limit is nginx's 1 MB (the API takes 256 KB of JSON itself).
      const search = await traveller.send('POST', '/api/v1/offers/request', {
        body: Buffer.alloc(2 * 1024 * 1024, 32),
        headers: { 'content-type': 'application/json' },
      });
      expect(search.status).toBe(413);
      expect(search.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }, 60_000);

    it('loses no request when a process is taken out of nginx and then stopped with SIGTERM, as a rolling restart does', async () => {
      const conf = path.join(dir, 'nginx.conf');
      const index = 2;
      const port = API_PORTS[index]!;
      let stop = false;
      const statuses: number[] = [];
      const loop = async (i: number) => {
        const traveller = new Traveller(origin, `127.0.0.${100 + i}`);
        while (!stop) {
          const reply =
            i % 2
              ? await traveller.send('GET', '/api/v1/trips/airports')
              : await traveller.send('POST', '/api/v1/analytics/pageview', {
                  json: { path: '/', referrer: '', language: 'ar', referralCode: null },
                });
          statuses.push(reply.status);
          // A steady stream, within the per-address rate limit.
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const loops = Array.from({ length: 6 }, (_, i) => loop(i));
      try {
        // deploy/rolling-restart.sh: marked down in the site, nginx reloaded (the new workers send it
        // nothing, the old ones finish what they had sent), then SIGTERM.
        await run(process.execPath, [path.join(repoRoot, 'deploy/nginx/mark-down.mjs'), conf, String(port), 'down']);
        expect(fs.readFileSync(conf, 'utf8')).toMatch(new RegExp(`server 127\\.0\\.0\\.1:${port} .* down;`));
        await run(NGINX, ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log'), '-t', '-q']);
        nginx!.kill('SIGHUP');
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(await servers[index]!.stop()).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        stop = true;
        await Promise.all(loops);
        expect(statuses.length).toBeGreaterThan(20);
        expect(statuses.filter((status) => status >= 300)).toEqual([]);
      } catch (error) {
        (error as Error).message += `\n${diagnostics()}`;
        throw error;
      } finally {
        stop = true;
        await Promise.all(loops);
      }
    }, 120_000);

    it('is backed up by pg_dump -Fc and brought back by pg_restore with every booking (the PostgreSQL backup of docs/operations.md)', async () => {
      const dump = path.join(dir, 'kwenda.dump');
      await run('pg_dump', ['-Fc', '--dbname', database.url!, '--file', dump]);
      const restoredName = `${new URL(database.url!).pathname.slice(1)}_restored`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${restoredName}`);
        const url = new URL(database.url!);
        url.pathname = `/${restoredName}`;
        await run('pg_restore', ['--no-owner', '--dbname', url.toString(), dump]);
        const restored = new pg.Client({ connectionString: url.toString() });
        await restored.connect();
        const ids = async (query: (text: string) => Promise<{ rows: { id: string }[] }>) =>
          (await query('SELECT id FROM bookings ORDER BY id')).rows.map((row) => row.id);
        try {
          const original = await database.sql.query<{ id: string }>('SELECT id FROM bookings ORDER BY id');
          expect(original.length).toBeGreaterThan(0);
          expect(await ids((text) => restored.query(text))).toEqual(original.map((row) => row.id));
        } finally {
          await restored.end();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
        await admin.end();
      }
    }, 120_000);
  },
);
