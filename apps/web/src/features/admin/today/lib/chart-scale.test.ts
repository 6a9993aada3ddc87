import { describe, expect, it } from 'vitest';
import { countTicks, labelledDays, shareOf, slotStart } from './chart-scale';

describe('count chart scales', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [4, [0, 1, 2, 3, 4]],
    [5, [0, 2, 4, 6]],
    [7, [0, 2, 4, 6, 8]],
    [9, [0, 5, 10]],
    [23, [0, 10, 20, 30]],
    [180, [0, 50, 100, 150, 200]],
    [1234, [0, 500, 1000, 1500]],
  ])('a largest value of %i gets the ticks %j', (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });

  it('labels today and every k-th day back from it', () => {
    expect([...labelledDays(7, 10)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...labelledDays(30, 6)].sort((a, b) => a - b)).toEqual([4, 9, 14, 19, 24, 29]);
    expect([...labelledDays(30, 0)]).toEqual([29]);
  });

  it('puts the oldest day first in reading order: on the left in English, on the right in Arabic', () => {
    expect(slotStart(0, 7, 0, 70, false)).toBe(0);
    expect(slotStart(6, 7, 0, 70, false)).toBe(60);
    expect(slotStart(0, 7, 0, 70, true)).toBe(60);
    expect(slotStart(6, 7, 0, 70, true)).toBe(0);
  });

  it('gives no share of nothing', () => {
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(3, 0)).toBeNull();
  });
});
