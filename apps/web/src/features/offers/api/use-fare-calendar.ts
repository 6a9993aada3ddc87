import type { FareCalendarRequestInput } from '@kwenda/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { toOfferFilters, type SearchState } from '../../../lib/search-params';
import { fareCalendarContract } from './offers-contract';

/**
 * POST /offers/calendar: the lowest price on each day around the search's date. Asked only once
 * `enabled` (the page passes "the offers have arrived"), so its extra supplier searches never delay
 * the offers themselves. Not for multi-city trips.
 */
export function useFareCalendar(search: SearchState, enabled: boolean) {
  const filters = toOfferFilters(search);
  return useQuery({
    queryKey: ['offers-calendar', filters] as const,
    queryFn: ({ signal }) => {
      const body: FareCalendarRequestInput = { filters };
      return apiRequest('/offers/calendar', fareCalendarContract, { body, signal });
    },
    enabled: enabled && search.tripType !== 'multi-city',
    // A bad request will be bad again; only network and server failures are worth a second try.
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1,
    // As the offers: prices move, a cached answer is reused only briefly.
    staleTime: 60_000,
  });
}
