import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SocialProvider } from '@kwenda/contracts';
import {
  loginTickets,
  passwordResetTokens,
  pendingRegistrations,
  sessions,
  userIdentities,
  users,
  type PendingRegistrationRow,
  type UserRow,
} from '../../db/schema.js';

/** Every query of users, sessions, sign-ups waiting for their code and social identities (throttle counters: plugins/throttle-repository.ts). */

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

/** A sign-up waiting for its code (each sign-up is its own row: a second one for the e-mail changes nothing). */
export async function insertRegistration(db: Db, row: typeof pendingRegistrations.$inferInsert) {
  await db.insert(pendingRegistrations).values(row);
}

export async function findRegistration(db: Db, id: string, email: string): Promise<PendingRegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.id, id), eq(pendingRegistrations.email, email)));
  return row;
}

/** The e-mail's sign-ups, newest first. */
export async function findRegistrationsOf(db: Db, email: string, limit = 20): Promise<PendingRegistrationRow[]> {
  return db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email))
    .orderBy(desc(pendingRegistrations.createdAt))
    .limit(limit);
}

/**
 * A new code for the sign-up; `issuedAt` is kept exactly (the code is derived from it). It replaces only
 * the code the caller read (`replacing`, its issue time), so two sends at the same moment keep one code:
 * the later one finds the row changed and leaves it. Read the row back for the code in force.
 */
export async function replaceRegistrationCode(
  db: Db,
  id: string,
  code: { codeHash: string; expiresAt: Date; issuedAt: Date },
  replacing: Date,
) {
  await db
    .update(pendingRegistrations)
    .set({ codeHash: code.codeHash, expiresAt: code.expiresAt, codeIssuedAt: code.issuedAt, attempts: 0 })
    .where(and(eq(pendingRegistrations.id, id), eq(pendingRegistrations.codeIssuedAt, replacing)));
}

/** The same code, valid for longer (it was sent again). */
export async function extendRegistrationCode(db: Db, id: string, expiresAt: Date) {
  await db.update(pendingRegistrations).set({ expiresAt }).where(eq(pendingRegistrations.id, id));
}

/**
 * Takes one try of each code in question before any is judged, in one statement (concurrent guesses
 * queue on the rows): the sign-up `id` when named, else every sign-up of the e-mail. Answers the rows
 * whose code is still valid with a try left; rows without either are left as they are.
 */
export async function takeCodeAttempts(db: Db, email: string, id: string | null, maxAttempts: number, now: Date) {
  return db
    .update(pendingRegistrations)
    .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
    .where(
      and(
        eq(pendingRegistrations.email, email),
        id === null ? undefined : eq(pendingRegistrations.id, id),
        lt(pendingRegistrations.attempts, maxAttempts),
        gt(pendingRegistrations.expiresAt, now),
      ),
    )
    .returning();
}

/** Uses a sign-up up, once: answers its row the first time, undefined after (another request confirmed it). */
export async function claimRegistration(db: Db, id: string): Promise<PendingRegistrationRow | undefined> {
  const [row] = await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id)).returning();
  return row;
}

/** Every sign-up of the e-mail goes (its account is confirmed: their codes must not change it). */
export async function deleteRegistrationsOf(db: Db, email: string) {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}

/** Sign-ups whose code ran out long ago (nobody will ask for it again). */
export async function deleteStaleRegistrations(db: Db, expiredBefore: Date) {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, expiredBefore));
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

/** The account a number belongs to (users.phone is only ever written once the number is proved). */
export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}
