import { bigserial, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Page views (migrations/0005_analytics.sql): nothing personal, see the migration. */
export const pageViews = pgTable('page_views', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  path: text('path').notNull(),
  language: text('language').$type<'ar' | 'en'>().notNull(),
  referralCode: text('referral_code'),
  referrerOrigin: text('referrer_origin').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
