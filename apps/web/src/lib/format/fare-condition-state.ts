import type { FareCondition } from '@kwenda/contracts';

/**
 * What a refund or change condition means for the traveller: free, for a stated fee, for a fee the
 * airline has not stated, not allowed, or not said at all (the traveller should ask before booking).
 */
export type FareConditionState = 'free' | 'fee' | 'fee-unstated' | 'not-allowed' | 'unknown';

export function fareConditionState(condition: FareCondition | null | undefined): FareConditionState {
  if (!condition) return 'unknown';
  if (!condition.allowed) return 'not-allowed';
  if (condition.penaltyAmount === null || condition.penaltyCurrency === null) return 'fee-unstated';
  return condition.penaltyAmount === 0 ? 'free' : 'fee';
}

/** The catalog key that says each state (the booking's and the offers' catalogs both have them); a fee names its amount. */
export const fareConditionKey = {
  free: 'conditions.free',
  fee: 'conditions.fee',
  'fee-unstated': 'conditions.feeUnstated',
  'not-allowed': 'conditions.notAllowed',
  unknown: 'conditions.unknown',
} as const satisfies Record<FareConditionState, string>;
