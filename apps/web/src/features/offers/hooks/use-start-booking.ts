import type { Offer } from '@kwenda/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppPath } from '../../../lib/referral';
import type { SearchState } from '../../../lib/search-params';

/** What the booking page receives with the navigation (it can re-read the offer by reference). */
export interface BookingNavigationState {
  offer: Offer;
  search: SearchState;
}

/**
 * The one book action of the offers list. Until the booking issue lands it opens the placeholder
 * /booking/new?offer=<reference>; the booking issue replaces the body with POST /bookings.
 */
export function useStartBooking(search: SearchState | null) {
  const navigate = useNavigate();
  const appPath = useAppPath();
  return useCallback(
    (offer: Offer) => {
      const state: BookingNavigationState | undefined = search ? { offer, search } : undefined;
      void navigate(`${appPath('/booking/new')}?${new URLSearchParams({ offer: offer.reference })}`, { state });
    },
    [navigate, appPath, search],
  );
}
