import { sql } from 'drizzle-orm';
import type { SocialProvider } from '@kwenda/contracts';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts tables (migrations/0003_accounts.sql, social sign-in in 0004_social.sql, sign-ups in 0022; throttle counters: limits-schema.ts). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  fullName: text('full_name').notNull(),
  /** Null for an account made with a mobile number only (0033_whatsapp.sql). */
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  mobile: text('mobile'),
  whatsapp: text('whatsapp'),
  active: boolean('active').notNull().default(false),
  emailVerifiedAt: at('email_verified_at'),
  /** The verified mobile number (E.164) the account signs in with by a WhatsApp code. */
  phone: text('phone').unique(),
  phoneVerifiedAt: at('phone_verified_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** A staff session (migrations/0006_staff.sql) is shorter and needs the second factor. */
    kind: text('kind').$type<'traveller' | 'staff'>().notNull().default('traveller'),
    secondFactorAt: at('second_factor_at'),
  },
  (table) => [
    index('sessions_user').on(table.userId),
    index('sessions_user_kind')
      .on(table.userId, table.kind)
      .where(sql`${table.revokedAt} IS NULL`),
  ],
);

/** A sign-up waiting for its e-mailed code (migrations/0022_pending_registrations.sql): its own name, password and code. */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    codeIssuedAt: at('code_issued_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('pending_registrations_email').on(table.email, table.createdAt),
    index('pending_registrations_expires').on(table.expiresAt),
  ],
);
export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').$type<SocialProvider>().notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull(),
    email: text('email'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index('user_identities_user').on(table.userId)],
);

export const loginTickets = pgTable(
  'login_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('login_tickets_expiry').on(table.expiresAt)],
);
