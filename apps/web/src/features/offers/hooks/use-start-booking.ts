import type { Offer } from '@kwenda/contracts';
import { useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { ReferralContext, storedReferral, useAppPath } from '../../../lib/referral';
import type { SearchState } from '../../../lib/search-params';

/** What the booking page receives with the navigation (the offers to go back to). */
export interface BookingNavigationState {
  search: SearchState;
}

/**
 * The one book action of the offers list (SPEC section 4): POST /bookings with the offer's
 * reference (the server re-prices it), then the booking page. One booking at a time: a double
 * click or a second card pressed while the first is on its way does nothing.
 */
export function useStartBooking(search: SearchState | null) {
  const navigate = useNavigate();
  const appPath = useAppPath();
  // The code in the address, else the one the visitor arrived with earlier (kept in the browser).
  const referralCode = useContext(ReferralContext) ?? storedReferral();
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const start = useCallback(
    async (offer: Offer) => {
      if (busy.current) return;
      busy.current = true;
      setPending(offer.reference);
      setError(null);
      try {
        const { booking } = await apiRequest(
          '/bookings',
          () => import('@kwenda/contracts').then((m) => m.createBookingResponseSchema),
          {
            method: 'POST',
            body: {
              reference: offer.reference,
              payload: {
                passengers: search?.passengers ?? { adults: 1, children: 0, infants: 0 },
                baggage: search?.baggage ?? { hold: 1, carryOn: 0 },
                currency: offer.currency,
                language: i18n.language === 'en' ? 'en' : 'ar',
                ...(referralCode ? { referralCode } : {}),
                ...(offer.requestedDate ? { requestedDate: offer.requestedDate } : {}),
              },
            },
          },
        );
        const state: BookingNavigationState | undefined = search ? { search } : undefined;
        void navigate(appPath(`/booking/${booking.id}`), { state });
      } catch (failure) {
        setError(failure instanceof ApiRequestError ? failure.code : 'INTERNAL_ERROR');
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [navigate, appPath, search, referralCode, i18n.language],
  );
  return { startBooking: start, pendingReference: pending, bookingError: error, clearBookingError: () => setError(null) };
}
