import { useTranslation } from '../../../i18n/use-translation';
import classes from './offers.module.css';

/** "+1" after an arrival time on a later calendar day, spelled out for screen readers. */
export function DayShiftMarker({ days }: { days: number }) {
  const { t } = useTranslation('offers');
  if (days === 0) return null;
  const label = days === 1 ? t('card.dayAfter') : days > 1 ? t('card.daysAfter', { count: days }) : t('card.dayBefore');
  return (
    <span className={classes.dayShift} title={label}>
      <span aria-hidden="true" dir="ltr">
        {days > 0 ? `+${days}` : `−${-days}`}
      </span>
      <span className={classes.visuallyHidden}>{label}</span>
    </span>
  );
}
