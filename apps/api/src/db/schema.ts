import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Units of a currency per 1 USD; kept in the database so the agency can update rates. */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6, mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
