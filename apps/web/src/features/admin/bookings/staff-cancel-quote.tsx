import type { CancellationQuoteView } from '@kwenda/contracts';
import { deskActionResponseSchema } from '@kwenda/contracts/admin';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import { ApiErrorAlert } from '../components/api-error-alert';
import { adminRequest } from '../lib/admin-api';
import { formatInstant } from './booking-display';

/** The airline's refund quote for cancelling a ticketed booking, asked when the cancel dialog opens. */
export function useStaffCancellationQuote(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'booking', bookingId, 'cancellation-quote'],
    queryFn: async () => {
      // The traveller's contracts stay out of the desk's first download.
      const { cancellationQuoteResponseSchema } = await import('@kwenda/contracts');
      return adminRequest(
        `/admin/bookings/${encodeURIComponent(bookingId)}/cancellation-quote`,
        cancellationQuoteResponseSchema,
        {
          method: 'POST',
          body: {},
        },
      );
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Cancels at the quote shown, with the staff member's reason. */
export function useCancelAtQuote(bookingId: string, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; quoteId: string }) =>
      adminRequest(`/admin/bookings/${encodeURIComponent(bookingId)}/cancellation`, deskActionResponseSchema, { body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['admin'] });
      onDone();
    },
  });
}

/** The refund the airline quotes, as the desk reads it before confirming a cancellation. */
export function StaffCancellationQuote({ query }: { query: ReturnType<typeof useStaffCancellationQuote> }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  if (query.isPending) return <Loader size="sm" role="status" aria-label={t('cancelQuote.loading')} />;
  if (query.isError) return <ApiErrorAlert error={query.error} />;
  const quote: CancellationQuoteView = query.data.quote;
  return (
    <Alert color="orange" title={t('cancelQuote.title')} data-testid="staff-cancellation-quote">
      <Stack gap={4}>
        <Text size="sm">
          {t('cancelQuote.refund')}{' '}
          <strong>
            <bdi>
              {quote.refundAmount !== null
                ? formatPrice(quote.refundAmount, quote.currency, language)
                : `${quote.supplierRefundAmount.toFixed(2)} ${quote.supplierRefundCurrency}`}
            </bdi>
          </strong>
        </Text>
        <Text size="sm">
          {t('cancelQuote.airline')}{' '}
          <span dir="ltr">
            {quote.supplierRefundAmount.toFixed(2)} {quote.supplierRefundCurrency}
          </span>{' '}
          · {t(`cancelQuote.to.${quote.refundTo}`)}
        </Text>
        <Text size="xs" c="gray.7">
          {t('cancelQuote.validUntil', { time: formatInstant(quote.expiresAt, language) })}
        </Text>
      </Stack>
    </Alert>
  );
}
