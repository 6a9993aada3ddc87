import type { CreateBookingRequestInput } from '@kwenda/contracts';
import { apiRequest } from './api-client';

/** POST /bookings (the server re-prices the offer); answers the new booking's id. */
export async function createBooking(request: CreateBookingRequestInput): Promise<string> {
  const { booking } = await apiRequest(
    '/bookings',
    () => import('@kwenda/contracts').then((m) => m.createBookingResponseSchema),
    { method: 'POST', body: request },
  );
  return booking.id;
}
