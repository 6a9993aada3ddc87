import type { Offer } from '@kwenda/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { CabinBagIcon, SuitcaseIcon } from './offer-icons';
import classes from './offers.module.css';

/** Included baggage: checked pieces × weight and the cabin bag. */
export function BaggageSummary({ baggage }: { baggage: Offer['baggage'] }) {
  const { t } = useTranslation('offers');
  const { hold, carryOn } = baggage;
  const holdText =
    hold.quantity === 0
      ? t('baggage.holdNone')
      : hold.weight > 0
        ? t('baggage.hold', { quantity: hold.quantity, weight: hold.weight })
        : t('baggage.holdNoWeight', { quantity: hold.quantity });
  const carryOnText =
    carryOn.quantity === 0
      ? t('baggage.carryOnNone')
      : carryOn.weight > 0
        ? t('baggage.carryOn', { quantity: carryOn.quantity, weight: carryOn.weight })
        : t('baggage.carryOnNoWeight', { quantity: carryOn.quantity });
  return (
    <div className={classes.baggage}>
      <Text size="xs" c="gray.7" className={classes.baggageItem}>
        <SuitcaseIcon size={16} />
        {holdText}
      </Text>
      <Text size="xs" c="gray.7" className={classes.baggageItem}>
        <CabinBagIcon size={16} />
        {carryOnText}
      </Text>
    </div>
  );
}
