import type { Currency } from '@kwenda/contracts';
import type { Db } from '../../db/client.js';
import type { ExchangeRateChangeRow } from '../../db/schema.js';
import type { MarkupTerms } from './markup-match.js';
import type { PricingSnapshot, RateInEffect } from './pricing.js';
import { findActiveMarkups, findRatesFrom } from './rates-repository.js';

/**
 * How long a process prices from what it last read. Every process reads rates and markups again
 * after this long, so a rate set through one process prices searches in all of them within seconds.
 */
export const PRICING_TTL_MS = 3_000;

export interface RateBook {
  /** The rates in effect at `now` and the active markup rules, at most PRICING_TTL_MS old. */
  snapshot(now?: Date): Promise<PricingSnapshot>;
  /** Forgets what was read: this process's next snapshot reads the database (after a change made here). */
  invalidate(): void;
}

interface Loaded {
  at: number;
  /** Per currency: the rate in effect when read, then those set for later, oldest first. */
  rates: Map<string, RateInEffect[]>;
  markups: MarkupTerms[];
  markupsVersion: string;
}

const toRate = (row: ExchangeRateChangeRow): RateInEffect => ({
  id: row.id,
  currency: row.currency as Currency,
  unitsPerUsd: row.unitsPerUsd,
  effectiveAt: row.effectiveAt,
});

/**
 * The rates and markups a process prices with. They are read again once PRICING_TTL_MS has passed,
 * by the first request after that (requests meanwhile wait for that one read, they do not each query);
 * rates set to take effect later are read ahead, so one takes effect on time whenever it was read.
 */
export function createRateBook(db: Db, options: { ttlMs?: number; clock?: () => number } = {}): RateBook {
  const ttlMs = options.ttlMs ?? PRICING_TTL_MS;
  const clock = options.clock ?? Date.now;
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  let generation = 0;

  const read = async (): Promise<Loaded> => {
    const at = clock();
    const [rateRows, markupRows] = await Promise.all([findRatesFrom(db, new Date(at)), findActiveMarkups(db)]);
    const rates = new Map<string, RateInEffect[]>();
    for (const row of [...rateRows].sort((a, b) => +a.effectiveAt - +b.effectiveAt || +a.setAt - +b.setAt)) {
      const list = rates.get(row.currency) ?? [];
      list.push(toRate(row));
      rates.set(row.currency, list);
    }
    const markups = markupRows.map((row): MarkupTerms => ({
      id: row.id,
      percent: row.percent,
      fixedUsd: row.fixedUsd,
      airline: row.airline,
      origin: row.origin,
      destination: row.destination,
      cabin: row.cabin,
      updatedAt: row.updatedAt,
    }));
    const markupsVersion = markups
      .map((m) => `${m.id}@${m.updatedAt.getTime()}`)
      .sort()
      .join(',');
    return { at, rates, markups, markupsVersion };
  };

  const current = async (): Promise<Loaded> => {
    if (loaded && clock() - loaded.at < ttlMs) return loaded;
    if (!loading) {
      const started = generation;
      loading = read()
        .then((fresh) => {
          // A change made here while this read ran is read again by the next request.
          if (started === generation) loaded = fresh;
          return fresh;
        })
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  };

  return {
    async snapshot(now = new Date(clock())) {
      const state = await current();
      const chosen = new Map<string, RateInEffect>();
      for (const [currency, list] of state.rates) {
        let inEffect: RateInEffect | undefined;
        for (const rate of list) if (rate.effectiveAt <= now) inEffect = rate;
        if (inEffect) chosen.set(currency, inEffect);
      }
      return {
        rateOf: (currency) => chosen.get(currency),
        markups: state.markups,
        version: `${[...chosen.values()].map((r) => r.id).join(',')}|${state.markupsVersion}`,
      };
    },
    invalidate() {
      generation += 1;
      loaded = undefined;
      loading = undefined;
    },
  };
}
