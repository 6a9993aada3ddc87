import pg from 'pg';
import type { TestDatabase } from './test-database.js';

export interface LockBarrier {
  /** Resolves once `count` other sessions of the test's database wait for a lock. */
  waiting(count: number): Promise<void>;
  /** Ends the barrier's transaction: the waiting requests go on, one after the other. */
  release(): Promise<void>;
}

/**
 * A barrier for a test that races requests: the test locks the rows the requests contend for
 * (`lockSql`, a SELECT ... FOR UPDATE) on a connection of its own, sends the requests, waits until
 * PostgreSQL shows them all waiting for a lock, then releases them. Every request is then provably
 * in flight at the critical point, past what it read before locking, however fast or slow the
 * machine. PostgreSQL only: PGlite runs one statement at a time, so nothing there can race.
 */
export async function lockBarrier(database: TestDatabase, lockSql: string, params: unknown[] = []): Promise<LockBarrier> {
  if (!database.url) throw new Error('A lock barrier needs PostgreSQL');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('BEGIN');
  const locked = await client.query(lockSql, params);
  if (locked.rowCount === 0) throw new Error(`The barrier locked nothing: ${lockSql}`);
  return {
    async waiting(count) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        // Activity statistics are read once per transaction unless the snapshot is dropped.
        await client.query('SELECT pg_stat_clear_snapshot()');
        const [row] = (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          )
        ).rows;
        if (row!.n >= count) return;
        if (Date.now() > deadline) throw new Error(`${row!.n} of ${count} requests reached the lock in 10 s`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/**
 * Runs `requests` together; on PostgreSQL, they are held at the lock of `lockSql`'s rows until all
 * of them wait there (lockBarrier), then let go. On PGlite they simply run together.
 */
export async function raceAtLock<const R extends readonly (() => Promise<unknown>)[]>(
  database: TestDatabase,
  /** `waiting`: how many reach the lock together when fewer than all can (the app has four connections). */
  lock: { sql: string; params?: unknown[]; waiting?: number },
  requests: R,
): Promise<{ -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> }> {
  type Answers = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };
  const run = () => Promise.all(requests.map((request) => request())) as Promise<Answers>;
  if (database.kind !== 'postgres') return run();
  const barrier = await lockBarrier(database, lock.sql, lock.params);
  try {
    const answers = run();
    // A request that fails before the lock surfaces at once instead of being waited for in vain.
    const first = await Promise.race([
      barrier.waiting(lock.waiting ?? requests.length).then(() => 'all waiting'),
      answers.then(() => 'ended'),
    ]);
    if (first === 'ended') throw new Error('The requests ended without waiting at the lock: it is not their critical point');
    await barrier.release();
    return await answers;
  } catch (error) {
    await barrier.release().catch(() => undefined);
    throw error;
  }
}
