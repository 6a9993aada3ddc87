import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox, type MailRow } from '../../db/schema.js';
import { claimDue, retryLater } from '../../jobs/claim-due.js';
import { mailQueue } from '../../jobs/due-queues.js';
import type { MailPort } from './mail-port.js';

/** Every query of the mail outbox (migrations/0002_bookings.sql, table mail_outbox). */

/** 1, 2, 4 … minutes between tries, at most an hour: an SMTP outage delays mail, never loses it. */
export { retryDelayMs } from '../../jobs/claim-due.js';
/** After three days of failures a message is marked failed for a person to look at. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** How long a claimed message is invisible to other processes while this one talks to SMTP. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/**
 * MailPort.enqueue: one row in the caller's transaction, attachments base64 in the jsonb column.
 * A dedupeKey already queued (sent or not) makes this a no-op, so a second e-ticket e-mail for
 * one booking is never sent, whoever asks.
 */
export const enqueueMail: MailPort['enqueue'] = async (tx, message) => {
  // The app's clock, as deliverDue(now) compares against it; the database's now() carries
  // microseconds and could make a message queued in this millisecond look not yet due.
  const now = new Date();
  await tx
    .insert(mailOutbox)
    .values({
      id: `ml_${randomBytes(12).toString('base64url')}`,
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
      createdAt: now,
      nextAttemptAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
};

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
