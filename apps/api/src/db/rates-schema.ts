import { sql } from 'drizzle-orm';
import type { CabinClassCode } from '@kwenda/contracts';
import { bigint, boolean, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// ---------- exchange rates and markups (migrations/0007_rates.sql) ----------

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every rate the agency set (units of `currency` per USD), kept forever; canceled only before it takes effect. */
export const exchangeRateChanges = pgTable(
  'exchange_rate_changes',
  {
    id: text('id').primaryKey(),
    currency: text('currency').notNull(),
    unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    effectiveAt: at('effective_at').notNull(),
    setBy: text('set_by'),
    setAt: at('set_at').notNull().defaultNow(),
    canceledAt: at('canceled_at'),
    canceledBy: text('canceled_by'),
  },
  (table) => [
    index('exchange_rate_changes_currency_idx').on(
      table.currency,
      table.effectiveAt.desc().nullsFirst(),
      table.setAt.desc().nullsFirst(),
    ),
  ],
);
export type ExchangeRateChangeRow = typeof exchangeRateChanges.$inferSelect;

export const markupRules = pgTable(
  'markup_rules',
  {
    id: text('id').primaryKey(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    fixedUsd: numeric('fixed_usd', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    airline: text('airline'),
    origin: text('origin'),
    destination: text('destination'),
    cabin: text('cabin').$type<CabinClassCode>(),
    active: boolean('active').notNull().default(true),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: text('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    /** One active rule per airline, origin, destination and cabin, a missing one counting as any. */
    uniqueIndex('markup_rules_active_criteria_idx')
      .on(
        sql`coalesce(${table.airline}, '')`,
        sql`coalesce(${table.origin}, '')`,
        sql`coalesce(${table.destination}, '')`,
        sql`coalesce(${table.cabin}, '')`,
      )
      .where(sql`${table.active}`),
  ],
);
export type MarkupRuleRow = typeof markupRules.$inferSelect;

/**
 * One number that moves, in the same transaction, whenever a rate or a markup rule changes (triggers of
 * migrations/0016_shared_state.sql): every process checks it before pricing (modules/rates/rate-book.ts).
 */
export const pricingVersion = pgTable('pricing_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Offers searches left out for want of a rate, per supplier currency (migrations/0025_supplier_currency_rates.sql). */
export const unpricedOfferCurrencies = pgTable('unpriced_offer_currencies', {
  currency: text('currency').primaryKey(),
  offers: bigint('offers', { mode: 'number' }).notNull().default(0),
  firstSeenAt: at('first_seen_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
});
