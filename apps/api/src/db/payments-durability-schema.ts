import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// ---------- card payments that survive a crash (migrations/0012_payments_durability.sql) ----------

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The sandbox gateway's notifications, delivered from this table at least once (payments/sandbox/gateway-webhooks.ts). */
export const gatewayWebhooks = pgTable(
  'gateway_webhooks',
  {
    /** The event id, the same on every attempt. */
    id: text('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON sent; each attempt signs it with its own timestamp. */
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    /** Attempts made so far, the one in progress included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastAttemptAt: at('last_attempt_at'),
    /** HTTP status of the last answer; null when nothing answered. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    deliveredAt: at('delivered_at'),
  },
  (table) => [
    index('gateway_webhooks_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('gateway_webhooks_session').on(table.sessionId),
    index('gateway_webhooks_dead')
      .on(table.createdAt)
      .where(sql`${table.status} = 'failed'`),
  ],
);
export type GatewayWebhookRow = typeof gatewayWebhooks.$inferSelect;

/** The sandbox gateway's idempotency keys: the same key opens the same session. */
export const gatewayIdempotencyKeys = pgTable('gateway_idempotency_keys', {
  key: text('key').primaryKey(),
  sessionId: text('session_id').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** What the payment provider was asked about a checkout it has not told us the end of (modules/payments). */
export const paymentChecks = pgTable(
  'payment_checks',
  {
    paymentId: text('payment_id').primaryKey(),
    nextCheckAt: at('next_check_at').notNull(),
    checks: integer('checks').notNull().default(0),
    lastCheckedAt: at('last_checked_at'),
    lastState: text('last_state').$type<'open' | 'paid' | 'expired' | 'error'>(),
    lastError: text('last_error'),
    settledAt: at('settled_at'),
    /** Given up unresolved (settled_at set with it): for a person; cleared when asked about again. */
    deadAt: at('dead_at'),
  },
  (table) => [
    index('payment_checks_due')
      .on(table.nextCheckAt)
      .where(sql`${table.settledAt} IS NULL`),
    index('payment_checks_dead')
      .on(table.deadAt)
      .where(sql`${table.deadAt} IS NOT NULL`),
  ],
);
export type PaymentCheckRow = typeof paymentChecks.$inferSelect;
