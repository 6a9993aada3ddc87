// Capacity: the searches a second and bookings a minute the site sustains with every request's p95 under
// its target, on the embedded database (one process: PGlite cannot be shared) and on PostgreSQL with 1, 2
// and 3 processes behind nginx (deploy/nginx/kwenda.conf, rendered into a folder of its own). Each
// configuration steps the load up (autocannon connections 1, 2, 4, ... each for BENCH_CAPACITY_SECONDS)
// until p95 passes the target (a step over it is measured once more), then tries one step between the last
// under and the first over. While it runs it samples the CPU of each API process, nginx, PostgreSQL, Redis
// and the rest of the machine (/proc/<pid>/stat, /proc/stat), the database's connections and transactions
// (pg_stat_activity, pg_stat_database) and each process's resident memory, to show what runs out first.
//
// Called by bench/run.mjs, or alone (after `npm run build`), all configurations or some of them:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/capacity.mjs
//   DATABASE_URL=… node bench/capacity.mjs pglite:1 postgres:2
// Without DATABASE_URL the PostgreSQL ones are skipped; without nginx each runs one process reached
// directly, and the configurations of several processes are skipped. Each PostgreSQL configuration
// creates a database of its own and drops it afterwards; Redis (when it answers) on a db index of its own.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { redisAnswers, waitFor } from './services.mjs';
import { API_SERVER_ARGS, API_SERVER_ENV, processMemoryMb } from './api-server.mjs';
import { coldSearches, day, routes } from './searches.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PORT = Number(process.env.BENCH_CAPACITY_PORT ?? 4870);
const STEP_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 5);
const REDIS_URL = process.env.BENCH_CAPACITY_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
/**
 * The targets: docs/performance.md's search target (p95 < 50 ms). No target is written for the booking
 * requests; the bench steps them up to p95 < 200 ms each (a click answered at once) and reports the
 * bookings a minute under 50 ms as well.
 */
export const TARGETS = {
  searchP95Ms: Number(process.env.BENCH_CAPACITY_SEARCH_P95 ?? 50),
  bookingP95Ms: Number(process.env.BENCH_CAPACITY_BOOKING_P95 ?? 200),
  bookingStrictP95Ms: 50,
};
const SEARCH_STEPS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const BOOKING_STEPS = [1, 2, 4, 8, 16, 32, 64, 128];
const ALL_CONFIGS = ['pglite:1', 'postgres:1', 'postgres:2', 'postgres:3'];
/** BENCH_CAPACITY_PARTS=searches or =bookings measures one of the two. */
const PARTS = (process.env.BENCH_CAPACITY_PARTS ?? 'searches,bookings').split(',');
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Every process's name, parent and CPU ticks (user + system) from /proc. */
function processTable() {
  const table = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // After the name: state(0) ppid(1) … utime(11) stime(12).
      table.set(Number(entry), { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      /* gone meanwhile */
    }
  }
  return table;
}

/** The whole machine's busy and total ticks (/proc/stat's first line). */
function machineTicks() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

/** CPU ticks of each group of processes the bench watches. */
function groupTicks(apiPids, nginxPid) {
  const table = processTable();
  const sum = (pick) => [...table].filter(([pid, p]) => pick(pid, p)).reduce((s, [, p]) => s + p.ticks, 0);
  return {
    at: performance.now(),
    api: apiPids.map((pid) => table.get(pid)?.ticks ?? 0),
    nginx: nginxPid ? sum((pid, p) => pid === nginxPid || p.ppid === nginxPid) : 0,
    postgres: new Map([...table].filter(([, p]) => p.comm === 'postgres').map(([pid, p]) => [pid, p.ticks])),
    redis: sum((_, p) => p.comm === 'redis-server'),
    bench: sum((pid) => pid === process.pid),
    machine: machineTicks(),
  };
}

/** CPU use between two samples, in % of one core (the machine: % of all its cores). */
function cpuBetween(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (ticks) => Math.round((ticks / CLOCK_TICKS / seconds) * 100);
  // PostgreSQL's backends come and go: each one's ticks since the first sample, or since it started.
  let postgres = 0;
  for (const [pid, ticks] of b.postgres) postgres += ticks - (a.postgres.get(pid) ?? 0);
  const cpu = {
    api: b.api.map((t, i) => pct(t - a.api[i])),
    nginx: pct(b.nginx - a.nginx),
    postgres: pct(postgres),
    redis: pct(b.redis - a.redis),
    bench: pct(b.bench - a.bench),
    machine: Math.round(((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)) * 100),
  };
  // What the rest of the machine took meanwhile (other work on the shared cores), in % of one core.
  const ours = cpu.api.reduce((x, y) => x + y, 0) + cpu.nginx + cpu.postgres + cpu.redis + cpu.bench;
  cpu.others = Math.max(0, Math.round(cpu.machine * (os.cpus().length || 1) - ours));
  return cpu;
}

function stop(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

/** Upper-case letters for a number: every traveller of the run has a name of their own. */
const letters = (n) => {
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
};

/**
 * A traveller's booking as the booking page makes it, again and again on each connection: create the
 * booking from one of the offers (in turn), read it, save its passenger and contact, hold it to pay later. Each flow has its
 * own passenger, contact and client address (X-Forwarded-For, which the bench's nginx passes on), as
 * travellers do; the latency of each request is timed from its build, which autocannon does as it sends.
 */
/** Travellers so far: each flow of the run books for a passenger and contact of its own. */
let serial = 0;

function bookingFlow(createBodies, latencies, counts, failures = []) {
  const json = { 'content-type': 'application/json' };
  const timed = (kind, context, status, body) => {
    if (context.sentAt !== undefined) latencies[kind].push(performance.now() - context.sentAt);
    const ok = status >= 200 && status < 300;
    counts[ok ? `${kind}Ok` : `${kind}Failed`]++;
    if (!ok && failures.length < 5) failures.push(`${kind} ${status} ${String(body).slice(0, 200)}`);
  };
  return [
    {
      method: 'POST',
      path: '/api/v1/bookings',
      setupRequest(request, context) {
        context.n = serial++;
        context.address = `10.${(context.n >> 16) & 255}.${(context.n >> 8) & 255}.${context.n & 255}`;
        context.sentAt = performance.now();
        return {
          ...request,
          headers: { ...json, 'x-forwarded-for': context.address },
          body: createBodies[context.n % createBodies.length],
        };
      },
      onResponse(status, body, context, headers) {
        timed('create', context, status, body);
        if (status !== 201) return;
        context.id = JSON.parse(body).booking.id;
        const cookies = [headers['set-cookie'] ?? []].flat();
        context.cookie = cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('kwenda_booking='));
      },
    },
    {
      method: 'GET',
      setupRequest(request, context) {
        if (!context.id) return null;
        context.sentAt = performance.now();
        return {
          ...request,
          path: `/api/v1/bookings/${context.id}`,
          headers: { cookie: context.cookie, 'x-forwarded-for': context.address },
        };
      },
      onResponse(status, body, context) {
        timed('read', context, status, body);
        if (status !== 200) return void (context.id = null);
        const booking = JSON.parse(body);
        context.passenger = booking.passengers[0];
        context.firstDay = booking.slices[0].departureDate.slice(0, 10);
      },
    },
    {
      method: 'PUT',
      setupRequest(request, context) {
        if (!context.id) return null;
        const first = context.firstDay;
        const yearsBefore = (years) => `${Number(first.slice(0, 4)) - years}${first.slice(4, 8)}15`;
        const { passenger } = context;
        context.sentAt = performance.now();
        return {
          ...request,
          path: `/api/v1/bookings/${context.id}`,
          headers: { ...json, cookie: context.cookie, 'x-forwarded-for': context.address },
          body: JSON.stringify({
            bookingId: context.id,
            payload: {
              passengers: [
                {
                  id: passenger.id,
                  firstName: `AMNA${letters(context.n)}`,
                  lastName: 'OSMAN',
                  dateOfBirth: yearsBefore(34),
                  gender: 'F',
                  nationalityCountry: 'SD',
                  documentNumber: `P${String(context.n).padStart(8, '0')}`,
                  documentIssuanceCountry: 'SD',
                  documentExpiryDate: yearsBefore(-5),
                  ...(passenger.requiredFields.includes('documentIssuanceDate') ? { documentIssuanceDate: yearsBefore(2) } : {}),
                  ...(passenger.requiredFields.includes('placeOfBirth') ? { placeOfBirth: 'Khartoum' } : {}),
                  baggage: [],
                },
              ],
              email: `traveller${context.n}@example.com`,
              mobile: `+2499${String(10_000_000 + context.n).slice(-8)}`,
            },
          }),
        };
      },
      onResponse(status, body, context) {
        timed('passengers', context, status, body);
        if (status !== 200) context.id = null;
      },
    },
    {
      method: 'PUT',
      setupRequest(request, context) {
        if (!context.id) return null;
        context.sentAt = performance.now();
        return {
          ...request,
          path: `/api/v1/bookings/${context.id}/pay`,
          headers: { ...json, cookie: context.cookie, 'x-forwarded-for': context.address },
          body: JSON.stringify({ payLater: true }),
        };
      },
      onResponse(status, body, context) {
        timed('hold', context, status, body);
      },
    },
  ];
}

/**
 * One step: `connections` for STEP_SECONDS, with the CPU of every watched process, the database's
 * connections (sampled every 500 ms) and the API processes' memory.
 */
async function step(origin, requests, connections, watch, makeFlow) {
  const flow = makeFlow?.();
  const latencies = [];
  let non2xx = 0;
  const pool = { max: 0, activeSum: 0, samples: 0, maxActive: 0 };
  const sampler = setInterval(async () => {
    if (!watch.admin) return;
    try {
      const { rows } = await watch.admin.query(
        "SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active FROM pg_stat_activity WHERE datname = $1",
        [watch.database],
      );
      pool.max = Math.max(pool.max, rows[0].total);
      pool.maxActive = Math.max(pool.maxActive, rows[0].active);
      pool.activeSum += rows[0].active;
      pool.samples++;
    } catch {
      /* the sampler's own connection is busy: next time */
    }
  }, 500);
  const transactions = async () =>
    watch.admin
      ? (
          await watch.admin.query('SELECT (xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database WHERE datname = $1', [
            watch.database,
          ])
        ).rows[0].n
      : 0;
  const transactionsBefore = Number(await transactions());
  const before = groupTicks(watch.apiPids, watch.nginxPid);
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: origin, connections, duration: STEP_SECONDS, requests: flow?.requests ?? requests, timeout: 20 },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 300) non2xx++;
    });
  });
  const after = groupTicks(watch.apiPids, watch.nginxPid);
  clearInterval(sampler);
  // The statistics collector reports a backend's counts within a second or so.
  if (watch.admin) await sleep(1_000);
  const databaseTransactions = Number(await transactions()) - transactionsBefore;
  latencies.sort((a, b) => a - b);
  const seconds = result.duration || STEP_SECONDS;
  return {
    connections,
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95: Number(percentile(latencies, 95).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: cpuBetween(before, after),
    db: watch.admin
      ? {
          connections: pool.max,
          activeMax: pool.maxActive,
          activeMean: Number((pool.activeSum / Math.max(1, pool.samples)).toFixed(1)),
          // Statements outside a transaction count one each: about the queries per request.
          transactionsPerRequest: Number((databaseTransactions / Math.max(1, latencies.length)).toFixed(2)),
        }
      : null,
    rssMb: watch.apiPids.map((pid) => processMemoryMb(pid).rssMb),
    ...(flow ? flow.summarise(seconds) : {}),
  };
}

/** Steps up the connections until p95 passes the target, then one step between the last under and the first over. */
async function stepUp(origin, requests, steps, targetP95, watch, makeFlow, p95Of = (s) => s.p95) {
  const done = [];
  const passes = (s) => p95Of(s) < targetP95 && s.errors === 0 && s.non2xx === 0;
  let over = null;
  for (const connections of steps) {
    let s = await step(origin, requests, connections, watch, makeFlow);
    // Other work on a shared machine can spoil one step: one over the target is measured again.
    if (!passes(s)) {
      console.log(`  ${connections} connections: p95 ${p95Of(s)} ms (over), again`);
      s = await step(origin, requests, connections, watch, makeFlow);
    }
    done.push(s);
    console.log(`  ${connections} connections: ${s.rps} req/s, p95 ${p95Of(s)} ms${passes(s) ? '' : ' (over)'}`);
    if (s.failures?.length) console.log(`    failed: ${s.failures.join('\n            ')}`);
    if (!passes(s)) {
      over = connections;
      break;
    }
  }
  const under = [...done].reverse().find(passes)?.connections;
  if (over && under && over / under > 1.5) {
    const between = Math.round(Math.sqrt(over * under));
    const s = await step(origin, requests, between, watch, makeFlow);
    console.log(`  ${between} connections: ${s.rps} req/s, p95 ${p95Of(s)} ms${passes(s) ? '' : ' (over)'}`);
    done.push(s);
  }
  done.sort((a, b) => a.connections - b.connections);
  const best = done.filter(passes).reduce((a, b) => (!a || b.rps > a.rps ? b : a), null);
  return { steps: done, best: best?.connections ?? null };
}

/**
 * One configuration: `processes` production servers on `database` ('pglite' or 'postgres'), behind nginx
 * when there is one, loaded with searches and then booking flows.
 */
async function runConfiguration(database, processes, hasNginx) {
  const adminUrl = process.env.DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-bench-capacity-'));
  const redis = database === 'postgres' && (await redisAnswers(REDIS_URL)) ? REDIS_URL : '';
  const ports = Array.from({ length: processes }, (_, i) => PORT + 1 + i);
  const origin = hasNginx ? `http://127.0.0.1:${PORT}` : `http://127.0.0.1:${ports[0]}`;
  let admin = null;
  let name = null;
  let databaseUrl = '';
  if (database === 'postgres') {
    name = `kwenda_capacity_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  }
  const env = {
    ...process.env,
    ...API_SERVER_ENV,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: origin,
    // nginx, or without it the bench itself, connects from 127.0.0.1 and names each traveller's address.
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SANDBOX_GATEWAY_SECRET: randomBytes(24).toString('base64url'),
    REDIS_URL: redis,
    REDIS_KEY_PREFIX: `kwenda-capacity-${randomBytes(4).toString('hex')}:`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  };
  const children = [];
  let nginx = null;
  try {
    // Started one after the other: the first migrates the new database.
    for (const [i, port] of ports.entries()) {
      const child = spawn(process.execPath, API_SERVER_ARGS, {
        cwd: repoRoot,
        env: { ...env, PORT: String(port), DATA_DIR: path.join(dir, `data-${i}`) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      await waitFor(`http://127.0.0.1:${port}/api/v1/health`, child, `process ${i + 1}`);
    }
    if (hasNginx) {
      const rendered = execFileSync(process.execPath, [
        path.join(repoRoot, 'deploy/nginx/render-site.mjs'),
        '--ports',
        ports.join(','),
        '--listen',
        `127.0.0.1:${PORT}`,
        '--standalone',
        dir,
      ]).toString();
      // The bench's travellers all connect from 127.0.0.1: nginx passes on the address each one names, so
      // that the limits per client address (and the hold's lock on it) count them apart as for real visitors.
      const config = rendered.replace('X-Forwarded-For $remote_addr;', 'X-Forwarded-For $http_x_forwarded_for;');
      if (config === rendered) throw new Error('deploy/nginx/kwenda.conf no longer sets X-Forwarded-For $remote_addr');
      fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
      nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await waitFor(`${origin}/api/v1/health`, nginx, 'nginx', 30);
    }
    await sleep(5_000);
    const apiPids = children.map((child) => child.pid);
    const memoryAtStart = apiPids.map((pid) => processMemoryMb(pid).rssMb);
    const watch = {
      apiPids,
      nginxPid: nginx ? Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8')) : null,
      admin,
      database: name,
    };
    const loadAverage = [Number(os.loadavg()[0].toFixed(2))];

    // Searches: the 300 distinct searches (10 routes × 30 dates), after a warm-up.
    await new Promise((resolve, reject) =>
      autocannon({ url: origin, connections: 16, duration: 3, requests: coldSearches }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    console.log(`${database}, ${processes} process${processes > 1 ? 'es' : ''}${hasNginx ? ' behind nginx' : ''}`);
    let searches = { steps: [], best: null };
    if (PARTS.includes('searches')) {
      console.log('  searches');
      searches = await stepUp(origin, coldSearches, SEARCH_STEPS, TARGETS.searchP95Ms, watch);
    }
    loadAverage.push(Number(os.loadavg()[0].toFixed(2)));

    let bookings = { steps: [], best: null };
    if (PARTS.includes('bookings')) {
      // Booking flows spread over the flights of 30 searches (10 routes, 3 days), two fares of each that can
      // be held (not instant-payment only), as travellers book many flights: one flight's bookings are read
      // at each hold (the same passenger twice, the holds under way).
      const passengers = { adults: 1, children: 0, infants: 0 };
      const createBodies = [];
      for (const [i, [from, to]] of [...routes.entries()].flatMap(([i, route]) => [0, 1, 2].map((d) => [i * 3 + d, route]))) {
        const found = await (
          await fetch(`${origin}/api/v1/offers/request`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              filters: {
                tripType: 'one-way',
                departureStation: from,
                destinationStation: to,
                departureDate: day(20 + (i % 3) * 7),
                passengers,
                currency: 'USD',
              },
              page: 1,
            }),
          })
        ).json();
        let taken = 0;
        for (const offer of (found.offers ?? []).filter((o) => !o.instantPaymentOnly)) {
          const body = JSON.stringify({
            reference: offer.reference,
            payload: { passengers, baggage: { hold: 1, carryOn: 0 }, currency: 'USD' },
          });
          // Only fares the supplier still sells as priced (a re-price can find one gone).
          const created = await fetch(`${origin}/api/v1/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          await created.arrayBuffer();
          if (created.status !== 201) continue;
          createBodies.push(body);
          if (++taken === 2) break;
        }
      }
      if (!createBodies.length) throw new Error('capacity: no offer that can be held');
      const makeFlow = () => {
        const latencies = { create: [], read: [], passengers: [], hold: [] };
        const counts = Object.fromEntries(
          Object.keys(latencies).flatMap((k) => [
            [`${k}Ok`, 0],
            [`${k}Failed`, 0],
          ]),
        );
        const failures = [];
        return {
          requests: bookingFlow(createBodies, latencies, counts, failures),
          summarise(seconds) {
            const p95 = Object.fromEntries(
              Object.entries(latencies).map(([kind, list]) => [
                kind,
                Number(
                  percentile(
                    list.sort((a, b) => a - b),
                    95,
                  ).toFixed(1),
                ),
              ]),
            );
            return {
              bookingsPerMinute: Math.round((counts.holdOk / seconds) * 60),
              held: counts.holdOk,
              failed: counts.createFailed + counts.readFailed + counts.passengersFailed + counts.holdFailed,
              p95ByKind: p95,
              p95Worst: Math.max(...Object.values(p95).filter(Number.isFinite)),
              failures,
            };
          },
        };
      };
      console.log('  booking flows (create, read, passengers, hold to pay later)');
      bookings = await stepUp(origin, null, BOOKING_STEPS, TARGETS.bookingP95Ms, watch, makeFlow, (s) => s.p95Worst);
    }
    loadAverage.push(Number(os.loadavg()[0].toFixed(2)));
    const memoryAfterLoad = apiPids.map((pid) => processMemoryMb(pid));
    await sleep(10_000);
    const memoryAfterRest = apiPids.map((pid) => processMemoryMb(pid).rssMb);
    return {
      database,
      processes,
      nginx: hasNginx,
      redis: !!redis,
      stepSeconds: STEP_SECONDS,
      loadAverage,
      searches,
      bookings,
      memory: {
        startMb: memoryAtStart,
        afterLoadMb: memoryAfterLoad.map((m) => m.rssMb),
        peakMb: memoryAfterLoad.map((m) => m.peakMb),
        tenSecondsLaterMb: memoryAfterRest,
      },
    };
  } finally {
    if (nginx && nginx.exitCode === null) await stop(nginx, 'SIGQUIT');
    await Promise.all(children.map((child) => stop(child)));
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The configurations asked for ("pglite:1 postgres:2", BENCH_CAPACITY_CONFIGS, or all), skipping what the machine lacks. */
export async function runCapacityBench(asked = process.env.BENCH_CAPACITY_CONFIGS?.split(/[\s,]+/).filter(Boolean)) {
  const configs = asked?.length ? asked : ALL_CONFIGS;
  const hasNginx = fs.existsSync(NGINX);
  if (!hasNginx)
    console.log(`Capacity: no nginx at ${NGINX} (apt-get install nginx): one process reached directly, several skipped.`);
  const results = [];
  for (const config of configs) {
    const [database, count] = config.split(':');
    const processes = Number(count ?? 1);
    if (!['pglite', 'postgres'].includes(database) || !(processes >= 1))
      throw new Error(`capacity: unknown configuration ${config}`);
    if (database === 'pglite' && processes > 1) {
      console.log(`Capacity ${config} skipped: the embedded database belongs to one process.`);
      continue;
    }
    if (database === 'postgres' && !process.env.DATABASE_URL) {
      console.log(`Capacity ${config} skipped: set DATABASE_URL (a PostgreSQL server where the bench may create a database).`);
      continue;
    }
    if (processes > 1 && !hasNginx) {
      console.log(`Capacity ${config} skipped: several processes need nginx in front.`);
      continue;
    }
    results.push(await runConfiguration(database, processes, hasNginx));
  }
  return { targets: TARGETS, results };
}

const cpuText = (cpu) =>
  `CPU: API ${cpu.api.map((c) => `${c} %`).join(' + ')}, PostgreSQL ${cpu.postgres} %, nginx ${cpu.nginx} %, Redis ${cpu.redis} %, bench ${cpu.bench} %, other work ${cpu.others} % (machine ${cpu.machine} % of ${os.cpus().length} cores)`;

/** The figures as docs/performance.md quotes them. */
export function printCapacityBench(capacity) {
  if (!capacity?.results.length) return;
  const { targets } = capacity;
  for (const r of capacity.results) {
    const label = `${r.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${r.processes} process${r.processes > 1 ? 'es' : ''}${r.nginx ? ' behind nginx' : ''}`;
    console.log(`\nCapacity, ${label} (load average ${r.loadAverage.join(' / ')}; ${r.stepSeconds} s a step):`);
    const best = r.searches.steps.find((s) => s.connections === r.searches.best);
    console.log(
      `  Searches at p95 < ${targets.searchP95Ms} ms: ${best ? `${best.rps}/s (${best.connections} connections, p95 ${best.p95} ms)` : r.searches.steps.length ? 'none' : 'not measured'}`,
    );
    for (const s of r.searches.steps)
      console.log(
        `    ${String(s.connections).padStart(3)} conn: ${s.rps} req/s, p50 ${s.p50}, p95 ${s.p95}, p99 ${s.p99} ms, ${s.non2xx} non-2xx, ${s.errors} errors; ${cpuText(s.cpu)}${s.db ? `; DB connections ${s.db.connections}, active max ${s.db.activeMax} mean ${s.db.activeMean}, ${s.db.transactionsPerRequest} transactions a request` : ''}; RSS ${s.rssMb.join('/')} MB`,
      );
    const bestBooking = r.bookings.steps.find((s) => s.connections === r.bookings.best);
    const strict = r.bookings.steps
      .filter((s) => s.p95Worst < targets.bookingStrictP95Ms && s.failed === 0 && s.errors === 0)
      .reduce((a, b) => (!a || b.bookingsPerMinute > a.bookingsPerMinute ? b : a), null);
    console.log(
      `  Bookings at p95 < ${targets.bookingP95Ms} ms: ${bestBooking ? `${bestBooking.bookingsPerMinute}/min (${bestBooking.connections} connections, worst p95 ${bestBooking.p95Worst} ms)` : 'none'}; ` +
        `at p95 < ${targets.bookingStrictP95Ms} ms: ${strict ? `${strict.bookingsPerMinute}/min (${strict.connections} connections)` : 'none'}${r.bookings.steps.length ? '' : ' (not measured)'}`,
    );
    for (const s of r.bookings.steps)
      console.log(
        `    ${String(s.connections).padStart(3)} conn: ${s.bookingsPerMinute} bookings/min (${s.rps} req/s), p95 create ${s.p95ByKind.create}, read ${s.p95ByKind.read}, passengers ${s.p95ByKind.passengers}, hold ${s.p95ByKind.hold} ms, ${s.failed} failed, ${s.errors} errors; ${cpuText(s.cpu)}${s.db ? `; DB connections ${s.db.connections}, active max ${s.db.activeMax} mean ${s.db.activeMean}, ${s.db.transactionsPerRequest} transactions a request` : ''}; RSS ${s.rssMb.join('/')} MB`,
      );
    console.log(
      `  Memory (MB per process): at start ${r.memory.startMb.join('/')}, after the load ${r.memory.afterLoadMb.join('/')} (peak ${r.memory.peakMb.join('/')}), 10 s later ${r.memory.tenSecondsLaterMb.join('/')}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const asked = process.argv.slice(2);
  const capacity = await runCapacityBench(asked.length ? asked : undefined);
  printCapacityBench(capacity);
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
  const file = path.join(repoRoot, `bench/results/capacity-${(asked.length ? asked : ['all']).join('-').replace(/:/g, '')}.json`);
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), ...capacity }, null, 2));
  console.log(`\n${file}`);
}
