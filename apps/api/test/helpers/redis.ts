import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from './server-process.js';

/**
 * A Redis for a test file: the machine's (TEST_REDIS_URL, else redis://127.0.0.1:6379), or, when none
 * answers there, a redis-server of the test's own (Debian's redis-server package) that lives as long
 * as the file. Every key the test's apps write starts with a prefix of this run's own
 * (REDIS_KEY_PREFIX), so runs side by side never count each other's requests; close() deletes them.
 */
export interface TestRedis {
  url: string;
  prefix: string;
  /** The keys written under this run's prefix. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const answers = async (url: string): Promise<boolean> => {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
};

async function ownRedisServer(): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const failed = new Promise<never>((_, reject) =>
    server.once('error', (error) =>
      reject(new Error(`No Redis answered and redis-server could not start (apt-get install redis-server): ${error.message}`)),
    ),
  );
  const url = `redis://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await answers(url)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`redis-server on port ${port} did not answer`);
  })();
  await Promise.race([ready, failed]);
  return { url, server };
}

export async function testRedis(): Promise<TestRedis> {
  const machine = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const own = (await answers(machine)) ? undefined : await ownRedisServer();
  const url = own?.url ?? machine;
  const prefix = `kwenda-test-${randomBytes(6).toString('hex')}:`;
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  const keys = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  };
  return {
    url,
    prefix,
    keys,
    async close() {
      const written = await keys();
      if (written.length) await client.del(...written);
      await client.quit();
      own?.server.kill('SIGTERM');
    },
  };
}
