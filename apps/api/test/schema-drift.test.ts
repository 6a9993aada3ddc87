import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlRunner } from '../src/db/client.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * The SQL migrations make the database; the Drizzle schema (src/db/*-schema.ts) is what the code
 * believes it is. This test builds the Drizzle schema's tables in a schema of their own beside the
 * migrated ones and asks PostgreSQL to describe both the same way: tables, columns with their types,
 * nullability and defaults, and indexes (primary keys, unique constraints and secondary indexes, with their
 * columns, order, operator classes and predicates). Any difference is drift: a migration the schema
 * does not know, or a schema change no migration makes. (Drizzle's desc() keeps NULLS LAST, so an
 * index on `created_at DESC` reads `.desc().nullsFirst()` there.)
 */

const dbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db');
/** The migrator's own bookkeeping, not part of the application's schema. */
const notInSchema = new Set(['schema_migrations']);
const EXPECTED = 'drizzle_expected';

async function drizzleTables(): Promise<PgTable[]> {
  const files = fs.readdirSync(dbDir).filter((name) => name === 'schema.ts' || name.endsWith('-schema.ts'));
  const tables = new Set<PgTable>();
  for (const file of files) {
    const module = (await import(path.join(dbDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (is(value, PgTable)) tables.add(value);
  }
  return [...tables];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const dialect = new PgDialect();
/** SQL inside an index, its columns named bare as PostgreSQL writes them in an index definition. */
const indexSql = (value: SQL) => dialect.sqlToQuery(value.inlineParams(), 'indexes').sql;

/** A column's SQL default as Drizzle declares it (a value, or SQL such as now()). */
function defaultOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (is(value, SQL)) return indexSql(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** CREATE statements for one Drizzle table in the schema `into`; names Drizzle makes up are left to PostgreSQL. */
function ddlOf(table: PgTable, into: string): string[] {
  const config = getTableConfig(table);
  const target = `${quote(into)}.${quote(config.name)}`;
  const parts = config.columns.map((column) => {
    let line = `${quote(column.name)} ${column.getSQLType()}`;
    const fallback = defaultOf(column.default);
    if (fallback !== undefined) line += ` DEFAULT ${fallback}`;
    if (column.notNull) line += ' NOT NULL';
    if (column.primary) line += ' PRIMARY KEY';
    if (column.isUnique) {
      const named = column.uniqueName && column.uniqueName !== `${config.name}_${column.name}_unique`;
      line += named ? ` CONSTRAINT ${quote(column.uniqueName!)} UNIQUE` : ' UNIQUE';
    }
    return line;
  });
  for (const key of config.primaryKeys) {
    const columns = key.columns.map((column) => quote(column.name)).join(', ');
    const defaultName = `${config.name}_${key.columns.map((column) => column.name).join('_')}_pk`;
    parts.push(`${key.name && key.name !== defaultName ? `CONSTRAINT ${quote(key.name)} ` : ''}PRIMARY KEY (${columns})`);
  }
  for (const unique of config.uniqueConstraints) {
    const columns = unique.columns.map((column) => quote(column.name)).join(', ');
    const defaultName = `${config.name}_${unique.columns.map((column) => column.name).join('_')}_unique`;
    parts.push(`${unique.name && unique.name !== defaultName ? `CONSTRAINT ${quote(unique.name)} ` : ''}UNIQUE (${columns})`);
  }
  const statements = [`CREATE TABLE ${target} (${parts.join(', ')})`];
  for (const { config: index } of config.indexes) {
    const columns = index.columns.map((column) => {
      // An expression is written as PostgreSQL needs it: in parentheses unless a function call.
      if (is(column, SQL)) return indexSql(column);
      const { name, indexConfig } = column as IndexedColumn;
      return [quote(name!), indexConfig?.opClass, indexConfig?.order, indexConfig?.nulls && `NULLS ${indexConfig.nulls}`]
        .filter(Boolean)
        .join(' ');
    });
    const where = index.where ? ` WHERE ${indexSql(index.where)}` : '';
    statements.push(
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quote(index.name!)} ON ${target} USING ${index.method ?? 'btree'} (${columns.join(', ')})${where}`,
    );
  }
  return statements;
}

/** One schema's tables, columns and indexes, described by PostgreSQL itself. */
async function describeSchema(sql: SqlRunner, schema: string) {
  const tables = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [schema],
  );
  const columns = await sql.query<{
    table_name: string;
    column_name: string;
    type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, is_nullable, column_default,
            format_type(a.atttypid, a.atttypmod) AS type
       FROM information_schema.columns c
       JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
      WHERE c.table_schema = $1`,
    [schema],
  );
  const indexes = await sql.query<{ tablename: string; indexname: string; indexdef: string }>(
    'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1',
    [schema],
  );
  const described: Record<string, { columns: Record<string, string>; indexes: Record<string, string> }> = {};
  for (const { table_name } of tables) {
    if (!notInSchema.has(table_name)) described[table_name] = { columns: {}, indexes: {} };
  }
  for (const column of columns) {
    const table = described[column.table_name];
    if (!table) continue;
    // Serial columns' sequences are named after their schema; what matters is that they count.
    const fallback = column.column_default?.replace(/^nextval\(.*\)$/, 'nextval(…)');
    table.columns[column.column_name] =
      `${column.type}${column.is_nullable === 'NO' ? ' not null' : ''}${fallback ? ` default ${fallback}` : ''}`;
  }
  for (const index of indexes) {
    const table = described[index.tablename];
    // The definition without its name and schema: "UNIQUE btree (booking_id) WHERE (status = 'open'::text)".
    const definition = index.indexdef.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ USING /, (_, unique = '') => unique);
    if (table) table.indexes[index.indexname] = definition;
  }
  return described;
}

describe.each(backends)('the Drizzle schema and the migrated database on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.destroy());

  it('have the same tables, columns, types, nullability, defaults and indexes', async () => {
    const tables = await drizzleTables();
    expect(tables.length).toBeGreaterThan(40);
    const statements = [`CREATE SCHEMA ${EXPECTED}`, ...tables.flatMap((table) => ddlOf(table, EXPECTED))];
    await database.sql.exec(statements.join(';\n'));

    const migrated = await describeSchema(database.sql, 'public');
    const declared = await describeSchema(database.sql, EXPECTED);
    expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
    for (const name of Object.keys(migrated)) {
      expect.soft({ table: name, ...declared[name] }).toEqual({ table: name, ...migrated[name] });
    }
  });
});
