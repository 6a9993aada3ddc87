import { DEFAULT_PARAMS, searchFromParams, type BookingListParams } from '../../bookings/booking-list-params';

/**
 * An address of the bookings list with these filters, written by the list's own address writer, so
 * the list opened from a figure of the Today screen reads back exactly the filters the link names.
 */
export function bookingsLink(filters: Partial<BookingListParams>): string {
  const search = searchFromParams({ ...DEFAULT_PARAMS, ...filters }).toString();
  return search ? `/admin/bookings?${search}` : '/admin/bookings';
}

/**
 * The lists behind the Today screen's figures: each opens exactly the bookings its figure counts
 * (the airline changes through the list's own supplier-change filter, counted by the same SQL).
 */
export const todayBookingLinks = {
  holdsExpiring: bookingsLink({ status: ['pending-payment'], sort: 'created', order: 'asc' }),
  supplierChanges: bookingsLink({ supplierChange: 'any' }),
  offerUnavailable: bookingsLink({ supplierChange: 'offer-unavailable' }),
  priceChanged: bookingsLink({ supplierChange: 'price-changed' }),
  rescheduled: bookingsLink({ supplierChange: 'rescheduled' }),
  /** Bookings made on these days (Khartoum), from and to included. */
  madeBetween: (from: string, to: string) => bookingsLink({ from, to }),
  /** Bookings made on a route (its first flight's origin and destination) between these days. */
  route: (origin: string, destination: string, from: string, to: string) => bookingsLink({ origin, destination, from, to }),
};
