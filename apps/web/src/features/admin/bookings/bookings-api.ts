import {
  adminBookingDetailSchema,
  adminBookingListSchema,
  adminDocumentRevealSchema,
  type AdminDocumentReveal,
} from '@kwenda/contracts/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { adminRequest } from '../lib/admin-api';
import { searchFromParams, type BookingListParams } from './booking-list-params';

/** The bookings table's page for these parameters; the previous page stays on screen while the next loads. */
export function useBookingList(params: BookingListParams) {
  const query = searchFromParams(params).toString();
  return useQuery({
    queryKey: ['admin', 'bookings', query],
    queryFn: ({ signal }) => adminRequest(`/admin/bookings${query ? `?${query}` : ''}`, adminBookingListSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** One booking's page. Desk actions invalidate ['admin', 'booking', id] to show their result. */
export function useBookingDetail(id: string) {
  return useQuery({
    queryKey: ['admin', 'booking', id],
    queryFn: ({ signal }) => adminRequest(`/admin/bookings/${encodeURIComponent(id)}`, adminBookingDetailSchema, { signal }),
    staleTime: 5_000,
    // A booking that is not there (404) or may not be read (403) will not be there on a second try.
    retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
  });
}

/** One passenger's document number; the server records the view under the staff member's name. */
export function revealDocument(bookingId: string, passengerId: string): Promise<AdminDocumentReveal> {
  return adminRequest(
    `/admin/bookings/${encodeURIComponent(bookingId)}/passengers/${encodeURIComponent(passengerId)}/document`,
    adminDocumentRevealSchema,
    { method: 'POST' },
  );
}
