import { sql } from 'drizzle-orm';
import type { StaffRole } from '@kwenda/contracts/admin';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The agency's staff (migrations/0006_staff.sql); staff sessions are rows of `sessions` with kind 'staff'. */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const staffMembers = pgTable(
  'staff_members',
  {
    userId: text('user_id').primaryKey(),
    role: text('role').$type<StaffRole>().notNull(),
    language: text('language').$type<'ar' | 'en'>().notNull().default('ar'),
    setupAt: at('setup_at'),
    /** Encrypted (staff/totp-secret-box.ts), never the raw secret. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: at('disabled_at'),
    disabledBy: text('disabled_by'),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('staff_members_active_role')
      .on(table.role)
      .where(sql`${table.disabledAt} IS NULL`),
  ],
);
export type StaffMemberRow = typeof staffMembers.$inferSelect;

export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffUserId: text('staff_user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('staff_recovery_codes_staff').on(table.staffUserId)],
);

export const staffInvitations = pgTable(
  'staff_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    language: text('language').$type<'ar' | 'en'>().notNull().default('ar'),
    invitedBy: text('invited_by'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('staff_invitations_user').on(table.userId, table.createdAt.desc().nullsFirst())],
);
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffUserId: text('staff_user_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('staff_actions_staff').on(table.staffUserId, table.createdAt.desc().nullsFirst()),
    index('staff_actions_target').on(table.targetType, table.targetId, table.createdAt.desc().nullsFirst()),
    index('staff_actions_created').on(table.createdAt.desc().nullsFirst()),
  ],
);
export type StaffActionRow = typeof staffActions.$inferSelect;
