// Three production API processes behind nginx (deploy/nginx/kwenda.conf, rendered into a folder of its
// own) on one PostgreSQL and Redis: 200 connections for 60 s through nginx, with each process's
// resident memory (VmRSS) sampled every 5 s. Called by bench/run.mjs, or alone:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/load-balancer.mjs
// It needs DATABASE_URL (several processes cannot share the embedded database) and nginx; it creates a
// database of its own on that server and drops it afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { redisAnswers, waitFor } from './services.mjs';
import { API_SERVER_ARGS, API_SERVER_ENV } from './api-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const NGINX_PORT = Number(process.env.BENCH_LB_PORT ?? 4770);
const API_PORTS = [1, 2, 3].map((i) => NGINX_PORT + i);
const CONNECTIONS = Number(process.env.BENCH_LB_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_LB_SECONDS ?? 60);
const SAMPLE_MS = 5_000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/6';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Resident memory of a process in MB (0 once it has gone). */
function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** nginx's master and its workers, added up. */
function nginxRssMb(masterPid) {
  let children = [];
  try {
    children = fs.readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    /* no children list on this kernel: the master alone */
  }
  return [masterPid, ...children].reduce((sum, pid) => sum + rssMb(pid), 0);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The figures, or null (with the reason printed) when this machine has no PostgreSQL or nginx for it. */
export async function runLoadBalancerBench() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('Load balancer bench skipped: set DATABASE_URL (three processes need PostgreSQL).');
    return null;
  }
  if (!fs.existsSync(NGINX)) {
    console.log(`Load balancer bench skipped: no nginx at ${NGINX} (apt-get install nginx).`);
    return null;
  }
  const redis = (await redisAnswers(REDIS_URL)) ? REDIS_URL : '';
  const name = `kwenda_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-bench-lb-'));
  const origin = `http://127.0.0.1:${NGINX_PORT}`;
  const env = {
    ...process.env,
    ...API_SERVER_ENV,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: origin,
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SANDBOX_GATEWAY_SECRET: randomBytes(24).toString('base64url'),
    REDIS_URL: redis,
    REDIS_KEY_PREFIX: `kwenda-bench-${randomBytes(4).toString('hex')}:`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  };
  const processes = API_PORTS.map((port) =>
    spawn(process.execPath, API_SERVER_ARGS, {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  let nginx = null;
  try {
    await Promise.all(
      processes.map((child, i) => waitFor(`http://127.0.0.1:${API_PORTS[i]}/api/v1/health`, child, `process ${i + 1}`)),
    );
    const config = execFileSync(process.execPath, [
      path.join(repoRoot, 'deploy/nginx/render-site.mjs'),
      '--ports',
      API_PORTS.join(','),
      '--listen',
      `127.0.0.1:${NGINX_PORT}`,
      '--standalone',
      dir,
    ]);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
    nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitFor(`${origin}/api/v1/health`, nginx, 'nginx', 30);

    // What a visitor's pages ask for: searches (most), booking pages, airports, the run-time config.
    const search = (from, to, days, currency) => ({
      method: 'POST',
      path: '/api/v1/offers/request',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        filters: { tripType: 'one-way', departureStation: from, destinationStation: to, departureDate: day(days), currency },
        page: 1,
        order: 'lowest',
      }),
    });
    const searches = [
      search('PZU', 'CAI', 21, 'SDG'),
      search('PZU', 'JED', 14, 'USD'),
      search('KRT', 'DOH', 30, 'SDG'),
      search('PZU', 'IST', 45, 'USD'),
    ];
    const { method, headers, body } = searches[0];
    const offers = (await (await fetch(`${origin}${searches[0].path}`, { method, headers, body })).json()).offers;
    const bookingIds = [];
    for (const offer of offers.slice(0, 6)) {
      const response = await fetch(`${origin}/api/v1/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          reference: offer.reference,
          payload: {
            passengers: { adults: 1, children: 0, infants: 0 },
            baggage: { hold: 1, carryOn: 0 },
            currency: offer.currency,
          },
        }),
      });
      if (response.status === 201) bookingIds.push((await response.json()).booking.id);
    }
    const requests = [
      ...searches,
      ...bookingIds.slice(0, 2).map((id) => ({ method: 'GET', path: `/api/v1/bookings/${id}` })),
      { method: 'GET', path: '/api/v1/trips/airports', headers: { 'accept-encoding': 'gzip' } },
      { method: 'GET', path: '/api/v1/config' },
    ];
    // Warm-up, then the measured run.
    await new Promise((resolve, reject) =>
      autocannon({ url: origin, connections: 20, duration: 3, requests }, (error) => (error ? reject(error) : resolve())),
    );

    const pids = processes.map((child) => child.pid);
    const nginxPid = Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8'));
    const samples = [];
    const sample = (second) => samples.push({ second, api: pids.map(rssMb), nginx: nginxRssMb(nginxPid) });
    const started = Date.now();
    sample(0);
    const sampler = setInterval(() => sample(Math.round((Date.now() - started) / 1000)), SAMPLE_MS);
    const latencies = [];
    let non2xx = 0;
    const result = await new Promise((resolve, reject) => {
      const instance = autocannon({ url: origin, connections: CONNECTIONS, duration: DURATION, requests }, (error, r) =>
        error ? reject(error) : resolve(r),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        if (statusCode >= 300) non2xx++;
      });
    });
    clearInterval(sampler);
    sample(Math.round((Date.now() - started) / 1000));
    // And once the load has stopped: what the processes keep, and what they give back.
    await sleep(10_000);
    sample(Math.round((Date.now() - started) / 1000));
    latencies.sort((a, b) => a - b);

    // How nginx spread the requests over the processes (its access log names each one's upstream).
    const served = Object.fromEntries(API_PORTS.map((port) => [port, 0]));
    for (const line of fs.readFileSync(path.join(dir, 'kwenda.access.log'), 'utf8').split('\n')) {
      const port = /upstream=127\.0\.0\.1:(\d+)\s/.exec(line)?.[1];
      if (port) served[port]++;
    }
    return {
      connections: CONNECTIONS,
      seconds: DURATION,
      redis: !!redis,
      requests: latencies.length,
      rps: Math.round(result.requests.average),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      served,
      samples,
    };
  } finally {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(
      processes.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as docs/performance.md quotes them, and the memory table. */
export function printLoadBalancerBench(r) {
  if (!r) return;
  const ports = Object.keys(r.served);
  console.log(
    `\nThrough nginx to ${ports.length} processes (PostgreSQL${r.redis ? ', Redis' : ''}), ${r.connections} connections for ${r.seconds} s: ` +
      `${r.rps} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
      `${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`,
  );
  console.log(`Requests per process: ${ports.map((port) => `:${port} ${r.served[port]}`).join(', ')}`);
  console.log('\nResident memory (VmRSS, MB) every 5 s of the run, and 10 s after it:');
  console.log(['   s', ...ports.map((port) => `:${port}`.padStart(7)), '  nginx'].join(' '));
  for (const s of r.samples)
    console.log(
      [String(s.second).padStart(4), ...s.api.map((mb) => mb.toFixed(0).padStart(7)), s.nginx.toFixed(0).padStart(7)].join(' '),
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await runLoadBalancerBench();
  printLoadBalancerBench(results);
  if (results) {
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'bench/results/load-balancer.json'), JSON.stringify(results, null, 2));
  }
}
