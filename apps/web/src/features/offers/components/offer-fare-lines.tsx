import type { Offer, OfferFare } from '@kwenda/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { OfferFormat } from '../hooks/use-offer-format';
import classes from './offers.module.css';

const fareKey = {
  adult: 'details.fareAdults',
  child: 'details.fareChildren',
  infant: 'details.fareInfants',
} as const satisfies Record<OfferFare['passengerType'], string>;

/**
 * The offer's total split by traveller type (adults × 2, children × 1, ...), with the bags the price
 * covers: the same lines, in the same amounts, as the booking page's price summary.
 */
export function OfferFareLines({ offer, format }: { offer: Offer; format: OfferFormat }) {
  const { t } = useTranslation('offers');
  const { hold, carryOn } = offer.baggage;
  const bags = [
    hold.quantity > 0 &&
      (hold.weight > 0
        ? t('baggage.hold', { quantity: hold.quantity, weight: hold.weight })
        : t('baggage.holdNoWeight', { quantity: hold.quantity })),
    carryOn.quantity > 0 &&
      (carryOn.weight > 0
        ? t('baggage.carryOn', { quantity: carryOn.quantity, weight: carryOn.weight })
        : t('baggage.carryOnNoWeight', { quantity: carryOn.quantity })),
  ].filter(Boolean);
  return (
    <>
      {offer.fares.map((fare) => (
        <div key={fare.passengerType} className={classes.summaryRow} data-testid={`fare-${fare.passengerType}`}>
          <Text size="sm">{t(fareKey[fare.passengerType], { count: fare.count })}</Text>
          <Text size="sm">{format.price(fare.amount, offer.currency)}</Text>
        </div>
      ))}
      {bags.length > 0 && (
        <Text size="xs" c="gray.7">
          {t(
            offer.fares.some((fare) => fare.passengerType === 'infant') ? 'details.bagsInPriceNoInfants' : 'details.bagsInPrice',
            {
              bags: bags.join(format.language === 'ar' ? '، ' : ', '),
            },
          )}
        </Text>
      )}
    </>
  );
}
