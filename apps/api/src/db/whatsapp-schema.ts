import type { WhatsAppMessageStatus, WhatsAppTemplateKey } from '@kwenda/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MailAttachment } from './schema.js';

/** WhatsApp tables and the codes that prove a number or an address (migrations/0033_whatsapp.sql). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type WhatsAppPurpose = 'booking' | 'auth' | 'reply';

export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: text('id').primaryKey(),
    dedupeKey: text('dedupe_key').unique(),
    toPhone: text('to_phone').notNull(),
    /** A template key, or 'opt_out_reply' for the free-form answer to STOP (inside the 24-hour window). */
    template: text('template').$type<WhatsAppTemplateKey | 'opt_out_reply'>().notNull(),
    language: text('language').$type<'ar' | 'en'>().notNull(),
    params: jsonb('params').$type<string[]>().notNull().default([]),
    document: jsonb('document').$type<MailAttachment | null>(),
    bookingId: text('booking_id'),
    userId: text('user_id'),
    purpose: text('purpose').$type<WhatsAppPurpose>().notNull(),
    fallbackMailId: text('fallback_mail_id'),
    status: text('status').$type<WhatsAppMessageStatus>().notNull().default('pending'),
    wamid: text('wamid').unique(),
    errorCode: integer('error_code'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: at('last_attempt_at'),
    expiresAt: at('expires_at'),
    transport: text('transport'),
    requestedBy: text('requested_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    deliveredAt: at('delivered_at'),
    readAt: at('read_at'),
    failedAt: at('failed_at'),
  },
  (table) => [
    index('whatsapp_messages_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('whatsapp_messages_booking')
      .on(table.bookingId, table.createdAt)
      .where(sql`${table.bookingId} IS NOT NULL`),
    index('whatsapp_messages_dead')
      .on(table.createdAt)
      .where(sql`${table.status} = 'failed'`),
  ],
);
export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;

export const whatsappOptOuts = pgTable('whatsapp_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: at('opted_out_at').notNull(),
  toldAt: at('told_at'),
});

export const whatsappInbound = pgTable('whatsapp_inbound', {
  wamid: text('wamid').primaryKey(),
  fromPhone: text('from_phone').notNull(),
  intent: text('intent').$type<'stop' | 'start' | 'other'>().notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

export type ContactCodePurpose = 'sign-in' | 'add-phone' | 'add-email';

export const contactCodes = pgTable(
  'contact_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').$type<ContactCodePurpose>().notNull(),
    channel: text('channel').$type<'email' | 'whatsapp'>().notNull(),
    target: text('target').notNull(),
    userId: text('user_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    issuedAt: at('issued_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    resendAt: at('resend_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('contact_codes_target').on(table.target, table.createdAt),
    index('contact_codes_expires').on(table.expiresAt),
  ],
);
export type ContactCodeRow = typeof contactCodes.$inferSelect;
