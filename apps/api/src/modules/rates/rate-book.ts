import type { PricedCurrency } from '@kwenda/contracts';
import type { Db } from '../../db/client.js';
import type { ExchangeRateChangeRow } from '../../db/schema.js';
import { markupScopeOf, type MarkupTerms } from './markup-match.js';
import type { PricingSnapshot, RateInEffect } from './pricing.js';
import { findActiveMarkups, findRatesFrom, readPricingVersion } from './rates-repository.js';

export interface RateBook {
  /** The rates in effect at `now` and the active markup rules, as the database has them when it is called. */
  snapshot(now?: Date): Promise<PricingSnapshot>;
}

interface Loaded {
  /** The pricing version these were read at (or after). */
  version: number;
  /** Per currency: the rate in effect when read, then those set for later, oldest first. */
  rates: Map<string, RateInEffect[]>;
  markups: MarkupTerms[];
  markupsVersion: string;
}

const toRate = (row: ExchangeRateChangeRow): RateInEffect => ({
  id: row.id,
  currency: row.currency as PricedCurrency,
  unitsPerUsd: row.unitsPerUsd,
  effectiveAt: row.effectiveAt,
});

export interface RateBookOptions {
  clock?: () => number;
  /**
   * Where the database tells of a pricing change as it commits, before the changing statement
   * returns (the embedded database's `listen`: its one process makes every change). Given, the book
   * checks the version only after it was told; without it, before every snapshot.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<void>;
}

/**
 * The rates and markups a process prices with. Several processes share one database and any of them
 * may change a rate, so before each snapshot the book reads the pricing version (one row, moved by a
 * trigger in the transaction of every change) and reads the rates and markups again only when it
 * moved: a change made through any process prices the next search in all of them, at the cost of
 * one tiny query per search. Requests that arrive together share one check, but never one that
 * started before they arrived (it could predate the change they must see). Rates set to take effect
 * later are read ahead, so one takes effect on time without a change of version.
 *
 * On the embedded database that query was half the work of a search, and its one process is told of
 * every change (`listen`): there the book checks only once told, and keeps what it read meanwhile.
 */
export function createRateBook(db: Db, options: RateBookOptions = {}): RateBook {
  const clock = options.clock ?? Date.now;
  let loaded: Loaded | undefined;
  /** The last snapshot, for the state it was made of and the times it holds for. */
  let kept: { state: Loaded; from: number; until: number; snapshot: PricingSnapshot } | undefined;
  let inFlight: Promise<Loaded> | undefined;
  let next: Promise<Loaded> | undefined;
  /** True once the database tells of every change: until then (or if listening failed), check each time. */
  let told = false;
  /** Told of a change since the last check began (or just started listening): check before pricing. */
  let stale = true;
  options
    .listen?.('pricing_version', () => {
      stale = true;
    })
    .then(
      () => {
        // A change committed before listening was not told: one check after now sees it.
        stale = true;
        told = true;
      },
      () => undefined,
    );

  const read = async (version: number): Promise<Loaded> => {
    const [rateRows, markupRows] = await Promise.all([findRatesFrom(db, new Date(clock())), findActiveMarkups(db)]);
    const rates = new Map<string, RateInEffect[]>();
    for (const row of [...rateRows].sort((a, b) => +a.effectiveAt - +b.effectiveAt || +a.setAt - +b.setAt)) {
      const list = rates.get(row.currency) ?? [];
      list.push(toRate(row));
      rates.set(row.currency, list);
    }
    const markups = markupRows.map((row): MarkupTerms => ({ id: row.id, ...markupScopeOf(row), updatedAt: row.updatedAt }));
    const markupsVersion = markups
      .map((m) => `${m.id}@${m.updatedAt.getTime()}`)
      .sort()
      .join(',');
    return { version, rates, markups, markupsVersion };
  };

  /** The version first, then the rows: what is read is at least as new as the version it is kept under. */
  const check = async (): Promise<Loaded> => {
    // Before the read: a change told while it runs leaves the book stale again.
    stale = false;
    try {
      const version = await readPricingVersion(db);
      if (loaded?.version === version) return loaded;
      loaded = await read(version);
      return loaded;
    } catch (error) {
      stale = true;
      throw error;
    }
  };

  const current = (): Promise<Loaded> => {
    if (told && !stale && loaded && !inFlight) return Promise.resolve(loaded);
    if (!inFlight) {
      inFlight = check().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    }
    // A check is under way but began before this call: wait for the one after it, shared by all who wait.
    next ??= inFlight
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return current();
      });
    return next;
  };

  return {
    async snapshot(now = new Date(clock())) {
      const state = await current();
      const at = now.getTime();
      // The same rates and markups at a time between the same two rates' starts price the same: one snapshot.
      if (kept && kept.state === state && at >= kept.from && at < kept.until) return kept.snapshot;
      const chosen = new Map<string, RateInEffect>();
      let from = -Infinity;
      let until = Infinity;
      for (const [currency, list] of state.rates) {
        let inEffect: RateInEffect | undefined;
        for (const rate of list) {
          const starts = rate.effectiveAt.getTime();
          if (starts <= at) {
            inEffect = rate;
            from = Math.max(from, starts);
          } else until = Math.min(until, starts);
        }
        if (inEffect) chosen.set(currency, inEffect);
      }
      const snapshot: PricingSnapshot = {
        rateOf: (currency) => chosen.get(currency),
        markups: state.markups,
        version: `${[...chosen.values()].map((r) => r.id).join(',')}|${state.markupsVersion}`,
      };
      kept = { state, from, until, snapshot };
      return snapshot;
    },
  };
}
