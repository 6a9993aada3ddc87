import { passengerTypes, type OfferFare, type PassengerType } from '@kwenda/contracts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The price a traveller sees on an offer, split by traveller type. Each passenger's share is
 * converted on its own and the total is the sum of the converted shares, exactly as the booking
 * page adds up a booking (bookingMoney in bookings/booking-presenter.ts): converting the USD total
 * in one go could differ from the booking's total by a unit after rounding (47.5 EGP a dollar), and
 * the traveller would see one price on the card and another on the booking.
 */
export function priceForTravellers(
  requirements: readonly { passengerType: PassengerType; fareUsd: number }[],
  fromUsd: (amountUsd: number) => number,
): { price: number; fares: OfferFare[] } {
  const fares = passengerTypes
    .map((passengerType): OfferFare => {
      const ofType = requirements.filter((r) => r.passengerType === passengerType);
      return {
        passengerType,
        count: ofType.length,
        amount: round2(ofType.reduce((sum, r) => sum + fromUsd(r.fareUsd), 0)),
      };
    })
    .filter((fare) => fare.count > 0);
  return { price: round2(fares.reduce((sum, fare) => sum + fare.amount, 0)), fares };
}
