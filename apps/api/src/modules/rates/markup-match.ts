import type { CabinClassCode } from '@kwenda/contracts';
import type { MarkupRuleRow } from '../../db/schema.js';
import type { SupplierOffer } from '../../suppliers/supplier.js';

/** What a markup rule adds, and the flights it applies to (null: any). */
export const markupScopeOf = (row: MarkupRuleRow) => ({
  percent: row.percent,
  fixedUsd: row.fixedUsd,
  airline: row.airline,
  origin: row.origin,
  destination: row.destination,
  cabin: row.cabin,
});

/** A markup rule as pricing reads it: only active rules are ever handed to pricing. */
export interface MarkupTerms {
  id: string;
  percent: number;
  fixedUsd: number;
  airline: string | null;
  origin: string | null;
  destination: string | null;
  cabin: CabinClassCode | null;
  updatedAt: Date;
}

/** What a rule can name of a trip. */
export interface TripKey {
  /** The airline of the first flight: the one that issues the ticket. */
  airline: string | null;
  /** Where the outbound starts and ends (a round trip KRT-DXB-KRT is KRT -> DXB). */
  origin: string;
  destination: string;
  cabin: CabinClassCode;
}

export function tripKeyOf(offer: Pick<SupplierOffer, 'slices'>): TripKey {
  const first = offer.slices[0]!;
  return {
    airline: first.segments[0]?.airline.iataCode ?? null,
    origin: first.origin,
    destination: first.destination,
    cabin: first.cabinClasses[0]?.code ?? 'economy',
  };
}

const matches = (rule: MarkupTerms, trip: TripKey) =>
  (rule.airline === null || rule.airline === trip.airline) &&
  (rule.origin === null || rule.origin === trip.origin) &&
  (rule.destination === null || rule.destination === trip.destination) &&
  (rule.cabin === null || rule.cabin === trip.cabin);

/**
 * How specific a rule is: first the number of things it names, then, between rules naming as many,
 * airline before destination before origin before cabin. Two active rules cannot name the same
 * things with the same values (a unique index), so two rules matching one trip never score the same.
 */
export function specificity(rule: Pick<MarkupTerms, 'airline' | 'origin' | 'destination' | 'cabin'>): number {
  const named = [rule.airline, rule.destination, rule.origin, rule.cabin];
  const count = named.filter((value) => value !== null).length;
  return count * 16 + named.reduce((bits, value, i) => bits + (value !== null ? 8 >> i : 0), 0);
}

/**
 * The one rule that marks up a trip: the most specific active rule that matches it. Rules never add
 * up: a rule for an airline replaces the general rule for that airline's trips, and a rule of 0 % and
 * 0 USD exempts the trips it names.
 */
export function pickMarkup(rules: readonly MarkupTerms[], trip: TripKey): MarkupTerms | null {
  let best: MarkupTerms | null = null;
  for (const rule of rules) {
    if (!matches(rule, trip)) continue;
    if (
      !best ||
      specificity(rule) > specificity(best) ||
      (specificity(rule) === specificity(best) && rule.updatedAt > best.updatedAt)
    )
      best = rule;
  }
  return best;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The markup on one passenger's fare, USD to the cent: the rule's percent of the fare plus its fixed amount. */
export function markupOn(fareUsd: number, terms: Pick<MarkupTerms, 'percent' | 'fixedUsd'> | null): number {
  if (!terms) return 0;
  return round2((fareUsd * terms.percent) / 100 + terms.fixedUsd);
}
