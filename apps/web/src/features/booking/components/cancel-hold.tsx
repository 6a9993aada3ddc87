import type { Booking } from '@kwenda/contracts';
import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, memo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { bookingKey } from '../api/booking-api';
import { bookingRequest } from '../api/booking-contracts';
import { useBookingErrorText } from '../lib/booking-error-text';
import { ConfirmBox } from './confirm-box';

/**
 * Cancelling a booking held for payment, before it is paid: the seats are released and nothing is
 * owed. Asked once more before it is done. While the agency checks a transfer receipt it cannot be
 * cancelled here (the money may have arrived): the traveller is told to wait or contact the agency.
 */
export const CancelHold = memo(function CancelHold({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const { errorText: bookingErrorText } = useBookingErrorText();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () =>
      bookingRequest(`/bookings/${encodeURIComponent(booking.id)}/hold-cancellation`, (c) => c.bookingResponseSchema, {
        method: 'POST',
        body: {},
      }),
    onSuccess: ({ booking: canceled }) => client.setQueryData(bookingKey(booking.id), canceled),
  });
  if (booking.status !== 'pending-payment' || booking.access !== 'full') return null;
  if (booking.receipts.some((receipt) => receipt.status === 'submitted'))
    return (
      <Text size="sm" c="gray.7">
        {t('cancelHold.underReview')}
      </Text>
    );

  const error = cancel.error;
  const errorText =
    error instanceof ApiRequestError && error.code === 'RECEIPT_UNDER_REVIEW'
      ? t('cancelHold.underReview')
      : bookingErrorText(error);

  if (!asking)
    return (
      <Button variant="subtle" color="red" style={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
        {t('cancelHold.offer')}
      </Button>
    );
  return (
    <ConfirmBox
      title={t('cancelHold.title')}
      testId="cancel-hold"
      errorText={errorText}
      confirmLabel={t('cancelHold.confirm')}
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate()}
      onKeep={() => setAsking(false)}
    >
      <Text size="sm">{t('cancelHold.body')}</Text>
    </ConfirmBox>
  );
});
