import { tripTypes, type TripType } from '@kwenda/contracts/rules';
import { useTranslation } from '../../i18n/use-translation';
import { RadioChoices } from '../../components/radio-choices';
import classes from './trip-type-control.module.css';

/** One-way, round trip or multi-city, as radio buttons drawn as pills. */
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
  return (
    <RadioChoices
      legend={t('tripType.legend')}
      legendHidden
      options={tripTypes.map((tripType) => ({ value: tripType, label: t(`tripType.${tripType}`) }))}
      value={value}
      onChange={onChange}
      classNames={{ root: classes.root!, choices: classes.group!, choice: classes.pill! }}
      size={size}
    />
  );
}
