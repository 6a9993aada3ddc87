import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SocialProvider } from '@kwenda/contracts';
import { emailCodes, loginTickets, passwordResetTokens, sessions, userIdentities, users, type UserRow } from '../../db/schema.js';

/** Every query of users, sessions, sign-up codes and social identities (throttle counters: limits/throttle-repository.ts). */

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts the user; undefined when the e-mail is taken (a race is decided by the unique index). */
export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [inserted] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * A new code for the user; `issuedAt` is kept exactly (the code is derived from it). It replaces only the
 * code the caller read (`replacing`, its issue time; null: none), so two sends at the same moment keep one
 * code: the later one finds the row changed and leaves it. Read the row back for the code in force.
 */
export async function saveEmailCode(
  db: Db,
  userId: string,
  code: { codeHash: string; expiresAt: Date; issuedAt: Date },
  replacing: Date | null,
) {
  const { codeHash, expiresAt, issuedAt } = code;
  await db
    .insert(emailCodes)
    .values({ userId, codeHash, expiresAt, attempts: 0, createdAt: issuedAt })
    .onConflictDoUpdate({
      target: emailCodes.userId,
      set: { codeHash, expiresAt, attempts: 0, createdAt: issuedAt },
      setWhere: replacing ? eq(emailCodes.createdAt, replacing) : sql`false`,
    });
}

/** The same code, valid for longer (it was sent again). */
export async function extendEmailCode(db: Db, userId: string, expiresAt: Date) {
  await db.update(emailCodes).set({ expiresAt }).where(eq(emailCodes.userId, userId));
}

export async function findEmailCode(db: Db, userId: string) {
  const [row] = await db.select().from(emailCodes).where(eq(emailCodes.userId, userId));
  return row;
}

/**
 * Takes one of the code's tries before it is judged, in one statement (concurrent guesses queue on the
 * row): answers the code's hash while a try is left and the code is valid; undefined, changing
 * nothing, when there is no code, no try left, or it expired.
 */
export async function takeCodeAttempt(db: Db, userId: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.userId, userId), lt(emailCodes.attempts, maxAttempts), gt(emailCodes.expiresAt, now)))
    .returning({ codeHash: emailCodes.codeHash });
  return row;
}

export async function deleteEmailCode(db: Db, userId: string) {
  await db.delete(emailCodes).where(eq(emailCodes.userId, userId));
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function findLiveSession(db: Db, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

export async function revokeSession(db: Db, id: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function insertResetToken(db: Db, row: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(row);
}

/** A reset token's state without using it up (so a refused new password does not burn the link). */
export async function findResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!row) return { status: 'unknown' as const };
  if (row.usedAt) return { status: 'used' as const };
  if (row.expiresAt <= now) return { status: 'expired' as const };
  return { status: 'ok' as const, userId: row.userId };
}

/** Marks a reset token used, once: answers the token row the first time, undefined after (or if unknown). */
export async function useResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  if (!row) return { status: 'unknown' as const };
  if (row.usedAt) return { status: 'used' as const };
  if (row.expiresAt <= now) return { status: 'expired' as const };
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
    .returning();
  return claimed ? { status: 'ok' as const, userId: claimed.userId } : { status: 'used' as const };
}

/** Every session of a user ends (after a password reset). */
export async function revokeUserSessions(db: Db, userId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The user a provider's account is linked to, if any. */
export async function findUserByIdentity(db: Db, provider: SocialProvider, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row?.user;
}

/** Links a provider's account to a user; a second link of the same account is ignored (first one wins). */
export async function insertIdentity(db: Db, row: typeof userIdentities.$inferInsert) {
  await db.insert(userIdentities).values(row).onConflictDoNothing();
}

export async function insertLoginTicket(db: Db, row: typeof loginTickets.$inferInsert) {
  await db.insert(loginTickets).values(row);
}

/**
 * Uses a login ticket up in one statement, so two requests racing with the same ticket cannot both
 * win: answers its user the first time while it is fresh, undefined otherwise.
 */
export async function useLoginTicket(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(loginTickets)
    .set({ usedAt: now })
    .where(and(eq(loginTickets.tokenHash, tokenHash), isNull(loginTickets.usedAt), gt(loginTickets.expiresAt, now)))
    .returning({ userId: loginTickets.userId });
  return row?.userId;
}

/** Tickets are worthless minutes after they are made; old rows go when new ones are written. */
export async function deleteStaleLoginTickets(db: Db, before: Date) {
  await db.delete(loginTickets).where(lt(loginTickets.expiresAt, before));
}
