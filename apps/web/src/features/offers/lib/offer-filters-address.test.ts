import { describe, expect, it } from 'vitest';
import { emptySearch, type SearchState } from '../../../lib/search-params';
import { activeFilterCount, filtersFromParams, filtersKey, filtersToParams } from './offer-filters-address';
import { paramsForNextSearch } from './offers-address';

const search = (overrides: Partial<SearchState> = {}): SearchState => ({
  ...emptySearch(),
  departureStation: 'PZU',
  destinationStation: 'CAI',
  departureDate: '2026-03-10',
  ...overrides,
});

describe('filters in the address', () => {
  it('round-trip through the address, keeping the search and other parameters', () => {
    const filters = {
      stops: ['direct' as const, 'one' as const],
      airlines: ['MS', 'SD'],
      slices: [{ departure: ['morning' as const] }, { arrival: ['evening' as const, 'early' as const] }],
      minPrice: 100_000,
      maxPrice: 900_000,
      maxDuration: 420,
      bagsIncluded: true,
    };
    const params = filtersToParams(new URLSearchParams('tripType=round-trip&lang=en'), filters);
    expect(params.get('tripType')).toBe('round-trip');
    expect(params.get('lang')).toBe('en');
    expect(params.get('stops')).toBe('direct,one');
    expect(params.get('dep0')).toBe('morning');
    expect(params.get('arr1')).toBe('evening,early');
    expect(filtersFromParams(params, 2)).toEqual({
      ...filters,
      // Windows come back in the day's order.
      slices: [{ departure: ['morning'] }, { arrival: ['early', 'evening'] }],
    });
  });

  it('drops what a hand-edited link gets wrong instead of failing the page', () => {
    const params = new URLSearchParams(
      'stops=direct,nonstop&airlines=sd,,TOOLONG,ms&dep0=noon&arr0=evening&dep4=morning&minPrice=-3&maxPrice=abc&maxDuration=0&bags=yes',
    );
    expect(filtersFromParams(params, 1)).toEqual({
      stops: ['direct'],
      airlines: ['SD', 'MS'],
      slices: [{ arrival: ['evening'] }],
    });
    // A reversed range keeps its upper bound, the traveller's budget.
    expect(filtersFromParams(new URLSearchParams('minPrice=900&maxPrice=100'))).toEqual({ maxPrice: 100 });
  });

  it('clears every filter parameter when the filters are reset', () => {
    const params = filtersToParams(new URLSearchParams('tripType=one-way&stops=direct&dep0=morning&bags=1&order=fastest'), {});
    expect(params.toString()).toBe('tripType=one-way&order=fastest');
  });

  it('counts each criterion once for the "Filters (n)" button', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({
        stops: ['direct', 'one'],
        minPrice: 5,
        maxPrice: 9,
        slices: [{ departure: ['early'], arrival: ['early'] }],
      }),
    ).toBe(4);
  });

  it('gives equal filters one key whatever their order of writing', () => {
    expect(filtersKey({ bagsIncluded: true, stops: ['direct'] })).toBe(filtersKey({ stops: ['direct'], bagsIncluded: true }));
  });

  it('keeps filters for another sort order, drops the price range for another currency and all for another search', () => {
    const current = new URLSearchParams('tripType=one-way&stops=direct&minPrice=5&maxPrice=9&order=fastest');
    expect(paramsForNextSearch(current, search(), search()).toString()).toBe(current.toString());
    expect(paramsForNextSearch(current, search(), search({ currency: 'USD' })).toString()).toBe(
      'tripType=one-way&stops=direct&order=fastest',
    );
    expect(paramsForNextSearch(current, search(), search({ departureDate: '2026-03-11' })).toString()).toBe(
      'tripType=one-way&order=fastest',
    );
  });
});
