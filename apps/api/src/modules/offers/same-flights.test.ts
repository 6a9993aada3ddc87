import type { Offer } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import { keepCheapestOfSameFlights, sameFlightsKey } from './same-flights.js';

type Priced = Pick<Offer, 'slices' | 'price'> & { supplier: string };

const airline = { iataCode: '3T', name: 'Tarco Aviation', nameAr: 'تاركو للطيران', logoUrl: null } as never;
const cabin = (code: 'economy' | 'business') => ({ code, labelAr: code, labelEn: code });
function offer(
  supplier: string,
  price: number,
  flights: [string, string][],
  cabinCode: 'economy' | 'business' = 'economy',
): Priced {
  const segments = flights.map(([flightNumber, departureDate]) => ({
    flightNumber,
    airline,
    origin: 'PZU',
    destination: 'CAI',
    departureDate,
    arrivalDate: departureDate,
    durationInMinutes: 130,
    stops: 0,
  }));
  return {
    supplier,
    price,
    slices: [
      {
        origin: 'PZU',
        destination: 'CAI',
        departureDate: segments[0]!.departureDate,
        arrivalDate: segments.at(-1)!.arrivalDate,
        durationInMinutes: 130,
        cabinClasses: [cabin(cabinCode)],
        airlines: [airline],
        segments,
      },
    ],
  };
}

describe('offers for the same flights from several suppliers', () => {
  it('are one offer, at the lower price, in the place the first of them had', () => {
    const duffel = offer('duffel', 900, [['3T 212', '2026-12-18T13:30:00']]);
    const other = offer('duffel', 700, [['MS856', '2026-12-18T13:05:00']]);
    const agency = offer('agency-seats', 850, [['3T212', '2026-12-18T13:30']]);
    expect(sameFlightsKey(duffel)).toBe(sameFlightsKey(agency));
    expect(keepCheapestOfSameFlights([duffel, other, agency]).map((o) => [o.supplier, o.price])).toEqual([
      ['agency-seats', 850],
      ['duffel', 700],
    ]);
    // On a tie the first listed stays.
    expect(keepCheapestOfSameFlights([duffel, { ...agency, price: 900 }])).toEqual([duffel]);
  });

  it("keeps every fare of the cheaper supplier for the same flights, and none of the other's", () => {
    const basic = offer('duffel', 800, [['3T212', '2026-12-18T13:30:00']]);
    const flexible = offer('duffel', 1000, [['3T212', '2026-12-18T13:30:00']]);
    const agency = offer('agency-seats', 850, [['3T212', '2026-12-18T13:30:00']]);
    const other = offer('duffel', 700, [['MS856', '2026-12-18T13:05:00']]);
    expect(keepCheapestOfSameFlights([agency, other, flexible, basic]).map((o) => [o.supplier, o.price])).toEqual([
      ['duffel', 1000],
      ['duffel', 800],
      ['duffel', 700],
    ]);
    expect(keepCheapestOfSameFlights([flexible, agency]).map((o) => o.supplier)).toEqual(['agency-seats']);
  });

  it('keeps offers apart when a flight, its date or the cabin differs', () => {
    const base = offer('duffel', 900, [['3T212', '2026-12-18T13:30:00']]);
    const variants = [
      offer('agency-seats', 500, [['3T212', '2026-12-19T13:30:00']]),
      offer('agency-seats', 500, [['3T214', '2026-12-18T13:30:00']]),
      offer('agency-seats', 500, [['3T212', '2026-12-18T13:30:00']], 'business'),
      offer('agency-seats', 500, [
        ['3T212', '2026-12-18T13:30:00'],
        ['MS856', '2026-12-18T18:00:00'],
      ]),
    ];
    for (const variant of variants) expect(keepCheapestOfSameFlights([base, variant])).toHaveLength(2);
  });
});
