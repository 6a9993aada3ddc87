import type { CommissionBasis } from '@kwenda/contracts/admin';
import { bigserial, boolean, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts-schema.js';

/** Agents and the history of their commission terms (migrations/0008_agents.sql). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

export const agents = pgTable('agents', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  referralCode: text('referral_code').notNull().unique(),
  commissionBasis: text('commission_basis').$type<CommissionBasis>().notNull(),
  commissionPercent: percent('commission_percent').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: text('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
export type AgentRow = typeof agents.$inferSelect;

export const agentCommissionTerms = pgTable(
  'agent_commission_terms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    commissionBasis: text('commission_basis').$type<CommissionBasis>().notNull(),
    commissionPercent: percent('commission_percent').notNull(),
    active: boolean('active').notNull(),
    effectiveAt: at('effective_at').notNull().defaultNow(),
    setBy: text('set_by').notNull(),
  },
  (table) => [index('agent_commission_terms_agent').on(table.agentId, table.effectiveAt, table.id)],
);
export type AgentTermsRow = typeof agentCommissionTerms.$inferSelect;
