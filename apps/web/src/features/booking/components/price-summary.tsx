import type { Booking } from '@kwenda/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { ExtrasTotal } from '../lib/baggage-selection';
import { BookingFareConditions } from './booking-fare-conditions';
import classes from './booking.module.css';
import { SectionCard } from '../../../components/section-card';
import { memo } from 'react';

/**
 * Fares per passenger type, extra bags, total with currency. `extras` are the bags
 * picked on the page right now (the server's priceBreakdown has the ones saved).
 */
export const PriceSummary = memo(function PriceSummary({
  booking,
  extras,
  price,
}: {
  booking: Booking;
  extras: ExtrasTotal;
  price: (amount: number) => string;
}) {
  const { t } = useTranslation('booking');
  const b = booking.priceBreakdown;
  const total = b.total - b.hold.amount - b.carryOn.amount + extras.hold.amount + extras.carryOn.amount;
  const rows: [string, number][] = [];
  if (b.adults.count) rows.push([t('summary.adults', { count: b.adults.count }), b.adults.amount]);
  if (b.children.count) rows.push([t('summary.children', { count: b.children.count }), b.children.amount]);
  if (b.infants.count) rows.push([t('summary.infants', { count: b.infants.count }), b.infants.amount]);
  if (extras.hold.count) rows.push([t('summary.hold', { count: extras.hold.count }), extras.hold.amount]);
  if (extras.carryOn.count) rows.push([t('summary.carryOn', { count: extras.carryOn.count }), extras.carryOn.amount]);
  return (
    <SectionCard titleId="price-summary-title" title={t('summary.title')} gap="xs">
      {rows.map(([label, amount]) => (
        <div key={label} className={classes.summaryRow}>
          <span>{label}</span>
          <span>{price(amount)}</span>
        </div>
      ))}
      <div className={classes.total} aria-live="polite">
        <span>{t('summary.total')}</span>
        <span data-testid="booking-total">{price(Math.round(total * 100) / 100)}</span>
      </div>
      <Text size="xs" c="gray.7">
        {t('summary.currencyNote', { currency: booking.currency })}
      </Text>
      <BookingFareConditions conditions={booking.conditions} travellers={booking.passengers.length} price={price} />
    </SectionCard>
  );
});
