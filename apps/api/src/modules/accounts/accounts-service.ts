import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_LIMITS, isEmail, type AuthResponse, type FieldError, type RegisterRequest, type User } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { addressKey } from '../limits/client-address.js';
import { createThrottle, type ThrottleRule } from '../limits/throttle.js';
import type { MailPort } from '../mail/mail-port.js';
import * as repo from './accounts-repository.js';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { AccountEmails } from './account-emails.js';
import { signSessionToken } from './auth-tokens.js';
import { checkPassword } from './password-policy.js';
import { hashPassword, verifyPassword } from '../../passwords.js';

/**
 * Throttles, counted in the database so every process sees them (limits/throttle.ts). A carrier puts
 * thousands of travellers behind one address, so what is counted per address is failures only, with a
 * high limit; the strict limits are per account from that address (nobody locks a traveller out from
 * elsewhere) and, higher, per account (a spread-out attack).
 */
export const THROTTLE = {
  /** Wrong passwords for one account from one address; a sign-in that works starts the count over. */
  loginPerAccountAndAddress: { max: 8, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from anywhere. */
  loginPerAccount: { max: 100, windowMs: 60 * 60_000 },
  /** Wrong passwords from one address, whatever the account. */
  loginFailuresPerAddress: { max: 200, windowMs: 15 * 60_000 },
  /** Sign-up codes e-mailed to one address (a mailbox is not flooded). */
  codesPerEmail: { max: 3, windowMs: 15 * 60_000 },
  /** E-mails (codes, reset links) sent at the request of one client address. */
  mailsPerAddress: { max: 60, windowMs: 15 * 60_000 },
  /** Password resets asked from one address for e-mails with no account. */
  resetMissesPerAddress: { max: 30, windowMs: 15 * 60_000 },
} as const;

const tooMany = () => new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts; wait a few minutes and try again');
const normalizeEmail = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

export const presentUser = (row: UserRow): User => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  mobile: row.mobile,
  whatsapp: row.whatsapp,
  active: row.active,
});

export function createAccountsService(deps: {
  database: Database;
  mail: MailPort;
  secret: Uint8Array;
  /** The code and reset e-mails, their links built from PUBLIC_URL (account-emails.ts). */
  emails: AccountEmails;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  // Codes are stored as an HMAC, never in clear: a database leak does not give away live codes.
  const codeHash = (userId: string, code: string) => createHmac('sha256', deps.secret).update(`${userId}:${code}`).digest('hex');

  const enter = createThrottle(db, clock);
  const throttle = (rules: ThrottleRule[]) => enter(rules, tooMany);
  /** An IPv6 client counts by its /64 (it may change the rest at will). */
  const addressOf = (address: string) => addressKey(address) ?? address;
  const mailRule = (address: string): ThrottleRule => ({
    key: `mail:ip:${addressOf(address)}`,
    limit: THROTTLE.mailsPerAddress,
    onSuccess: 'keep',
  });

  // A code is derived from the secret, the account and the instant it was issued, so the server can
  // write the same code again (only its HMAC is stored, which cannot be read back).
  const codeIssuedAt = (userId: string, issuedAt: Date) => {
    const digest = createHmac('sha256', deps.secret).update(`email-code:${userId}:${issuedAt.toISOString()}`).digest();
    return String(digest.readUIntBE(0, 6) % 10 ** ACCOUNT_LIMITS.codeLength).padStart(ACCOUNT_LIMITS.codeLength, '0');
  };

  /**
   * E-mails the account's code. A code that still works is sent again, not replaced: the traveller may
   * already have it in the inbox, and a new one would silently turn it into "invalid code". A new code
   * only when there is none that works (used, expired, or locked by wrong guesses). Either way the code
   * is valid for the full time from this e-mail; wrong guesses still count against the same code.
   */
  async function sendCode(user: UserRow, language: 'ar' | 'en', address: string) {
    await throttle([{ key: `code:email:${user.email}`, limit: THROTTLE.codesPerEmail, onSuccess: 'keep' }, mailRule(address)]);
    const now = clock();
    const expiresAt = new Date(now.getTime() + ACCOUNT_LIMITS.codeMinutes * 60_000);
    const stored = await repo.findEmailCode(db, user.id);
    const working = stored && stored.expiresAt > now && stored.attempts < ACCOUNT_LIMITS.codeAttempts;
    const again = working ? codeIssuedAt(user.id, stored.createdAt) : null;
    let code: string;
    // A code issued before codes were derived cannot be written again: it is replaced.
    if (again && stored && codeHash(user.id, again) === stored.codeHash) {
      code = again;
      await repo.extendEmailCode(db, user.id, expiresAt);
    } else {
      const fresh = codeIssuedAt(user.id, now);
      await repo.saveEmailCode(
        db,
        user.id,
        { codeHash: codeHash(user.id, fresh), expiresAt, issuedAt: now },
        stored?.createdAt ?? null,
      );
      // Another send at the same moment may have written first: e-mail the code in force, not ours.
      const inForce = await repo.findEmailCode(db, user.id);
      const theirs = inForce ? codeIssuedAt(user.id, inForce.createdAt) : fresh;
      code = inForce && codeHash(user.id, theirs) === inForce.codeHash ? theirs : fresh;
    }
    await db.transaction((tx) =>
      deps.mail.enqueue(tx, { to: user.email, ...deps.emails.code({ code, fullName: user.fullName }) }),
    );
  }

  async function startSession(user: UserRow): Promise<AuthResponse> {
    const sessionId = `ses_${randomBytes(18).toString('base64url')}`;
    const expiresAt = new Date(clock().getTime() + ACCOUNT_LIMITS.sessionHours * 3_600_000);
    await repo.insertSession(db, { id: sessionId, userId: user.id, expiresAt });
    const jwt = await signSessionToken(deps.secret, { userId: user.id, sessionId, expiresAt });
    return { success: true, jwt, expiresAt: expiresAt.toISOString(), user: presentUser(user) };
  }

  return {
    /** A session for a user another way of logging in has already identified (social sign-in). */
    startSessionFor: startSession,

    async register({ payload }: RegisterRequest, context: { language: 'ar' | 'en'; address: string }) {
      const email = normalizeEmail(payload.email);
      const fullName = (payload.fullName ?? '').trim().replace(/\s+/g, ' ');
      const fields: FieldError[] = [];
      if (!fullName) fields.push({ path: 'payload.fullName', code: 'required', message: 'Full name is required' });
      if (!isEmail(email))
        fields.push({ path: 'payload.email', code: 'invalid_email', message: 'A valid e-mail address is required' });
      if (fields.length) throw new AppError(400, 'VALIDATION_ERROR', 'Please check the form', fields);
      const problem = checkPassword(payload.password, email);
      if (problem === 'REQUIRED_PASSWORD')
        throw new AppError(400, 'REQUIRED_PASSWORD', 'A password is required', [
          { path: 'payload.password', code: 'REQUIRED_PASSWORD', message: 'A password is required' },
        ]);
      if (!payload.passwordConfirmation)
        throw new AppError(400, 'REQUIRED_PASSWORD_CONFIRMATION', 'Confirm the password', [
          { path: 'payload.passwordConfirmation', code: 'REQUIRED_PASSWORD_CONFIRMATION', message: 'Confirm the password' },
        ]);
      if (payload.password !== payload.passwordConfirmation)
        throw new AppError(400, 'PASSWORD_CONFIRMATION_MISMATCH', 'The password does not match its confirmation', [
          {
            path: 'payload.passwordConfirmation',
            code: 'PASSWORD_CONFIRMATION_MISMATCH',
            message: 'Does not match the password',
          },
        ]);
      if (problem === 'WEAK_PASSWORD')
        throw new AppError(
          400,
          'WEAK_PASSWORD',
          `Use at least ${ACCOUNT_LIMITS.passwordMinLength} characters that are not a common password`,
          [{ path: 'payload.password', code: 'WEAK_PASSWORD', message: 'Too weak' }],
        );

      const passwordHash = await hashPassword(payload.password!);
      const existing = await repo.findUserByEmail(db, email);
      let user: UserRow | undefined;
      if (existing?.emailVerifiedAt) throw new AppError(409, 'EMAIL_IS_NOT_UNIQUE', 'This e-mail is already in use');
      if (existing) {
        // Never confirmed: whoever holds the mailbox may start again.
        user = await repo.updateUser(db, existing.id, { fullName, passwordHash });
      } else {
        user = await repo.insertUser(db, {
          id: `usr_${randomBytes(12).toString('base64url')}`,
          fullName,
          email,
          passwordHash,
          active: false,
        });
        if (!user) throw new AppError(409, 'EMAIL_IS_NOT_UNIQUE', 'This e-mail is already in use');
      }
      await sendCode(user!, context.language, context.address);
      return { success: true as const, user: { fullName, email } };
    },

    async verifyCode(input: { email: string; otp: string }): Promise<AuthResponse> {
      const user = await repo.findUserByEmail(db, normalizeEmail(input.email));
      if (!user) throw new AppError(400, 'INVALID_CODE', 'Invalid code');
      // The try is taken before the code is judged, in one statement: thirty guesses at once judge five.
      const taken = await repo.takeCodeAttempt(db, user.id, ACCOUNT_LIMITS.codeAttempts, clock());
      if (!taken) {
        const stored = await repo.findEmailCode(db, user.id);
        if (!stored) throw new AppError(400, 'INVALID_CODE', 'Invalid code');
        if (stored.attempts >= ACCOUNT_LIMITS.codeAttempts)
          throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes; ask for a new one');
        throw new AppError(400, 'EXPIRED_CODE', 'This code has expired; ask for a new one');
      }
      const given = Buffer.from(codeHash(user.id, input.otp.trim()), 'hex');
      if (!timingSafeEqual(given, Buffer.from(taken.codeHash, 'hex'))) throw new AppError(400, 'INVALID_CODE', 'Invalid code');
      await repo.deleteEmailCode(db, user.id);
      const verified = await repo.updateUser(db, user.id, { active: true, emailVerifiedAt: user.emailVerifiedAt ?? clock() });
      return startSession(verified!);
    },

    /** The code again for an account not confirmed yet (a new one if it no longer works); the same answer whether or not it exists. */
    async resendCode(email: string, context: { language: 'ar' | 'en'; address: string }) {
      const user = await repo.findUserByEmail(db, normalizeEmail(email));
      if (user && !user.emailVerifiedAt) await sendCode(user, context.language, context.address);
      else await throttle([mailRule(context.address)]);
      return { success: true as const };
    },

    async login(input: { email: string; password: string }, context: { address: string }): Promise<AuthResponse> {
      const email = normalizeEmail(input.email);
      const address = addressOf(context.address);
      // The strict rule first: an attacker it stops never reaches the count the address's others share.
      const pass = await throttle([
        { key: `login:account-ip:${email}:${address}`, limit: THROTTLE.loginPerAccountAndAddress, onSuccess: 'clear' },
        { key: `login:account:${email}`, limit: THROTTLE.loginPerAccount, onSuccess: 'give-back' },
        { key: `login:ip:${address}`, limit: THROTTLE.loginFailuresPerAddress, onSuccess: 'give-back' },
      ]);
      const user = await repo.findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', 'Login failed');
      // The password was right: not a failure, whether or not the e-mail is confirmed yet.
      await pass.succeeded();
      if (!user.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Confirm your e-mail with the code we sent');
      return startSession(user);
    },

    /** The account of a signed-in user (plugins/auth.ts has checked the session). */
    findUser: (userId: string) => repo.findUser(db, userId),

    /** A reset link by e-mail; the same answer whether or not the account exists. */
    async requestPasswordReset(email: string, context: { address: string }) {
      const normalized = normalizeEmail(email);
      const user = await repo.findUserByEmail(db, normalized);
      // SPEC section 8 names this case (ACCOUNT_NOT_FOUND). Sign-up already tells whether an address is
      // taken (EMAIL_IS_NOT_UNIQUE), so hiding it here would protect nothing; the per-address throttle
      // of misses bounds how fast anyone can ask.
      if (!user) {
        const misses = `reset:miss-ip:${addressOf(context.address)}`;
        await throttle([{ key: misses, limit: THROTTLE.resetMissesPerAddress, onSuccess: 'keep' }]);
        throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'There is no account with this e-mail');
      }
      await throttle([
        { key: `reset:email:${normalized}`, limit: THROTTLE.codesPerEmail, onSuccess: 'keep' },
        mailRule(context.address),
      ]);
      // 256 random bits in the link; only its SHA-256 is stored, so the table cannot be replayed.
      const token = randomBytes(32).toString('base64url');
      await repo.insertResetToken(db, {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: user.id,
        expiresAt: new Date(clock().getTime() + ACCOUNT_LIMITS.resetLinkMinutes * 60_000),
      });
      await db.transaction((tx) =>
        deps.mail.enqueue(tx, { to: user.email, ...deps.emails.reset({ token, fullName: user.fullName }) }),
      );
      return { success: true as const };
    },

    async resetPassword(input: { token: string; password?: string | null; passwordConfirmation?: string | null }) {
      if (!input.password) throw new AppError(400, 'REQUIRED_PASSWORD', 'A password is required');
      if (!input.passwordConfirmation) throw new AppError(400, 'REQUIRED_PASSWORD_CONFIRMATION', 'Confirm the password');
      if (input.password !== input.passwordConfirmation)
        throw new AppError(400, 'PASSWORD_CONFIRMATION_MISMATCH', 'The password does not match its confirmation');
      const tokenHash = createHash('sha256').update(input.token).digest('hex');
      const refuse = (status: 'unknown' | 'used' | 'expired') => {
        if (status === 'used') throw new AppError(409, 'ALREADY_USED_TOKEN', 'This link has already been used');
        throw new AppError(400, 'EXPIRED_TOKEN', 'This link has expired; ask for a new one');
      };
      // The password is checked before the link is used up: a refused password leaves the link working.
      const found = await repo.findResetToken(db, tokenHash, clock());
      if (found.status !== 'ok') return refuse(found.status);
      const owner = await repo.findUser(db, found.userId);
      if (!owner) throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'There is no account for this link');
      if (checkPassword(input.password, owner.email))
        throw new AppError(
          400,
          'WEAK_PASSWORD',
          `Use at least ${ACCOUNT_LIMITS.passwordMinLength} characters that are not a common password`,
        );
      // Claiming is still one conditional update: of two requests racing with the same link, one wins.
      const claimed = await repo.useResetToken(db, tokenHash, clock());
      if (claimed.status !== 'ok') return refuse(claimed.status);
      const user = await repo.findUser(db, claimed.userId);
      if (!user) throw new AppError(404, 'ACCOUNT_NOT_FOUND', 'There is no account for this link');
      // Whoever had the old password is logged out everywhere; the mailbox owner proved who they are.
      await repo.revokeUserSessions(db, user.id, clock());
      await repo.updateUser(db, user.id, {
        passwordHash: await hashPassword(input.password),
        emailVerifiedAt: user.emailVerifiedAt ?? clock(),
        active: true,
      });
      return { success: true as const };
    },

    async updateProfile(userId: string, input: { mobile?: string | null; whatsapp?: string | null }) {
      const fields: FieldError[] = [];
      const clean = (value: string | null | undefined, field: string) => {
        const digits = (value ?? '').replace(/[\s()-]/g, '');
        if (!digits) return null;
        if (!/^\+\d{6,15}$/.test(digits) || !isValidPhoneNumber(digits))
          fields.push({ path: field, code: 'invalid_mobile', message: 'Not a valid phone number' });
        return digits;
      };
      const mobile = clean(input.mobile, 'mobile');
      const whatsapp = clean(input.whatsapp, 'whatsapp');
      if (fields.length)
        throw new AppError(400, 'VALIDATION_ERROR', 'Failed to update user', fields, {
          success: false,
          validationErrors: Object.fromEntries(fields.map((f) => [f.path, f.code])),
        });
      const user = await repo.updateUser(db, userId, { mobile, whatsapp });
      return { success: true as const, user: presentUser(user!) };
    },

    async logout(sessionId: string) {
      await repo.revokeSession(db, sessionId, clock());
      return { success: true as const };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
