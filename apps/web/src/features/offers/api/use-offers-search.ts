import type { OfferRequestInput, OfferSearchResult, SortOrder } from '@kwenda/contracts';
import type { OfferFilterValues } from '@kwenda/contracts/rules';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiRequest, shouldRetryRead } from '../../../lib/api-client';
import { useAfterHydration } from '../../../lib/use-idle';
import { toOfferFilters, type SearchState } from '../../../lib/search-params';
import { filtersKey } from '../lib/offer-filters-address';
import { nextPageParam } from '../lib/paging';
import { clearStreamProgress, setStreamProgress } from './offers-stream-progress';
import { offerSearchResultContract } from './offers-contract';
import { StreamUnavailableError, streamOffers } from './stream-offers';

/**
 * A page as the API sent it, plus when it arrived (the session-timeout clock starts there) and, for a
 * streamed page 1, whether the supplier ran out of search time before every airline answered.
 */
export type OffersPage = OfferSearchResult & { receivedAt: number; timedOut?: boolean };

const NO_FILTERS: OfferFilterValues = {};

export function offersQueryKey(search: SearchState | null, order: SortOrder, offerFilters: OfferFilterValues = NO_FILTERS) {
  const filters = search ? toOfferFilters(search) : null;
  return ['offers', filters, filters?.currency ?? null, order, filtersKey(offerFilters)] as const;
}

/**
 * Page 1 of a search no list on screen comes from yet, through POST /offers/stream: its offers are shown
 * as the airlines answer (useStreamProgress), and the complete page lands in the query cache like any
 * other. When the stream cannot be read, POST /offers/request answers instead. The streamed offers stay
 * listed until the page has rendered the answer, and lets them go (clearStreamProgress).
 */
async function streamFirstPage(body: OfferRequestInput, queryKey: readonly unknown[], signal: AbortSignal): Promise<OffersPage> {
  try {
    const { result, timedOut } = await streamOffers(body, {
      signal,
      onProgress: (progress) => setStreamProgress(queryKey, progress),
    });
    return { ...result, receivedAt: Date.now(), ...(timedOut ? { timedOut } : {}) };
  } catch (error) {
    if (!(error instanceof StreamUnavailableError)) {
      // Refused, failed or given up (another search): nothing of it stays listed. A stream that could not be
      // read keeps what it brought until the answer below is on screen.
      clearStreamProgress(queryKey);
      throw error;
    }
    const result = await apiRequest('/offers/request', offerSearchResultContract, { body, signal });
    return { ...result, receivedAt: Date.now() };
  }
}

/**
 * The search's offers page by page (10 per page), narrowed by the page's filters on the server: page 1
 * of a new search streamed as it arrives, later pages, other filters and orders of a search already
 * on screen from POST /offers/request (the supplier's recent results, not a new airline search).
 * `search` null means no search yet: nothing is fetched and the page shows its initial prompt.
 */
export function useOffersSearch(search: SearchState | null, order: SortOrder, offerFilters: OfferFilterValues = NO_FILTERS) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => offersQueryKey(search, order, offerFilters), [search, order, offerFilters]);
  // Asked for in a task after the one that hydrated (or first rendered) the page: starting the stream
  // there made that task longer on a slow phone, and a timer's wait costs the request nothing.
  const started = useAfterHydration();
  return useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<OffersPage> => {
      const body: OfferRequestInput = { filters: toOfferFilters(search!), page: pageParam, order, offerFilters };
      // A page 1 asked again (a rerun, a refetch) lists nothing of an earlier stream while it loads.
      if (pageParam === 1) clearStreamProgress(queryKey);
      // Another order, other filters or a refetch of a search with offers in the cache: the supplier has it.
      const searched = queryClient.getQueriesData({ queryKey: queryKey.slice(0, 2) }).some(([, data]) => data !== undefined);
      if (pageParam === 1 && !searched) return streamFirstPage(body, queryKey, signal);
      const result = await apiRequest('/offers/request', offerSearchResultContract, { body, signal });
      return { ...result, receivedAt: Date.now() };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: search !== null && started,
    // A bad request will be bad again; a dropped connection is tried again (after it is back, if offline).
    retry: shouldRetryRead,
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
