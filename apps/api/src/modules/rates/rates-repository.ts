import { and, asc, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  exchangeRateChanges,
  markupRules,
  pricingVersion,
  users,
  type ExchangeRateChangeRow,
  type MarkupRuleRow,
} from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

export type NewRateChange = typeof exchangeRateChanges.$inferInsert;
export type NewMarkupRule = typeof markupRules.$inferInsert;

/** The rate of each currency in effect at `now`, and the rates set to take effect after it. */
export async function findRatesFrom(db: Db, now: Date): Promise<ExchangeRateChangeRow[]> {
  const [inEffect, scheduled] = await Promise.all([
    db
      .selectDistinctOn([exchangeRateChanges.currency])
      .from(exchangeRateChanges)
      .where(and(isNull(exchangeRateChanges.canceledAt), lte(exchangeRateChanges.effectiveAt, now)))
      .orderBy(exchangeRateChanges.currency, desc(exchangeRateChanges.effectiveAt), desc(exchangeRateChanges.setAt)),
    db
      .select()
      .from(exchangeRateChanges)
      .where(and(isNull(exchangeRateChanges.canceledAt), gt(exchangeRateChanges.effectiveAt, now))),
  ]);
  return [...inEffect, ...scheduled];
}

export const findActiveMarkups = (db: Db) => db.select().from(markupRules).where(eq(markupRules.active, true));

/** The pricing version (rates-schema.ts): it moves whenever a rate or a markup rule changes. */
export async function readPricingVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: pricingVersion.version }).from(pricingVersion);
  return row?.version ?? 0;
}

/** Every rate ever set, oldest first (a few a day: the owner's page reads them all). */
export const findRateHistory = (db: Db) =>
  db
    .select()
    .from(exchangeRateChanges)
    .orderBy(asc(exchangeRateChanges.currency), asc(exchangeRateChanges.effectiveAt), asc(exchangeRateChanges.setAt));

export async function insertRateChange(tx: Tx, row: NewRateChange): Promise<ExchangeRateChangeRow> {
  const [inserted] = await tx.insert(exchangeRateChanges).values(row).returning();
  return inserted!;
}

export async function lockRateChange(tx: Tx, id: string): Promise<ExchangeRateChangeRow | undefined> {
  const [row] = await tx.select().from(exchangeRateChanges).where(eq(exchangeRateChanges.id, id)).for('update');
  return row;
}

export async function cancelRateChange(tx: Tx, id: string, by: string, at: Date): Promise<ExchangeRateChangeRow> {
  const [row] = await tx
    .update(exchangeRateChanges)
    .set({ canceledAt: at, canceledBy: by })
    .where(eq(exchangeRateChanges.id, id))
    .returning();
  return row!;
}

export const findMarkups = (db: Db) =>
  db.select().from(markupRules).orderBy(desc(markupRules.active), asc(markupRules.createdAt), asc(markupRules.id));

export async function lockMarkup(tx: Tx, id: string): Promise<MarkupRuleRow | undefined> {
  const [row] = await tx.select().from(markupRules).where(eq(markupRules.id, id)).for('update');
  return row;
}

/** An active rule naming exactly these things (another one than `exceptId`). */
export async function findActiveMarkupLike(
  tx: Tx,
  criteria: Pick<MarkupRuleRow, 'airline' | 'origin' | 'destination' | 'cabin'>,
  exceptId: string | null,
): Promise<MarkupRuleRow | undefined> {
  const same = (column: AnyPgColumn, value: string | null) => (value === null ? isNull(column) : eq(column, value));
  const rows = await tx
    .select()
    .from(markupRules)
    .where(
      and(
        eq(markupRules.active, true),
        same(markupRules.airline, criteria.airline),
        same(markupRules.origin, criteria.origin),
        same(markupRules.destination, criteria.destination),
        same(markupRules.cabin, criteria.cabin),
      ),
    );
  return rows.find((row) => row.id !== exceptId);
}

export async function insertMarkup(tx: Tx, row: NewMarkupRule): Promise<MarkupRuleRow> {
  const [inserted] = await tx.insert(markupRules).values(row).returning();
  return inserted!;
}

export async function updateMarkup(tx: Tx, id: string, patch: Partial<NewMarkupRule>): Promise<MarkupRuleRow> {
  const [row] = await tx.update(markupRules).set(patch).where(eq(markupRules.id, id)).returning();
  return row!;
}

/** Names of staff members by user id, for "who" columns. */
export async function findStaffNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Units per USD of each of `currencies` in effect at `at` (the rates a booking made then was priced with). */
export async function findRatesAt(db: Db, currencies: readonly string[], at: Date): Promise<Map<string, number>> {
  if (!currencies.length) return new Map();
  const rows = await db
    .selectDistinctOn([exchangeRateChanges.currency], {
      currency: exchangeRateChanges.currency,
      unitsPerUsd: exchangeRateChanges.unitsPerUsd,
    })
    .from(exchangeRateChanges)
    .where(
      and(
        inArray(exchangeRateChanges.currency, [...currencies]),
        isNull(exchangeRateChanges.canceledAt),
        lte(exchangeRateChanges.effectiveAt, at),
      ),
    )
    .orderBy(exchangeRateChanges.currency, desc(exchangeRateChanges.effectiveAt), desc(exchangeRateChanges.setAt));
  return new Map(rows.map((r) => [r.currency, r.unitsPerUsd]));
}
