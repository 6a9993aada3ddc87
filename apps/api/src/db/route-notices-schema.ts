import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RouteNoticeScope } from '@kwenda/contracts/admin';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Notices for the travellers of a route, an airport or an airline over a period (migrations/0029_route_notices.sql). */
export const routeNotices = pgTable(
  'route_notices',
  {
    id: text('id').primaryKey(),
    scope: text('scope').$type<RouteNoticeScope>().notNull(),
    origin: text('origin'),
    destination: text('destination'),
    airport: text('airport'),
    airline: text('airline'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    textAr: text('text_ar').notNull(),
    textEn: text('text_en').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    withdrawnAt: at('withdrawn_at'),
  },
  (table) => [
    index('route_notices_live')
      .on(table.endsOn)
      .where(sql`${table.withdrawnAt} IS NULL`),
  ],
);
export type RouteNoticeRow = typeof routeNotices.$inferSelect;
