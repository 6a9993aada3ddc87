import type { CreateBookingRequestInput } from '@kwenda/contracts';
import { apiRequest } from './api-client';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';
import { retryWrite, writeTimeout } from './write-retry';

/**
 * POST /bookings (the server re-prices the offer); answers the new booking's id. Sent with an
 * Idempotency-Key per offer and request: a retry after a dropped connection gets the booking the first
 * try made (Idempotent-Replayed) instead of a second one.
 */
export async function createBooking(request: CreateBookingRequestInput): Promise<string> {
  const action = `create:${request.reference}`;
  try {
    const { booking } = await apiRequest(
      '/bookings',
      () => import('@kwenda/contracts').then((m) => m.createBookingResponseSchema),
      { method: 'POST', body: request, idempotencyKey: idempotencyKeyFor(action, request), signal: writeTimeout() },
    );
    forgetIdempotencyKey(action);
    return booking.id;
  } catch (error) {
    if (!retryWrite(0, error as Error)) forgetIdempotencyKey(action);
    throw error;
  }
}
