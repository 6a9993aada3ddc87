import { randomBytes } from 'node:crypto';
import { isEmail } from '@kwenda/contracts';
import {
  STAFF_INVITATION_HOURS,
  type StaffActionEntry,
  type StaffMember,
  type StaffRole,
  type StaffStatus,
} from '@kwenda/contracts/admin';
import type { Database } from '../../db/client.js';
import type { StaffMemberRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../../passwords.js';
import * as accountsRepo from '../accounts/accounts-repository.js';
import { checkPassword, passwordRefused } from '../accounts/password-policy.js';
import type { MailPort } from '../mail/mail-port.js';
import { recordStaffAction } from './staff-audit.js';
import * as repo from './staff-accounts-repository.js';
import { createStaffSessions, normalizeEmail, notStaff, sha256 } from './staff-sessions.js';

const invitationInvalid = () =>
  new AppError(
    400,
    'INVITATION_INVALID',
    'This link is unknown, already used or older than 24 hours; ask the owner for a new one',
  );

export function statusOf(staff: StaffMemberRow): StaffStatus {
  if (staff.disabledAt) return 'disabled';
  if (!staff.setupAt) return 'invited';
  return staff.totpEnabledAt ? 'active' : 'second-factor-pending';
}

/**
 * The agency's staff as the owner manages them: invitations and their set-up links, roles, disabling
 * a member, signing them out, and what each has done lately.
 */
export function createStaffMembersService(deps: {
  database: Database;
  mail: MailPort;
  /** The server's secret: signs the session that accepting an invitation starts. */
  secret: Uint8Array;
  /** PUBLIC_URL: the set-up links point at `${publicUrl}/admin/setup/<token>`. */
  publicUrl: string;
  /** The invitation e-mail for a link (staff-invitation-email.ts bound to the agency's mail context). */
  invitationEmail: (input: { link: string; role: StaffRole; inviter: string }) => { subject: string; text: string; html: string };
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const setupLink = (token: string) => `${deps.publicUrl.replace(/\/+$/, '')}/admin/setup/${token}`;
  const { startSession, requireMember } = createStaffSessions({ db, secret: deps.secret, clock });

  /**
   * Makes `email` a staff member with `role` in the "invited" state and answers a fresh set-up link
   * (the older ones stop working). An existing account is promoted; someone already set up and not
   * disabled is STAFF_ALREADY_EXISTS; a disabled member starts over (a new password and second factor).
   */
  async function issueInvitation(input: { email: string; role: StaffRole; language: 'ar' | 'en'; invitedBy: string | null }) {
    const email = normalizeEmail(input.email);
    if (!isEmail(email))
      throw new AppError(400, 'VALIDATION_ERROR', 'A valid e-mail address is required', [
        { path: 'email', code: 'invalid_email', message: 'A valid e-mail address is required' },
      ]);
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + STAFF_INVITATION_HOURS * 3_600_000);
    const result = await db.transaction(async (tx) => {
      const found = await repo.findUserAndStaffByEmail(tx, email);
      if (found?.staff && found.staff.setupAt && !found.staff.disabledAt)
        throw new AppError(409, 'STAFF_ALREADY_EXISTS', 'This e-mail already belongs to a staff member');
      let user = found?.user;
      if (!user) {
        user = await repo.insertUser(tx, {
          id: `usr_${randomBytes(12).toString('base64url')}`,
          fullName: email.split('@')[0]!,
          email,
          active: false,
        });
        if (!user) throw new AppError(409, 'STAFF_ALREADY_EXISTS', 'This e-mail was just taken; try again');
      }
      await repo.upsertInvitedStaff(tx, {
        userId: user.id,
        role: input.role,
        language: input.language,
        createdBy: input.invitedBy,
      });
      // A member who starts over loses the staff sessions of their previous life.
      await repo.revokeStaffSessions(tx, user.id, now);
      await repo.insertInvitation(
        tx,
        {
          tokenHash: sha256(token),
          userId: user.id,
          email,
          role: input.role,
          language: input.language,
          invitedBy: input.invitedBy,
          expiresAt,
        },
        now,
      );
      // Someone invited and not yet set up had a link that works until this one: it no longer does.
      const earlierInvitationVoided = Boolean(found?.staff && !found.staff.setupAt && !found.staff.disabledAt);
      return { user, promoted: Boolean(found?.user && !found.staff), earlierInvitationVoided };
    });
    return { ...result, token, link: setupLink(token), expiresAt };
  }

  async function memberView(userId: string): Promise<StaffMember> {
    const found = await requireMember(userId);
    const activity = (await repo.staffActivity(db, [userId], clock())).get(userId);
    return presentMember(found.user, found.staff, activity);
  }

  function presentMember(user: UserRow, staff: StaffMemberRow, activity?: repo.StaffActivity): StaffMember {
    const status = statusOf(staff);
    return {
      userId: user.id,
      fullName: user.fullName,
      email: repo.staffEmailOf(user),
      role: staff.role,
      status,
      language: staff.language,
      secondFactorEnabled: Boolean(staff.totpEnabledAt),
      createdAt: staff.createdAt.toISOString(),
      invitationExpiresAt:
        status === 'invited' && activity?.invitationExpiresAt ? activity.invitationExpiresAt.toISOString() : null,
      lastSignInAt: activity?.lastSignInAt?.toISOString() ?? null,
      activeSessions: activity?.activeSessions ?? 0,
      lastAction: activity?.lastAction ? { action: activity.lastAction.action, at: activity.lastAction.at.toISOString() } : null,
      disabledAt: staff.disabledAt?.toISOString() ?? null,
    };
  }

  return {
    statusOf,
    setupLink,

    /** The command line's `create`: a staff member and a set-up link that is printed, not e-mailed. */
    async createWithSetupLink(input: { email: string; role: StaffRole; language?: 'ar' | 'en' }) {
      const issued = await issueInvitation({ ...input, language: input.language ?? 'ar', invitedBy: null });
      return {
        userId: issued.user.id,
        email: repo.staffEmailOf(issued.user),
        link: issued.link,
        expiresAt: issued.expiresAt,
        promoted: issued.promoted,
      };
    },

    /**
     * An owner invites someone: the link goes by e-mail, and the action is audited. Inviting someone
     * again voids the link they had; the answer says so, for the owner to tell them.
     */
    async invite(
      ownerId: string,
      input: { email: string; role: StaffRole; language: 'ar' | 'en' },
    ): Promise<{ member: StaffMember; earlierInvitationVoided: boolean }> {
      const owner = await requireMember(ownerId);
      const issued = await issueInvitation({ ...input, invitedBy: ownerId });
      const message = deps.invitationEmail({ link: issued.link, role: input.role, inviter: owner.user.fullName });
      await db.transaction(async (tx) => {
        await deps.mail.enqueue(tx, { to: repo.staffEmailOf(issued.user), ...message });
        await recordStaffAction(tx, {
          staffUserId: ownerId,
          action: 'staff-invited',
          targetType: 'staff',
          targetId: issued.user.id,
          details: {
            email: repo.staffEmailOf(issued.user),
            role: input.role,
            language: input.language,
            earlierInvitationVoided: issued.earlierInvitationVoided,
          },
        });
      });
      return { member: await memberView(issued.user.id), earlierInvitationVoided: issued.earlierInvitationVoided };
    },

    async invitationInfo(token: string) {
      const invitation = await repo.findInvitation(db, sha256(token));
      if (!invitation || invitation.usedAt || invitation.expiresAt <= clock()) throw invitationInvalid();
      const found = await repo.findStaffWithUser(db, invitation.userId);
      if (!found || found.staff.disabledAt) throw invitationInvalid();
      return {
        email: invitation.email,
        role: found.staff.role,
        language: invitation.language,
        // The placeholder name given at invitation (the e-mail's local part) is not offered back.
        fullName: found.user.passwordHash ? found.user.fullName : null,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** The set-up link's form: name and password; the link is used up and a staff session starts (second factor next). */
    async acceptInvitation(token: string, input: { fullName: string; password: string; passwordConfirmation: string }) {
      const tokenHash = sha256(token);
      const invitation = await repo.findInvitation(db, tokenHash);
      if (!invitation || invitation.usedAt || invitation.expiresAt <= clock()) throw invitationInvalid();
      const fullName = input.fullName.trim().replace(/\s+/g, ' ');
      if (!fullName)
        throw new AppError(400, 'VALIDATION_ERROR', 'Your name is required', [
          { path: 'fullName', code: 'required', message: 'Your name is required' },
        ]);
      const problem = checkPassword(input.password, invitation.email);
      if (problem) throw passwordRefused(problem, 'password');
      if (input.password !== input.passwordConfirmation)
        throw new AppError(400, 'PASSWORD_CONFIRMATION_MISMATCH', 'The password does not match its confirmation', [
          { path: 'passwordConfirmation', code: 'PASSWORD_CONFIRMATION_MISMATCH', message: 'Does not match the password' },
        ]);
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      await db.transaction(async (tx) => {
        const used = await repo.useInvitation(tx, tokenHash, now);
        if (!used) throw invitationInvalid();
        const found = await repo.findStaffWithUser(tx, used.userId);
        if (!found || found.staff.disabledAt) throw invitationInvalid();
        // The link went to this mailbox (or was printed for the owner): it proves the address, like a reset link.
        await repo.updateUser(tx, used.userId, {
          fullName,
          passwordHash,
          active: true,
          emailVerifiedAt: found.user.emailVerifiedAt ?? now,
        });
        // Whoever knew the account's old password is logged out of it.
        await accountsRepo.revokeUserSessions(tx, used.userId, now);
        await repo.updateStaff(tx, used.userId, { setupAt: now });
        await recordStaffAction(tx, {
          staffUserId: used.userId,
          action: 'setup-completed',
          targetType: 'staff',
          targetId: used.userId,
        });
      });
      const found = await requireMember(invitation.userId);
      return startSession(found.user, found.staff, false);
    },
    async findByEmail(email: string) {
      const found = await repo.findUserAndStaffByEmail(db, normalizeEmail(email));
      return found?.staff ? { user: found.user, staff: found.staff } : undefined;
    },

    async list(): Promise<StaffMember[]> {
      const rows = await repo.listStaff(db);
      const activity = await repo.staffActivity(
        db,
        rows.map((row) => row.user.id),
        clock(),
      );
      return rows.map((row) => presentMember(row.user, row.staff, activity.get(row.user.id)));
    },

    async changeRole(ownerId: string, userId: string, role: StaffRole): Promise<StaffMember> {
      await db.transaction(async (tx) => {
        const owners = await repo.lockActiveOwners(tx);
        const found = await repo.findStaffWithUser(tx, userId);
        if (!found) throw notStaff();
        if (found.staff.role === role) return;
        if (role !== 'owner' && owners.includes(userId) && owners.length === 1)
          throw new AppError(409, 'LAST_OWNER', 'The agency must keep at least one active owner');
        await repo.updateStaff(tx, userId, { role });
        await recordStaffAction(tx, {
          staffUserId: ownerId,
          action: 'staff-role-changed',
          targetType: 'staff',
          targetId: userId,
          details: { from: found.staff.role, to: role },
        });
      });
      return memberView(userId);
    },

    /**
     * Disabled: signed out everywhere at once, links stop working, cannot sign in; re-inviting starts
     * over. `ownerId` null: the command line did it (the audit row is then the member's own, saying so).
     */
    async disable(ownerId: string | null, userId: string): Promise<StaffMember> {
      const now = clock();
      await db.transaction(async (tx) => {
        const owners = await repo.lockActiveOwners(tx);
        const found = await repo.findStaffWithUser(tx, userId);
        if (!found) throw notStaff();
        if (found.staff.disabledAt) return;
        if (owners.includes(userId) && owners.length === 1)
          throw new AppError(409, 'LAST_OWNER', 'The agency must keep at least one active owner');
        await repo.updateStaff(tx, userId, { disabledAt: now, disabledBy: ownerId });
        const sessions = await repo.revokeStaffSessions(tx, userId, now);
        await repo.expireInvitations(tx, userId, now);
        await recordStaffAction(tx, {
          staffUserId: ownerId ?? userId,
          action: 'staff-disabled',
          targetType: 'staff',
          targetId: userId,
          details: ownerId ? { sessionsRevoked: sessions } : { sessionsRevoked: sessions, by: 'command line' },
        });
      });
      return memberView(userId);
    },

    async revokeSessions(ownerId: string, userId: string): Promise<StaffMember> {
      await requireMember(userId);
      await db.transaction(async (tx) => {
        const sessions = await repo.revokeStaffSessions(tx, userId, clock());
        await recordStaffAction(tx, {
          staffUserId: ownerId,
          action: 'staff-sessions-revoked',
          targetType: 'staff',
          targetId: userId,
          details: { sessionsRevoked: sessions },
        });
      });
      return memberView(userId);
    },

    async recentActions(userId: string, limit = 50): Promise<StaffActionEntry[]> {
      await requireMember(userId);
      const { audit, transitions } = await repo.recentActions(db, userId, limit);
      const entries: StaffActionEntry[] = [
        ...audit.map((row) => ({
          source: 'staff' as const,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          bookingReference: null,
          fromStatus: null,
          toStatus: null,
          details: row.details,
          at: row.createdAt.toISOString(),
        })),
        ...transitions.map(({ event, bookingReference }) => ({
          source: 'booking' as const,
          action: event.statusTrigger,
          targetType: 'booking',
          targetId: event.bookingId,
          bookingReference,
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          details: event.details,
          at: event.createdAt.toISOString(),
        })),
      ];
      return entries.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
    },
  };
}

export type StaffMembersService = ReturnType<typeof createStaffMembersService>;
