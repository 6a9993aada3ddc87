import type { Booking } from '@kwenda/contracts';
import { bookingStatuses } from '@kwenda/contracts/rules';

export const bookingSteps = ['search', 'passengers', 'payment', 'confirmation'] as const;
export type BookingStep = (typeof bookingSteps)[number];

/** What the page shows besides the steps: a booking that can no longer go anywhere. */
export type BookingScreen = BookingStep | 'closed';

const after = (status: Booking['status'], than: Booking['status']) =>
  bookingStatuses.indexOf(status) > bookingStatuses.indexOf(than);

/**
 * On load: created opens the passengers; pending-payment marks every step but
 * payment done and opens payment, or the final step once payment details were given (pay later,
 * a receipt sent or refused, the hold extended by the agency); any status after pending-payment
 * opens the final screen. Canceled, refunded and unavailable bookings close.
 */
export function screenOnLoad(booking: Pick<Booking, 'status' | 'statusTrigger'>): BookingScreen {
  switch (booking.status) {
    case 'created':
      // The airline did not make the hold: the passengers are given, paying again is what is left.
      return booking.statusTrigger === 'hold-failed' || booking.statusTrigger === 'hold-not-made' ? 'payment' : 'passengers';
    case 'price-changed':
      return 'passengers';
    case 'offer-unavailable':
    case 'canceled':
    case 'refunded':
      return 'closed';
    case 'pending-payment':
      return ['payment-info-submit', 'receipt-uploaded', 'receipt-rejected', 'hold-extended'].includes(booking.statusTrigger)
        ? 'confirmation'
        : 'payment';
    default:
      return after(booking.status, 'pending-payment') ? 'confirmation' : 'passengers';
  }
}

/** Steps a traveller may go back to: the ones before the current one, never past payment once held. */
export function completedSteps(booking: Pick<Booking, 'status' | 'statusTrigger'>, current: BookingStep): BookingStep[] {
  const index = bookingSteps.indexOf(current);
  const done = bookingSteps.slice(0, index) as BookingStep[];
  // Once seats are held the passengers are with the airline: that step is done but not editable.
  return booking.status === 'created' ? done : done.filter((step) => step === 'search');
}
