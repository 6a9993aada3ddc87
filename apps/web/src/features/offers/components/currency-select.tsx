import type { Currency } from '@kwenda/contracts';
import { currencies } from '@kwenda/contracts/rules';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { usePublicConfig } from '../../../lib/public-config';

/** Currency of the prices shown (SDG by default); changing it re-runs the search. */
export function CurrencySelect({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  const { t } = useTranslation('offers');
  const { data: config } = usePublicConfig();
  const offered = config?.currencies.length ? config.currencies : currencies;
  return (
    <NativeSelect
      label={t('currency.label')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as Currency)}
      data={offered.map((code) => ({ value: code, label: t(`currency.${code}`) }))}
      miw={210}
    />
  );
}
