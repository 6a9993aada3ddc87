import { describe, expect, it } from 'vitest';
import {
  emptySearch,
  isSearchReady,
  mergeSearchIntoParams,
  searchFromParams,
  searchToParams,
  toOfferFilters,
  type SearchState,
} from './search-params';

const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };

describe('search state in the address', () => {
  it('writes the spec parameters and leaves defaults out', () => {
    expect(searchToParams(oneWay).toString()).toBe(
      'tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=2026-12-12',
    );
  });

  it('round-trips a full search through the address', () => {
    const search: SearchState = {
      ...oneWay,
      tripType: 'round-trip',
      returnDate: '2026-12-20',
      passengers: { adults: 2, children: 1, infants: 1 },
      baggage: { hold: 2, carryOn: 1 },
      cabinClass: 'business',
      directOnly: true,
      currency: 'USD',
    };
    expect(searchFromParams(searchToParams(search))).toEqual(search);
  });

  it('round-trips multi-city legs (ids are regenerated)', () => {
    const search: SearchState = {
      ...emptySearch(),
      tripType: 'multi-city',
      slices: [
        { id: 'a', departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' },
        { id: 'b', departureStation: 'CAI', destinationStation: 'IST', departureDate: '2026-12-15' },
      ],
    };
    const back = searchFromParams(searchToParams(search));
    expect(back.slices.map(({ id: _id, ...leg }) => leg)).toEqual(search.slices.map(({ id: _id, ...leg }) => leg));
  });

  it('ignores malformed values instead of failing', () => {
    const search = searchFromParams(
      new URLSearchParams('tripType=circle&departureStation=PORT&departureDate=12/12/2026&adults=99&hold=-4&currency=XYZ'),
    );
    expect(search.tripType).toBe('one-way');
    expect(search.departureStation).toBe('');
    expect(search.departureDate).toBe('');
    expect(search.passengers.adults).toBe(9);
    expect(search.baggage.hold).toBe(0);
    expect(search.currency).toBe('SDG');
  });

  it('is ready only with every needed field and someone travelling', () => {
    expect(isSearchReady(oneWay)).toBe(true);
    expect(isSearchReady({ ...oneWay, departureDate: '' })).toBe(false);
    expect(isSearchReady({ ...oneWay, tripType: 'round-trip' })).toBe(false);
    expect(isSearchReady({ ...oneWay, passengers: { adults: 0, children: 0, infants: 0 } })).toBe(false);
    expect(isSearchReady({ ...oneWay, passengers: { adults: 0, children: 1, infants: 0 } })).toBe(true);
  });

  it('maps direct-only to maxConnections 0 on the wire', () => {
    expect(toOfferFilters({ ...oneWay, directOnly: true }).maxConnections).toBe(0);
    expect(toOfferFilters(oneWay).maxConnections).toBeNull();
  });
});

describe('mergeSearchIntoParams', () => {
  it('replaces the search parameters and keeps the others', () => {
    const current = new URLSearchParams('lang=en&departureStation=KRT&adults=3&utm_source=whatsapp');
    expect(mergeSearchIntoParams(current, oneWay).toString()).toBe(
      'tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=2026-12-12&lang=en&utm_source=whatsapp',
    );
  });
});
