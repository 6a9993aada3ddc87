import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteDatabase, postgresDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the machine's PostgreSQL too when DATABASE_URL is set (as CI does). */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes and, for PostgreSQL, drops the database this test file created. */
  destroy(): Promise<void>;
  /** PostgreSQL only: the database's URL, for a server process started on it (helpers/server-process.ts). */
  url?: string;
}

/**
 * A fresh, migrated database per test file: in-memory PGlite, or a new database named
 * kwenda_test_<random> on the server of DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = pgliteDatabase(await PGlite.create());
    await migrate(database.sql);
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `kwenda_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = postgresDatabase(url.toString(), 4);
  await migrate(database.sql);
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
