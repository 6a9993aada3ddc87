import { randomBytes } from 'node:crypto';
import type { WhatsAppMessageStatus } from '@kwenda/contracts';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import {
  whatsappInbound,
  whatsappMessages,
  whatsappOptOuts,
  type WhatsAppMessageRow,
  type WhatsAppPurpose,
} from '../../db/whatsapp-schema.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { whatsappQueue } from '../../jobs/due-queues.js';
import type { MailAttachment } from '../../db/schema.js';

/** Every query of the WhatsApp tables (migrations/0033_whatsapp.sql). */

export const newWhatsAppId = () => `wa_${randomBytes(12).toString('base64url')}`;

/** A row as queued. */
export interface NewWhatsAppMessage {
  toPhone: string;
  template: WhatsAppMessageRow['template'];
  language: 'ar' | 'en';
  params: string[];
  document: MailAttachment | null;
  bookingId: string | null;
  userId: string | null;
  purpose: WhatsAppPurpose;
  dedupeKey: string | null;
  expiresAt: Date | null;
  requestedBy: string | null;
}

/**
 * How far along a message is: a status webhook only moves a row forward (a replay, or a 'sent' that
 * arrives after 'read', changes nothing). 'failed' ranks with 'delivered': Meta reports an
 * undeliverable message as failed after 'sent', never after 'delivered'.
 */
const RANK: Record<WhatsAppMessageStatus, number> = { pending: 0, sent: 1, delivered: 2, failed: 2, read: 3, skipped: 9 };
const rankOf = (column: SQL | typeof whatsappMessages.status) =>
  sql`CASE ${column} WHEN 'pending' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'failed' THEN 2 WHEN 'read' THEN 3 ELSE 9 END`;

/** A status the Cloud API reported for one message (webhook), or the send's own acceptance. */
export interface StatusUpdate {
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** The Cloud API's message id. */
  wamid: string;
  /** The row id the send carried as biz_opaque_callback_data. */
  rowId?: string | null;
  errorCode?: number | null;
  error?: string | null;
  transport?: string;
}

export function createMessengerRepository(database: Database, options: { leaseMs: number }) {
  const { db } = database;
  const { leaseMs } = options;

  return {
    /** One row in the caller's transaction; with its dedupeKey already queued, that row's id and queued false. */
    async insert(tx: Tx, message: NewWhatsAppMessage, now = new Date()): Promise<{ id: string; queued: boolean }> {
      const id = newWhatsAppId();
      const inserted = await tx
        .insert(whatsappMessages)
        .values({ id, ...message, createdAt: now, nextAttemptAt: now })
        .onConflictDoNothing({ target: whatsappMessages.dedupeKey })
        .returning({ id: whatsappMessages.id });
      if (inserted.length) return { id, queued: true };
      const [existing] = await tx
        .select({ id: whatsappMessages.id })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.dedupeKey, message.dedupeKey!));
      return { id: existing!.id, queued: false };
    },

    async setFallbackMail(tx: Tx, id: string, mailId: string): Promise<void> {
      await tx.update(whatsappMessages).set({ fallbackMailId: mailId }).where(eq(whatsappMessages.id, id));
    },

    async isOptedOut(tx: Tx, phone: string): Promise<boolean> {
      const [row] = await tx
        .select({ phone: whatsappOptOuts.phone })
        .from(whatsappOptOuts)
        .where(eq(whatsappOptOuts.phone, phone));
      return row !== undefined;
    },

    /**
     * Takes up to `limit` due messages for this process (jobs/claim-due.ts: SKIP LOCKED, each leased
     * for `leaseMs`), oldest due first, in a short transaction of its own.
     */
    async claimDue(limit: number, now: Date): Promise<WhatsAppMessageRow[]> {
      return db.transaction((tx) => claimDue(tx, whatsappQueue, { now, leaseMs, limit }));
    },

    /**
     * The Cloud API accepted the message (its answer, or a status webhook naming the row): wamid and
     * 'sent' recorded on a row still pending. Returns whether this call recorded it.
     */
    async markAccepted(tx: Tx, id: string, update: { wamid: string | null; at: Date; transport: string }): Promise<boolean> {
      const updated = await tx
        .update(whatsappMessages)
        .set({
          status: 'sent',
          wamid: update.wamid,
          sentAt: update.at,
          transport: update.transport,
          lastError: null,
          errorCode: null,
        })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'pending')))
        .returning({ id: whatsappMessages.id });
      return updated.length > 0;
    },

    /**
     * A status from a webhook, on the row it names (by wamid, else by the row id it carried). Moves the
     * row forward only; returns the row as it was before when it moved, else null.
     */
    async recordStatus(tx: Tx, update: StatusUpdate): Promise<{ before: WhatsAppMessageRow; after: WhatsAppMessageRow } | null> {
      const naming = update.rowId
        ? or(
            eq(whatsappMessages.wamid, update.wamid),
            and(eq(whatsappMessages.id, update.rowId), sql`${whatsappMessages.wamid} IS NULL`),
          )
        : eq(whatsappMessages.wamid, update.wamid);
      const [before] = await tx.select().from(whatsappMessages).where(naming).for('update');
      if (!before) return null;
      if (RANK[update.status] <= RANK[before.status]) return null;
      const at = update.at;
      const [after] = await tx
        .update(whatsappMessages)
        .set({
          status: update.status,
          wamid: before.wamid ?? update.wamid,
          transport: before.transport ?? update.transport ?? 'cloud-api',
          // Any later status means it was sent; a 'delivered' before its 'sent' still dates the sending.
          sentAt: before.sentAt ?? at,
          ...(update.status === 'delivered' ? { deliveredAt: at } : {}),
          ...(update.status === 'read' ? { readAt: at, deliveredAt: before.deliveredAt ?? at } : {}),
          ...(update.status === 'failed'
            ? { failedAt: at, errorCode: update.errorCode ?? null, lastError: update.error?.slice(0, 1000) ?? null }
            : {}),
        })
        .where(and(eq(whatsappMessages.id, before.id), sql`${rankOf(whatsappMessages.status)} < ${RANK[update.status]}`))
        .returning();
      return after ? { before, after } : null;
    },

    /** A permanent error (or one retried too often): failed with the Cloud API's code. */
    async markFailed(tx: Tx, id: string, failure: { errorCode: number | null; error: string; at: Date }): Promise<boolean> {
      const updated = await tx
        .update(whatsappMessages)
        .set({ status: 'failed', errorCode: failure.errorCode, lastError: failure.error.slice(0, 1000), failedAt: failure.at })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'pending')))
        .returning({ id: whatsappMessages.id });
      return updated.length > 0;
    },

    /** Not sent and never will be: a code past its expiry, a number that opted out after queueing. */
    async markSkipped(tx: Tx, id: string, reason: string): Promise<boolean> {
      const updated = await tx
        .update(whatsappMessages)
        .set({ status: 'skipped', lastError: reason })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'pending')))
        .returning({ id: whatsappMessages.id });
      return updated.length > 0;
    },

    /**
     * A claimed try that may be retried: again `delayMs` after `now`, with the error and its code.
     * Only while the row is still pending (a webhook may have recorded it meanwhile).
     */
    async retryLater(row: WhatsAppMessageRow, failure: { now: Date; delayMs: number; error: string; errorCode: number | null }) {
      return retryLater(db, whatsappQueue, row, {
        now: failure.now,
        delayMs: failure.delayMs,
        error: failure.error,
        set: { errorCode: failure.errorCode },
      });
    },

    /** Records a try whose outcome is unknown: the row stays leased (the grace period) with the error noted. */
    async noteInDoubt(id: string, error: string): Promise<void> {
      await db
        .update(whatsappMessages)
        .set({ lastError: error.slice(0, 1000) })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'pending')));
    },

    async find(id: string): Promise<WhatsAppMessageRow | undefined> {
      const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
      return row;
    },

    /** Newest first, for the dev outbox. */
    async list(limit = 200): Promise<WhatsAppMessageRow[]> {
      return db.select().from(whatsappMessages).orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id)).limit(limit);
    },

    /** STOP: no more business messages to this number. Returns whether it had already been told so. */
    async optOut(tx: Tx, phone: string, now: Date): Promise<{ told: boolean }> {
      await tx.insert(whatsappOptOuts).values({ phone, optedOutAt: now }).onConflictDoNothing({ target: whatsappOptOuts.phone });
      const [row] = await tx.select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone)).for('update');
      return { told: row?.toldAt != null };
    },

    async markToldOptedOut(tx: Tx, phone: string, now: Date): Promise<void> {
      await tx.update(whatsappOptOuts).set({ toldAt: now }).where(eq(whatsappOptOuts.phone, phone));
    },

    /** START: the number receives updates again. */
    async optIn(tx: Tx, phone: string): Promise<boolean> {
      const removed = await tx
        .delete(whatsappOptOuts)
        .where(eq(whatsappOptOuts.phone, phone))
        .returning({ phone: whatsappOptOuts.phone });
      return removed.length > 0;
    },

    /** An inbound message, once: false when its id was handled already (a replayed webhook). */
    async recordInbound(
      tx: Tx,
      inbound: { wamid: string; fromPhone: string; intent: 'stop' | 'start' | 'other'; at: Date },
    ): Promise<boolean> {
      const inserted = await tx
        .insert(whatsappInbound)
        .values({ wamid: inbound.wamid, fromPhone: inbound.fromPhone, intent: inbound.intent, receivedAt: inbound.at })
        .onConflictDoNothing({ target: whatsappInbound.wamid })
        .returning({ wamid: whatsappInbound.wamid });
      return inserted.length > 0;
    },
  };
}

export type MessengerRepository = ReturnType<typeof createMessengerRepository>;
