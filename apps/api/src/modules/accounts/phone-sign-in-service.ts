import { randomBytes } from 'node:crypto';
import type { AuthResponse } from '@kwenda/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { MessengerPort } from '../whatsapp/messenger-port.js';
import * as repo from './accounts-repository.js';
import type { StaffAccountsPort } from './accounts-service.js';
import type { AccountThrottles } from './account-throttles.js';
import type { ContactCodes } from './contact-codes.js';
import { cleanFullName, fullNameProblem } from './full-name.js';
import { maskPhone, requireMobileNumber } from './phone-number.js';

/**
 * Signing in with a mobile number: a 6-digit code by WhatsApp, then the code. The number's account
 * signs in; a number without one becomes a new account once its holder gives a name. Every answer
 * before the code is right is the same whether or not the number has an account.
 */
export function createPhoneSignInService(deps: {
  database: Database;
  codes: ContactCodes;
  throttles: AccountThrottles;
  messenger: MessengerPort;
  /** The session every way of signing in ends with (AccountsService.startSessionFor). */
  startSession: (user: UserRow) => Promise<AuthResponse>;
  staffAccounts?: StaffAccountsPort;
  logger: FastifyBaseLogger;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const { throttles, codes } = deps;
  const invalidCode = () => new AppError(400, 'INVALID_CODE', 'Invalid code');

  return {
    /** A code by WhatsApp to the number; the same answer whether or not it has an account. */
    async requestCode(
      input: { phone: string; language?: 'ar' | 'en' | null },
      context: { language: 'ar' | 'en'; address: string },
    ) {
      const phone = requireMobileNumber(input.phone, 'phone');
      const language = input.language ?? context.language;
      const issued = await codes.issue(
        { purpose: 'sign-in', target: phone, userId: null },
        'whatsapp',
        // The number's own limit first: a number asked for too often is refused before it takes a
        // place in the count that the address's other travellers share.
        [throttles.phoneRule(phone), throttles.whatsappRule(context.address)],
        async (tx, code, expiresAt) => {
          await deps.messenger.enqueue(tx, {
            to: phone,
            template: 'sign_in_code',
            language,
            params: [code],
            purpose: 'auth',
            expiresAt,
            userId: null,
          });
        },
      );
      deps.messenger.kick();
      deps.logger.info({ to: maskPhone(phone) }, 'sign-in code queued');
      return { success: true as const, phone, ...issued };
    },

    /**
     * The code. Right: the number's account signs in (a staff member's is refused like a wrong code,
     * as the e-mail log-in refuses it); no account: a new one with the name given, or 400
     * NAME_REQUIRED (told only to whoever holds the code), after which the same challenge takes the
     * name with the same code without counting another try.
     */
    async verify(
      input: { challenge: string; phone: string; code: string; fullName?: string | null },
      context: { address: string },
    ): Promise<AuthResponse> {
      const phone = requireMobileNumber(input.phone, 'phone');
      const fullName = cleanFullName(input.fullName);
      // A name too long is refused before the code is judged: nothing is counted or used.
      const nameProblem = fullName ? fullNameProblem(fullName, 'fullName') : null;
      if (nameProblem) throw new AppError(400, 'VALIDATION_ERROR', 'Please check the form', [nameProblem]);
      const scope = { purpose: 'sign-in' as const, target: phone, userId: null };
      const { row, succeeded } = await codes.judge(input.challenge, scope, input.code, context.address);
      // The code is used and the account found or made in one transaction, queued behind any other
      // decision about this number: of two sign-ups with one number at once, one makes the account and
      // the other finds the code used.
      const outcome = await db.transaction(async (tx) => {
        await codes.lockTarget(tx, phone);
        const existing = await repo.findUserByPhone(tx, phone);
        if (!existing && !fullName) return { kind: 'name-required' as const };
        if (!(await codes.use(tx, row))) return { kind: 'used' as const };
        if (existing) return { kind: 'existing' as const, user: existing };
        const made = await repo.insertUser(tx, {
          id: `usr_${randomBytes(12).toString('base64url')}`,
          fullName,
          email: null,
          phone,
          phoneVerifiedAt: clock(),
          // The number just proved itself on WhatsApp: the profile's mobile and WhatsApp numbers too.
          mobile: phone,
          whatsapp: phone,
          passwordHash: null,
          active: true,
        });
        if (!made) throw new AppError(409, 'CONTACT_TAKEN', 'This number belongs to another account');
        return { kind: 'made' as const, user: made };
      });
      if (outcome.kind === 'used') throw invalidCode();
      if (outcome.kind === 'name-required') {
        await codes.keepProven(row);
        await succeeded();
        throw new AppError(400, 'NAME_REQUIRED', 'This number has no account yet: give a name to make one', [
          { path: 'fullName', code: 'required', message: 'Full name is required' },
        ]);
      }
      const { user } = outcome;
      const address = throttles.addressOf(context.address);
      if (
        outcome.kind === 'existing' &&
        (await deps.staffAccounts?.refusesTravellerLogIn(user.id, { address, passwordRight: true }))
      )
        throw invalidCode();
      await succeeded();
      if (!user.active) throw new AppError(403, 'ACCOUNT_DISABLED', 'This account is switched off; contact the agency');
      deps.logger.info(
        { userId: user.id, phone: maskPhone(phone) },
        outcome.kind === 'made' ? 'account made with a mobile number' : 'signed in by mobile number',
      );
      return deps.startSession(user);
    },
  };
}

export type PhoneSignInService = ReturnType<typeof createPhoneSignInService>;
