import { describe, expect, it } from 'vitest';
import { convertUsd } from '../rates/convert-usd.js';
import { priceForTravellers } from './offer-fares.js';

describe('the price a traveller sees', () => {
  const egp = (usd: number) => convertUsd(usd, 47.5, 'EGP');
  const party = [
    { passengerType: 'adult' as const, fareUsd: 123.45 },
    { passengerType: 'adult' as const, fareUsd: 123.45 },
    { passengerType: 'child' as const, fareUsd: 92.59 },
    { passengerType: 'infant' as const, fareUsd: 12.35 },
  ];

  it('adds up each traveller converted on their own, as the booking page does', () => {
    const { price, fares } = priceForTravellers(party, egp);
    expect(fares).toEqual([
      { passengerType: 'adult', count: 2, amount: 2 * egp(123.45) },
      { passengerType: 'child', count: 1, amount: egp(92.59) },
      { passengerType: 'infant', count: 1, amount: egp(12.35) },
    ]);
    expect(price).toBe(2 * 5864 + 4398 + 587);
    // Converting the USD total in one go would say a pound less than the booking.
    expect(egp(123.45 * 2 + 92.59 + 12.35)).toBe(price - 1);
  });

  it('leaves out traveller types nobody is', () => {
    expect(priceForTravellers([{ passengerType: 'adult', fareUsd: 100 }], (usd) => usd).fares).toEqual([
      { passengerType: 'adult', count: 1, amount: 100 },
    ]);
  });
});
