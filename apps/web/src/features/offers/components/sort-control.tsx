import { sortOrders, type SortOrder } from '@kwenda/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './sort-control.module.css';

/**
 * Sort order: lowest price / fastest, as native radio buttons drawn as two segments (arrow keys move
 * between them as usual). Changing it re-runs the search. Mantine's SegmentedControl measured its
 * indicator on mount: a forced layout of 58 ms in the offers page's first render on a slow phone.
 */
export function SortControl({ value, onChange }: { value: SortOrder; onChange: (order: SortOrder) => void }) {
  const { t } = useTranslation('offers');
  const name = useId();
  return (
    <fieldset className={classes.sort}>
      <legend className={classes.legend}>{t('sort.label')}</legend>
      <div className={classes.track}>
        {sortOrders.map((order) => (
          <label key={order} className={classes.segment}>
            <input
              type="radio"
              name={name}
              value={order}
              checked={value === order}
              onChange={() => onChange(order)}
              className={classes.radio}
            />
            <span>{t(`sort.${order}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
