import { randomInt } from 'node:crypto';
import {
  STAFF_RECOVERY_CODE_COUNT,
  type StaffLoginResponse,
  type TotpConfirmResponse,
  type TotpSetupResponse,
} from '@kwenda/contracts/admin';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.js';
import type { StaffMemberRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { addressKey } from '../../plugins/client-address.js';
import { createThrottle } from '../../plugins/throttle.js';
import { verifyPassword } from '../../passwords.js';
import { createSecretBox } from './secret-box.js';
import { recordStaffAction } from './staff-audit.js';
import * as repo from './staff-accounts-repository.js';
import { createStaffSessions, normalizeEmail, sha256 } from './staff-sessions.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/**
 * Staff sign-in throttles (counters in the database, seen by every process; plugins/throttle.ts): per
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
/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (value: string) => value.toLowerCase().replace(/[\s-]/g, '');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 10 characters from 31 (about 50 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode() {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * The staff's own sign-in at /admin: e-mail and password, then the authenticator's code or a recovery
 * code; the second factor's set-up; and the traveller log-in's questions about staff accounts.
 */
export function createStaffSignInService(deps: {
  database: Database;
  /** The server's secret: signs session tokens, and derives the key that seals authenticator secrets. */
  secret: Uint8Array;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const box = createSecretBox(deps.secret);
  const enterThrottle = createThrottle(db, clock);
  const { presentMe, startSession, requireMember } = createStaffSessions({ db, secret: deps.secret, clock });

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
      deps.logger?.warn(
        { staffUserId: userId, address: context.address },
        'staff account refused at the traveller password reset',
      );
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
      const uri = otpauthUri(secret, repo.staffEmailOf(found.user), ISSUER);
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
  };
}

export type StaffSignInService = ReturnType<typeof createStaffSignInService>;
