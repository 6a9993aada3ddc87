import type { StaffRole } from '@kwenda/contracts/admin';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, max, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bookingEvents,
  bookings,
  sessions,
  staffActions,
  staffInvitations,
  staffMembers,
  staffRecoveryCodes,
  users,
  type StaffInvitationRow,
  type StaffMemberRow,
  type UserRow,
} from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';

/** Every query of staff members, their second factor, invitations, staff sessions and audit rows. */

export async function findStaffWithUser(db: Db, userId: string): Promise<{ user: UserRow; staff: StaffMemberRow } | undefined> {
  const [row] = await db
    .select({ user: users, staff: staffMembers })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, userId));
  return row;
}

export async function findUserAndStaffByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, staff: staffMembers })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(eq(users.email, email));
  return row;
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [inserted] = await tx.insert(users).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateUser(tx: Tx, id: string, patch: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** The staff row for a user, created or reset to "invited" with `role` (a re-invited member starts over). */
export async function upsertInvitedStaff(
  tx: Tx,
  row: { userId: string; role: StaffRole; language: 'ar' | 'en'; createdBy: string | null },
) {
  const reset = {
    role: row.role,
    language: row.language,
    setupAt: null,
    totpSecret: null,
    totpPendingSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    disabledAt: null,
    disabledBy: null,
    updatedAt: new Date(),
  };
  await tx
    .insert(staffMembers)
    .values({ ...reset, userId: row.userId, createdBy: row.createdBy })
    .onConflictDoUpdate({ target: staffMembers.userId, set: reset });
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, row.userId));
}

export async function updateStaff(tx: Tx, userId: string, patch: Partial<typeof staffMembers.$inferInsert>) {
  const [row] = await tx
    .update(staffMembers)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(staffMembers.userId, userId))
    .returning();
  return row;
}

/**
 * Records `step` as the last accepted one, only if it is newer: of two sign-ins racing with one
 * code, one wins. True when this call won.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(and(eq(staffMembers.userId, userId), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step))))
    .returning({ userId: staffMembers.userId });
  return rows.length > 0;
}

/** Turns the pending secret on, if it is still the one the code was checked against. */
export async function enableTotp(tx: Tx, userId: string, pendingSecret: string, step: number, now: Date) {
  const rows = await tx
    .update(staffMembers)
    .set({ totpSecret: pendingSecret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step, updatedAt: now })
    .where(and(eq(staffMembers.userId, userId), eq(staffMembers.totpPendingSecret, pendingSecret)))
    .returning({ userId: staffMembers.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, codeHashes: string[]) {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, userId));
  await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffUserId: userId, codeHash })));
}

/** Uses a recovery code up in one statement; true the first time only. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffUserId, userId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffUserId, userId), isNull(staffRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** A new link for the user; the links sent before it stop working (the newest is the one in force). */
export async function insertInvitation(tx: Tx, row: typeof staffInvitations.$inferInsert, now: Date) {
  await tx
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(and(eq(staffInvitations.userId, row.userId), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)));
  await tx.insert(staffInvitations).values(row);
}

export async function findInvitation(db: Db, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash));
  return row;
}

/** Uses a link up in one statement: of two requests racing with it, one wins. */
export async function useInvitation(tx: Tx, tokenHash: string, now: Date): Promise<StaffInvitationRow | undefined> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.tokenHash, tokenHash), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)))
    .returning();
  return row;
}

/** The links of a user that still work stop working (the member was disabled). */
export async function expireInvitations(tx: Tx, userId: string, now: Date) {
  await tx
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(and(eq(staffInvitations.userId, userId), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)));
}

export async function insertStaffSession(
  db: Db,
  row: { id: string; userId: string; expiresAt: Date; secondFactorAt: Date | null },
) {
  await db.insert(sessions).values({ ...row, kind: 'staff' });
}

export async function markSecondFactor(tx: Tx, sessionId: string, now: Date) {
  await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every staff session of a user; answers how many were live. */
export async function revokeStaffSessions(tx: Tx, userId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'staff'), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * The owners who can still run the agency (set up, not disabled), locked until the transaction ends,
 * so two owners demoting or disabling each other at once cannot leave none.
 */
export async function lockActiveOwners(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'owner'), isNull(staffMembers.disabledAt), isNotNull(staffMembers.setupAt)))
    .for('update');
  return rows.map((row) => row.userId);
}

export async function listStaff(db: Db) {
  return db
    .select({ user: users, staff: staffMembers })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(staffMembers.createdAt);
}

/** Per staff member: the last sign-in, live staff sessions, the newest invitation's expiry, the last action. */
export async function staffActivity(db: Db, userIds: string[], now: Date) {
  if (!userIds.length) return new Map<string, StaffActivity>();
  const [signIns, live, invitations, audit, transitions] = await Promise.all([
    db
      .select({ userId: sessions.userId, at: max(sessions.createdAt) })
      .from(sessions)
      .where(and(eq(sessions.kind, 'staff'), inArray(sessions.userId, userIds)))
      .groupBy(sessions.userId),
    db
      .select({ userId: sessions.userId, n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.kind, 'staff'),
          inArray(sessions.userId, userIds),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .groupBy(sessions.userId),
    db
      .select({ userId: staffInvitations.userId, expiresAt: max(staffInvitations.expiresAt) })
      .from(staffInvitations)
      .where(and(inArray(staffInvitations.userId, userIds), isNull(staffInvitations.usedAt)))
      .groupBy(staffInvitations.userId),
    db
      .selectDistinctOn([staffActions.staffUserId], {
        userId: staffActions.staffUserId,
        action: staffActions.action,
        at: staffActions.createdAt,
      })
      .from(staffActions)
      .where(inArray(staffActions.staffUserId, userIds))
      .orderBy(staffActions.staffUserId, desc(staffActions.createdAt), desc(staffActions.id)),
    db
      .selectDistinctOn([bookingEvents.actor], {
        actor: bookingEvents.actor,
        action: bookingEvents.statusTrigger,
        at: bookingEvents.createdAt,
      })
      .from(bookingEvents)
      .where(
        inArray(
          bookingEvents.actor,
          userIds.map((id) => `staff:${id}`),
        ),
      )
      .orderBy(bookingEvents.actor, desc(bookingEvents.createdAt), desc(bookingEvents.id)),
  ]);
  const result = new Map<string, StaffActivity>();
  const get = (id: string) => {
    let entry = result.get(id);
    if (!entry) result.set(id, (entry = { lastSignInAt: null, activeSessions: 0, invitationExpiresAt: null, lastAction: null }));
    return entry;
  };
  for (const row of signIns) get(row.userId).lastSignInAt = row.at;
  for (const row of live) get(row.userId).activeSessions = Number(row.n);
  for (const row of invitations) get(row.userId).invitationExpiresAt = row.expiresAt;
  const later = (entry: StaffActivity, action: string, at: Date) => {
    if (!entry.lastAction || entry.lastAction.at < at) entry.lastAction = { action, at };
  };
  for (const row of audit) later(get(row.userId), row.action, row.at);
  for (const row of transitions) later(get(row.actor.slice('staff:'.length)), row.action, row.at);
  return result;
}

export interface StaffActivity {
  lastSignInAt: Date | null;
  activeSessions: number;
  invitationExpiresAt: Date | null;
  lastAction: { action: string; at: Date } | null;
}

/** A staff member's newest actions: audit rows and the booking transitions they made, newest first. */
export async function recentActions(db: Db, userId: string, limit: number) {
  const [audit, transitions] = await Promise.all([
    db
      .select()
      .from(staffActions)
      .where(eq(staffActions.staffUserId, userId))
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(limit),
    db
      .select({ event: bookingEvents, bookingReference: bookings.bookingReference })
      .from(bookingEvents)
      .leftJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
      .where(eq(bookingEvents.actor, `staff:${userId}`))
      .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
      .limit(limit),
  ]);
  return { audit, transitions };
}

/**
 * A staff member's e-mail address: staff are invited and sign in by e-mail, so their accounts always
 * have one (an account made with a mobile number only is a traveller's).
 */
export function staffEmailOf(user: { id: string; email: string | null }): string {
  if (!user.email) throw new Error(`staff account ${user.id} has no e-mail address`);
  return user.email;
}
