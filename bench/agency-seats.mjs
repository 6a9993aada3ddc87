// Searches that merge the agency's own seats with the sandbox's offers, against the sandbox alone
// (issue 28: the merged search's p95 at 50 connections no more than 1.2 x the sandbox's alone). Two
// production servers on one PostgreSQL database of the bench's own (on DATABASE_URL's server, dropped
// afterwards), one with AGENCY_SEATS_SELLING=false (the sandbox alone), one with it true:
//   1. the sandbox alone is asked what it sells (prices of each route, and one nonstop offer of each
//      search);
//   2. the agency's seats are written into the database with SQL, as an import leaves them: every route of
//      the searches below and their way back, every day of the next 90, three flights each (fares below
//      and above the sandbox's), and the very flights (number and time) of a sandbox offer on each
//      search's dates, cheaper, so that the same flights from two suppliers are shown once; the merged
//      answers are checked to hold the agency's offers and no flights twice;
//   3. the 8 searches of "POST /offers/request", then the 300 distinct ones (bench/searches.mjs), 50
//      connections for BENCH_SECONDS each, on each server in turn (A B B A: BENCH_AGENCY_ROUNDS rounds),
//      each run's reads of the agency's flights counted from PostgreSQL's statistics.
// Called by bench/run.mjs, or alone (after `npm run build`):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/agency-seats.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_SERVER_ARGS, API_SERVER_ENV } from './api-server.mjs';
import { SEARCH_ROUTES, coldSearches, day, routes, searchFilters, searches } from './searches.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_AGENCY_PORT ?? 4800);
/** The server of the sandbox alone, and the one that merges the agency's seats. */
const ALONE = { port: PORT, base: `http://127.0.0.1:${PORT}` };
const MERGED = { port: PORT + 1, base: `http://127.0.0.1:${PORT + 1}` };
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each load runs this many times on each server, in the order A B B A (A B B A A B...), so that what
 * else the machine does while the bench runs weighs on both alike; the figures pool every run's requests.
 */
const ROUNDS = Number(process.env.BENCH_AGENCY_ROUNDS ?? 2);
const CONNECTIONS = 50;
/** Issue 28: the merged search's p95 over the sandbox's alone. */
const TARGET_RATIO = 1.2;
/** Days ahead the agency's seats are loaded for. */
const DAYS = 90;
/** An agency-seats offer's reference (suppliers/agency-seats/agency-offer-reference.ts). */
const AGENCY_REFERENCE = 'as1.';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Reads of the agency's flights (scans of allotment_flights) and transactions of the bench database so
 * far, from PostgreSQL's statistics (flushed within a second of each; the reader waits that out).
 */
async function databaseCounts(databaseUrl) {
  await sleep(1_500);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0)::int FROM pg_stat_user_tables
                WHERE relname = 'allotment_flights') AS "agencyReads",
              (SELECT xact_commit::int FROM pg_stat_database WHERE datname = current_database()) AS transactions`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** A load's figures with the agency reads and transactions it made per 1,000 requests. */
async function measured(databaseUrl, server, name, requests) {
  const before = await databaseCounts(databaseUrl);
  const result = await load(server, name, requests);
  const after = await databaseCounts(databaseUrl);
  // Less this reader's own transactions (one per count).
  const per1000 = (n) => Math.round((n / result.requests) * 1000);
  return {
    ...result,
    agencyReadsPer1000: per1000(after.agencyReads - before.agencyReads),
    transactionsPer1000: per1000(after.transactions - before.transactions - 1),
  };
}

function load(server, name, requests) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let non2xx = 0;
    const instance = autocannon({ url: server.base, connections: CONNECTIONS, duration: DURATION, requests }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        name,
        requests: latencies.length,
        rps: Math.round(result.requests.average),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        non2xx,
        errors: result.errors,
        latencies,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode >= 300) non2xx++;
    });
  });
}

const warmUp = (server, requests) =>
  new Promise((resolve, reject) =>
    autocannon({ url: server.base, connections: CONNECTIONS, duration: 2, requests }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );

function startServer(server, databaseUrl, dataDir, agencySeatsSelling) {
  // BENCH_AGENCY_CPU_PROF=<folder>: each server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_AGENCY_CPU_PROF;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, ...API_SERVER_ARGS] : API_SERVER_ARGS;
  return spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...API_SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(server.port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-only-jwt-secret-0123456789abcdefghij',
      SANDBOX_GATEWAY_SECRET: 'bench-only-gateway-secret-0123456789',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SUPPLIER: 'sandbox',
      AGENCY_SEATS_SELLING: String(agencySeatsSelling),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function waitForServer(server, child) {
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${server.base}/api/v1/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error('the server did not start');
}

async function search(server, filters, page = 1) {
  const response = await fetch(`${server.base}/api/v1/offers/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filters, page, order: 'lowest' }),
  });
  if (!response.ok) throw new Error(`search ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Every page of a search's offers. */
async function allOffers(server, filters) {
  const first = await search(server, filters);
  const offers = [...first.offers];
  for (let page = 2; offers.length < first.total; page++) offers.push(...(await search(server, filters, page)).offers);
  return offers;
}

/** "2026-12-19T06:15:00" -> { date, time }. */
const localParts = (iso) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) });
const daysBetween = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const isoDay = (date) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A one-segment slice as an allotment flight (its number, times), or null when it cannot be one. */
function flightOfSlice(slice) {
  if (slice.segments.length !== 1) return null;
  const segment = slice.segments[0];
  const match = /^([A-Z0-9]{2})\s*([0-9]{1,4}[A-Z]?)$/.exec(segment.flightNumber.replace(/\s/g, ''));
  if (!match) return null;
  const departure = localParts(segment.departureDate);
  const arrival = localParts(segment.arrivalDate);
  const offset = daysBetween(departure.date, arrival.date);
  if (offset !== 0 && offset !== 1) return null;
  return {
    airline: match[1],
    flightNumber: match[2],
    origin: segment.origin,
    destination: segment.destination,
    departureTime: departure.time,
    arrivalTime: arrival.time,
    arrivalDayOffset: offset,
    date: departure.date,
  };
}

/**
 * What the sandbox sells, asked of the server before the agency's seats exist: the price range of each
 * route in USD (for one adult), and for each of the 8 searches the flights of one of its nonstop offers,
 * which the agency then also sells, cheaper.
 */
async function sandboxFlights(directions) {
  const priceRange = new Map();
  for (const [from, to] of directions) {
    const offers = await allOffers(ALONE, {
      tripType: 'one-way',
      departureStation: from,
      destinationStation: to,
      departureDate: day(21),
      passengers: { adults: 1, children: 0, infants: 0 },
      currency: 'USD',
    });
    const prices = offers.map((o) => o.price).sort((a, b) => a - b);
    priceRange.set(`${from}-${to}`, prices.length ? { min: prices[0], max: prices.at(-1) } : { min: 300, max: 600 });
  }
  const twins = [];
  for (let i = 0; i < SEARCH_ROUTES.length; i++) {
    const filters = { ...searchFilters(i), currency: 'USD' };
    const offers = await allOffers(ALONE, filters);
    const nonstop = offers.find((o) => o.slices.every((s) => flightOfSlice(s)));
    if (!nonstop) continue;
    const perAdult = nonstop.price / filters.passengers.adults;
    const flights = nonstop.slices.map(flightOfSlice);
    // The agency's fare for the same flights: below the sandbox's, so the merged list shows the agency's.
    const fare = Math.max(20, Math.floor((perAdult * 0.7) / flights.length));
    for (const flight of flights) twins.push({ ...flight, fare });
  }
  return { priceRange, twins };
}

/**
 * The agency's seats for `directions`, written as an import leaves them: per direction three flights
 * every day of the next DAYS (one cheaper than the sandbox's cheapest, one between, one dearer than its
 * dearest), and each twin (a sandbox flight) on its date. Answers how many dated flights were written.
 */
async function loadAgencySeats(client, directions, { priceRange, twins }) {
  const airlines = ['3T', 'J4', 'SD'];
  const from = day(0);
  const to = day(DAYS);
  const flights = [];
  directions.forEach(([origin, destination], d) => {
    const { min, max } = priceRange.get(`${origin}-${destination}`);
    const fares = [Math.max(20, Math.round(min * 0.8)), Math.round((min + max) / 2), Math.round(max * 1.25)];
    const times = [
      ['06:15', '08:40'],
      ['13:05', '15:35'],
      ['22:50', '01:20'],
    ];
    fares.forEach((fare, k) => {
      flights.push({
        airline: airlines[k],
        flightNumber: String(700 + d * 3 + k),
        origin,
        destination,
        departureTime: times[k][0],
        arrivalTime: times[k][1],
        arrivalDayOffset: times[k][1] < times[k][0] ? 1 : 0,
        days: [1, 2, 3, 4, 5, 6, 7],
        fromDate: from,
        toDate: to,
        fare,
        currency: k === 1 && origin === 'PZU' ? 'SDG' : 'USD',
      });
    });
  });
  for (const twin of twins)
    flights.push({ ...twin, days: [isoDay(twin.date)], fromDate: twin.date, toDate: twin.date, currency: 'USD' });
  // An SDG fare: the agency's fare in USD at roughly the sandbox's rate, so it lands where the USD one would.
  const SDG_PER_USD = 2600;
  await client.query('BEGIN');
  for (const [i, f] of flights.entries()) {
    const fare = f.currency === 'SDG' ? f.fare * SDG_PER_USD : f.fare;
    await client.query(
      `INSERT INTO allotment_flights (id, airline, flight_number, origin, destination, departure_time, arrival_time,
         arrival_day_offset, days, from_date, to_date, cabin, seats, currency, adult_fare, child_fare, infant_fare,
         hold_pieces, hold_kg, cabin_kg, refundable, refund_penalty, changeable, change_penalty, release_days,
         created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'economy', 9, $12, $13, $14, $15, 1, 23, 7,
         $16, $17, true, $18, 0, 'bench', 'bench')`,
      [
        `af_bench_${i}`,
        f.airline,
        f.flightNumber,
        f.origin,
        f.destination,
        f.departureTime,
        f.arrivalTime,
        f.arrivalDayOffset,
        f.days,
        f.fromDate,
        f.toDate,
        f.currency,
        fare,
        Math.round(fare * 0.75),
        Math.round(fare * 0.1) || 1,
        i % 2 === 0,
        i % 2 === 0 ? Math.round(fare * 0.2) : null,
        Math.round(fare * 0.1),
      ],
    );
  }
  const { rowCount } = await client.query(
    `INSERT INTO allotment_dated_flights (id, flight_id, departure_date, departure_time, arrival_time, arrival_day_offset,
       seats_allocated, updated_by)
     SELECT f.id || '_' || to_char(d, 'YYYYMMDD'), f.id, d::date, f.departure_time, f.arrival_time, f.arrival_day_offset,
       f.seats, 'bench'
     FROM allotment_flights f, generate_series(f.from_date, f.to_date, interval '1 day') d
     WHERE extract(isodow FROM d)::smallint = ANY (f.days)`,
  );
  await client.query('COMMIT');
  await client.query('ANALYZE allotment_flights; ANALYZE allotment_dated_flights');
  return { flights: flights.length, datedFlights: rowCount, twins: twins.length };
}

/** The offers of each of the 8 searches (every page), counted by supplier, and the twins shown once. */
async function mergedAnswers(twins) {
  const answers = [];
  for (let i = 0; i < SEARCH_ROUTES.length; i++) {
    const filters = searchFilters(i);
    const offers = await allOffers(MERGED, filters);
    const agency = offers.filter((o) => o.reference.startsWith(AGENCY_REFERENCE)).length;
    const key = (o) =>
      o.slices
        .map((s) => s.segments.map((g) => `${g.flightNumber.replace(/\s/g, '')}@${g.departureDate.slice(0, 16)}`).join('>'))
        .join('|');
    const counts = new Map();
    for (const o of offers) counts.set(key(o), (counts.get(key(o)) ?? 0) + 1);
    const twinKeys = new Set(
      offers
        .filter((o) => o.reference.startsWith(AGENCY_REFERENCE))
        .map(key)
        .filter((k) => twins.some((t) => k.includes(`${t.airline}${t.flightNumber}@${t.date}T${t.departureTime}`))),
    );
    answers.push({
      search: `${filters.departureStation}-${filters.destinationStation}${filters.returnDate ? ' return' : ''}`,
      offers: offers.length,
      agency,
      twinsShownOnce: [...twinKeys].filter((k) => counts.get(k) === 1).length,
      duplicates: [...counts.values()].filter((n) => n > 1).length,
    });
  }
  return answers;
}

/** Several runs of one load as one: their requests' percentiles, and each run's own figures. */
function pooled(runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (pick) => runs.reduce((total, r) => total + pick(r), 0);
  const per1000 = (pick) => Math.round(sum((r) => (pick(r) * r.requests) / 1000) / (latencies.length / 1000));
  return {
    name: runs[0].name,
    requests: latencies.length,
    rps: Math.round(sum((r) => r.rps) / runs.length),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    agencyReadsPer1000: per1000((r) => r.agencyReadsPer1000),
    transactionsPer1000: per1000((r) => r.transactionsPer1000),
    runs: runs.map(({ latencies: _, ...figures }) => figures),
  };
}

/** The figures, or null (with the reason printed) without DATABASE_URL. */
export async function runAgencySeatsBench() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('Agency seats bench skipped: set DATABASE_URL (the agency seats are read from PostgreSQL).');
    return null;
  }
  const name = `kwenda_bench_agency_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-bench-agency-'));
  const servers = [];
  try {
    // The sandbox alone: what it sells, asked before the agency's seats exist.
    const alone = startServer(ALONE, databaseUrl, path.join(dir, 'alone'), false);
    servers.push(alone);
    await waitForServer(ALONE, alone);
    const directions = [
      ...new Map(
        [
          ...SEARCH_ROUTES.map(([from, to]) => [from, to]),
          // The round trips' way back.
          ...SEARCH_ROUTES.filter((_, i) => i % 3 === 0).map(([from, to]) => [to, from]),
          ...routes,
        ].map((r) => [r.join('-'), r]),
      ).values(),
    ];
    const sandbox = await sandboxFlights(directions);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let loaded;
    try {
      loaded = await loadAgencySeats(client, directions, sandbox);
    } finally {
      await client.end();
    }

    // The sandbox and the agency's seats, merged: on the same database, beside the other (idle while the other is loaded).
    const merged = startServer(MERGED, databaseUrl, path.join(dir, 'merged'), true);
    servers.push(merged);
    await waitForServer(MERGED, merged);
    const answers = await mergedAnswers(sandbox.twins);
    await warmUp(ALONE, searches);
    await warmUp(MERGED, searches);

    const rounds = async (name, requests) => {
      const runs = { alone: [], merged: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ['alone', 'merged'] : ['merged', 'alone'];
        for (const which of order) {
          const server = which === 'alone' ? ALONE : MERGED;
          const label = `${name}, ${which === 'alone' ? 'sandbox alone' : 'sandbox + agency seats'}`;
          runs[which].push(await measured(databaseUrl, server, label, requests));
        }
      }
      return { alone: pooled(runs.alone), merged: pooled(runs.merged) };
    };
    const hot = await rounds('POST /offers/request', searches);
    const cold = await rounds('POST /offers/request, 300 distinct searches', coldSearches);
    return {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
      seconds: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      loaded: { ...loaded, directions: directions.length, days: DAYS },
      answers,
      alone: hot.alone,
      merged: hot.merged,
      aloneCold: cold.alone,
      mergedCold: cold.merged,
    };
  } finally {
    await Promise.all(servers.map(stopServer));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const line = (r) =>
  `${r.name}: ${r.rps} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors; ` +
  `per 1,000 requests ${r.agencyReadsPer1000} reads of the agency's flights, ${r.transactionsPer1000} database transactions`;

/** The figures as docs/performance.md quotes them. */
export function printAgencySeatsBench(r) {
  if (!r) return;
  const { loaded } = r;
  console.log(
    `\nAgency seats merged into search (PostgreSQL, ${r.connections} connections, ${r.seconds} s each): ${loaded.flights} flights, ` +
      `${loaded.datedFlights} dated flights over ${loaded.directions} routes and ${loaded.days} days, ${loaded.twins} of them the sandbox's own flights`,
  );
  for (const a of r.answers)
    console.log(
      `  ${a.search}: ${a.offers} offers, ${a.agency} of the agency's seats, ${a.twinsShownOnce} sandbox flight(s) sold cheaper by the agency shown once, ${a.duplicates} duplicates`,
    );
  for (const x of [r.alone, r.merged, r.aloneCold, r.mergedCold]) {
    for (const run of x.runs) console.log(`  one run: ${line(run)}`);
    console.log(`${line(x)}${x.runs.length > 1 ? ` (${x.runs.length} runs pooled)` : ''}`);
  }
  const ratio = r.merged.p95 / r.alone.p95;
  const coldRatio = r.mergedCold.p95 / r.aloneCold.p95;
  const withAgency = r.answers.filter((a) => a.agency > 0).length;
  console.log(
    `Merged p95 / sandbox p95: ${ratio.toFixed(2)} (8 searches), ${coldRatio.toFixed(2)} (300 distinct); ` +
      `target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}` +
      (withAgency === r.answers.length ? '' : ` (only ${withAgency} of ${r.answers.length} searches answered agency offers)`),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await runAgencySeatsBench();
  printAgencySeatsBench(results);
  if (results) {
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, 'bench/results/agency-seats.json'), JSON.stringify(results, null, 2));
  }
}
