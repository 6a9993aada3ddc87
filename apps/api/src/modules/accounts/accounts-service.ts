import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LIMITS, isEmail, type AuthResponse, type FieldError, type RegisterRequest, type User } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import type { PendingRegistrationRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { MailPort } from '../mail/mail-port.js';
import * as repo from './accounts-repository.js';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { AccountEmails } from './account-emails.js';
import { signSessionToken } from '../../plugins/auth-tokens.js';
import { checkPassword, passwordRefused } from './password-policy.js';
import { hashPassword, verifyPassword } from '../../passwords.js';
import { createCodeKeys } from './account-codes.js';
import { createAccountThrottles, THROTTLE } from './account-throttles.js';
import { cleanFullName, fullNameProblem } from './full-name.js';

export { THROTTLE };

/** How long a sign-up whose code ran out stays, so "send the code again" can still find it. */
const REGISTRATION_KEPT_MS = 24 * 3_600_000;
/** A password names its sign-up among the e-mail's few newest (each check is a slow hash). */
const REGISTRATIONS_CHECKED_BY_PASSWORD = 3;

/**
 * What the accounts module asks the staff module (app.ts hands it over): whether an account is a staff
 * member's, whom the traveller log-in refuses (their sign-in has its own throttle, audit and second
 * factor); the staff module records the attempt in the member's audit.
 */
export interface StaffAccountsPort {
  refusesTravellerLogIn(userId: string, context: { address: string; passwordRight: boolean }): Promise<boolean>;
  /** Whether the traveller "forgot password" is refused for this account (a staff member's), audited there. */
  refusesTravellerPasswordReset(userId: string, context: { address: string }): Promise<boolean>;
}

/** Which sign-up a code request means: named by the sign-up's answer, or by the password chosen with it. */
interface WhichSignUp {
  registration?: string | null;
  password?: string | null;
}

const normalizeEmail = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

export const presentUser = (row: UserRow): User => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  phone: row.phoneVerifiedAt ? row.phone : null,
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
  staffAccounts?: StaffAccountsPort;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const codes = createCodeKeys(deps.secret);
  const codeHash = codes.hash;
  const invalidCode = () => new AppError(400, 'INVALID_CODE', 'Invalid code');
  const { throttle, addressOf, mailRule, emailRule } = createAccountThrottles(db, clock);
  const codeIssuedAt = (registrationId: string, issuedAt: Date) =>
    codes.derive('email-code', registrationId, issuedAt, ACCOUNT_LIMITS.codeLength);
  const mailCode = (email: string, code: string) =>
    db.transaction((tx) => deps.mail.enqueue(tx, { to: email, ...deps.emails.code({ code }) }));

  /**
   * E-mails the sign-up's code again (the mailbox throttles are the caller's). A code that still works is
   * sent again, not replaced: the traveller may already have it in the inbox, and a new one would silently
   * turn it into "invalid code". A new code only when it no longer works (expired, or locked by wrong
   * guesses); it stays this sign-up's, with the password chosen with it. Either way the code is valid for
   * the full time from this e-mail; wrong guesses still count against the same code.
   */
  async function sendCodeAgain(registration: PendingRegistrationRow) {
    const now = clock();
    const expiresAt = new Date(now.getTime() + ACCOUNT_LIMITS.codeMinutes * 60_000);
    const working = registration.expiresAt > now && registration.attempts < ACCOUNT_LIMITS.codeAttempts;
    let code = codeIssuedAt(registration.id, registration.codeIssuedAt);
    if (working) {
      await repo.extendRegistrationCode(db, registration.id, expiresAt);
    } else {
      const fresh = codeIssuedAt(registration.id, now);
      const replacing = registration.codeIssuedAt;
      await repo.replaceRegistrationCode(
        db,
        registration.id,
        { codeHash: codeHash(registration.id, fresh), expiresAt, issuedAt: now },
        replacing,
      );
      // Another send at the same moment may have written first: e-mail the code in force, not ours.
      const inForce = await repo.findRegistration(db, registration.id, registration.email);
      code = inForce ? codeIssuedAt(inForce.id, inForce.codeIssuedAt) : fresh;
    }
    await mailCode(registration.email, code);
  }

  /**
   * The sign-up a request means. Named by its id, that one; by its password, the newest of the e-mail's
   * few newest whose password it is; by neither, the e-mail's only sign-up, and none when there are
   * several (someone else signed up with the address too: a code sent to an unnamed request could be theirs).
   */
  async function findSignUp(email: string, which: WhichSignUp): Promise<PendingRegistrationRow | undefined> {
    if (which.registration) return repo.findRegistration(db, which.registration, email);
    if (which.password) {
      for (const row of await repo.findRegistrationsOf(db, email, REGISTRATIONS_CHECKED_BY_PASSWORD))
        if (await verifyPassword(row.passwordHash, which.password)) return row;
      return undefined;
    }
    const rows = await repo.findRegistrationsOf(db, email, 2);
    return rows.length === 1 ? rows[0] : undefined;
  }

  /** Why no code could be judged: none, locked by wrong guesses, or expired. */
  async function refuseUnjudged(email: string, registration: string | null): Promise<never> {
    const rows = registration
      ? [await repo.findRegistration(db, registration, email)].filter((row) => row !== undefined)
      : await repo.findRegistrationsOf(db, email);
    if (!rows.length) throw invalidCode();
    if (rows.some((row) => row.attempts >= ACCOUNT_LIMITS.codeAttempts))
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes; ask for a new one');
    throw new AppError(400, 'EXPIRED_CODE', 'This code has expired; ask for a new one');
  }

  /**
   * The confirmed sign-up becomes the account, with the name and password chosen with this code. Every
   * other sign-up of the e-mail goes. An account already confirmed (by a social sign-in or a reset link
   * meanwhile) is never changed by a sign-up's code: none is answered.
   */
  async function activate(registration: PendingRegistrationRow): Promise<UserRow | undefined> {
    const now = clock();
    return db.transaction(async (tx) => {
      const claimed = await repo.claimRegistration(tx, registration.id);
      if (!claimed) return undefined;
      await repo.deleteRegistrationsOf(tx, claimed.email);
      const existing = await repo.findUserByEmail(tx, claimed.email);
      if (existing?.emailVerifiedAt) return undefined;
      const account = { fullName: claimed.fullName, passwordHash: claimed.passwordHash, active: true, emailVerifiedAt: now };
      // An account row never confirmed (a staff invitation not used yet, or made before sign-ups waited
      // apart): the mailbox's owner has now proved the address, with this password.
      if (existing) return repo.updateUser(tx, existing.id, account);
      return repo.insertUser(tx, { id: `usr_${randomBytes(12).toString('base64url')}`, email: claimed.email, ...account });
    });
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
      const fullName = cleanFullName(payload.fullName);
      const fields: FieldError[] = [];
      const nameProblem = fullNameProblem(fullName, 'payload.fullName');
      if (nameProblem) fields.push(nameProblem);
      if (!isEmail(email))
        fields.push({ path: 'payload.email', code: 'invalid_email', message: 'A valid e-mail address is required' });
      if (fields.length) throw new AppError(400, 'VALIDATION_ERROR', 'Please check the form', fields);
      const problem = checkPassword(payload.password, email);
      if (problem === 'REQUIRED_PASSWORD') throw passwordRefused(problem, 'payload.password');
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
      if (problem === 'WEAK_PASSWORD') throw passwordRefused(problem, 'payload.password');

      // Nothing is written before the throttles: a refused sign-up changes nothing. The same rules for an
      // address with an account and one without, so a refusal says nothing either.
      await throttle([emailRule('code', email), mailRule(context.address)]);
      const passwordHash = await hashPassword(payload.password!);
      const now = clock();
      const registration = `reg_${randomBytes(16).toString('base64url')}`;
      const answer = { success: true as const, user: { fullName, email }, registration };
      await repo.deleteStaleRegistrations(db, new Date(now.getTime() - REGISTRATION_KEPT_MS));
      const existing = await repo.findUserByEmail(db, email);
      if (existing?.emailVerifiedAt) {
        // The same answer as a new sign-up (its registration leads nowhere); the owner learns of it by
        // e-mail, with the way to log in or reset the password, and the account stays as it is.
        await db.transaction((tx) => deps.mail.enqueue(tx, { to: email, ...deps.emails.alreadyRegistered() }));
        return answer;
      }
      const code = codeIssuedAt(registration, now);
      await repo.insertRegistration(db, {
        id: registration,
        email,
        fullName,
        passwordHash,
        codeHash: codeHash(registration, code),
        codeIssuedAt: now,
        expiresAt: new Date(now.getTime() + ACCOUNT_LIMITS.codeMinutes * 60_000),
      });
      await mailCode(email, code);
      return answer;
    },

    /**
     * Confirms a sign-up's code and logs in. The code is judged against the sign-up the request names
     * (its registration, or the password chosen with it) or, naming none, against each of the e-mail's:
     * whichever code it is, the password that becomes active is the one chosen with that code.
     */
    async verifyCode(input: { email: string; otp: string } & WhichSignUp): Promise<AuthResponse> {
      const email = normalizeEmail(input.email);
      const named = input.registration ?? null;
      // The try is taken before the code is judged, in one statement: thirty guesses at once judge five.
      const taken = await repo.takeCodeAttempts(db, email, named, ACCOUNT_LIMITS.codeAttempts, clock());
      if (!taken.length) return refuseUnjudged(email, named);
      const otp = input.otp.trim();
      const matching = taken.find((row) => codes.matches(row.codeHash, row.id, otp));
      if (!matching) throw invalidCode();
      if (input.password && !(await verifyPassword(matching.passwordHash, input.password))) throw invalidCode();
      const user = await activate(matching);
      if (!user) throw invalidCode();
      return startSession(user);
    },

    /** The code of one sign-up again (findSignUp); the same answer whether or not there is one. */
    async resendCode(input: { email: string } & WhichSignUp, context: { language: 'ar' | 'en'; address: string }) {
      const email = normalizeEmail(input.email);
      const registration = await findSignUp(email, input);
      if (registration) await throttle([emailRule('code', email), mailRule(context.address)]);
      else await throttle([mailRule(context.address)]);
      if (registration) await sendCodeAgain(registration);
      return { success: true as const };
    },

    /**
     * E-mail and password. An account not confirmed yet, and a staff member's (who signs in at /admin),
     * are answered exactly like a wrong password and counted like one: the answer never tells that a
     * password is right for them.
     */
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
      const failed = () => new AppError(401, 'INVALID_CREDENTIALS', 'Login failed');
      if (user && (await deps.staffAccounts?.refusesTravellerLogIn(user.id, { address, passwordRight: ok }))) throw failed();
      if (!user || !ok || !user.emailVerifiedAt) throw failed();
      await pass.succeeded();
      return startSession(user);
    },

    /** The account of a signed-in user (plugins/auth.ts has checked the session). */
    findUser: (userId: string) => repo.findUser(db, userId),

    /**
     * A reset link by e-mail. The same answer, and the same throttles, whether or not the account exists;
     * an address without one is sent nothing.
     */
    async requestPasswordReset(email: string, context: { address: string }) {
      const normalized = normalizeEmail(email);
      await throttle([emailRule('reset', normalized), mailRule(context.address)]);
      const user = await repo.findUserByEmail(db, normalized);
      if (!user) return { success: true as const };
      // A staff account is sent no link (the same answer as any other address).
      if (await deps.staffAccounts?.refusesTravellerPasswordReset(user.id, { address: addressOf(context.address) }))
        return { success: true as const };
      // 256 random bits in the link; only its SHA-256 is stored, so the table cannot be replayed.
      const token = randomBytes(32).toString('base64url');
      await repo.insertResetToken(db, {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: user.id,
        expiresAt: new Date(clock().getTime() + ACCOUNT_LIMITS.resetLinkMinutes * 60_000),
      });
      // A name nobody confirmed (an account never confirmed) is not written into the e-mail.
      const fullName = user.emailVerifiedAt ? user.fullName : null;
      await db.transaction((tx) => deps.mail.enqueue(tx, { to: normalized, ...deps.emails.reset({ token, fullName }) }));
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
      // Confirmed now: a sign-up's code waiting for this address must not change it later.
      if (user.email) await repo.deleteRegistrationsOf(db, user.email);
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
