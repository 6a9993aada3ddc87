import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox, type MailRow } from '../../db/schema.js';
import type { MailPort } from './mail-port.js';

/** Every query of the mail outbox (migrations/0002_bookings.sql, table mail_outbox). */

/** 1, 2, 4 … minutes between tries, at most an hour: an SMTP outage delays mail, never loses it. */
export const retryDelayMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
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
     * Takes up to `limit` due messages for this process. Rows locked by another process are
     * skipped, and the taken ones are pushed a lease into the future before this short
     * transaction commits: nobody else takes them while this process talks to SMTP, outside
     * any transaction (PGlite is one connection; a long transaction would block the app).
     * A process that dies mid-send leaves its messages to be retried when the lease ends.
     */
    async claimDue(limit: number, now: Date): Promise<MailRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (!due.length) return [];
        const claimed = await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
          .where(
            inArray(
              mailOutbox.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
        return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      });
    },

    async markSent(id: string, transport: string, now = new Date()): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, transport, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /**
     * A failed try; `attempts` counts the tries so far, this one included. The next try waits
     * retryDelayMs(attempts); a message first queued more than three days ago is marked failed.
     * Returns the new status.
     */
    async markFailed(id: string, error: string, attempts: number, now = new Date()): Promise<'pending' | 'failed'> {
      const giveUpBefore = new Date(now.getTime() - GIVE_UP_AFTER_MS);
      const [row] = await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: error.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          status: sql<
            'pending' | 'failed'
          >`CASE WHEN ${mailOutbox.createdAt} < ${giveUpBefore.toISOString()}::timestamptz THEN 'failed' ELSE 'pending' END`,
        })
        .where(eq(mailOutbox.id, id))
        .returning({ status: mailOutbox.status });
      return row?.status === 'failed' ? 'failed' : 'pending';
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
