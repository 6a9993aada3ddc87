import { randomBytes } from 'node:crypto';
import { PHONE_CODE_LIMITS } from '@kwenda/contracts';
import type { Database } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { ContactCodeRow } from '../../db/whatsapp-schema.js';
import { AppError } from '../../errors.js';
import type { ThrottleRule } from '../../plugins/throttle.js';
import type { CodeKeys } from './account-codes.js';
import type { AccountThrottles } from './account-throttles.js';
import * as repo from './contact-codes-repository.js';

/** How long a code that ran out is kept, so "why was it refused" can still be answered. */
const EXPIRED_CODES_KEPT_MS = 24 * 3_600_000;

export interface IssuedCode {
  challenge: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/**
 * The codes that prove a number or an address (contact_codes): sent, sent again, judged. Both the
 * sign-in by number and adding a contact to an account go through here, with the habits of the
 * e-mailed sign-up code: only an HMAC is stored; a code that still works is sent again, not replaced
 * (the traveller may already hold it); the try is taken before the code is judged, in one statement.
 */
export function createContactCodes(deps: { database: Database; keys: CodeKeys; throttles: AccountThrottles; clock: () => Date }) {
  const { db } = deps.database;
  const { keys, throttles, clock } = deps;
  const limits = PHONE_CODE_LIMITS;
  const codeOf = (row: Pick<ContactCodeRow, 'id' | 'issuedAt'>) =>
    keys.derive('contact-code', row.id, row.issuedAt, limits.codeLength);
  const invalidCode = () => new AppError(400, 'INVALID_CODE', 'Invalid code');
  const tooSoon = (row: ContactCodeRow, now: Date) => {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resendAt.getTime() - now.getTime()) / 1000));
    return new AppError(429, 'RESEND_TOO_SOON', `Wait ${retryAfterSeconds} s before asking for the code again`, undefined, {
      retryAfterSeconds,
    });
  };

  /** Why a code could not be judged: unknown or used, locked by wrong guesses, or expired. */
  async function refuseUnjudged(challenge: string, scope: repo.CodeScope): Promise<never> {
    const row = await repo.findCode(db, challenge, scope);
    if (!row || row.usedAt) throw invalidCode();
    if (row.attempts >= limits.codeAttempts)
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes; ask for a new one');
    throw new AppError(400, 'EXPIRED_CODE', 'This code has expired; ask for a new one');
  }

  return {
    /**
     * Sends the scope's code: the one still working again, else a new one. Refused with 429
     * RESEND_TOO_SOON (and retryAfterSeconds) before the wait since the last send, which counts in no
     * throttle; then `rules` are taken (an attempt they refuse changes nothing). `deliver` queues the
     * message in the transaction that records the code, so a code is never kept unsent nor sent unkept.
     */
    async issue(
      scope: repo.CodeScope,
      channel: 'email' | 'whatsapp',
      rules: ThrottleRule[],
      deliver: (tx: Tx, code: string, expiresAt: Date) => Promise<void>,
    ): Promise<IssuedCode> {
      const before = await repo.findWorkingCode(db, scope, limits.codeAttempts, clock());
      if (before && before.resendAt > clock()) throw tooSoon(before, clock());
      await throttles.throttle(rules);
      const now = clock();
      const expiresAt = new Date(now.getTime() + limits.codeMinutes * 60_000);
      const resendAt = new Date(now.getTime() + limits.resendAfterSeconds * 1000);
      await repo.deleteStaleCodes(db, new Date(now.getTime() - EXPIRED_CODES_KEPT_MS));
      const challenge = await db.transaction(async (tx) => {
        await repo.lockTarget(tx, scope.target);
        const working = await repo.findWorkingCode(tx, scope, limits.codeAttempts, now);
        if (working && working.resendAt > now) throw tooSoon(working, now);
        if (working) {
          // The same code, valid for the full time from this message; wrong guesses still count against it.
          await repo.extendCode(tx, working.id, { expiresAt, resendAt });
          await deliver(tx, codeOf(working), expiresAt);
          return working.id;
        }
        const row = { id: `cc_${randomBytes(16).toString('base64url')}`, issuedAt: now };
        const code = codeOf(row);
        await repo.insertCode(tx, {
          ...row,
          ...scope,
          channel,
          codeHash: keys.hash(row.id, code),
          expiresAt,
          resendAt,
        });
        await deliver(tx, code, expiresAt);
        return row.id;
      });
      return { challenge, resendAfterSeconds: limits.resendAfterSeconds, expiresInSeconds: limits.codeMinutes * 60 };
    },

    /**
     * Judges a code of the scope: answers its row when it is right. Wrong, expired, locked or unknown
     * codes are refused, and count as failures of the client address (a high limit, failures only).
     * `settle` tells the address's count whether the code was right after all (a staff account's
     * refusal stays a failure).
     */
    async judge(challenge: string, scope: repo.CodeScope, code: string, address: string) {
      const pass = await throttles.throttle([throttles.codeFailuresRule(address)]);
      const row = await repo.takeAttempt(db, challenge, scope, limits.codeAttempts, clock());
      if (!row) return refuseUnjudged(challenge, scope);
      if (!keys.matches(row.codeHash, row.id, code)) throw invalidCode();
      return { row, succeeded: () => pass.succeeded() };
    },

    /** A right code whose use must wait (the name of a new account): its try given back, still valid a while. */
    async keepProven(row: ContactCodeRow) {
      await repo.markProven(db, row.id, new Date(clock().getTime() + limits.codeMinutes * 60_000));
    },

    /** Uses the code up (once: false when a concurrent request already did). */
    use: (tx: Tx, row: ContactCodeRow) => repo.useCode(tx, row.id, clock()),

    lockTarget: repo.lockTarget,

    /** The code an account asked for to add a number or an address, to know which one it is. */
    find: (challenge: string, userId: string) => repo.findAccountCode(db, challenge, userId),
  };
}

export type ContactCodes = ReturnType<typeof createContactCodes>;
