import type { Booking, OfferSlice } from '@kwenda/contracts';
import { useAirportsOf } from '../../../lib/airports';

/** The airports of these flights, by code (lib/airports.ts useAirportsOf). */
export function useFlightAirports(slices: readonly OfferSlice[]) {
  const codes = slices.flatMap((slice) => [
    slice.origin,
    slice.destination,
    ...slice.segments.flatMap((segment) => [segment.origin, segment.destination]),
  ]);
  return useAirportsOf(codes);
}

/** The airports of a booking's flights, by code. */
export const useBookingAirports = (booking: Booking) => useFlightAirports(booking.slices);
