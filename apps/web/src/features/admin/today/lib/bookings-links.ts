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
 * The lists behind the Today screen's figures. A booking the supplier re-priced keeps its status
 * (created: only its last event says price-changed), so its link opens the unfinished bookings,
 * where it is among them; the card of supplier changes opens the withdrawn and rescheduled ones.
 */
export const todayBookingLinks = {
  holdsExpiring: bookingsLink({ status: ['pending-payment'], sort: 'created', order: 'asc' }),
  supplierChanges: bookingsLink({ status: ['offer-unavailable', 'rescheduled'] }),
  offerUnavailable: bookingsLink({ status: ['offer-unavailable'] }),
  priceChanged: bookingsLink({ status: ['created', 'price-changed'] }),
  rescheduled: bookingsLink({ status: ['rescheduled'] }),
  /** Bookings made on these days (Khartoum), from and to included. */
  madeBetween: (from: string, to: string) => bookingsLink({ from, to }),
  /** Bookings made on a route (its first flight's origin and destination) between these days. */
  route: (origin: string, destination: string, from: string, to: string) => bookingsLink({ origin, destination, from, to }),
};
