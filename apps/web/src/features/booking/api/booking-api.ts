import type {
  PassengerAlreadyBooked,
  Booking,
  BookingCodeRequest,
  BookingCodeVerifyRequest,
  PayBookingRequest,
  UpdateBookingRequestInput,
} from '@kwenda/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiRequestError, shouldRetryRead } from '../../../lib/api-client';
import { forgetIdempotencyKey, idempotencyKeyFor } from '../../../lib/idempotency';
import { bookingQueryKey } from '../../../lib/page-data';
import { retryWrite, writeRetryDelay, writeTimeout } from '../../../lib/write-retry';
import { bookingRequest, loadedBookingContracts } from './booking-contracts';

export const bookingKey = bookingQueryKey;

/** How often the page re-reads a booking it is waiting on, and how long it waits for a receipt to be read. */
export const BOOKING_POLL_MS = 2000;
export const RECEIPT_READING_WAIT_MS = 90_000;

const isReadingReceipt = (booking: Booking | undefined) =>
  booking?.receipts.some((receipt) => receipt.reading.state === 'reading') ?? false;

/**
 * The booking; `poll` re-reads it every 2 s (waiting for a card payment to be confirmed). While one of
 * its receipts is being read it is re-read every 2 s as well, for 90 s from when the page first saw it
 * reading: a reader that is down leaves the receipt to the agency's eyes, not to a page asking forever.
 * One request at a time (the next one is timed from the last answer), none while the tab is hidden.
 */
export function useBooking(id: string, poll = false) {
  const readingSince = useRef<number | null>(null);
  return useQuery({
    queryKey: bookingKey(id),
    queryFn: ({ signal }) => bookingRequest(`/bookings/${encodeURIComponent(id)}`, (c) => c.bookingSchema, { signal }),
    refetchInterval: (query) => {
      if (poll) return BOOKING_POLL_MS;
      if (!isReadingReceipt(query.state.data)) {
        readingSince.current = null;
        return false;
      }
      readingSince.current ??= Date.now();
      return Date.now() - readingSince.current < RECEIPT_READING_WAIT_MS ? BOOKING_POLL_MS : false;
    },
    retry: shouldRetryRead,
  });
}

export { useCountries } from '../../../lib/countries';

export function useSeatMap(id: string, slice: number, enabled: boolean) {
  return useQuery({
    queryKey: ['seat-map', id, slice],
    queryFn: () => bookingRequest(`/bookings/${id}/seat-map?slice=${slice}`, (c) => c.seatMapSchema),
    enabled,
    staleTime: 60_000,
  });
}

/** Field problems of a refused passenger submit, keyed by passenger id (or "contact") and field. */
export function validationErrorsOf(error: unknown): Record<string, Record<string, string>> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const parsed = loadedBookingContracts()?.bookingValidationErrorSchema.safeParse(error.raw);
  return parsed?.success ? parsed.data.validationErrors : null;
}

/** The re-priced booking a PRICE_CHANGED answer carries. */
export function repricedBookingOf(error: unknown): Booking | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'PRICE_CHANGED') return null;
  const parsed = loadedBookingContracts()?.bookingConflictSchema.safeParse(error.raw);
  return parsed?.success ? (parsed.data.booking ?? null) : null;
}

/** These failures mean the offer is gone; the page shows the expired-offer modal. */
export const EXPIRED_CODES = ['OFFER_CORRUPTED', 'NoOfferFound'];
export const isExpiredError = (error: unknown) => error instanceof ApiRequestError && EXPIRED_CODES.includes(error.code);

/**
 * A passenger who already holds these flights is not an expired offer: the page says who, and
 * links the existing booking when the server gives it (only to its own account).
 */
export function alreadyBookedOf(error: unknown): PassengerAlreadyBooked | null {
  if (!(error instanceof ApiRequestError)) return null;
  // The older name of the same answer carries no details: the message is the same, without a link.
  if (error.code === 'DupePassengerFlight')
    return { code: 'PASSENGER_ALREADY_BOOKED', message: error.message, alreadyBooked: [], existingBookingId: null };
  if (error.code !== 'PASSENGER_ALREADY_BOOKED') return null;
  const parsed = loadedBookingContracts()?.passengerAlreadyBookedSchema.safeParse(error.raw);
  return parsed?.success ? parsed.data : { code: error.code, message: error.message, alreadyBooked: [], existingBookingId: null };
}

function useBookingMutation<Input>(id: string, call: (input: Input) => Promise<{ booking: Booking }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ booking }) => client.setQueryData(bookingKey(id), booking),
    onError: (error) => {
      const repriced = repricedBookingOf(error);
      if (repriced) client.setQueryData(bookingKey(id), repriced);
    },
  });
}

/**
 * A booking write the server does once however often it is sent (PUT with an Idempotency-Key): sent
 * again by itself when no answer came, and held while the browser is offline until it is back
 * (TanStack Query's network mode). The key is forgotten once an answer came: the next press is a new request.
 */
function useIdempotentBookingWrite<Input>(id: string, action: string, path: string, bodyOf: (input: Input) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const body = bodyOf(input);
      const key = idempotencyKeyFor(`${action}:${id}`, body);
      const answer = await bookingRequest(path, (c) => c.bookingResponseSchema, {
        method: 'PUT',
        body,
        idempotencyKey: key,
        signal: writeTimeout(),
      }).catch((error: unknown) => {
        if (!retryWrite(0, error as Error)) forgetIdempotencyKey(`${action}:${id}`);
        throw error;
      });
      forgetIdempotencyKey(`${action}:${id}`);
      return answer;
    },
    retry: retryWrite,
    retryDelay: writeRetryDelay,
    onSuccess: ({ booking }) => client.setQueryData(bookingKey(id), booking),
    onError: (error) => {
      const repriced = repricedBookingOf(error);
      if (repriced) client.setQueryData(bookingKey(id), repriced);
    },
  });
}

export function useSubmitPassengers(id: string) {
  return useIdempotentBookingWrite(id, 'passengers', `/bookings/${id}`, (payload: UpdateBookingRequestInput['payload']) => ({
    bookingId: id,
    payload,
  }));
}

export function usePayBooking(id: string) {
  return useIdempotentBookingWrite(id, 'pay', `/bookings/${id}/pay`, (body: PayBookingRequest) => body);
}

export interface ReceiptUploadInput {
  file: File;
  /** The transfer's transaction number, normalized (normalizeTransactionNumber). */
  transactionNumber: string;
}

/** Multipart upload of a transfer receipt (field "file") with the transaction number the traveller typed. */
export function useUploadReceipt(id: string) {
  return useBookingMutation(id, ({ file, transactionNumber }: ReceiptUploadInput) => {
    const form = new FormData();
    form.append('transactionNumber', transactionNumber);
    form.append('file', file);
    return bookingRequest(`/bookings/${id}/receipts`, (c) => c.bookingResponseSchema, { method: 'POST', body: form });
  });
}

/** Find my booking, first step: the server e-mails a code to the booking's address (the same answer if there is none). */
export function useRequestBookingCode() {
  return useMutation({
    mutationFn: (body: BookingCodeRequest) =>
      bookingRequest('/booking-access/code', (c) => c.bookingCodeResponseSchema, { body }),
  });
}

/**
 * Find my booking, second step: the right code sets the booking's access cookie in this browser; the
 * booking then reads whole, so any copy of its limited view is dropped.
 */
export function useVerifyBookingCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingCodeVerifyRequest) =>
      bookingRequest('/booking-access/verify', (c) => c.bookingCodeVerifyResponseSchema, { body }),
    onSuccess: ({ bookingId }) => client.removeQueries({ queryKey: bookingKey(bookingId) }),
  });
}

/** The traveller turns WhatsApp updates of the booking on or off (PUT /bookings/{id}/whatsapp). */
export function useBookingWhatsApp(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (whatsappUpdates: boolean) =>
      bookingRequest(`/bookings/${id}/whatsapp`, (c) => c.bookingWhatsAppResponseSchema, {
        method: 'PUT',
        body: { whatsappUpdates },
      }),
    onSuccess: ({ whatsapp, whatsappUpdates }) =>
      client.setQueryData<Booking>(bookingKey(id), (booking) => (booking ? { ...booking, whatsapp, whatsappUpdates } : booking)),
  });
}
