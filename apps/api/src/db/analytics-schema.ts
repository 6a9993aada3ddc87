import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Page views (migrations/0005_analytics.sql): nothing personal, see the migration. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    language: text('language').$type<'ar' | 'en'>().notNull(),
    referralCode: text('referral_code'),
    referrerOrigin: text('referrer_origin').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('page_views_day_path').on(table.day, table.path)],
);

/** Searches per day and route (migrations/0009_analytics_searches.sql): a counter, nothing personal. */
export const routeSearches = pgTable(
  'route_searches',
  {
    day: date('day', { mode: 'string' }).notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    searches: integer('searches').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.day, table.origin, table.destination] })],
);
