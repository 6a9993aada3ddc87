import { describe, expect, it } from 'vitest';
import { nearestDateOffer } from './nearest-date';

describe('the nearest date with seats', () => {
  it('is the single suggestion when the asked date has no flight', () => {
    expect(nearestDateOffer(false, ['thursday'])).toBe('thursday');
  });

  it('is not singled out beside flights on the asked date, nor among several dates', () => {
    expect(nearestDateOffer(true, ['thursday'])).toBeNull();
    expect(nearestDateOffer(false, ['monday', 'thursday'])).toBeNull();
    expect(nearestDateOffer(false, [])).toBeNull();
  });
});
