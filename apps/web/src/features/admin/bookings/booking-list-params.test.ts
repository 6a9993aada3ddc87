import { describe, expect, it } from 'vitest';
import { activeFilterCount, DEFAULT_PARAMS, paramsFromSearch, searchFromParams, withFilters } from './booking-list-params';

describe('the bookings list in the address', () => {
  it('writes only what differs from the defaults, and reads it back the same', () => {
    const params = {
      ...DEFAULT_PARAMS,
      q: 'osman',
      status: ['pending-payment', 'confirmed'] as const,
      paymentMethod: 'bank-transfer' as const,
      from: '2026-03-01',
      origin: 'PZU',
      sort: 'amount' as const,
      page: 3,
    };
    const search = searchFromParams({ ...params, status: [...params.status] });
    expect(search.toString()).toBe(
      'q=osman&status=pending-payment%2Cconfirmed&paymentMethod=bank-transfer&from=2026-03-01&origin=PZU&sort=amount&page=3',
    );
    expect(paramsFromSearch(search)).toEqual({ ...params, status: [...params.status] });
    expect(searchFromParams(DEFAULT_PARAMS).toString()).toBe('');
  });

  it('drops what it cannot read from an old or edited link instead of failing', () => {
    const params = paramsFromSearch(
      new URLSearchParams(
        'status=lost,confirmed&status=confirmed&page=-2&pageSize=5000&sort=price&from=yesterday&origin=pz&customer=vip',
      ),
    );
    expect(params).toEqual({ ...DEFAULT_PARAMS, status: ['confirmed'] });
  });

  it('starts again at page 1 when the search or a filter changes, and counts the filters', () => {
    const onPage4 = { ...DEFAULT_PARAMS, page: 4 };
    expect(withFilters(onPage4, { customer: 'guest' }).page).toBe(1);
    expect(activeFilterCount(withFilters(onPage4, { customer: 'guest', status: ['canceled'], q: 'x' }))).toBe(2);
  });
});
