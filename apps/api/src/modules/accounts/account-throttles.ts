import { PHONE_CODE_LIMITS } from '@kwenda/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { addressKey } from '../../plugins/client-address.js';
import { createThrottle, type ThrottleRule } from '../../plugins/throttle.js';

/**
 * Throttles, counted in the database so every process sees them (plugins/throttle.ts). A carrier puts
 * thousands of travellers behind one address, so what is counted per address is failures only, or
 * messages sent with a high limit; the strict limits are per account, per mailbox or per number (from
 * that address, then from anywhere), and an attempt they refuse counts nowhere else.
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
  /** WhatsApp codes sent at the request of one client address (each one is paid for). */
  whatsappCodesPerAddress: { max: 60, windowMs: 15 * 60_000 },
  /** WhatsApp codes sent to one number (a phone is not flooded). */
  codesPerNumber: { max: PHONE_CODE_LIMITS.codesPerNumber, windowMs: 15 * 60_000 },
  /** Codes one signed-in account asks for, to add a number or an address (whatever the target). */
  contactCodesPerAccount: { max: 10, windowMs: 15 * 60_000 },
  /** Wrong or unusable codes (sign-in by number, adding a contact) from one address. */
  codeFailuresPerAddress: { max: 200, windowMs: 15 * 60_000 },
} as const;

const tooMany = () => new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts; wait a few minutes and try again');

/** The accounts module's throttles and the rules several of its services share. */
export function createAccountThrottles(db: Db, clock: () => Date) {
  const enter = createThrottle(db, clock);
  /** An IPv6 client counts by its /64 (it may change the rest at will). */
  const addressOf = (address: string) => addressKey(address) ?? address;
  return {
    throttle: (rules: ThrottleRule[]) => enter(rules, tooMany),
    addressOf,
    mailRule: (address: string): ThrottleRule => ({
      key: `mail:ip:${addressOf(address)}`,
      limit: THROTTLE.mailsPerAddress,
      onSuccess: 'keep',
    }),
    whatsappRule: (address: string): ThrottleRule => ({
      key: `whatsapp:ip:${addressOf(address)}`,
      limit: THROTTLE.whatsappCodesPerAddress,
      onSuccess: 'keep',
    }),
    /** Codes to one mailbox, whatever it is asked for (sign-up, reset link, adding it to an account). */
    emailRule: (kind: string, email: string): ThrottleRule => ({
      key: `${kind}:email:${email}`,
      limit: THROTTLE.codesPerEmail,
      onSuccess: 'keep',
    }),
    /** Codes to one number, whatever it is asked for (sign-in, adding it to an account). */
    phoneRule: (phone: string): ThrottleRule => ({
      key: `code:phone:${phone}`,
      limit: THROTTLE.codesPerNumber,
      onSuccess: 'keep',
    }),
    accountRule: (userId: string): ThrottleRule => ({
      key: `contact:account:${userId}`,
      limit: THROTTLE.contactCodesPerAccount,
      onSuccess: 'keep',
    }),
    codeFailuresRule: (address: string): ThrottleRule => ({
      key: `code-fail:ip:${addressOf(address)}`,
      limit: THROTTLE.codeFailuresPerAddress,
      onSuccess: 'give-back',
    }),
  };
}

export type AccountThrottles = ReturnType<typeof createAccountThrottles>;
