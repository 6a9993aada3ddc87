import type { Currency } from '@kwenda/contracts';
import type { Db } from '../../db/client.js';
import { exchangeRates } from '../../db/schema.js';

/** Currencies quoted in whole units, as Sudanese and Egyptian agencies print them. */
const WHOLE_UNITS = new Set<Currency>(['SDG', 'EGP']);

/** USD -> currency at a given rate, rounded to what a price tag shows. */
export function convertUsd(amountUsd: number, unitsPerUsd: number, currency: Currency): number {
  const value = amountUsd * unitsPerUsd;
  return WHOLE_UNITS.has(currency) ? Math.round(value) : Math.round(value * 100) / 100;
}

export interface ExchangeRates {
  load(): Promise<void>;
  /** Converts a USD amount into `currency`, rounded to what a price tag shows. */
  fromUsd(amountUsd: number, currency: Currency): number;
  has(currency: Currency): boolean;
  /** Units of `currency` per USD now (a booking keeps the rate it was made at). */
  rate(currency: Currency): number;
}

/**
 * Rates live in the database (the agency edits them); the table is read at start-up and
 * every few minutes, so a search never waits on a query for them.
 */
export function createExchangeRates(db: Db, refreshMs = 5 * 60_000): ExchangeRates {
  let rates = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const read = async () => {
    const rows = await db.select().from(exchangeRates);
    rates = new Map(rows.map((row) => [row.currency, Number(row.unitsPerUsd)]));
  };
  return {
    async load() {
      await read();
      timer ??= setInterval(() => void read().catch(() => undefined), refreshMs);
      timer.unref();
    },
    has: (currency) => rates.has(currency),
    rate(currency) {
      const rate = rates.get(currency);
      if (rate === undefined) throw new Error(`No exchange rate for ${currency}`);
      return rate;
    },
    fromUsd(amountUsd, currency) {
      return convertUsd(amountUsd, this.rate(currency), currency);
    },
  };
}
