import type { OfferRequestInput, OfferSearchResult, SortOrder } from '@kwenda/contracts';
import { offerSearchResultSchema } from '@kwenda/contracts/offers';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { toOfferFilters, type SearchState } from '../../../lib/search-params';
import { nextPageParam } from '../lib/paging';

/** A page as the API sent it, plus when it arrived (the session-timeout clock starts there). */
export type OffersPage = OfferSearchResult & { receivedAt: number };

export function offersQueryKey(search: SearchState | null, order: SortOrder) {
  const filters = search ? toOfferFilters(search) : null;
  return ['offers', filters, filters?.currency ?? null, order] as const;
}

/** A bad request will be bad again; only network and server failures are worth a second try. */
const retryOnce = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1;

/**
 * POST /offers/request page by page (10 per page). `search` null means no search yet: nothing
 * is fetched and the page shows its initial prompt.
 */
export function useOffersSearch(search: SearchState | null, order: SortOrder) {
  const queryKey = useMemo(() => offersQueryKey(search, order), [search, order]);
  return useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<OffersPage> => {
      const body: OfferRequestInput = { filters: toOfferFilters(search!), page: pageParam, order };
      const result = await apiRequest('/offers/request', offerSearchResultSchema, { body, signal });
      return { ...result, receivedAt: Date.now() };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: search !== null,
    retry: retryOnce,
    // Offers expire about 30 minutes after the search; a cached answer is reused only briefly.
    staleTime: 60_000,
  });
}

/** Runs a search again from page 1, dropping the pages on screen (session refresh, same search submitted again). */
export function useRerunOffersSearch() {
  const queryClient = useQueryClient();
  return useCallback(
    (search: SearchState, order: SortOrder) =>
      void queryClient.resetQueries({ queryKey: offersQueryKey(search, order), exact: true }),
    [queryClient],
  );
}
