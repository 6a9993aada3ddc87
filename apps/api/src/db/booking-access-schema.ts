import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who may see a booking whole besides its account (migrations/0015_booking_access.sql). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const bookingAccessGrants = pgTable(
  'booking_access_grants',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id').notNull(),
    /** SHA-256 of the token the browser's cookie holds. */
    tokenHash: text('token_hash').notNull().unique(),
    source: text('source').$type<'created' | 'code'>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('booking_access_grants_booking').on(table.bookingId)],
);

export const bookingAccessCodes = pgTable('booking_access_codes', {
  bookingId: text('booking_id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
