import type { RateBook } from '../rates/rate-book.js';

export { convertUsd } from '../rates/convert-usd.js';

/** What prices read rates and markups from (modules/rates/rate-book.ts). */
export type ExchangeRates = RateBook;
