import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox, type MailRow } from '../../db/schema.js';
import type { MailPort, Tx } from '../bookings/booking-ports.js';

/** Every query of the mail outbox. */

export const enqueueMail: MailPort['enqueue'] = async (tx, message) => {
  await tx
    .insert(mailOutbox)
    .values({
      id: `ml_${randomBytes(12).toString('base64url')}`,
      dedupeKey: message.dedupeKey ?? null,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') })),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
};

/**
 * Takes up to `limit` due messages for this process: locked rows of another process are skipped,
 * and the taken ones are pushed `leaseMs` into the future before the transaction ends, so nobody
 * else takes them while this process talks to SMTP (outside any transaction).
 */
export async function claimDueMail(db: Db, now: Date, limit: number, leaseMs: number): Promise<MailRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(inArray(
        mailOutbox.id,
        due.map((d) => d.id),
      ))
      .returning();
  });
}

export async function markMailSent(db: Tx, id: string, transport: string, now: Date) {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: now, transport, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Tx, id: string, update: { error: string; nextAttemptAt: Date; giveUp: boolean }) {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: update.error.slice(0, 500), nextAttemptAt: update.nextAttemptAt, status: update.giveUp ? 'failed' : 'pending' })
    .where(eq(mailOutbox.id, id));
}

export async function listMail(db: Db, limit = 200): Promise<MailRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

export async function findMail(db: Db, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
