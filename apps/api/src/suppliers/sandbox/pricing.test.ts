import { describe, expect, it } from 'vitest';
import type { Itinerary } from './itineraries.js';
import {
  advancePurchaseFactor,
  cabinMultiplier,
  connectionDiscount,
  demandMultiplier,
  distanceFare,
  loadFactor,
  offerBaggage,
  priceOffer,
  sudanSurcharge,
} from './pricing.js';
import type { ScheduledFlight } from './schedules.js';
import { flightOn, scheduledFlight as flight } from './test-support.js';

const itinerary = (...flights: ScheduledFlight[]): Itinerary => {
  const segments = flights.map((f) => flightOn(f, 20_535));
  return { segments, departureUtc: 0, arrivalUtc: 130, durationMinutes: 130 };
};

describe('sandbox pricing', () => {
  it('prices by distance with a Sudan premium', () => {
    expect(distanceFare(500)).toBeLessThan(distanceFare(1500));
    expect(distanceFare(6000)).toBeLessThan(distanceFare(12_000));
    expect(distanceFare(1499.9)).toBeCloseTo(distanceFare(1500), 0);
    expect(distanceFare(5999.9)).toBeCloseTo(distanceFare(6000), 0);
    expect(sudanSurcharge(300, 'SD', 'SA')).toBe(200);
    expect(sudanSurcharge(3000, 'TR', 'SD')).toBe(130);
    expect(sudanSurcharge(655, 'SD', 'SD')).toBe(80);
    expect(sudanSurcharge(1200, 'EG', 'SA')).toBe(0);
  });

  it('is cheaper far ahead and dearer close in', () => {
    const days = [0, 1, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 200];
    const factors = days.map(advancePurchaseFactor);
    expect(factors).toEqual([...factors].sort((a, b) => b - a));
    expect(advancePurchaseFactor(21)).toBe(1);
    expect(advancePurchaseFactor(0)).toBeGreaterThan(1.3);
    expect(advancePurchaseFactor(120)).toBeLessThan(0.9);
  });

  it('derives demand from a stable per-flight, per-date load factor', () => {
    expect(loadFactor('MS856', 20_535)).toBe(loadFactor('MS856', 20_535));
    const loads = Array.from({ length: 500 }, (_, i) => loadFactor('MS856', 20_000 + i));
    expect(Math.min(...loads)).toBeGreaterThanOrEqual(0.55);
    expect(Math.max(...loads)).toBeLessThan(1);
    expect(new Set(loads).size).toBeGreaterThan(400);
    expect(demandMultiplier(0.55)).toBeCloseTo(0.88);
    expect(demandMultiplier(1)).toBeCloseTo(1.22);
  });

  it('puts business at 2.5-3.5 times economy and first above business', () => {
    for (const factor of [2.5, 3.0, 3.5]) {
      expect(cabinMultiplier('business', factor)).toBe(factor);
      expect(cabinMultiplier('first', factor)).toBeGreaterThan(factor);
    }
    expect(cabinMultiplier('premium-economy', 3)).toBeGreaterThan(1);
    expect(cabinMultiplier('premium-economy', 3)).toBeLessThan(2);
  });

  it('sells connections below the sum of their flights, most on one carrier', () => {
    const one = itinerary(flight('MS', 1300)).segments;
    const same = itinerary(flight('MS', 1300), flight('MS', 1200, 'MS102')).segments;
    const mixed = itinerary(flight('SD', 1300), flight('MS', 1200)).segments;
    expect(connectionDiscount(one)).toBe(1);
    expect(connectionDiscount(same)).toBeLessThan(connectionDiscount(mixed));
    expect(connectionDiscount(mixed)).toBeLessThan(1);
  });

  it('charges children 75 % and infants 10 % of the adult fare, rounded to cents', () => {
    const slices = [{ itinerary: itinerary(flight('MS', 1300)), adultFare: 333.33 }];
    const adult = priceOffer(slices, 'economy', { adults: 1, children: 0, infants: 0 }, { hold: 1, carryOn: 0 });
    const family = priceOffer(slices, 'economy', { adults: 2, children: 1, infants: 1 }, { hold: 1, carryOn: 0 });
    expect(adult.total).toBe(333.33);
    expect(family.child).toBe(250);
    expect(family.infant).toBe(33.33);
    expect(family.total).toBe(2 * 333.33 + 250 + 33.33);
  });

  it('buys bags beyond the allowance: low-cost fares include none, Sudanese carriers two', () => {
    const lowCost = [{ itinerary: itinerary(flight('XY', 320)), adultFare: 200 }];
    const party = { adults: 1, children: 1, infants: 1 };
    expect(priceOffer(lowCost, 'economy', party, { hold: 0, carryOn: 0 }).bags).toBe(0);
    expect(priceOffer(lowCost, 'economy', party, { hold: 2, carryOn: 0 }).bags).toBe(2 * 2 * 40);
    expect(offerBaggage([lowCost[0]!.itinerary], 'economy', { hold: 1, carryOn: 0 }).hold).toEqual({ quantity: 1, weight: 23 });
    expect(offerBaggage([lowCost[0]!.itinerary], 'economy', { hold: 0, carryOn: 0 }).hold).toEqual({ quantity: 0, weight: 0 });

    const sudanese = [{ itinerary: itinerary(flight('SD', 1300)), adultFare: 300 }];
    expect(priceOffer(sudanese, 'economy', party, { hold: 2, carryOn: 1 }).bags).toBe(0);
    expect(offerBaggage([sudanese[0]!.itinerary], 'economy', { hold: 1, carryOn: 0 })).toEqual({
      hold: { quantity: 2, weight: 23 },
      carryOn: { quantity: 1, weight: 7 },
    });
    expect(offerBaggage([sudanese[0]!.itinerary], 'business', { hold: 1, carryOn: 0 }).hold).toEqual({ quantity: 2, weight: 32 });
  });

  it('counts the most restrictive flight of a connection', () => {
    const mixed = itinerary(flight('SD', 1300), flight('MS', 1200));
    expect(offerBaggage([mixed], 'economy', { hold: 1, carryOn: 0 }).hold).toEqual({ quantity: 1, weight: 23 });
  });
});
