import { describe, expect, it } from 'vitest';
import { clamp, niceStep, sliderRange } from './slider-scale';

describe('slider scale', () => {
  it('steps in round amounts whatever the currency', () => {
    expect(niceStep(90_000)).toBe(2_000);
    expect(niceStep(3_000_000)).toBe(50_000);
    expect(niceStep(450)).toBe(10);
    expect(niceStep(30)).toBe(1);
    expect(niceStep(0)).toBe(1);
  });

  it('widens the bounds to whole steps so the cheapest and dearest offers are inside', () => {
    expect(sliderRange({ min: 1_234_567, max: 2_345_678 }, 50_000)).toEqual({ min: 1_200_000, max: 2_350_000 });
    // A single price still gives a slider that moves.
    expect(sliderRange({ min: 500, max: 500 }, 10)).toEqual({ min: 500, max: 510 });
  });

  it('clamps', () => {
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-1, 0, 3)).toBe(0);
  });
});
