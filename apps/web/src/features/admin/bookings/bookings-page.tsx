import type { AdminBookingSort } from '@kwenda/contracts/admin';
import { Alert, Button, Collapse, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { ApiErrorAlert } from '../components/api-error-alert';
import { BookingFilters } from './booking-filters';
import {
  activeFilterCount,
  DEFAULT_PARAMS,
  PAGE_SIZES,
  paramsFromSearch,
  searchFromParams,
  withFilters,
  type BookingListParams,
} from './booking-list-params';
import { useBookingList } from './bookings-api';
import { BookingCards, BookingsTable } from './bookings-table';

const WIDE = '(min-width: 62em)';
const matches = (query: string) => typeof window !== 'undefined' && window.matchMedia(query).matches;

/**
 * The staff's bookings: one search box, filters (collapsed behind a button on a phone), a sortable
 * table on a desktop and cards on a phone, and pages. Everything lives in the address, so the back
 * button, a reload and a link sent to a colleague show the same list.
 */
export function BookingsPage() {
  const { t } = useTranslation('admin-bookings');
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => paramsFromSearch(searchParams), [searchParams]);
  const listSearch = searchFromParams(params).toString();
  const wide = useMediaQuery(WIDE, matches(WIDE), { getInitialValueInEffect: false });
  const [filtersOpen, filters] = useDisclosure(false);
  const list = useBookingList(params);

  const go = (next: BookingListParams) => setSearchParams(searchFromParams(next));

  const [text, setText] = useState(params.q);
  useEffect(() => setText(params.q), [params.q]);
  const tooShort = text.trim().length === 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooShort) go(withFilters(params, { q: text.trim() }));
  };

  const sortBy = (sort: AdminBookingSort) =>
    go({ ...params, sort, order: params.sort === sort && params.order === 'desc' ? 'asc' : 'desc', page: 1 });

  const data = list.data;
  const filterCount = activeFilterCount(params);
  const searching = params.q !== '' || filterCount > 0;

  return (
    <AdminPage title={t('list.title')}>
      <form role="search" onSubmit={submit}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            type="search"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={tooShort ? t('search.tooShort') : undefined}
            maxLength={100}
            style={{ flex: 1, minWidth: 0 }}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit">{t('search.submit')}</Button>
        </Group>
      </form>

      {wide ? null : (
        <Button variant="default" onClick={filters.toggle} aria-expanded={filtersOpen} aria-controls="booking-filters" fullWidth>
          {filterCount ? t('filters.toggleCount', { count: filterCount }) : t('filters.toggle')}
        </Button>
      )}
      <Collapse expanded={wide || filtersOpen} id="booking-filters">
        <Paper withBorder p="sm" radius="md" component="section" aria-label={t('filters.title')}>
          <BookingFilters params={params} onChange={go} withSort={!wide} />
        </Paper>
      </Collapse>

      <Group justify="space-between" align="center" gap="xs">
        <Text fw={600} aria-live="polite">
          {data ? t('list.count', { count: data.total }) : ''}
        </Text>
        {list.isFetching ? <Loader size="sm" role="status" aria-label={t('list.loading')} /> : null}
      </Group>

      {list.error ? <ApiErrorAlert error={list.error} title={t('list.loadError')} /> : null}

      {data && data.items.length === 0 ? (
        <Alert color="gray" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text>{t('list.empty')}</Text>
            {searching ? (
              <Button variant="subtle" size="compact-sm" onClick={() => go({ ...DEFAULT_PARAMS, pageSize: params.pageSize })}>
                {t('list.clearAll')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}

      {data && data.items.length > 0 ? (
        wide ? (
          <BookingsTable items={data.items} listSearch={listSearch} params={params} onSort={sortBy} />
        ) : (
          <BookingCards items={data.items} listSearch={listSearch} />
        )
      ) : null}

      {data && data.total > 0 ? (
        <Pager
          page={params.page}
          pageCount={Math.max(1, data.pageCount)}
          pageSize={params.pageSize}
          onPage={(page) => go({ ...params, page })}
          onPageSize={(pageSize) => go({ ...params, pageSize, page: 1 })}
        />
      ) : null}
    </AdminPage>
  );
}

function Pager({
  page,
  pageCount,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation('admin-bookings');
  const sizes = PAGE_SIZES.map(String);
  if (!sizes.includes(String(pageSize))) sizes.push(String(pageSize));
  return (
    <Group component="nav" aria-label={t('pager.label')} justify="space-between" gap="sm">
      <Group gap="xs">
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Text size="sm" aria-current="page">
          {t('pager.page', { page, count: pageCount })}
        </Text>
        <Button variant="default" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Button>
      </Group>
      <Select
        label={t('pager.pageSize')}
        data={sizes}
        value={String(pageSize)}
        onChange={(value) => value && onPageSize(Number(value))}
        allowDeselect={false}
        w={160}
        size="sm"
      />
    </Group>
  );
}
