import { bookingResponseSchema, type Booking } from '@kwenda/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { bookingKey } from '../api/booking-api';

/**
 * Cancelling a booking held for payment, before it is paid: the seats are released and nothing is
 * owed. Asked once more before it is done. While the agency checks a transfer receipt it cannot be
 * cancelled here (the money may have arrived): the traveller is told to wait or contact the agency.
 */
export function CancelHold({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () =>
      apiRequest(`/bookings/${encodeURIComponent(booking.id)}/hold-cancellation`, bookingResponseSchema, {
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
    error instanceof ApiRequestError
      ? error.code === 'RECEIPT_UNDER_REVIEW'
        ? t('cancelHold.underReview')
        : t(`codes.${error.code}` as never, {
            defaultValue: tErrors(`codes.${error.code}` as never, { defaultValue: tErrors('unexpected') }),
          })
      : error
        ? tErrors('network')
        : null;

  if (!asking)
    return (
      <Button variant="subtle" color="red" style={{ alignSelf: 'flex-start' }} onClick={() => setAsking(true)}>
        {t('cancelHold.offer')}
      </Button>
    );
  return (
    <Alert
      color="orange"
      role="status"
      title={t('cancelHold.title')}
      data-testid="cancel-hold"
      // Mantine's orange title is too pale on the light orange background to read (WCAG AA).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('cancelHold.body')}</Text>
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
        <Group gap="sm">
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('cancelHold.confirm')}
          </Button>
          <Button variant="default" disabled={cancel.isPending} onClick={() => setAsking(false)}>
            {t('cancelRefund.keep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
