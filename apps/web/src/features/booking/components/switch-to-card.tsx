import type { Booking } from '@kwenda/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDeadline } from '../../../lib/format/format-date';
import { usePayBooking } from '../api/booking-api';
import { useBookingErrorText } from '../lib/booking-error-text';

/**
 * A booking held for a transfer may be paid by card instead until it is paid: the seats stay held
 * to the same deadline. Not while a receipt waits for the agency (the money may already be on its
 * way: a card now could charge twice), and a fare the airline sells for immediate payment never gets here.
 */
export function SwitchToCard({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  const { codeText } = useBookingErrorText();
  const pay = usePayBooking(booking.id);
  const [failure, setFailure] = useState<string | null>(null);
  const reviewing = booking.receipts.some((r) => r.status === 'submitted');
  const deadline = booking.holdExpiresAt ? formatDeadline(booking.holdExpiresAt, i18n.language) : '';

  if (reviewing)
    return (
      <Text size="sm" data-testid="switch-to-card-reviewing">
        {t('codes.RECEIPT_UNDER_REVIEW')}
      </Text>
    );

  const switchToCard = () => {
    if (pay.isPending) return;
    setFailure(null);
    pay.mutate(
      { payLater: false },
      {
        onSuccess: ({ booking: byCard }) => {
          if (byCard.paymentLink) window.location.assign(byCard.paymentLink);
        },
        onError: (error) =>
          setFailure(error instanceof ApiRequestError && error.body ? codeText(error.code) : tErrors('network')),
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="switch-to-card-title">
      <Text fw={700} id="switch-to-card-title">
        {t('final.switchTitle')}
      </Text>
      <Text size="sm">{t('final.switchBody', { time: deadline })}</Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Button variant="default" onClick={switchToCard} loading={pay.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('final.switchToCard')}
      </Button>
    </Stack>
  );
}
