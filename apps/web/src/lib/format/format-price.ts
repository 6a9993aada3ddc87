import { numberFormat } from './intl-cache';
import { intlLocale } from './intl-locale';

const LRI = '\u2066';
const PDI = '\u2069';

/**
 * Price with its currency in the traveller's language. Whole amounts (SDG and EGP are quoted in
 * whole pounds) show no decimals; others show two. In Arabic a Latin symbol ("US$") is isolated
 * left-to-right: on its own, the bidi algorithm shows it as "$US" in right-to-left text.
 */
export function formatPrice(amount: number, currency: string, language: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const parts = numberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).formatToParts(amount);
  return parts
    .map(({ type, value }) =>
      language === 'ar' && type === 'currency' && /[A-Za-z$€£]/.test(value) ? `${LRI}${value}${PDI}` : value,
    )
    .join('');
}
