import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SESSION_HOURS, type StaffMe, type StaffSignedIn } from '@kwenda/contracts/admin';
import type { Db } from '../../db/client.js';
import type { StaffMemberRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { signSessionToken } from '../../plugins/auth-tokens.js';
import * as repo from './staff-accounts-repository.js';

export const normalizeEmail = (value: string) => value.trim().toLowerCase();
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const notStaff = () => new AppError(404, 'NOT_FOUND', 'No staff member with this id');

/**
 * What signing in and accepting an invitation share: a staff member found by id, as they see
 * themselves, and a new staff session (its JWT) for them.
 */
export function createStaffSessions(deps: { db: Db; secret: Uint8Array; clock: () => Date }) {
  const { db, clock } = deps;

  async function presentMe(user: UserRow, staff: StaffMemberRow): Promise<StaffMe> {
    return {
      userId: user.id,
      fullName: user.fullName,
      email: repo.staffEmailOf(user),
      role: staff.role,
      language: staff.language,
      secondFactorEnabled: Boolean(staff.totpEnabledAt),
      recoveryCodesLeft: staff.totpEnabledAt ? await repo.countRecoveryCodesLeft(db, user.id) : 0,
    };
  }

  async function startSession(user: UserRow, staff: StaffMemberRow, secondFactor: boolean): Promise<StaffSignedIn> {
    const now = clock();
    const sessionId = `ses_${randomBytes(18).toString('base64url')}`;
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
    await repo.insertStaffSession(db, { id: sessionId, userId: user.id, expiresAt, secondFactorAt: secondFactor ? now : null });
    const jwt = await signSessionToken(deps.secret, { userId: user.id, sessionId, expiresAt });
    return { status: 'signed-in', jwt, expiresAt: expiresAt.toISOString(), staff: await presentMe(user, staff) };
  }

  async function requireMember(userId: string) {
    const found = await repo.findStaffWithUser(db, userId);
    if (!found) throw notStaff();
    return found;
  }

  return { presentMe, startSession, requireMember };
}
