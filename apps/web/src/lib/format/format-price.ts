import { numberFormat } from './intl-cache';
import { intlLocale } from './intl-locale';
import { PRICE_DIGITS, priceOptions, warmPriceFormats } from './warm-price-formats';

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
  numberFormat(intlLocale(language), priceOptions(currency, digits));

/**
 * Builds the formatters of a currency's prices ahead, while the offers load: a worker first loads ICU's
 * number data for the page (warm-price-formats.ts), then the page builds its own, each in a task of its
 * own, in a fraction of a millisecond. Without workers (or if the worker fails) the page builds them at
 * once, each in a task of its own. Returns the cancel.
 */
export function preparePriceFormats(currency: string, language: string): () => void {
  const timers: number[] = [];
  let live = true;
  void warmPriceFormats([currency], language).then(() => {
    if (live) for (const digits of PRICE_DIGITS) timers.push(window.setTimeout(() => priceFormat(currency, language, digits)));
  });
  return () => {
    live = false;
    timers.forEach((timer) => window.clearTimeout(timer));
  };
}
