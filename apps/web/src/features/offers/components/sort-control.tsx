import { sortOrders, type SortOrder } from '@kwenda/contracts';
import { SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './offers.module.css';

/** Sort tabs: lowest price / fastest. Changing them re-runs the search. */
export function SortControl({ value, onChange }: { value: SortOrder; onChange: (order: SortOrder) => void }) {
  const { t } = useTranslation('offers');
  const labelId = useId();
  return (
    <div className={classes.sort}>
      <Text component="div" size="sm" fw={600} mb={4} id={labelId}>
        {t('sort.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as SortOrder)}
        data={sortOrders.map((order) => ({ value: order, label: t(`sort.${order}`) }))}
        color="teal"
        fullWidth
      />
    </div>
  );
}
