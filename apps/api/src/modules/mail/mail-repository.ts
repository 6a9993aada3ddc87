import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox, type MailRow } from '../../db/schema.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { mailQueue } from '../../jobs/due-queues.js';
import type { Tx } from '../../db/tx.js';
import type { MailPort } from './mail-port.js';

/** Every query of the mail outbox (migrations/0002_bookings.sql, table mail_outbox). */

/** 1, 2, 4 … minutes between tries, at most an hour: an SMTP outage delays mail, never loses it. */
export { retryDelayMs } from '../../jobs/claim-due.js';
/** After three days of failures a message is marked failed for a person to look at. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** How long a claimed message is invisible to other processes while this one talks to SMTP. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** Options of an e-mail queued as a WhatsApp message's fallback. */
export interface EnqueueMailOptions {
  /**
   * The WhatsApp message it stands in for: queued 'held', sent only if that message cannot be
   * delivered (then 'pending'), never if it is ('skipped').
   */
  heldFor?: string;
}

/**
 * One row in the caller's transaction, attachments base64 in the jsonb column. A dedupeKey already
 * queued (sent or not) makes this a no-op, so a second e-ticket e-mail for one booking is never sent,
 * whoever asks. Returns the row's id and whether this call queued it (false: the one already there).
 */
export async function enqueueMailRow(
  tx: Tx,
  message: Parameters<MailPort['enqueue']>[1],
  options: EnqueueMailOptions = {},
): Promise<{ id: string; queued: boolean }> {
  // The app's clock, as deliverDue(now) compares against it; the database's now() carries
  // microseconds and could make a message queued in this millisecond look not yet due.
  const now = new Date();
  const id = `ml_${randomBytes(12).toString('base64url')}`;
  const inserted = await tx
    .insert(mailOutbox)
    .values({
      id,
      dedupeKey: message.dedupeKey ?? null,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content.toString('base64'),
      })),
      status: options.heldFor ? 'held' : 'pending',
      heldFor: options.heldFor ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (inserted.length) return { id, queued: true };
  const [existing] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, message.dedupeKey!));
  return { id: existing!.id, queued: false };
}

/** MailPort.enqueue: a plain e-mail, due now (enqueueMailRow). */
export const enqueueMail: MailPort['enqueue'] = async (tx, message) => {
  await enqueueMailRow(tx, message);
};

/**
 * The fallback e-mail of a WhatsApp message that could not be delivered: sent now. Only a held one
 * changes, or with `afterAcceptance` one skipped when the Cloud API accepted the message (Meta reports
 * an undeliverable number as a failed status after accepting it), so a second release (a replayed
 * failure) does nothing. Returns whether one was released.
 */
export async function releaseHeldMail(
  tx: Tx,
  whatsappId: string,
  now = new Date(),
  options: { afterAcceptance?: boolean } = {},
): Promise<boolean> {
  const released = await tx
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(
      and(
        eq(mailOutbox.heldFor, whatsappId),
        options.afterAcceptance ? inArray(mailOutbox.status, ['held', 'skipped']) : eq(mailOutbox.status, 'held'),
      ),
    )
    .returning({ id: mailOutbox.id });
  return released.length > 0;
}

/** The WhatsApp message was sent: its held fallback e-mail never will be. */
export async function skipHeldMail(tx: Tx, whatsappId: string): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status: 'skipped' })
    .where(and(eq(mailOutbox.heldFor, whatsappId), eq(mailOutbox.status, 'held')));
}

export function createMailRepository(database: Database, options: { leaseMs?: number } = {}) {
  const { db } = database;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  return {
    enqueue: enqueueMail,

    /**
     * Takes up to `limit` due messages for this process, oldest first (jobs/claim-due.ts), in a short
     * transaction: nobody else takes them while this process talks to SMTP, outside any transaction
     * (PGlite is one connection; a long transaction would block the app). Each claim counts a try.
     * A process that dies mid-send leaves its messages to be retried when the lease ends.
     */
    async claimDue(limit: number, now: Date): Promise<MailRow[]> {
      const claimed = await db.transaction((tx) => claimDue(tx, mailQueue, { now, leaseMs, limit }));
      return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async markSent(id: string, transport: string, now = new Date()): Promise<void> {
      await db.update(mailOutbox).set({ status: 'sent', sentAt: now, transport, lastError: null }).where(eq(mailOutbox.id, id));
    },

    /**
     * A failed try of a claimed message: tried again after retryDelayMs(its tries so far); a message
     * first queued more than three days ago is marked failed instead. Returns the new status.
     */
    async markFailed(message: MailRow, error: string, now = new Date()): Promise<'pending' | 'failed'> {
      const fate = await retryLater(db, mailQueue, message, {
        now,
        error,
        giveUp: now.getTime() - message.createdAt.getTime() > GIVE_UP_AFTER_MS,
      });
      return fate === 'dead' ? 'failed' : 'pending';
    },

    /** Newest first, for the dev outbox. */
    async list(limit = 200): Promise<MailRow[]> {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
    },

    async find(id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
