import type { Offer } from '@kwenda/contracts';
import { Button } from '@mantine/core';
import { memo, useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { OfferFormat } from '../hooks/use-offer-format';
import { BaggageSummary } from './baggage-summary';
import { FareConditionBadges } from './fare-conditions';
import { OfferSliceSummary } from './offer-slice-summary';
import { CalendarIcon } from './offer-icons';
import classes from './offers.module.css';
import { sliceLabel } from './slice-label';

interface OfferCardProps {
  offer: Offer;
  format: OfferFormat;
  travellers: number;
  /** Alternative-date suggestion: its date is shown first and emphasised. */
  suggestion?: boolean;
  onBook: (offer: Offer) => void;
  onDetails: (offer: Offer) => void;
  /** This offer's booking is being created. */
  booking?: boolean;
  /** False offline: the offer is shown, its booking waits for a connection. */
  bookable?: boolean;
}

/**
 * One offer: each slice stacked, baggage, total price, book and details. Its text is plain elements styled by
 * offers.module.css rather than Mantine's Text, Badge, Paper and VisuallyHidden, which the card used twenty
 * times: rendering a card took less than half as long without them, and the cards are most of what the
 * offers page renders as the airlines answer. The buttons stay Mantine's.
 */
export const OfferCard = memo(function OfferCard({
  offer,
  format,
  travellers,
  suggestion = false,
  onBook,
  onDetails,
  booking = false,
  bookable = true,
}: OfferCardProps) {
  const { t } = useTranslation('offers');
  const priceId = useId();
  const price = format.price(offer.price, offer.currency);
  return (
    <article className={classes.card} data-slices={Math.min(offer.slices.length, 2)} aria-describedby={priceId}>
      {suggestion && (
        <div className={classes.suggestionBanner}>
          <CalendarIcon size={18} />
          <p className={classes.suggestionLabel}>{t('suggestions.badge')}</p>
          <p className={classes.suggestionDate}>{format.date(offer.slices[0]!.departureDate, 'long')}</p>
        </div>
      )}
      <div className={classes.cardBody}>
        <div className={classes.slices}>
          {offer.slices.map((slice, index) => (
            <OfferSliceSummary key={index} slice={slice} label={sliceLabel(t, offer.tripType, index)} format={format} />
          ))}
          <BaggageSummary baggage={offer.baggage} />
          <FareConditionBadges conditions={offer.conditions} />
        </div>
        <div className={classes.aside}>
          <div id={priceId}>
            <p className={classes.note}>{t('card.price')}</p>
            <div className={classes.price}>{price}</div>
            {/* The price is the whole party's: said with the number, so nobody reads it as each. */}
            {travellers > 1 && <p className={classes.note}>{t('card.forTravellers', { count: travellers })}</p>}
            {/* The airline sells it for immediate payment only: said before Book, not at the payment step. */}
            {offer.instantPaymentOnly && <p className={classes.note}>{t('card.payNowOnly')}</p>}
          </div>
          <div className={classes.asideActions}>
            <Button
              onClick={() => onBook(offer)}
              loading={booking}
              disabled={!bookable}
              aria-label={t('card.bookLabel', { price })}
            >
              {t('card.book')}
            </Button>
            <Button variant="default" onClick={() => onDetails(offer)} aria-label={t('card.detailsLabel', { price })}>
              {t('card.details')}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
});
