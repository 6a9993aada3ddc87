import type { BaggageOption } from '@kwenda/contracts';

/**
 * Paid bags are pieces picked in order: picking piece n picks every piece
 * before it; unpicking piece n unpicks it and every piece after it. The count is all that is sent.
 */
export function togglePiece(count: number, piece: number, limit: number): number {
  const next = piece <= count ? piece - 1 : piece;
  return Math.max(0, Math.min(limit, next));
}

export const paidOptions = (options: readonly BaggageOption[]) => options.filter((o) => o.price > 0 && o.limit > 0);
export const includedOptions = (options: readonly BaggageOption[]) => options.filter((o) => o.price === 0 && o.count > 0);

export interface ExtrasTotal {
  hold: { count: number; amount: number };
  carryOn: { count: number; amount: number };
}

/** Extras chosen on the page, priced with the options' own prices (the server prices them again). */
export function extrasOf(
  passengers: readonly { baggage: readonly BaggageOption[] }[],
  chosen: readonly Record<string, number>[],
): ExtrasTotal {
  const total: ExtrasTotal = { hold: { count: 0, amount: 0 }, carryOn: { count: 0, amount: 0 } };
  passengers.forEach((passenger, index) => {
    for (const option of paidOptions(passenger.baggage)) {
      const pieces = chosen[index]?.[option.reference] ?? 0;
      total[option.category].count += pieces;
      total[option.category].amount += pieces * option.price;
    }
  });
  total.hold.amount = Math.round(total.hold.amount * 100) / 100;
  total.carryOn.amount = Math.round(total.carryOn.amount * 100) / 100;
  return total;
}
