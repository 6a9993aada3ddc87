// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import type { Currency, SortOrder } from '@kwenda/contracts';
import type { OfferFilterValues } from '@kwenda/contracts/rules';
import { Container, Group, Stack } from '@mantine/core';
import { memo, startTransition, useCallback, useDeferredValue, useMemo, useOptimistic } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import {
  CurrencySelect,
  filtersFromParams,
  filtersToParams,
  InitialPrompt,
  OffersResults,
  offersParams,
  paramsForNextSearch,
  orderFromParams,
  resolveSearch,
  SearchHeading,
  useOffersSearchStatus,
  useRerunOffersSearch,
} from '../../features/offers';
import { SearchForm } from '../../features/search';
import { usePageMeta } from '../../lib/page-meta';
import { useAppPath } from '../../lib/referral';
import {
  emptySearch,
  isSearchReady,
  searchToParams,
  type OffersNavigationState,
  type SearchState,
} from '../../lib/search-params';

/**
 * /offers: the search from the address (a shared link) completed by the navigation state the
 * search form sent, the compact search form and currency in the header, then the offers list.
 * Changing the search, currency or sort order rewrites the address, which re-runs the search.
 */
export function OffersPage() {
  const { t } = useTranslation();
  usePageMeta(t('pageMeta.offers.title'), t('pageMeta.offers.description'));
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const appPath = useAppPath();

  const search = useMemo(() => resolveSearch(params, location.state), [params, location.state]);
  const order = orderFromParams(params);
  const ready = isSearchReady(search);
  const sliceCount = search.tripType === 'multi-city' ? search.slices.length : search.tripType === 'round-trip' ? 2 : 1;
  const addressFilters = useMemo(() => filtersFromParams(params, sliceCount), [params, sliceCount]);
  // A ticked box shows ticked at once: the address (and so `addressFilters`) follows in a transition.
  const [filters, showFilters] = useOptimistic(addressFilters);
  const status = useOffersSearchStatus(ready ? search : null, order, filters);
  // The form's "searching…" and refused fields follow the search in a render of their own, in slices: the
  // update that brings the results (a synchronous store read) does not render the whole form again with them.
  const submitting = useDeferredValue(status.searching);
  const fieldErrors = useDeferredValue(status.fieldErrors);

  // A new search from the form is a new history entry; a different currency or order of the same search replaces it.
  const show = useCallback(
    (next: SearchState, nextOrder: SortOrder, replace: boolean) => {
      const state: OffersNavigationState = { search: next, currency: next.currency };
      void navigate(`${appPath('/offers')}?${offersParams(paramsForNextSearch(params, search, next), next, nextOrder)}`, {
        state,
        replace,
      });
    },
    [navigate, appPath, params, search],
  );
  // Each filter change is a history entry of its own: back undoes it, a shared link keeps it.
  const changeFilters = useCallback(
    (next: OfferFilterValues) =>
      startTransition(() => {
        showFilters(next);
        void navigate(`${appPath('/offers')}?${filtersToParams(params, next)}`, {
          state: location.state as unknown,
          preventScrollReset: true,
        });
      }),
    [navigate, appPath, params, location.state, showFilters],
  );
  const rerun = useRerunOffersSearch();
  const submit = useCallback(
    (next: SearchState) => {
      const submitted = { ...next, currency: search.currency };
      // Pressing search again on the same search asks for fresh prices rather than the cached pages.
      const same = offersParams(params, submitted, order).toString() === params.toString();
      if (same) rerun(submitted, order);
      show(submitted, order, same);
    },
    [search.currency, params, order, rerun, show],
  );

  const changeCurrency = (currency: Currency) => show({ ...search, currency }, order, true);
  // Stable while the search is: the list's memoized parts (the sort, the fare calendar) skip re-rendering.
  const changeOrder = useCallback((next: SortOrder) => show(search, next, true), [show, search]);
  const searchDay = useCallback((next: SearchState) => show(next, order, false), [show, order]);
  // The form reads `initial` once; a new search from outside (back button, shared link) remounts it.
  // Currency is left out of the key so switching it does not fold the form or drop an edit.
  const formKey = searchToParams({ ...search, currency: emptySearch().currency }).toString();

  return (
    <Container size="lg" py="md" px="sm">
      <Stack gap="md">
        <header>
          <CompactSearchForm
            key={formKey}
            variant="compact"
            initial={search}
            onSubmit={submit}
            fieldErrors={fieldErrors}
            submitting={submitting}
          />
        </header>
        <Group gap="sm" justify="space-between" align="flex-end">
          <SearchHeading search={ready ? search : null} />
          <CurrencySelect value={search.currency} onChange={changeCurrency} />
        </Group>
        {ready ? (
          <OffersList
            search={search}
            order={order}
            onOrderChange={changeOrder}
            onSearch={searchDay}
            filters={filters}
            onFiltersChange={changeFilters}
          />
        ) : (
          <InitialPrompt />
        )}
      </Stack>
    </Container>
  );
}

// Memoized: the page renders again when its search's status changes (searching, refused fields), right
// after hydration among others, and the form and the list then render again only if their props changed.
const CompactSearchForm = memo(SearchForm);
const OffersList = memo(OffersResults);
