import { intlLocale } from './intl-locale';

/**
 * Price with its currency in the traveller's language. Whole amounts (SDG and EGP are quoted in
 * whole pounds) show no decimals; others show two.
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
