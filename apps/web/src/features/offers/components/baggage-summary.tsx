import type { Offer } from '@kwenda/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import { CabinBagIcon, SuitcaseIcon } from './offer-icons';
import classes from './offers.module.css';

/** Included baggage: checked pieces × weight and the cabin bag. */
export function BaggageSummary({ baggage }: { baggage: Offer['baggage'] }) {
  const { t } = useTranslation('offers');
  /** None, pieces × weight, or pieces alone when the airline gives no weight. */
  const text = (kind: 'hold' | 'carryOn') => {
    const { quantity, weight } = baggage[kind];
    if (quantity === 0) return t(`baggage.${kind}None`);
    return weight > 0 ? t(`baggage.${kind}`, { quantity, weight }) : t(`baggage.${kind}NoWeight`, { quantity });
  };
  return (
    <div className={classes.baggage}>
      <p className={classes.baggageItem}>
        <SuitcaseIcon size={16} />
        {text('hold')}
      </p>
      <p className={classes.baggageItem}>
        <CabinBagIcon size={16} />
        {text('carryOn')}
      </p>
    </div>
  );
}
