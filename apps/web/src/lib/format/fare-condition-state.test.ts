import { describe, expect, it } from 'vitest';
import { fareConditionState } from './fare-condition-state';

describe('fareConditionState', () => {
  it('tells free, paid, unstated, refused and unknown conditions apart', () => {
    expect(fareConditionState({ allowed: true, penaltyAmount: 0, penaltyCurrency: 'SDG' })).toBe('free');
    expect(fareConditionState({ allowed: true, penaltyAmount: 12_000, penaltyCurrency: 'SDG' })).toBe('fee');
    expect(fareConditionState({ allowed: true, penaltyAmount: null, penaltyCurrency: null })).toBe('fee-unstated');
    expect(fareConditionState({ allowed: false, penaltyAmount: null, penaltyCurrency: null })).toBe('not-allowed');
    // A penalty on something not allowed is still not allowed.
    expect(fareConditionState({ allowed: false, penaltyAmount: 50, penaltyCurrency: 'USD' })).toBe('not-allowed');
    expect(fareConditionState(null)).toBe('unknown');
    expect(fareConditionState(undefined)).toBe('unknown');
  });
});
