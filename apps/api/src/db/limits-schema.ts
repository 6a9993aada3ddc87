import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { HoldCapKind } from '@kwenda/contracts/admin';

/** Throttle counters, who holds seats unpaid, lifts of the caps, idempotency keys (migrations/0014_limits.sql). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: at('window_ends_at').notNull(),
  },
  (table) => [index('throttle_counters_ended').on(table.windowEndsAt)],
);

export const holdClients = pgTable(
  'hold_clients',
  {
    bookingId: text('booking_id').primaryKey(),
    address: text('address').notNull(),
    heldAt: at('held_at').notNull().defaultNow(),
  },
  (table) => [index('hold_clients_address').on(table.address)],
);

export const holdCapLifts = pgTable(
  'hold_cap_lifts',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<HoldCapKind>().notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    endedBy: text('ended_by'),
  },
  (table) => [
    index('hold_cap_lifts_live')
      .on(table.kind, table.value, table.expiresAt)
      .where(sql`${table.endedAt} IS NULL`),
  ],
);
export type HoldCapLiftRow = typeof holdCapLifts.$inferSelect;

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').$type<'running' | 'done'>().notNull(),
    claimId: text('claim_id').notNull(),
    lockedUntil: at('locked_until'),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string | string[]>>(),
    responseBody: text('response_body'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('idempotency_keys_expiry').on(table.expiresAt)],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
