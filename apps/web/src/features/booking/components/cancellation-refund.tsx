import type { Booking } from '@kwenda/contracts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import classes from './booking.module.css';

/** A booking cancelled at the airline's quote; else released before payment or cancelled by the agency (no quote). */
export const releasedHold = (booking: Booking) =>
  booking.statusTrigger === 'traveller-canceled' && !!booking.cancellation && booking.cancellation.refundTo === null;

/**
 * What a cancellation left the traveller, after it: what they paid, the cancellation fees, the refund,
 * and when and how it is sent (or that it was). Nothing when nothing was paid.
 */
export function CancellationRefund({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking');
  const money = booking.cancellation;
  if (!money || money.paid <= 0) return null;
  const amount = (value: number) => <bdi>{formatPrice(value, money.currency, i18n.language)}</bdi>;
  const settled = money.owed > 0 && money.refunded >= money.owed;
  return (
    <Stack gap={4} data-testid="cancellation-refund" aria-label={t('cancelled.title')} role="group">
      <div className={classes.summaryRow}>
        <span>{t('cancelled.paid')}</span>
        {amount(money.paid)}
      </div>
      {money.airlineFee > 0 ? (
        <div className={classes.summaryRow}>
          <span>{t('cancelled.airlineFee')}</span>
          {amount(money.airlineFee)}
        </div>
      ) : null}
      {money.agencyFee > 0 ? (
        <div className={classes.summaryRow}>
          <span>{t('cancelled.agencyFee')}</span>
          {amount(money.agencyFee)}
        </div>
      ) : null}
      <div className={classes.total}>
        <span>{t('cancelled.owed')}</span>
        <strong data-testid="refund-owed">{amount(money.owed)}</strong>
      </div>
      <Text size="sm">
        {money.owed <= 0
          ? t('cancelled.nothingOwed')
          : settled
            ? t('cancelled.refunded')
            : money.refunded > 0
              ? t('cancelled.partly', { amount: formatPrice(money.refunded, money.currency, i18n.language) })
              : t('cancelled.how')}
      </Text>
    </Stack>
  );
}
