import { describe, expect, it } from 'vitest';
import {
  commissionLines,
  monthBounds,
  monthOf,
  statementLines,
  termsAt,
  totalsOf,
  type CommissionBooking,
  type CommissionTerms,
} from './commission.js';

const at = (iso: string) => new Date(iso);
const terms = (overrides: Partial<CommissionTerms> = {}): CommissionTerms => ({
  basis: 'markup',
  percent: 10,
  active: true,
  effectiveAt: at('2026-01-01T00:00:00Z'),
  ...overrides,
});
const booking = (overrides: Partial<CommissionBooking> = {}): CommissionBooking => ({
  bookingId: 'bk_1',
  bookingReference: 'KW1',
  travellerName: 'AMNA OSMAN',
  route: ['KRT', 'CAI'],
  departureDate: '2026-04-01',
  currency: 'SDG',
  exchangeRate: 600,
  fareUsd: 400,
  markupUsd: 25,
  ticketedAt: at('2026-03-10T09:00:00Z'),
  refundedAt: null,
  ...overrides,
});

describe('agent commission', () => {
  it('earns nothing on a booking paid but not ticketed', () => {
    expect(commissionLines(booking({ ticketedAt: null }), [terms()])).toEqual([]);
    // Refunded without ever being ticketed: nothing earned, nothing to reverse.
    expect(commissionLines(booking({ ticketedAt: null, refundedAt: at('2026-03-12T00:00:00Z') }), [terms()])).toEqual([]);
  });

  it('earns on a ticketed booking, in the month it was ticketed, in USD and the booking currency', () => {
    const [line, ...rest] = commissionLines(booking(), [terms()]);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      kind: 'earned',
      month: '2026-03',
      commissionBasis: 'markup',
      commissionPercent: 10,
      baseUsd: 25,
      commissionUsd: 2.5,
      currency: 'SDG',
      commissionAmount: 1500,
    });
  });

  it('takes the percent of the markup or of the fare, as the terms say', () => {
    expect(commissionLines(booking(), [terms({ basis: 'markup', percent: 12.5 })])[0]!.commissionUsd).toBe(3.13);
    expect(commissionLines(booking(), [terms({ basis: 'fare', percent: 2 })])[0]).toMatchObject({
      baseUsd: 400,
      commissionUsd: 8,
    });
    // A booking priced before markups existed has none: 0 on the markup basis.
    expect(commissionLines(booking({ markupUsd: 0 }), [terms()])[0]!.commissionUsd).toBe(0);
  });

  it('reverses what was earned, as a negative line in the month of the refund', () => {
    const lines = commissionLines(booking({ refundedAt: at('2026-04-02T10:00:00Z') }), [terms()]);
    expect(lines.map((line) => [line.kind, line.month, line.commissionUsd, line.commissionAmount])).toEqual([
      ['earned', '2026-03', 2.5, 1500],
      ['reversed', '2026-04', -2.5, -1500],
    ]);
    const march = totalsOf(lines.filter((line) => line.month === '2026-03'));
    const april = totalsOf(lines.filter((line) => line.month === '2026-04'));
    expect(march).toMatchObject({ commissionUsd: 2.5, earned: 1, reversed: 0 });
    expect(april).toEqual({ commissionUsd: -2.5, byCurrency: [{ currency: 'SDG', amount: -1500 }], earned: 0, reversed: 1 });
    expect(totalsOf(lines).commissionUsd).toBe(0);
  });

  it('keeps the terms a booking was ticketed under when the owner changes them later', () => {
    const history = [terms({ percent: 10 }), terms({ percent: 20, basis: 'fare', effectiveAt: at('2026-03-15T00:00:00Z') })];
    const before = booking({ bookingId: 'bk_a', bookingReference: 'KWA', refundedAt: at('2026-03-20T00:00:00Z') });
    const after = booking({ bookingId: 'bk_b', bookingReference: 'KWB', ticketedAt: at('2026-03-16T00:00:00Z') });
    const lines = statementLines([after, before], history);
    expect(lines.map((line) => [line.bookingReference, line.kind, line.commissionPercent, line.commissionUsd])).toEqual([
      ['KWA', 'earned', 10, 2.5],
      ['KWB', 'earned', 20, 80],
      // The reversal gives back what was earned, not what today's terms would give.
      ['KWA', 'reversed', 10, -2.5],
    ]);
  });

  it('earns nothing while the agent is deactivated, or before the agent existed', () => {
    const history = [
      terms(),
      terms({ active: false, effectiveAt: at('2026-03-05T00:00:00Z') }),
      terms({ active: true, effectiveAt: at('2026-03-20T00:00:00Z') }),
    ];
    expect(commissionLines(booking({ ticketedAt: at('2025-12-31T00:00:00Z') }), history)).toEqual([]);
    expect(commissionLines(booking({ ticketedAt: at('2026-03-10T00:00:00Z') }), history)).toEqual([]);
    expect(commissionLines(booking({ ticketedAt: at('2026-03-21T00:00:00Z') }), history)).toHaveLength(1);
    expect(termsAt(history, at('2026-03-05T00:00:00Z'))?.active).toBe(false);
  });

  it('counts months on the Khartoum calendar (UTC+2)', () => {
    expect(monthOf(at('2026-03-31T21:59:00Z'))).toBe('2026-03');
    expect(monthOf(at('2026-03-31T22:00:00Z'))).toBe('2026-04');
  });

  it('sums totals per currency in cents', () => {
    const lines = statementLines(
      [
        booking({ bookingId: 'a', bookingReference: 'A', markupUsd: 0.1 }),
        booking({ bookingId: 'b', bookingReference: 'B', markupUsd: 0.2, currency: 'USD', exchangeRate: 1 }),
      ],
      [terms({ percent: 100 })],
    );
    expect(totalsOf(lines)).toEqual({
      commissionUsd: 0.3,
      byCurrency: [
        { currency: 'SDG', amount: 60 },
        { currency: 'USD', amount: 0.2 },
      ],
      earned: 2,
      reversed: 0,
    });
  });
});

describe('statement months', () => {
  it('start and end at midnight in Khartoum, and agree with monthOf', () => {
    const { from, to } = monthBounds('2026-12');
    expect(from.toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(to.toISOString()).toBe('2026-12-31T22:00:00.000Z');
    expect(monthOf(from)).toBe('2026-12');
    expect(monthOf(new Date(to.getTime() - 1))).toBe('2026-12');
    expect(monthOf(to)).toBe('2027-01');
  });
});
