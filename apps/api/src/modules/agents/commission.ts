import { AGENCY_TIME_ZONE, todayIn, type Currency } from '@kwenda/contracts';
import type { CommissionBasis, StatementLine } from '@kwenda/contracts/admin';

/**
 * An agent's commission, computed from the bookings made through the agent's link
 * (docs/decisions/0020-agent-commission.md):
 * - a booking earns when it is ticketed (paid first: a ticket is only issued on a paid booking), at
 *   the terms in force at that moment, in the month (Khartoum's calendar) it was ticketed;
 * - a refund reverses exactly what the booking earned, as a negative line in the month of the refund;
 * - a booking paid but not (yet) ticketed, or refunded without ever being ticketed, earns nothing.
 * Nothing here reads the database: the repository hands in the facts.
 */

export interface CommissionTerms {
  basis: CommissionBasis;
  percent: number;
  active: boolean;
  effectiveAt: Date;
}

/** The facts of one booking made through an agent's link. */
export interface CommissionBooking {
  bookingId: string;
  bookingReference: string;
  travellerName: string | null;
  route: string[];
  departureDate: string;
  currency: Currency;
  /** Units of the booking's currency per USD, as the booking was priced. */
  exchangeRate: number;
  fareUsd: number;
  /** The agency's markup on the booking; 0 for bookings priced before markups existed. */
  markupUsd: number;
  /** When the booking was first ticketed; null while not. */
  ticketedAt: Date | null;
  /** When the booking was refunded; null while not. */
  refundedAt: Date | null;
}

export interface CommissionLine extends Omit<StatementLine, 'at'> {
  at: Date;
  month: string;
  bookingId: string;
  bookingReference: string;
}

/** The statement month (yyyy-MM) of an instant, on the agency's calendar in Khartoum. */
export const monthOf = (at: Date) => todayIn(AGENCY_TIME_ZONE, at).slice(0, 7);

const cents = (value: number) => Math.round(value * 100);

/**
 * The terms in force at `at`: the last change made at or before it. `history` oldest first; null
 * before the agent existed.
 */
export function termsAt(history: readonly CommissionTerms[], at: Date): CommissionTerms | null {
  let found: CommissionTerms | null = null;
  for (const terms of history) {
    if (terms.effectiveAt.getTime() > at.getTime()) break;
    found = terms;
  }
  return found;
}

/** The statement lines one booking gives: none, earned, or earned then reversed. */
export function commissionLines(booking: CommissionBooking, history: readonly CommissionTerms[]): CommissionLine[] {
  if (!booking.ticketedAt) return [];
  const terms = termsAt(history, booking.ticketedAt);
  if (!terms?.active) return [];
  const base = terms.basis === 'markup' ? booking.markupUsd : booking.fareUsd;
  const commissionCents = Math.round((cents(base) * terms.percent) / 100);
  const amountCents = Math.round(commissionCents * booking.exchangeRate);
  const line = (kind: 'earned' | 'reversed', at: Date, sign: 1 | -1): CommissionLine => ({
    kind,
    at,
    month: monthOf(at),
    bookingId: booking.bookingId,
    bookingReference: booking.bookingReference,
    travellerName: booking.travellerName,
    route: booking.route,
    departureDate: booking.departureDate,
    commissionBasis: terms.basis,
    commissionPercent: terms.percent,
    baseUsd: base,
    // 0 * -1 is -0, which JSON shows as 0 but tests see as different: add 0 to drop the sign.
    commissionUsd: (sign * commissionCents) / 100 + 0,
    currency: booking.currency,
    commissionAmount: (sign * amountCents) / 100 + 0,
  });
  const earned = line('earned', booking.ticketedAt, 1);
  return booking.refundedAt ? [earned, line('reversed', booking.refundedAt, -1)] : [earned];
}

export interface MonthTotals {
  commissionUsd: number;
  byCurrency: { currency: Currency; amount: number }[];
  earned: number;
  reversed: number;
}

/** Net totals of lines (already of one month), summed in cents. */
export function totalsOf(lines: readonly CommissionLine[]): MonthTotals {
  let usd = 0;
  const byCurrency = new Map<Currency, number>();
  for (const line of lines) {
    usd += cents(line.commissionUsd);
    byCurrency.set(line.currency, (byCurrency.get(line.currency) ?? 0) + cents(line.commissionAmount));
  }
  return {
    commissionUsd: usd / 100 + 0,
    byCurrency: [...byCurrency].map(([currency, amount]) => ({ currency, amount: amount / 100 + 0 })),
    earned: lines.filter((line) => line.kind === 'earned').length,
    reversed: lines.filter((line) => line.kind === 'reversed').length,
  };
}

/** Every booking's lines, oldest first. */
export function statementLines(bookings: readonly CommissionBooking[], history: readonly CommissionTerms[]): CommissionLine[] {
  return bookings
    .flatMap((booking) => commissionLines(booking, history))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.bookingReference.localeCompare(b.bookingReference));
}

// Sudan has kept UTC+2 without daylight saving since November 2017 (contracts' calendar.ts).
const KHARTOUM_OFFSET_MS = 2 * 3_600_000;

/** The instants a statement month starts and ends at: midnight on the 1st in Khartoum. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, monthNumber - 1, 1) - KHARTOUM_OFFSET_MS),
    to: new Date(Date.UTC(year, monthNumber, 1) - KHARTOUM_OFFSET_MS),
  };
}
