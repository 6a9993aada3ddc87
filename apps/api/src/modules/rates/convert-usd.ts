import type { Currency } from '@kwenda/contracts';

/** Currencies quoted in whole units, as Sudanese and Egyptian agencies print them. */
const WHOLE_UNITS = new Set<Currency>(['SDG', 'EGP']);

/** USD -> currency at a given rate, rounded to what a price tag shows. */
export function convertUsd(amountUsd: number, unitsPerUsd: number, currency: Currency): number {
  const value = amountUsd * unitsPerUsd;
  return WHOLE_UNITS.has(currency) ? Math.round(value) : Math.round(value * 100) / 100;
}
