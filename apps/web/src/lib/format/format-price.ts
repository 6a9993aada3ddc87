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
  const parts = priceFormat(currency, language, Number.isInteger(amount) ? 0 : 2).formatToParts(amount);
  return parts
    .map(({ type, value }) =>
      language === 'ar' && type === 'currency' && /[A-Za-z$€£]/.test(value) ? `${LRI}${value}${PDI}` : value,
    )
    .join('');
}

const priceFormat = (currency: string, language: string, digits: 0 | 2) =>
  numberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/**
 * Builds the formatters of a currency's prices ahead, each in a task of its own: the first price
 * format loads the language's number data (10 ms on this machine, 40 ms at Lighthouse's 4x CPU),
 * which inside the first card's render made one long task of it. Called while the offers load.
 */
export function preparePriceFormats(currency: string, language: string): () => void {
  const timers = ([0, 2] as const).map((digits) => window.setTimeout(() => priceFormat(currency, language, digits)));
  return () => timers.forEach((timer) => window.clearTimeout(timer));
}
