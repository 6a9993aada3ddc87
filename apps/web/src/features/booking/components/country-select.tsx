import type { Country } from '@kwenda/contracts';
import { Select, type ComboboxItem } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { searchCountries } from '../lib/country-search';

interface CountrySelectProps {
  label: string;
  countries: readonly Country[];
  value: string;
  onChange: (code: string) => void;
  error?: string;
  required?: boolean;
}

/** A country, searchable by code first, then English name, then Arabic name. */
export function CountrySelect({ label, countries, value, onChange, error, required }: CountrySelectProps) {
  const { t, i18n } = useTranslation('booking');
  const data = useMemo(
    () => countries.map((c) => ({ value: c.code, label: i18n.language === 'ar' ? c.nameAr : c.nameEn })),
    [countries, i18n.language],
  );
  const filter = ({ options, search }: { options: ComboboxItem[]; search: string }) => {
    const order = searchCountries(countries, search, 60).map((c) => c.code);
    const rank = new Map(order.map((code, index) => [code, index]));
    return (options as ComboboxItem[]).filter((o) => rank.has(o.value)).sort((a, b) => rank.get(a.value)! - rank.get(b.value)!);
  };
  return (
    <Select
      label={label}
      placeholder={t('fields.countryPlaceholder')}
      nothingFoundMessage={t('fields.noCountry')}
      data={data}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      searchable
      clearable={false}
      filter={filter as never}
      limit={60}
      error={error}
      required={required}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => `${option.label} (${option.value})`}
    />
  );
}
