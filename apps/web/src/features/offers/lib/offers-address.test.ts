import { describe, expect, it } from 'vitest';
import { emptySearch, searchToParams, type SearchState } from '../../../lib/search-params';
import { navigationState, offersParams, orderFromParams, resolveSearch } from './offers-address';

const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };

describe('resolveSearch', () => {
  it('reads the search from the address alone (shared link)', () => {
    expect(resolveSearch(searchToParams(oneWay), null)).toEqual(oneWay);
  });

  it('takes fields the address lacks from the navigation state', () => {
    const fromForm: SearchState = { ...oneWay, passengers: { adults: 2, children: 1, infants: 0 }, cabinClass: 'business' };
    const params = new URLSearchParams('tripType=one-way&departureStation=PZU&destinationStation=CAI&departureDate=2026-12-12');
    const search = resolveSearch(params, { search: fromForm, currency: 'USD' });
    expect(search.passengers).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(search.cabinClass).toBe('business');
    expect(search.currency).toBe('USD');
  });

  it('lets the address win for fields it has', () => {
    const params = new URLSearchParams(
      'tripType=one-way&departureStation=PZU&destinationStation=JED&departureDate=2026-12-14&currency=SAR',
    );
    const search = resolveSearch(params, { search: oneWay, currency: 'USD' });
    expect(search.destinationStation).toBe('JED');
    expect(search.departureDate).toBe('2026-12-14');
    expect(search.currency).toBe('SAR');
  });

  it('ignores malformed history state', () => {
    const params = searchToParams(oneWay);
    expect(resolveSearch(params, { search: { tripType: 'teleport' } })).toEqual(oneWay);
    expect(resolveSearch(params, 'junk')).toEqual(oneWay);
    expect(navigationState({ search: oneWay, currency: 'XYZ' })?.currency).toBe('SDG');
  });
});

describe('offers address', () => {
  it('writes the search and order, leaves the default order out, keeps other parameters', () => {
    const current = new URLSearchParams('lang=en&order=fastest&departureStation=KRT');
    expect(offersParams(current, oneWay, 'lowest').has('order')).toBe(false);
    const params = offersParams(current, { ...oneWay, currency: 'USD' }, 'fastest');
    expect(params.get('order')).toBe('fastest');
    expect(params.get('currency')).toBe('USD');
    expect(params.get('departureStation')).toBe('PZU');
    expect(params.get('lang')).toBe('en');
    expect(orderFromParams(params)).toBe('fastest');
    expect(orderFromParams(new URLSearchParams('order=cheapest'))).toBe('lowest');
  });
});
