import { tripTypes, type TripType } from '@kwenda/contracts/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './trip-type-control.module.css';

/** One-way, round trip or multi-city, as native radio buttons styled as pills (arrow keys work as usual). */
export function TripTypeControl({
  value,
  onChange,
  size = 'md',
}: {
  value: TripType;
  onChange: (tripType: TripType) => void;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('search');
  const name = useId();
  return (
    <fieldset className={classes.group} data-size={size}>
      <legend className={classes.legend}>{t('tripType.legend')}</legend>
      {tripTypes.map((tripType) => (
        <label key={tripType} className={classes.pill}>
          <input
            type="radio"
            name={name}
            value={tripType}
            checked={value === tripType}
            onChange={() => onChange(tripType)}
            className={classes.radio}
          />
          <span>{t(`tripType.${tripType}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
