import { numberFormat } from './intl-cache';
import { intlLocale } from './intl-locale';
import type { WarmIntlRequest } from './warm-intl.worker';

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

const priceOptions = (currency: string, digits: 0 | 2): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency,
  minimumFractionDigits: digits,
  maximumFractionDigits: digits,
});

const priceFormat = (currency: string, language: string, digits: 0 | 2) =>
  numberFormat(intlLocale(language), priceOptions(currency, digits));

const DIGITS = [0, 2] as const;

/**
 * Builds the formatters of a currency's prices ahead, while the offers load. The page's first number
 * format loads ICU's number data: 10-70 ms on this machine, a long task at a slow phone's 4x CPU wherever
 * it runs on the main thread (inside the first card's render, before this). A worker builds the same
 * formats first (lib/format/warm-intl.worker.ts), which loads that data for the whole page; then the page
 * builds its own, each in a task of its own, in a fraction of a millisecond. Without workers (or if the
 * worker fails) the page builds them at once, each in a task of its own.
 */
export function preparePriceFormats(currency: string, language: string): () => void {
  const timers: number[] = [];
  const build = () => {
    for (const digits of DIGITS) timers.push(window.setTimeout(() => priceFormat(currency, language, digits)));
  };
  let worker: Worker | undefined;
  try {
    worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = undefined; // no workers here (or none allowed)
  }
  if (worker) {
    const done = () => {
      worker?.terminate();
      build();
    };
    worker.onmessage = done;
    worker.onerror = done;
    const request: WarmIntlRequest[] = DIGITS.map((digits) => ({
      locale: intlLocale(language),
      options: priceOptions(currency, digits),
    }));
    worker.postMessage(request);
  } else build();
  return () => {
    worker?.terminate();
    timers.forEach((timer) => window.clearTimeout(timer));
  };
}
