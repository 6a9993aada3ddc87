import type { OfferRequestInput, OfferSearchResult, SortOrder } from '@kwenda/contracts';
import { offerSearchResultSchema } from '@kwenda/contracts/offers';
import type { OfferFilterValues } from '@kwenda/contracts/rules';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { toOfferFilters, type SearchState } from '../../../lib/search-params';
import { filtersKey } from '../lib/offer-filters-address';
import { nextPageParam } from '../lib/paging';

/** A page as the API sent it, plus when it arrived (the session-timeout clock starts there). */
export type OffersPage = OfferSearchResult & { receivedAt: number };

const NO_FILTERS: OfferFilterValues = {};

export function offersQueryKey(search: SearchState | null, order: SortOrder, offerFilters: OfferFilterValues = NO_FILTERS) {
  const filters = search ? toOfferFilters(search) : null;
  return ['offers', filters, filters?.currency ?? null, order, filtersKey(offerFilters)] as const;
}

/** A bad request will be bad again; only network and server failures are worth a second try. */
const retryOnce = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1;

/**
 * POST /offers/request page by page (10 per page), narrowed by the page's filters on the server.
 * `search` null means no search yet: nothing is fetched and the page shows its initial prompt.
 */
export function useOffersSearch(search: SearchState | null, order: SortOrder, offerFilters: OfferFilterValues = NO_FILTERS) {
  const queryKey = useMemo(() => offersQueryKey(search, order, offerFilters), [search, order, offerFilters]);
  return useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<OffersPage> => {
      const body: OfferRequestInput = { filters: toOfferFilters(search!), page: pageParam, order, offerFilters };
      const result = await apiRequest('/offers/request', offerSearchResultSchema, { body, signal });
      return { ...result, receivedAt: Date.now() };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: search !== null,
    retry: retryOnce,
    // A filter changed: the list on screen stays (dimmed) until the filtered one arrives, rather than skeletons.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameSearch(previousQuery.queryKey, queryKey) ? keepPreviousData(previous) : undefined,
    // Offers expire about 30 minutes after the search; a cached answer is reused only briefly.
    staleTime: 60_000,
  });
}

/** Same search and order, other filters: what the list on screen may stand in for while it loads. */
const sameSearch = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a.slice(0, 4)) === JSON.stringify(b.slice(0, 4));

/**
 * Runs a search again from page 1, dropping the pages on screen (session refresh, same search submitted
 * again), whatever the filters: every filtered list of the search is as old as the others.
 */
export function useRerunOffersSearch() {
  const queryClient = useQueryClient();
  return useCallback(
    (search: SearchState, order: SortOrder) =>
      void queryClient.resetQueries({ queryKey: offersQueryKey(search, order).slice(0, 4) }),
    [queryClient],
  );
}
