import type { Db } from '../db/client.js';
import type { AppError } from '../errors.js';
import * as repo from './throttle-repository.js';

export interface ThrottleLimit {
  max: number;
  windowMs: number;
}

/** One counter an attempt goes through. */
export interface ThrottleRule {
  key: string;
  limit: ThrottleLimit;
  /**
   * What a successful attempt does to this count: 'clear' starts it over (a sign-in that worked, from
   * this address to this account); 'give-back' takes the attempt off, so only failures count (limits
   * per address, which many travellers share); 'keep' leaves it (every e-mail sent counts).
   */
  onSuccess: 'clear' | 'give-back' | 'keep';
}

/** An attempt let through: say when it succeeded (a failure stays counted). */
export interface ThrottlePass {
  /** Settles the rules `only` picks (all by default) as succeeded. */
  succeeded(only?: (rule: ThrottleRule) => boolean): Promise<void>;
}

/**
 * Throttles counted in the database, seen by every process. An attempt takes a place under each rule
 * in order, atomically; the first rule that is full refuses it, and the places already taken are
 * given back, so a refused attempt counts nowhere: an attacker stopped by a strict rule (one account
 * from one address) never fills the high rule of the address the other travellers share.
 */
export function createThrottle(db: Db, clock: () => Date = () => new Date()) {
  return async function enter(rules: ThrottleRule[], refusal: () => AppError): Promise<ThrottlePass> {
    const taken: ThrottleRule[] = [];
    for (const rule of rules) {
      if (await repo.takeAttempt(db, rule.key, rule.limit, clock())) {
        taken.push(rule);
        continue;
      }
      for (const done of taken) await repo.giveBackAttempt(db, done.key, clock());
      throw refusal();
    }
    return {
      async succeeded(only = () => true) {
        for (const rule of taken.filter(only)) {
          if (rule.onSuccess === 'clear') await repo.clearAttempts(db, rule.key);
          else if (rule.onSuccess === 'give-back') await repo.giveBackAttempt(db, rule.key, clock());
        }
      },
    };
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
