import type { FieldError, SortOrder } from '@kwenda/contracts';
import type { OfferFilterValues } from '@kwenda/contracts/rules';
import { ApiRequestError } from '../../../lib/api-client';
import type { SearchState } from '../../../lib/search-params';
import { useOffersSearch } from './use-offers-search';

/**
 * What the search form in the page header needs to know about the running search: whether it is
 * still searching (its button says "searching…") and the fields the server refused. It observes
 * the same cached query as the offers list, so nothing is fetched twice.
 */
export function useOffersSearchStatus(
  search: SearchState | null,
  order: SortOrder,
  offerFilters: OfferFilterValues,
): { searching: boolean; fieldErrors?: readonly FieldError[] } {
  const query = useOffersSearch(search, order, offerFilters);
  const error = query.error;
  return {
    // Loading, or about to: a new search's request starts a task after the page's first render
    // (use-offers-search.ts), and the button should not say "Search" for that moment.
    searching: query.isLoading || (search !== null && query.isPending && query.fetchStatus === 'idle'),
    fieldErrors: error instanceof ApiRequestError && error.code === 'VALIDATION_ERROR' ? error.body?.fields : undefined,
  };
}
