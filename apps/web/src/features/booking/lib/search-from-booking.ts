import type { Booking, Currency } from '@kwenda/contracts';
import { emptySearch, newLegId, type SearchState } from '../../../lib/search-params';

/** The search a booking came from, rebuilt from its flights: the way back to the offers. */
export function searchFromBooking(
  booking: Pick<
    Booking,
    | 'tripType'
    | 'slices'
    | 'passengers'
    | 'requestedHoldBaggage'
    | 'requestedCarryOnBaggage'
    | 'currency'
    | 'cabinClass'
    | 'requestedDate'
  >,
): SearchState {
  const count = (type: string) => booking.passengers.filter((p) => p.passengerType === type).length;
  const first = booking.slices[0]!;
  const base: SearchState = {
    ...emptySearch(),
    tripType: booking.tripType,
    cabinClass: booking.cabinClass === 'economy' ? null : booking.cabinClass,
    passengers: { adults: count('adult'), children: count('child'), infants: count('infant') },
    baggage: { hold: booking.requestedHoldBaggage, carryOn: booking.requestedCarryOnBaggage },
    currency: booking.currency as Currency,
  };
  if (booking.tripType === 'multi-city') {
    return {
      ...base,
      slices: booking.slices.map((s) => ({
        id: newLegId(),
        departureStation: s.origin,
        destinationStation: s.destination,
        departureDate: s.departureDate.slice(0, 10),
      })),
    };
  }
  return {
    ...base,
    departureStation: first.origin,
    destinationStation: first.destination,
    // An alternative-date booking goes back to the date first asked for.
    departureDate: booking.requestedDate ?? first.departureDate.slice(0, 10),
    returnDate: booking.tripType === 'round-trip' ? (booking.slices[1]?.departureDate.slice(0, 10) ?? '') : '',
  };
}
