import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './pglite-lock.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL access for the migrator and health checks; everything else goes through Drizzle. */
export interface SqlRunner {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection inside BEGIN/COMMIT. */
  transaction<T>(fn: (tx: Pick<SqlRunner, 'exec' | 'query'>) => Promise<T>): Promise<T>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlRunner;
  close(): Promise<void>;
  /**
   * The embedded database only: a tarball of its files, taken between two queries (a consistent
   * copy, as after a crash: PostgreSQL's recovery completes it on opening). `npm run backup`.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * The embedded database only: calls `onNotify` for each NOTIFY on `channel`, as the notifying
   * transaction commits and before its statement returns (the one process holding the database
   * makes every change). Resolves once listening.
   */
  listen?(channel: string, onNotify: () => void): Promise<void>;
}

export function pgliteDatabase(client: PGlite): Database {
  const sql: SqlRunner = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, params) => (await client.query(text, params)).rows as never,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async (text, params) => (await tx.query(text, params)).rows as never,
        }),
      ),
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    sql,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
  };
}

export function postgresDatabase(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const sql: SqlRunner = {
    exec: async (text) => {
      await pool.query(text);
    },
    query: async (text, params) => (await pool.query(text, params)).rows,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (text) => {
            await client.query(text);
          },
          query: async (text, params) => (await client.query(text, params)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return { kind: 'postgres', db: drizzlePg(pool, { schema }) as unknown as Db, sql, close: () => pool.end() };
}

/**
 * The embedded database's start parameters: PGlite's own, with a 32 MB buffer cache instead of
 * PostgreSQL's 128 MB. The shared memory is resident in the WASM heap from the start: measured,
 * the WASM heap's resident part went from 154 to 50 MB and the process from about 625 to 505 MB at
 * start (issue 17). Pages outside the cache are read from the data directory's files (the system's
 * file cache); queries answer the same.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl);
  const dir = path.resolve(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  try {
    const database = pgliteDatabase(await PGlite.create({ dataDir: dir, startParams: PGLITE_START_PARAMS }));
    return {
      ...database,
      close: () => database.close().finally(release),
    };
  } catch (error) {
    release();
    throw error;
  }
}
