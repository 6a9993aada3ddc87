import type { CreateBookingRequestInput, Offer } from '@kwenda/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../lib/router';
import { connectionStateOf } from '../../../components/connection-notice';
import { ApiRequestError, isNetworkError } from '../../../lib/api-client';
import { createBooking } from '../../../lib/create-booking';
import { retryWrite, writeRetryDelay } from '../../../lib/write-retry';
import { choseGuest, rememberGuestChoice, savePendingBooking } from '../../../lib/pending-booking';
import { ReferralContext, storedReferral, useAppPath } from '../../../lib/referral';
import type { SearchState } from '../../../lib/search-params';
import { readSession } from '../../../lib/session';

/** What the booking page receives with the navigation (the offers to go back to). */
export interface BookingNavigationState {
  search: SearchState;
}

/**
 * The one book action of the offers list: POST /bookings with the offer's
 * reference (the server re-prices it), then the booking page. A logged-out visitor is first
 * asked to log in or continue as a guest; logging in keeps the offer and books it afterwards.
 * One booking at a time: a double click or a second card pressed meanwhile does nothing. A dropped
 * connection sends the same request again (once back online), which the server answers with the
 * booking it made the first time, if it did (lib/create-booking.ts).
 */
export function useStartBooking(search: SearchState | null) {
  const navigate = useNavigate();
  const appPath = useAppPath();
  const referralInAddress = useContext(ReferralContext);
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [promptFor, setPromptFor] = useState<Offer | null>(null);
  const busy = useRef(false);
  const [lastOffer, setLastOffer] = useState<Offer | null>(null);
  const create = useMutation({ mutationFn: createBooking, retry: retryWrite, retryDelay: writeRetryDelay });

  const requestFor = useCallback(
    (offer: Offer): CreateBookingRequestInput => {
      // The code in the address, else the one the visitor arrived with earlier (kept in the browser,
      // read when booking: the page is also rendered on the server).
      const referralCode = referralInAddress ?? storedReferral();
      return {
        reference: offer.reference,
        payload: {
          passengers: search?.passengers ?? { adults: 1, children: 0, infants: 0 },
          baggage: search?.baggage ?? { hold: 1, carryOn: 0 },
          currency: offer.currency,
          language: i18n.language === 'en' ? 'en' : 'ar',
          ...(referralCode ? { referralCode } : {}),
          ...(offer.requestedDate ? { requestedDate: offer.requestedDate } : {}),
        },
      };
    },
    [search, referralInAddress, i18n.language],
  );

  const book = useCallback(
    async (offer: Offer) => {
      if (busy.current) return;
      busy.current = true;
      setPending(offer.reference);
      setLastOffer(offer);
      setError(null);
      try {
        const id = await create.mutateAsync(requestFor(offer));
        const state: BookingNavigationState | undefined = search ? { search } : undefined;
        void navigate(appPath(`/booking/${id}`), { state });
      } catch (failure) {
        // No answer: the connection notice offers to send it again, not an error of the booking.
        if (!isNetworkError(failure)) setError(failure instanceof ApiRequestError ? failure.code : 'INTERNAL_ERROR');
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [navigate, appPath, search, requestFor, create],
  );

  const start = useCallback(
    async (offer: Offer) => {
      if (busy.current) return;
      if (!readSession() && !choseGuest()) {
        setPromptFor(offer);
        return;
      }
      await book(offer);
    },
    [book],
  );

  const continueAsGuest = useCallback(() => {
    const offer = promptFor;
    setPromptFor(null);
    rememberGuestChoice();
    if (offer) void book(offer);
  }, [promptFor, book]);

  /** Keeps the wanted booking, then the login page; after logging in it is created for the account. */
  const loginFirst = useCallback(
    (to: '/login' | '/signup') => {
      if (promptFor) savePendingBooking({ request: requestFor(promptFor), search });
      setPromptFor(null);
      void navigate(appPath(to));
    },
    [promptFor, requestFor, search, navigate, appPath],
  );

  return {
    startBooking: start,
    pendingReference: pending,
    bookingError: error,
    clearBookingError: () => setError(null),
    /** The connection dropped while booking: waiting to send again, or failed until `retryBooking`. */
    bookingConnection: connectionStateOf(create),
    retryBooking: () => {
      if (lastOffer) void book(lastOffer);
    },
    loginPrompt: {
      opened: promptFor !== null,
      close: () => setPromptFor(null),
      continueAsGuest,
      login: () => loginFirst('/login'),
      signup: () => loginFirst('/signup'),
    },
  };
}
