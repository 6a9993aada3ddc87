// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { Currency, SortOrder } from '@kwenda/contracts';
import { Container, Group, Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  CurrencySelect,
  InitialPrompt,
  OffersResults,
  offersParams,
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
  const status = useOffersSearchStatus(ready ? search : null, order);

  // A new search from the form is a new history entry; a different currency or order of the same search replaces it.
  const show = useCallback(
    (next: SearchState, nextOrder: SortOrder, replace: boolean) => {
      const state: OffersNavigationState = { search: next, currency: next.currency };
      void navigate(`${appPath('/offers')}?${offersParams(params, next, nextOrder)}`, { state, replace });
    },
    [navigate, appPath, params],
  );
  const rerun = useRerunOffersSearch();
  const submit = (next: SearchState) => {
    const submitted = { ...next, currency: search.currency };
    // Pressing search again on the same search asks for fresh prices rather than the cached pages.
    const same = offersParams(params, submitted, order).toString() === params.toString();
    if (same) rerun(submitted, order);
    show(submitted, order, same);
  };

  const changeCurrency = (currency: Currency) => show({ ...search, currency }, order, true);
  // The form reads `initial` once; a new search from outside (back button, shared link) remounts it.
  // Currency is left out of the key so switching it does not fold the form or drop an edit.
  const formKey = searchToParams({ ...search, currency: emptySearch().currency }).toString();

  return (
    <Container size="lg" py="md" px="sm">
      <Stack gap="md">
        <header>
          <SearchForm
            key={formKey}
            variant="compact"
            initial={search}
            onSubmit={submit}
            fieldErrors={status.fieldErrors}
            submitting={status.searching}
          />
        </header>
        <Group gap="sm" justify="space-between" align="flex-end">
          <SearchHeading search={ready ? search : null} />
          <CurrencySelect value={search.currency} onChange={changeCurrency} />
        </Group>
        {ready ? (
          <OffersResults search={search} order={order} onOrderChange={(next) => show(search, next, true)} />
        ) : (
          <InitialPrompt />
        )}
      </Stack>
    </Container>
  );
}
