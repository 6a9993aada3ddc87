import { addDays } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import type { SupplierOffer } from '../supplier.js';
import {
  FAMILY_LOAD_THRESHOLDS,
  fareConditionsFor,
  flightFareFamily,
  offerFareFamily,
  type FareFamily,
} from './fare-families.js';
import type { FlightInstance } from './itineraries.js';
import { loadFactor } from './pricing.js';
import { createSandboxSupplier } from './sandbox-supplier.js';
import { flightOn as on, NOW, scheduledFlight as flight, searchFor } from './test-support.js';

/** A dated flight of a full-service carrier whose load puts its economy fare in `family`. */
function flightSelling(family: FareFamily, distanceKm = 1200): FlightInstance {
  for (let day = 20_500; day < 21_500; day++) {
    const load = loadFactor('MS856', day);
    const wanted =
      family === 'flex'
        ? load >= FAMILY_LOAD_THRESHOLDS.flex
        : family === 'standard'
          ? load >= FAMILY_LOAD_THRESHOLDS.standard && load < FAMILY_LOAD_THRESHOLDS.flex
          : load < FAMILY_LOAD_THRESHOLDS.standard;
    if (wanted) return on(flight('MS', distanceKm, 'MS856'), day);
  }
  throw new Error(`no day sells ${family}`);
}
const one = { adults: 1, children: 0, infants: 0 };

describe('sandbox fare families', () => {
  it('gives each family its conditions: basic no refund and a paid change, standard both paid, flex both free', () => {
    const short = [flightSelling('basic')];
    expect(fareConditionsFor('basic', short, one, 300)).toEqual({
      refundBeforeDeparture: { allowed: false, penaltyAmount: null, penaltyCurrency: null },
      changeBeforeDeparture: { allowed: true, penaltyAmount: 50, penaltyCurrency: 'USD' },
    });
    expect(fareConditionsFor('standard', short, one, 300)).toEqual({
      refundBeforeDeparture: { allowed: true, penaltyAmount: 75, penaltyCurrency: 'USD' },
      changeBeforeDeparture: { allowed: true, penaltyAmount: 25, penaltyCurrency: 'USD' },
    });
    expect(fareConditionsFor('flex', short, one, 300)).toEqual({
      refundBeforeDeparture: { allowed: true, penaltyAmount: 0, penaltyCurrency: 'USD' },
      changeBeforeDeparture: { allowed: true, penaltyAmount: 0, penaltyCurrency: 'USD' },
    });
  });

  it('charges per seat, more on long haul, never more than the offer cost', () => {
    const long = [on(flight('MS', 2400), 20_600)];
    const party = { adults: 2, children: 1, infants: 1 };
    // Three seats (the infant rides on a lap), long-haul fees.
    expect(fareConditionsFor('standard', long, party, 2000)).toMatchObject({
      refundBeforeDeparture: { penaltyAmount: 450 },
      changeBeforeDeparture: { penaltyAmount: 150 },
    });
    expect(fareConditionsFor('standard', long, party, 400).refundBeforeDeparture!.penaltyAmount).toBe(400);
  });

  it('picks the family from the cabin, the carrier and how full the flight is', () => {
    expect(flightFareFamily(flightSelling('basic'), 'business')).toBe('flex');
    expect(flightFareFamily(flightSelling('basic'), 'first')).toBe('flex');
    expect(flightFareFamily(flightSelling('basic'), 'premium-economy')).toBe('standard');
    expect(flightFareFamily(flightSelling('flex'), 'premium-economy')).toBe('flex');
    for (const family of ['basic', 'standard', 'flex'] as const)
      expect(flightFareFamily(flightSelling(family), 'economy')).toBe(family);
    // Low-cost carriers sell economy as basic however full the flight.
    const flynas = on(flight('XY', 900, 'XY262'), flightSelling('flex').day);
    expect(flightFareFamily(flynas, 'economy')).toBe('basic');
    // A ticket follows its strictest flight.
    expect(offerFareFamily([flightSelling('flex'), flightSelling('standard')], 'economy')).toBe('standard');
    expect(offerFareFamily([flightSelling('flex'), flightSelling('basic')], 'economy')).toBe('basic');
    expect(offerFareFamily([flightSelling('flex')], 'economy')).toBe('flex');
  });

  describe('on the sandbox offers', () => {
    const supplier = createSandboxSupplier({ clock: () => NOW });
    const search = async (days: number, overrides = {}) => {
      const offers: SupplierOffer[] = [];
      for (let d = 0; d < days; d++)
        offers.push(...(await supplier.searchOffers(searchFor([['PZU', 'CAI', addDays('2026-03-23', d)]], overrides))));
      return offers;
    };
    const kindOf = ({ conditions }: SupplierOffer) =>
      !conditions.refundBeforeDeparture!.allowed
        ? 'basic'
        : conditions.refundBeforeDeparture!.penaltyAmount! > 0
          ? 'standard'
          : 'flex';

    it('states every offer conditions, all three families among them, the same on every search and when re-priced', async () => {
      const offers = await search(7);
      expect(new Set(offers.map(kindOf))).toEqual(new Set(['basic', 'standard', 'flex']));
      for (const offer of offers) {
        expect(offer.conditions.changeBeforeDeparture!.allowed).toBe(true);
        expect(offer.conditions.changeBeforeDeparture!.penaltyCurrency).toBe('USD');
      }
      const again = createSandboxSupplier({ clock: () => NOW });
      const repeated = await again.searchOffers(searchFor([['PZU', 'CAI', '2026-03-23']]));
      expect(repeated.map((o) => o.conditions)).toEqual(offers.slice(0, repeated.length).map((o) => o.conditions));
      for (const offer of offers.slice(0, 20)) {
        const priced = await supplier.getOffer(offer.reference, NOW);
        if (priced.status === 'available') expect(priced.offer.conditions).toEqual(offer.conditions);
      }
    });

    it('sells business fares as flexible', async () => {
      const offers = await search(2, { cabinClass: 'business' });
      expect(offers.length).toBeGreaterThan(0);
      expect(new Set(offers.map(kindOf))).toEqual(new Set(['flex']));
    });
  });
});
