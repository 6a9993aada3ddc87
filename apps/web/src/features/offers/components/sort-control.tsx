import { memo } from 'react';
import type { SortOrder } from '@kwenda/contracts';
import { sortOrders } from '@kwenda/contracts/rules';
import { useTranslation } from '../../../i18n/use-translation';
import { RadioChoices } from '../../../components/radio-choices';
import classes from './sort-control.module.css';

/**
 * Sort order: lowest price / fastest, as radio buttons drawn as two segments. Changing it re-runs
 * the search. Mantine's SegmentedControl measured its indicator on mount: a forced layout of 58 ms
 * in the offers page's first render on a slow phone.
 */
export const SortControl = memo(function SortControl({
  value,
  onChange,
}: {
  value: SortOrder;
  onChange: (order: SortOrder) => void;
}) {
  const { t } = useTranslation('offers');
  return (
    <RadioChoices
      legend={t('sort.label')}
      options={sortOrders.map((order) => ({ value: order, label: t(`sort.${order}`) }))}
      value={value}
      onChange={onChange}
      classNames={{ root: classes.sort!, legend: classes.legend!, choices: classes.track!, choice: classes.segment! }}
    />
  );
});
