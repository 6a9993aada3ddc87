import { intlLocale } from './intl-locale';
import type { WarmIntlRequest } from './warm-intl.worker';

/** A price shows no decimals when whole, two otherwise (format-price.ts). */
export const PRICE_DIGITS = [0, 2] as const;

export const priceOptions = (currency: string, digits: 0 | 2): Intl.NumberFormatOptions => ({
  style: 'currency',
  currency,
  minimumFractionDigits: digits,
  maximumFractionDigits: digits,
});

const warming = new Map<string, Promise<void>>();

/** How long a page waits for the worker at most (its script may be slow to arrive): then it builds its own. */
export const WARM_WAIT_MS = 3_000;

/**
 * Has a worker build the price formats of `currencies` in `language` (lib/format/warm-intl.worker.ts): the
 * page's first number format loads ICU's number data, 10-20 ms of this machine's main thread in one task,
 * 40-80 ms at a slow phone's 4x CPU. That data belongs to the whole renderer process: once the worker has
 * built a format, the page builds the same in a fraction of a millisecond. Resolves once the worker has
 * answered or failed, or after WARM_WAIT_MS, at once where there are no workers; one worker per language
 * and currencies.
 */
export function warmPriceFormats(currencies: readonly string[], language: string): Promise<void> {
  const locale = intlLocale(language);
  const distinct = [...new Set(currencies)].sort();
  const key = `${locale} ${distinct.join(' ')}`;
  let warmed = warming.get(key);
  if (!warmed) {
    warmed = inWorker(
      distinct.flatMap((currency) => PRICE_DIGITS.map((digits) => ({ locale, options: priceOptions(currency, digits) }))),
    );
    warming.set(key, warmed);
  }
  return warmed;
}

function inWorker(request: WarmIntlRequest[]): Promise<void> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(); // no workers here (or none allowed)
  }
  return new Promise((resolve) => {
    const done = () => {
      worker.terminate();
      resolve();
    };
    worker.onmessage = done;
    worker.onerror = done;
    worker.postMessage(request);
    // Not waited for longer: the worker goes on, and the page builds its formats itself meanwhile.
    setTimeout(resolve, WARM_WAIT_MS);
  });
}
