import type { Booking, CancellationQuoteView } from '@kwenda/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline } from '../../../lib/format/format-date';
import { formatPrice } from '../../../lib/format/format-price';
import { bookingKey } from '../api/booking-api';
import { bookingRequest } from '../api/booking-contracts';
import { useBookingErrorText } from '../lib/booking-error-text';
import { ConfirmBox } from './confirm-box';

/** The two calls of cancelling for a refund: the airline's quote, then its confirmation. */
export function useCancellation(id: string) {
  const client = useQueryClient();
  const quote = useMutation({
    mutationFn: () =>
      bookingRequest(`/bookings/${encodeURIComponent(id)}/cancellation-quote`, (c) => c.cancellationQuoteResponseSchema, {
        method: 'POST',
        body: {},
      }),
  });
  const confirm = useMutation({
    mutationFn: (quoteId: string) =>
      bookingRequest(`/bookings/${encodeURIComponent(id)}/cancellation`, (c) => c.bookingResponseSchema, {
        method: 'POST',
        body: { quoteId },
      }),
    onSuccess: ({ booking }) => {
      client.setQueryData(bookingKey(id), booking);
      void client.invalidateQueries({ queryKey: ['airline-change', id] });
    },
  });
  return { quote, confirm };
}

/** The refund as the traveller reads it: in the booking's currency, else as the airline states it. */
export function refundText(quote: CancellationQuoteView, language: string): string {
  return quote.refundAmount !== null
    ? formatPrice(quote.refundAmount, quote.currency, language)
    : `${quote.supplierRefundAmount.toFixed(2)} ${quote.supplierRefundCurrency}`;
}

/**
 * Cancelling for a refund, in two steps: "Cancel and get a refund" asks the airline what it would
 * refund now (nothing changes yet), the amount is shown, and only "Confirm the cancellation" cancels.
 */
export function CancellationQuote({
  booking,
  label,
  variant = 'default',
}: {
  booking: Booking;
  label: string;
  variant?: 'default' | 'outline' | 'light' | 'subtle';
}) {
  const { t, i18n } = useTranslation('booking');
  const { quote, confirm } = useCancellation(booking.id);
  const [shown, setShown] = useState<CancellationQuoteView | null>(null);
  const errorText = useBookingErrorText().errorText(quote.error ?? confirm.error);

  if (!shown)
    return (
      <Stack gap="xs">
        <Button
          variant={variant}
          color="red"
          loading={quote.isPending}
          onClick={() => quote.mutate(undefined, { onSuccess: ({ quote: q }) => setShown(q) })}
        >
          {label}
        </Button>
        {errorText && (
          <Alert color="red" role="alert">
            {errorText}
          </Alert>
        )}
      </Stack>
    );

  return (
    <ConfirmBox
      title={t('cancelRefund.quoteTitle')}
      testId="cancellation-quote"
      errorText={errorText}
      confirmLabel={t('cancelRefund.confirm')}
      pending={confirm.isPending}
      onConfirm={() => confirm.mutate(shown.id)}
      onKeep={() => setShown(null)}
    >
      <Text size="sm">
        {t('cancelRefund.amount')}{' '}
        {/* Isolated, in the amount's own direction: forced left-to-right, "0 ج.س." showed as ".0 ج.س". */}
        <strong data-testid="refund-amount">
          <bdi>{refundText(shown, i18n.language)}</bdi>
        </strong>
      </Text>
      <Text size="sm">{t(`cancelRefund.to.${shown.refundTo}`)}</Text>
      <Text size="sm" c="gray.7">
        {t('cancelRefund.validUntil', { time: formatDeadline(shown.expiresAt, i18n.language) })}
      </Text>
      <Text size="sm">{t('cancelRefund.final')}</Text>
    </ConfirmBox>
  );
}
