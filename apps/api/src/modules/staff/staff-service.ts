import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ACCOUNT_LIMITS, isEmail } from '@kwenda/contracts';
import {
  STAFF_INVITATION_HOURS,
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_SESSION_HOURS,
  type StaffActionEntry,
  type StaffLoginResponse,
  type StaffMe,
  type StaffMember,
  type StaffRole,
  type StaffSignedIn,
  type StaffStatus,
  type TotpConfirmResponse,
  type TotpSetupResponse,
} from '@kwenda/contracts/admin';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import type { StaffMemberRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import * as accountsRepo from '../accounts/accounts-repository.js';
import { signSessionToken } from '../accounts/auth-tokens.js';
import { checkPassword } from '../accounts/password-policy.js';
import { addressKey } from '../limits/client-address.js';
import { createThrottle } from '../limits/throttle.js';
import type { MailPort } from '../mail/mail-port.js';
import { createSecretBox } from './secret-box.js';
import { recordStaffAction } from './staff-audit.js';
import * as repo from './staff-repository.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';
import { hashPassword, verifyPassword } from '../../passwords.js';

/**
 * Staff sign-in throttles (counters in the database, seen by every process; limits/throttle.ts): per
 * account from one address, strict and cleared by a sign-in that works; a ceiling of failures per
 * account against a spread-out attack; and failures only per address, high, since the office's staff
 * (or a carrier's travellers) share one. A sign-in with the second factor is two attempts.
 */
export const STAFF_THROTTLE = {
  perAccountAndAddress: { max: 10, windowMs: 15 * 60_000 },
  perAccount: { max: 50, windowMs: 60 * 60_000 },
  failuresPerAddress: { max: 100, windowMs: 15 * 60_000 },
} as const;

const ISSUER = 'Kwenda';
const normalizeEmail = (value: string) => value.trim().toLowerCase();
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]/g, '');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 10 characters from 31 (about 50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode() {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const invitationInvalid = () =>
  new AppError(
    400,
    'INVITATION_INVALID',
    'This link is unknown, already used or older than 24 hours; ask the owner for a new one',
  );
const notStaff = () => new AppError(404, 'NOT_FOUND', 'No staff member with this id');

export function statusOf(staff: StaffMemberRow): StaffStatus {
  if (staff.disabledAt) return 'disabled';
  if (!staff.setupAt) return 'invited';
  return staff.totpEnabledAt ? 'active' : 'second-factor-pending';
}

export function createStaffService(deps: {
  database: Database;
  mail: MailPort;
  /** The server's secret: signs session tokens, and derives the key that seals authenticator secrets. */
  secret: Uint8Array;
  /** PUBLIC_URL: the set-up links point at `${publicUrl}/admin/setup/<token>`. */
  publicUrl: string;
  /** The invitation e-mail for a link (staff-emails.ts bound to the agency's mail context). */
  invitationEmail: (input: { link: string; role: StaffRole; inviter: string }) => { subject: string; text: string; html: string };
  logger?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const box = createSecretBox(deps.secret);
  const setupLink = (token: string) => `${deps.publicUrl.replace(/\/+$/, '')}/admin/setup/${token}`;

  const enterThrottle = createThrottle(db, clock);

  async function presentMe(user: UserRow, staff: StaffMemberRow): Promise<StaffMe> {
    return {
      userId: user.id,
      fullName: user.fullName,
      email: user.email,
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
      email: user.email,
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

  /** True when the code is the authenticator's for this member now (and not used before), or an unused recovery code. */
  async function checkSecondFactor(staff: StaffMemberRow, code: string): Promise<'totp' | 'recovery-code' | null> {
    const given = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(given)) {
      if (!staff.totpSecret) return null;
      let secret: string;
      try {
        secret = box.open(staff.totpSecret);
      } catch {
        return null;
      }
      const step = verifyTotp(secret, given, clock(), staff.totpLastStep);
      return step !== null && (await repo.claimTotpStep(db, staff.userId, step)) ? 'totp' : null;
    }
    const normalized = normalizeRecoveryCode(code);
    if (normalized.length !== 10) return null;
    return (await repo.useRecoveryCode(db, staff.userId, sha256(normalized), clock())) ? 'recovery-code' : null;
  }

  async function refuseSignIn(
    reason: string,
    context: { email: string; address: string; staffUserId?: string },
    error: AppError,
  ): Promise<never> {
    deps.logger?.warn({ email: context.email, address: context.address, reason }, 'staff sign-in refused');
    if (context.staffUserId)
      await recordStaffAction(db, {
        staffUserId: context.staffUserId,
        action: 'sign-in-failed',
        targetType: 'staff',
        targetId: context.staffUserId,
        details: { reason, address: context.address },
      });
    throw error;
  }

  return {
    statusOf,
    setupLink,

    /** The command line's `create`: a staff member and a set-up link that is printed, not e-mailed. */
    async createWithSetupLink(input: { email: string; role: StaffRole; language?: 'ar' | 'en' }) {
      const issued = await issueInvitation({ ...input, language: input.language ?? 'ar', invitedBy: null });
      return {
        userId: issued.user.id,
        email: issued.user.email,
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
        await deps.mail.enqueue(tx, { to: issued.user.email, ...message });
        await recordStaffAction(tx, {
          staffUserId: ownerId,
          action: 'staff-invited',
          targetType: 'staff',
          targetId: issued.user.id,
          details: {
            email: issued.user.email,
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
      if (problem === 'REQUIRED_PASSWORD')
        throw new AppError(400, 'REQUIRED_PASSWORD', 'A password is required', [
          { path: 'password', code: 'REQUIRED_PASSWORD', message: 'A password is required' },
        ]);
      if (problem === 'WEAK_PASSWORD')
        throw new AppError(
          400,
          'WEAK_PASSWORD',
          `Use at least ${ACCOUNT_LIMITS.passwordMinLength} characters that are not a common password`,
          [{ path: 'password', code: 'WEAK_PASSWORD', message: 'Too weak' }],
        );
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

    async login(
      input: { email: string; password: string; code?: string },
      context: { address: string },
    ): Promise<StaffLoginResponse> {
      const email = normalizeEmail(input.email);
      const { address } = context;
      const counted = addressKey(address) ?? address;
      // The strict rule first: an attacker it stops never reaches the count the address's others share.
      const pass = await enterThrottle(
        [
          { key: `staff-login:account-ip:${email}:${counted}`, limit: STAFF_THROTTLE.perAccountAndAddress, onSuccess: 'clear' },
          { key: `staff-login:account:${email}`, limit: STAFF_THROTTLE.perAccount, onSuccess: 'give-back' },
          { key: `staff-login:ip:${counted}`, limit: STAFF_THROTTLE.failuresPerAddress, onSuccess: 'give-back' },
        ],
        () => new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many sign-in attempts; wait a few minutes and try again'),
      );
      const found = await repo.findUserAndStaffByEmail(db, email);
      const user = found?.user;
      const staff = found?.staff ?? null;
      const ok = await verifyPassword(user?.passwordHash, input.password);
      const refused = new AppError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password, or not a staff account');
      if (!user || !staff) return refuseSignIn('not-staff', { email, address }, refused);
      if (!ok) return refuseSignIn('wrong-password', { email, address, staffUserId: user.id }, refused);
      if (staff.disabledAt) return refuseSignIn('disabled', { email, address, staffUserId: user.id }, refused);
      if (!staff.setupAt || !user.active) return refuseSignIn('not-set-up', { email, address, staffUserId: user.id }, refused);

      let method: 'password' | 'totp' | 'recovery-code' = 'password';
      if (staff.totpEnabledAt) {
        if (!input.code?.trim()) {
          // The password was right; the second step still counts against this account from this address.
          await pass.succeeded((rule) => rule.onSuccess !== 'clear');
          return { status: 'code-required' };
        }
        const checked = await checkSecondFactor(staff, input.code);
        if (!checked)
          return refuseSignIn(
            'wrong-second-factor',
            { email, address, staffUserId: user.id },
            new AppError(401, 'INVALID_SECOND_FACTOR', 'The authenticator or recovery code is wrong or already used'),
          );
        method = checked;
      }
      await pass.succeeded();
      await recordStaffAction(db, {
        staffUserId: user.id,
        action: 'signed-in',
        targetType: 'staff',
        targetId: user.id,
        details: { method, address },
      });
      deps.logger?.info({ staffUserId: user.id, method }, 'staff signed in');
      return startSession(user, staff, method !== 'password');
    },

    /**
     * The traveller log-in's question about an account (accounts' StaffAccountsPort): a staff account
     * never gets a traveller session, so the traveller log-in is no way around the staff sign-in's
     * throttle; the attempt joins the member's audit, saying whether the password was right.
     */
    async refusesTravellerLogIn(userId: string, context: { address: string; passwordRight: boolean }) {
      const found = await repo.findStaffWithUser(db, userId);
      if (!found) return false;
      deps.logger?.warn({ staffUserId: userId, address: context.address }, 'staff account refused at the traveller log-in');
      await recordStaffAction(db, {
        staffUserId: userId,
        action: 'sign-in-failed',
        targetType: 'staff',
        targetId: userId,
        details: { reason: 'traveller-log-in', address: context.address, passwordRight: context.passwordRight },
      });
      return true;
    },

    /**
     * The traveller "forgot password" asked for a staff account: refused (a staff password is reset
     * by the owner, who re-invites, or on the command line), so a mailbox alone never sets the password
     * of an account that reaches the desk; the request joins the member's audit.
     */
    async refusesTravellerPasswordReset(userId: string, context: { address: string }) {
      const found = await repo.findStaffWithUser(db, userId);
      if (!found) return false;
      deps.logger?.warn({ staffUserId: userId, address: context.address }, 'staff account refused at the traveller password reset');
      await recordStaffAction(db, {
        staffUserId: userId,
        action: 'password-reset-refused',
        targetType: 'staff',
        targetId: userId,
        details: { address: context.address },
      });
      return true;
    },

    /** The staff member with this e-mail (the command line names people by e-mail). */
    async findByEmail(email: string) {
      const found = await repo.findUserAndStaffByEmail(db, normalizeEmail(email));
      return found?.staff ? { user: found.user, staff: found.staff } : undefined;
    },

    async me(userId: string) {
      const found = await requireMember(userId);
      return presentMe(found.user, found.staff);
    },

    async logout(sessionId: string) {
      await repo.revokeSession(db, sessionId, clock());
      return { success: true as const };
    },

    /** A new authenticator secret (pending until a code confirms it) and its QR code. */
    async startTotpSetup(userId: string): Promise<TotpSetupResponse> {
      const found = await requireMember(userId);
      const secret = newTotpSecret();
      await repo.updateStaff(db, userId, { totpPendingSecret: box.seal(secret) });
      const uri = otpauthUri(secret, found.user.email, ISSUER);
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /**
     * A code from the app turns the pending secret on (replacing an older one), marks this session as
     * having given the second factor, and answers 10 new recovery codes, shown this once.
     */
    async confirmTotp(userId: string, sessionId: string, code: string): Promise<TotpConfirmResponse> {
      const found = await requireMember(userId);
      const pending = found.staff.totpPendingSecret;
      const invalid = new AppError(400, 'INVALID_SECOND_FACTOR', 'That code is not the one the app shows now; try the next one');
      if (!pending) throw invalid;
      let secret: string;
      try {
        secret = box.open(pending);
      } catch {
        throw invalid;
      }
      const step = verifyTotp(secret, code, clock(), found.staff.totpLastStep);
      if (step === null) throw invalid;
      const codes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = clock();
      await db.transaction(async (tx) => {
        if (!(await repo.enableTotp(tx, userId, pending, step, now))) throw invalid;
        await repo.replaceRecoveryCodes(
          tx,
          userId,
          codes.map((c) => sha256(normalizeRecoveryCode(c))),
        );
        await repo.markSecondFactor(tx, sessionId, now);
        await recordStaffAction(tx, {
          staffUserId: userId,
          action: found.staff.totpEnabledAt ? 'second-factor-replaced' : 'second-factor-on',
          targetType: 'staff',
          targetId: userId,
        });
      });
      const after = await requireMember(userId);
      return { recoveryCodes: codes, staff: await presentMe(after.user, after.staff) };
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

export type StaffService = ReturnType<typeof createStaffService>;
