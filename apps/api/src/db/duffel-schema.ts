import { boolean, index, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SupplierOffer } from '../suppliers/supplier.js';

/** The Duffel adapter's tables (migrations/0018_duffel.sql); only suppliers/duffel reads and writes them. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const duffelSearches = pgTable(
  'duffel_searches',
  {
    searchKey: text('search_key').primaryKey(),
    offerRequestId: text('offer_request_id').notNull(),
    offers: jsonb('offers').$type<SupplierOffer[]>().notNull(),
    timedOut: boolean('timed_out').notNull().default(false),
    searchedAt: at('searched_at').notNull(),
    validUntil: at('valid_until').notNull(),
  },
  (table) => [index('duffel_searches_valid_until_idx').on(table.validUntil)],
);
export type DuffelSearchRow = typeof duffelSearches.$inferSelect;

export const duffelOfferTotals = pgTable(
  'duffel_offer_totals',
  {
    offerId: text('offer_id').primaryKey(),
    totalAmount: numeric('total_amount', { mode: 'number' }).notNull(),
    totalCurrency: text('total_currency').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('duffel_offer_totals_expires_at_idx').on(table.expiresAt)],
);

export const duffelOrders = pgTable('duffel_orders', {
  clientReference: text('client_reference').primaryKey(),
  offerId: text('offer_id').notNull(),
  orderId: text('order_id').unique(),
  /** Duffel passenger id -> Kwenda passenger id. */
  passengerIds: jsonb('passenger_ids').$type<Record<string, string>>().notNull(),
  heldTotal: numeric('held_total', { mode: 'number' }),
  heldCurrency: text('held_currency'),
  requestedAt: at('requested_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
export type DuffelOrderRow = typeof duffelOrders.$inferSelect;
