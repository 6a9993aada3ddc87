import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteDatabase, postgresDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { adminQuery, databaseUrl } from './helpers/postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an embedded database with every migration applied (helpers/test-database.ts). */
    pgliteTemplate: string;
    /** The name of a migrated database on DATABASE_URL's server that test databases are copied from; '' without one. */
    postgresTemplate: string;
  }
}

/**
 * Once per test run, before any test file:
 * - builds the API bundle (apps/api/dist, scripts/bundle.mjs: about a second) from the sources under
 *   test: the tests that start the server as a process run it as production does, with plain node
 *   (docs/decisions/0030-the-api-runs-as-a-bundle.md), two to three times faster to start than tsx;
 * - migrates one embedded database and one PostgreSQL database that each test file's database is a
 *   copy of: PGlite's initdb costs about 4 s of WASM per database, opening a copy about 1 s.
 */
export default async function setup(project: TestProject) {
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scripts/bundle.mjs');
  execFileSync(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-test-template-'));
  const embedded = await PGlite.create();
  await migrate(pgliteDatabase(embedded).sql);
  const tarball = await embedded.dumpDataDir('none');
  await embedded.close();
  const pgliteTemplate = path.join(dir, 'migrated.tar');
  fs.writeFileSync(pgliteTemplate, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', pgliteTemplate);

  const adminUrl = process.env.DATABASE_URL;
  let postgresTemplate = '';
  if (adminUrl) {
    postgresTemplate = `kwenda_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${postgresTemplate}`);
    const database = postgresDatabase(databaseUrl(adminUrl, postgresTemplate), 1);
    await migrate(database.sql);
    await database.close();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
  };
}
