import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteDatabase, postgresDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { adminQuery, databaseUrl } from './postgres-admin.js';

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
 * kwenda_test_<random> on the server of DATABASE_URL, dropped afterwards. Both are copies of the
 * database the run migrated once (global-setup.ts); migrating the copy again applies nothing, and
 * proves it is current.
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = pgliteDatabase(await PGlite.create({ loadDataDir: await fs.openAsBlob(inject('pgliteTemplate')) }));
    await migrate(database.sql);
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `kwenda_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const database = postgresDatabase(url, 4);
  await migrate(database.sql);
  return {
    ...database,
    url,
    async destroy() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
