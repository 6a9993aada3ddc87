import { isEmail, type AccountContacts, type FieldError } from '@kwenda/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { MailPort } from '../mail/mail-port.js';
import type { MessengerPort } from '../whatsapp/messenger-port.js';
import * as repo from './accounts-repository.js';
import { presentUser } from './accounts-service.js';
import type { AccountEmails } from './account-emails.js';
import type { AccountThrottles } from './account-throttles.js';
import type { ContactCodes } from './contact-codes.js';
import * as guestRepo from './guest-bookings-repository.js';
import { maskPhone, requireMobileNumber } from './phone-number.js';

/** Which ways of signing in the account has, and which are verified. */
export const presentContacts = (row: UserRow): AccountContacts => ({
  email: row.email,
  emailVerified: row.email !== null && row.emailVerifiedAt !== null,
  phone: row.phone,
  phoneVerified: row.phone !== null && row.phoneVerifiedAt !== null,
});

const verifiedContactsOf = (row: UserRow): guestRepo.VerifiedContacts => ({
  email: row.emailVerifiedAt ? row.email : null,
  phone: row.phoneVerifiedAt ? row.phone : null,
});

/** A booking that ended (canceled, refunded, unavailable) this long ago is no longer offered. */
const ENDED_BOOKINGS_OFFERED_DAYS = 30;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
const contactTaken = () => new AppError(409, 'CONTACT_TAKEN', 'Another account already uses this');

/**
 * A signed-in traveller's ways of signing in: adding a mobile number (a code by WhatsApp) or an e-mail
 * (a code by e-mail) and proving it; and the bookings made as a guest with them, offered to be added.
 */
export function createAccountContactsService(deps: {
  database: Database;
  codes: ContactCodes;
  throttles: AccountThrottles;
  messenger: MessengerPort;
  mail: MailPort;
  emails: AccountEmails;
  logger: FastifyBaseLogger;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const clock = deps.clock ?? (() => new Date());
  const { throttles, codes } = deps;
  const endedBefore = () => new Date(clock().getTime() - ENDED_BOOKINGS_OFFERED_DAYS * 86_400_000);
  const accountOf = async (userId: string) => {
    const user = await repo.findUser(db, userId);
    if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Log in first');
    return user;
  };

  return {
    /**
     * A code to the number (WhatsApp) or the address (e-mail) to add to the account. Whether another
     * account has it is not told here, only once the code proves it is the traveller's.
     */
    async addContact(
      userId: string,
      input: { phone?: string | null; email?: string | null; language?: 'ar' | 'en' | null },
      context: { language: 'ar' | 'en'; address: string },
    ) {
      // Whichever field is sent is the one checked (an empty number is a wrong number).
      const phoneGiven = input.phone !== null && input.phone !== undefined;
      const email = (input.email ?? '').trim().toLowerCase();
      if (phoneGiven === (input.email !== null && input.email !== undefined)) {
        const fields: FieldError[] = ['phone', 'email'].map((path) => ({
          path,
          code: 'required',
          message: 'Give a mobile number or an e-mail address, one of the two',
        }));
        throw new AppError(400, 'VALIDATION_ERROR', 'Give a mobile number or an e-mail address', fields);
      }
      if (phoneGiven) {
        const phone = requireMobileNumber(input.phone, 'phone');
        const issued = await codes.issue(
          { purpose: 'add-phone', target: phone, userId },
          'whatsapp',
          [throttles.phoneRule(phone), throttles.accountRule(userId), throttles.whatsappRule(context.address)],
          async (tx, code, expiresAt) => {
            await deps.messenger.enqueue(tx, {
              to: phone,
              template: 'sign_in_code',
              language: input.language ?? context.language,
              params: [code],
              purpose: 'auth',
              expiresAt,
              userId,
            });
          },
        );
        deps.messenger.kick();
        deps.logger.info({ userId, to: maskPhone(phone) }, 'code queued to add a number');
        return { success: true as const, to: phone, channel: 'whatsapp' as const, ...issued };
      }
      if (!isEmail(email))
        throw new AppError(400, 'VALIDATION_ERROR', 'A valid e-mail address is required', [
          { path: 'email', code: 'invalid_email', message: 'A valid e-mail address is required' },
        ]);
      const issued = await codes.issue(
        { purpose: 'add-email', target: email, userId },
        'email',
        [throttles.emailRule('code', email), throttles.accountRule(userId), throttles.mailRule(context.address)],
        (tx, code) => deps.mail.enqueue(tx, { to: email, ...deps.emails.contactCode({ code }) }),
      );
      return { success: true as const, to: email, channel: 'email' as const, ...issued };
    },

    /**
     * The code: the number or the address becomes the account's, verified (replacing the one it had).
     * 409 CONTACT_TAKEN when another account has it, told only now that the code proved it is the
     * traveller's; the code is used up either way.
     */
    async verifyContact(userId: string, input: { challenge: string; code: string }, context: { address: string }) {
      const pending = await codes.find(input.challenge, userId);
      const scope = pending
        ? { purpose: pending.purpose, target: pending.target, userId }
        : { purpose: 'add-phone' as const, target: '', userId };
      const { row, succeeded } = await codes.judge(input.challenge, scope, input.code, context.address);
      const byPhone = row.purpose === 'add-phone';
      let outcome: { kind: 'used' } | { kind: 'taken' } | { kind: 'added'; user: UserRow };
      try {
        outcome = await db.transaction(async (tx) => {
          await codes.lockTarget(tx, row.target);
          if (!(await codes.use(tx, row))) return { kind: 'used' as const };
          const owner = byPhone ? await repo.findUserByPhone(tx, row.target) : await repo.findUserByEmail(tx, row.target);
          // Any other account holding the address counts, even one never confirmed (a staff invitation
          // not taken up yet): the unique index allows one.
          if (owner && owner.id !== userId) return { kind: 'taken' as const };
          const now = clock();
          const user = await repo.updateUser(
            tx,
            userId,
            byPhone ? { phone: row.target, phoneVerifiedAt: now } : { email: row.target, emailVerifiedAt: now },
          );
          // The address is proved now: a sign-up's code waiting for it must not make another account.
          if (!byPhone) await repo.deleteRegistrationsOf(tx, row.target);
          return user ? { kind: 'added' as const, user } : { kind: 'used' as const };
        });
      } catch (error) {
        // Another account took it between the check and the write (a sign-in with a provider).
        if (isUniqueViolation(error)) throw contactTaken();
        throw error;
      }
      if (outcome.kind === 'used') throw new AppError(400, 'INVALID_CODE', 'Invalid code');
      await succeeded();
      if (outcome.kind === 'taken') throw contactTaken();
      deps.logger.info({ userId, channel: row.channel }, 'contact verified');
      return { success: true as const, user: presentUser(outcome.user), contacts: presentContacts(outcome.user) };
    },

    /** Bookings made as a guest with the account's verified e-mail or number, newest first. */
    async listGuestBookings(userId: string) {
      const user = await accountOf(userId);
      const contacts = verifiedContactsOf(user);
      const rows = await guestRepo.findGuestBookings(db, contacts, endedBefore());
      return {
        bookings: rows.map((row) => {
          const first = row.offer.slices[0];
          return {
            id: row.id,
            bookingReference: row.bookingReference,
            origin: first?.origin ?? '',
            destination: first?.destination ?? '',
            departureDate: first?.departureDate.slice(0, 10) ?? null,
            matchedBy: contacts.email && row.email?.toLowerCase() === contacts.email ? ('email' as const) : ('phone' as const),
          };
        }),
      };
    },

    /** Adds those of `ids` still offered to the account (others are silently left); answers how many. */
    async adoptGuestBookings(userId: string, ids: string[]) {
      const user = await accountOf(userId);
      const added = await guestRepo.adoptGuestBookings(db, userId, [...new Set(ids)], verifiedContactsOf(user), endedBefore());
      if (added) deps.logger.info({ userId, added }, 'guest bookings added to an account');
      return { success: true as const, added };
    },
  };
}

export type AccountContactsService = ReturnType<typeof createAccountContactsService>;
