import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../api-root.js';
import type { SqlRunner } from './client.js';

export const migrationsDir = path.join(apiRoot, 'migrations');

/** Any fixed number: every API process takes the same lock so only one migrates at a time. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies migrations/*.sql in name order, each once, inside one transaction holding an
 * advisory lock, so several processes starting together against one PostgreSQL are safe.
 * Landed migration files are never edited; a new change is a new file.
 */
export async function migrate(sql: SqlRunner, dir = migrationsDir): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      await tx.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      ran.push(file);
    }
    return ran;
  });
}
