import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, paramsFromSearch } from '../../bookings/booking-list-params';
import { todayBookingLinks } from './bookings-links';

/** What the bookings page reads from a link: its path must be the list's, its query the filters. */
function opened(link: string) {
  const url = new URL(link, 'https://kwenda.example');
  expect(url.pathname).toBe('/admin/bookings');
  return paramsFromSearch(url.searchParams);
}

describe("the Today screen's links to the bookings list", () => {
  it('open the bookings each figure counts', () => {
    expect(opened(todayBookingLinks.holdsExpiring)).toEqual({
      ...DEFAULT_PARAMS,
      status: ['pending-payment'],
      sort: 'created',
      order: 'asc',
    });
    expect(opened(todayBookingLinks.supplierChanges)).toEqual({ ...DEFAULT_PARAMS, supplierChange: 'any' });
    expect(opened(todayBookingLinks.offerUnavailable)).toEqual({ ...DEFAULT_PARAMS, supplierChange: 'offer-unavailable' });
    expect(opened(todayBookingLinks.priceChanged)).toEqual({ ...DEFAULT_PARAMS, supplierChange: 'price-changed' });
    expect(opened(todayBookingLinks.rescheduled)).toEqual({ ...DEFAULT_PARAMS, supplierChange: 'rescheduled' });
  });

  it("open the day's bookings, and a route's bookings over the period", () => {
    expect(opened(todayBookingLinks.madeBetween('2026-03-14', '2026-03-14'))).toEqual({
      ...DEFAULT_PARAMS,
      from: '2026-03-14',
      to: '2026-03-14',
    });
    expect(todayBookingLinks.route('PZU', 'CAI', '2026-02-13', '2026-03-14')).toBe(
      '/admin/bookings?from=2026-02-13&to=2026-03-14&origin=PZU&destination=CAI',
    );
    expect(opened(todayBookingLinks.route('PZU', 'CAI', '2026-02-13', '2026-03-14'))).toEqual({
      ...DEFAULT_PARAMS,
      from: '2026-02-13',
      to: '2026-03-14',
      origin: 'PZU',
      destination: 'CAI',
    });
  });

  it('are read back by the page as the same filters the older hand-written links named', () => {
    // Links already shared (WhatsApp, bookmarks) keep opening the same list.
    expect(opened('/admin/bookings?status=pending-payment&sort=created&order=asc')).toEqual(
      opened(todayBookingLinks.holdsExpiring),
    );
    expect(opened('/admin/bookings?supplierChange=price-changed')).toEqual(opened(todayBookingLinks.priceChanged));
    expect(opened('/admin/bookings?supplierChange=bogus')).toEqual(DEFAULT_PARAMS);
    expect(opened('/admin/bookings?origin=PZU&destination=CAI&from=2026-02-13&to=2026-03-14')).toEqual(
      opened(todayBookingLinks.route('PZU', 'CAI', '2026-02-13', '2026-03-14')),
    );
  });
});
