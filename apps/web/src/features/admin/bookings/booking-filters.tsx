import {
  adminBookingSorts,
  adminPaymentMethodFilters,
  bookingCustomers,
  supplierChangeFilters,
  type AdminBookingSort,
  type AdminPaymentMethodFilter,
  type BookingCustomer,
  type SortOrder,
  type SupplierChangeFilter,
} from '@kwenda/contracts/admin';
import { bookingStatuses, type BookingStatus } from '@kwenda/contracts/rules';
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { airportCity, useAirports } from '../../../lib/airports';
import { DEFAULT_PARAMS, withFilters, type BookingListParams } from './booking-list-params';

/**
 * The table's filters: status (several), payment method, account or guest, the days it was made on
 * (Khartoum), route, referral code and airline change; on a phone, the sort too (the table's headings sort on a
 * desktop). Each change applies at once and starts again at page 1.
 */
export function BookingFilters({
  params,
  onChange,
  withSort,
}: {
  params: BookingListParams;
  onChange: (next: BookingListParams) => void;
  withSort: boolean;
}) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const { airports } = useAirports();
  const set = (patch: Partial<BookingListParams>) => onChange(withFilters(params, patch));

  const airportOptions = useMemo(
    () =>
      airports
        .map((a) => ({ value: a.iataCode, label: `${airportCity(a, language, a.iataCode)} (${a.iataCode})` }))
        .sort((x, y) => x.label.localeCompare(y.label, language)),
    [airports, language],
  );
  // An airport in the address that the list does not know (yet) still shows as its code.
  const withCode = (code: string) =>
    code && !airportOptions.some((o) => o.value === code) ? [{ value: code, label: code }, ...airportOptions] : airportOptions;

  const [referral, setReferral] = useState(params.referralCode);
  useEffect(() => setReferral(params.referralCode), [params.referralCode]);
  const applyReferral = () => {
    const value = referral.trim();
    if (value === params.referralCode) return;
    if (value === '' || /^[A-Za-z0-9_-]{2,32}$/.test(value)) set({ referralCode: value });
  };

  const any = { value: '', label: t('filters.any') };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <MultiSelect
          label={t('filters.status')}
          placeholder={params.status.length ? undefined : t('filters.statusPlaceholder')}
          data={bookingStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={params.status}
          onChange={(value) => set({ status: value as BookingStatus[] })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('filters.paymentMethod')}
          data={[any, ...adminPaymentMethodFilters.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))]}
          value={params.paymentMethod ?? ''}
          onChange={(value) => set({ paymentMethod: (value || null) as AdminPaymentMethodFilter | null })}
          allowDeselect={false}
        />
        <Select
          label={t('filters.customer')}
          data={[any, ...bookingCustomers.map((c) => ({ value: c, label: t(`customers.${c}`) }))]}
          value={params.customer ?? ''}
          onChange={(value) => set({ customer: (value || null) as BookingCustomer | null })}
          allowDeselect={false}
        />
        <TextInput
          label={t('filters.referralCode')}
          value={referral}
          onChange={(event) => setReferral(event.currentTarget.value)}
          onBlur={applyReferral}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyReferral();
          }}
          maxLength={32}
          dir="ltr"
          autoComplete="off"
        />
        <Select
          label={t('filters.supplierChange')}
          data={[any, ...supplierChangeFilters.map((c) => ({ value: c, label: t(`supplierChanges.${c}`) }))]}
          value={params.supplierChange ?? ''}
          onChange={(value) => set({ supplierChange: (value || null) as SupplierChangeFilter | null })}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={t('filters.from')}
          value={params.from}
          max={params.to || undefined}
          onChange={(event) => set({ from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('filters.to')}
          value={params.to}
          min={params.from || undefined}
          onChange={(event) => set({ to: event.currentTarget.value })}
        />
        <Select
          label={t('filters.origin')}
          placeholder={t('filters.airportPlaceholder')}
          data={withCode(params.origin)}
          value={params.origin || null}
          onChange={(value) => set({ origin: value ?? '' })}
          searchable
          clearable
          limit={50}
        />
        <Select
          label={t('filters.destination')}
          placeholder={t('filters.airportPlaceholder')}
          data={withCode(params.destination)}
          value={params.destination || null}
          onChange={(value) => set({ destination: value ?? '' })}
          searchable
          clearable
          limit={50}
        />
        {withSort ? (
          <>
            <Select
              label={t('sort.label')}
              data={adminBookingSorts.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
              value={params.sort}
              onChange={(value) => onChange({ ...params, sort: (value ?? DEFAULT_PARAMS.sort) as AdminBookingSort, page: 1 })}
              allowDeselect={false}
            />
            <Select
              label={t('sort.order')}
              data={(['desc', 'asc'] as const).map((o) => ({ value: o, label: t(`sort.${o}`) }))}
              value={params.order}
              onChange={(value) => onChange({ ...params, order: (value ?? DEFAULT_PARAMS.order) as SortOrder, page: 1 })}
              allowDeselect={false}
            />
          </>
        ) : null}
      </SimpleGrid>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('filters.datesNote')}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() =>
            onChange({ ...DEFAULT_PARAMS, q: params.q, sort: params.sort, order: params.order, pageSize: params.pageSize })
          }
        >
          {t('filters.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
