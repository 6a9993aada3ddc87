import type { BaggageOption } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { extrasOf, togglePiece } from './baggage-selection';

const option = (o: Partial<BaggageOption>): BaggageOption => ({
  reference: 'hold-extra',
  category: 'hold',
  baggageType: 'hold_bag',
  price: 104000,
  weight: 23,
  count: 0,
  limit: 2,
  ...o,
});

describe('togglePiece', () => {
  it('picks earlier pieces with a later one and unpicks later ones with an earlier one', () => {
    expect(togglePiece(0, 1, 2)).toBe(1);
    expect(togglePiece(0, 2, 2)).toBe(2);
    expect(togglePiece(2, 1, 2)).toBe(0);
    expect(togglePiece(2, 2, 2)).toBe(1);
    expect(togglePiece(1, 1, 2)).toBe(0);
  });
  it('never passes the limit', () => {
    expect(togglePiece(1, 5, 2)).toBe(2);
  });
});

describe('extrasOf', () => {
  it('adds paid pieces per category and ignores included bags', () => {
    const passengers = [
      {
        baggage: [
          option({ reference: 'hold-included', price: 0, count: 1, limit: 1 }),
          option({}),
          option({ reference: 'cabin-extra', category: 'carryOn', baggageType: 'cabin_bag', price: 52000, limit: 1 }),
        ],
      },
      { baggage: [option({})] },
    ];
    expect(extrasOf(passengers, [{ 'hold-extra': 2, 'cabin-extra': 1, 'hold-included': 1 }, { 'hold-extra': 1 }])).toEqual({
      hold: { count: 3, amount: 312000 },
      carryOn: { count: 1, amount: 52000 },
    });
  });
});
