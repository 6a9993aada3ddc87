import type { Currency, FareCondition, FareConditions } from '@kwenda/contracts';
import type { SupplierFareCondition, SupplierFareConditions } from '../../suppliers/supplier.js';

/**
 * A supplier's refund and change conditions in the traveller's currency, converted like the price
 * beside them (`fromUsd`: the offers' current rate, or the rate a booking was made at).
 */
export function presentFareConditions(
  conditions: SupplierFareConditions,
  currency: Currency,
  /** A penalty in the supplier's currency -> the traveller's (through the agency's USD book). */
  fromSupplier: (amount: number) => number,
): FareConditions {
  const present = (condition: SupplierFareCondition | null): FareCondition | null =>
    condition && {
      allowed: condition.allowed,
      penaltyAmount: condition.penaltyAmount === null ? null : fromSupplier(condition.penaltyAmount),
      penaltyCurrency: condition.penaltyAmount === null ? null : currency,
    };
  return {
    refundBeforeDeparture: present(conditions.refundBeforeDeparture),
    changeBeforeDeparture: present(conditions.changeBeforeDeparture),
  };
}
