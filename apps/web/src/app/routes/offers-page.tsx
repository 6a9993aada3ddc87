import type { Currency, SortOrder } from '@kwenda/contracts';
import { Button, Container, Group, Paper, Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CurrencySelect, InitialPrompt, OffersResults, offersParams, orderFromParams, resolveSearch, SearchHeading } from '../../features/offers';
import { useAppPath } from '../../lib/referral';
import { isSearchReady, searchToParams, type OffersNavigationState, type SearchState } from '../../lib/search-params';

/**
 * /offers: the search from the address (a shared link) completed by the navigation state the
 * search form sent, the compact search form and currency in the header, then the offers list.
 * Changing currency or sort order rewrites the address, which re-runs the search.
 */
export function OffersPage() {
  const { t } = useTranslation('offers');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const appPath = useAppPath();

  const search = useMemo(() => resolveSearch(params, location.state), [params, location.state]);
  const order = orderFromParams(params);
  const ready = isSearchReady(search);

  const show = useCallback(
    (next: SearchState, nextOrder: SortOrder) => {
      const state: OffersNavigationState = { search: next, currency: next.currency };
      void navigate(`${appPath('/offers')}?${offersParams(params, next, nextOrder)}`, { state, replace: true });
    },
    [navigate, appPath, params],
  );
  const changeCurrency = (currency: Currency) => show({ ...search, currency }, order);

  return (
    <Container size="lg" py="md" px="sm">
      <Stack gap="md">
        <Paper component="header" withBorder radius="md" p="sm">
          <Stack gap="sm">
            {/*
              SLOT (features/search, not landed yet): replace the button below with
              <SearchForm variant="compact" initial={search} onSubmit={(next) => show({ ...next, currency: search.currency }, order)} />
            */}
            <Group gap="sm" justify="space-between" align="flex-end">
              <SearchHeading search={ready ? search : null} />
              <Group gap="sm" align="flex-end">
                <Button component={Link} to={`${appPath('/')}?${searchToParams(search)}`} variant="default">
                  {t('editSearch')}
                </Button>
                <CurrencySelect value={search.currency} onChange={changeCurrency} />
              </Group>
            </Group>
          </Stack>
        </Paper>
        {ready ? <OffersResults search={search} order={order} onOrderChange={(next) => show(search, next)} /> : <InitialPrompt showSearchLink />}
      </Stack>
    </Container>
  );
}
