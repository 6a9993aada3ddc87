import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { CRASH_POINT_MARKER } from '../../src/crash-points.js';

/**
 * The real server as its own process (the bundle test/global-setup.ts builds for each test run, run by plain
 * node as production runs it; or `node --import tsx apps/api/src/server.ts` with `bundle: false`), for what only a
 * process can show: a SIGKILL at a crash point (src/crash-points.ts), a restart on the same data, a
 * SIGTERM that must finish the requests in flight, several processes on one PostgreSQL.
 *
 *   const server = await startServer({ env: { DATABASE_URL: database.url }, crashAt: 'payment.checkout-saved' });
 *   ... drive it over HTTP (server.origin) until it reaches the point ...
 *   await server.waitForCrashPoint('payment.checkout-saved');
 *   await server.kill();                           // SIGKILL: nothing runs after this
 *   const again = await startServer({ env: server.env });   // same data, no crash point
 *
 * On the embedded database give each server a DATA_DIR of its own (`tempDataDir()`) and let only one
 * process hold it at a time: read what it left through the API, or open the directory after the
 * server stopped.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverScript = path.join(apiRoot, 'src/server.ts');
/** The production bundle (`npm run build`, scripts/bundle.mjs), as `npm run serve` runs it. */
export const serverBundle = path.join(apiRoot, 'dist/server.js');

export interface ServerProcess {
  readonly origin: string;
  readonly port: number;
  /** The environment it was started with (minus the crash point): pass it to start the same server again. */
  readonly env: Record<string, string>;
  readonly child: ChildProcess;
  /** Everything it wrote to stderr and stdout so far (its logs), for a failing test's message. */
  output(): string;
  /** Resolves when the process reached this crash point and stopped there. */
  waitForCrashPoint(name: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL, then waits for the exit: the process gets no chance to tidy up. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** A free TCP port on 127.0.0.1 (free when asked: the server binds it a moment later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function tempDataDir(prefix = 'kwenda-process-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The run's migrated embedded database (global-setup.ts), unpacked once per test worker into a folder a
 * server's DATA_DIR gets a copy of: the same database its own first start would make, without PGlite's
 * initdb (about 4 s of WASM) in every test.
 */
let template: Promise<string> | undefined;
function templateDatabase(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(tempDataDir('kwenda-template-'), 'pglite');
    process.once('exit', () => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));
    const unpacked = await PGlite.create({ dataDir: dir, loadDataDir: await fs.openAsBlob(inject('pgliteTemplate')) });
    await unpacked.close();
    return dir;
  })();
  return template;
}

/** Gives an empty DATA_DIR the migrated embedded database (a DATA_DIR holding one is left as it is). */
async function seedEmbeddedDatabase(dataDir: string) {
  const target = path.join(dataDir, 'pglite');
  if (fs.existsSync(target)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(await templateDatabase(), target, { recursive: true });
}

async function waitUntilHealthy(origin: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not answer ${origin}/api/v1/health within ${timeoutMs} ms:\n${output()}`);
}

export async function startServer(
  options: {
    env?: Record<string, string>;
    crashAt?: string | string[];
    port?: number;
    readyTimeoutMs?: number;
    /** false: the sources under tsx rather than the bundle (serverBundle) with plain node, the default. */
    bundle?: boolean;
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    JOBS_INTERVAL_SECONDS: '0.5',
    // Tests hold their bookings with one contact from 127.0.0.1; the caps' own tests set theirs.
    HOLD_CAP_PER_CONTACT: '100',
    HOLD_CAP_PER_ADDRESS: '1000',
    ...options.env,
    PORT: String(port),
  };
  if (!env.DATABASE_URL) {
    env.DATA_DIR ??= tempDataDir();
    await seedEmbeddedDatabase(env.DATA_DIR);
  }
  const crashAt = [options.crashAt ?? []].flat().join(',');
  const args = options.bundle === false ? ['--import', 'tsx', serverScript] : ['--enable-source-maps', serverBundle];
  const child = spawn(process.execPath, args, {
    cwd: apiRoot,
    env: { ...process.env, ...env, KWENDA_CRASH_AT: crashAt },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const reached = new Set<string>();
  const waiting = new Map<string, () => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${CRASH_POINT_MARKER} `)) continue;
      const name = line.slice(CRASH_POINT_MARKER.length + 1).trim();
      reached.add(name);
      waiting.get(name)?.();
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => text;

  try {
    await waitUntilHealthy(origin, child, output, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    origin,
    port,
    env,
    child,
    output,
    waitForCrashPoint(name, timeoutMs = 30_000) {
      if (reached.has(name)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the server did not reach crash point ${name} within ${timeoutMs} ms:\n${text}`)),
          timeoutMs,
        );
        waiting.set(name, () => {
          clearTimeout(timer);
          resolve();
        });
        void exited.then(() => {
          clearTimeout(timer);
          if (!reached.has(name)) reject(new Error(`the server exited before crash point ${name}:\n${text}`));
        });
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop(timeoutMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
