import type { Booking } from '@kwenda/contracts';
import { Alert, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { isNetworkError } from '../../../lib/api-client';
import { useBookingWhatsApp } from '../api/booking-api';
import { maskPhone } from '../lib/mask-phone';
import { memo } from 'react';

/** Splits a translated sentence at {{phone}} so the number sits in it whole and left to right. */
function WithNumber({ sentence, number }: { sentence: (phone: string) => string; number: string }) {
  const [before, after = ''] = sentence('\u0000').split('\u0000');
  return (
    <>
      {before}
      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
        {number}
      </bdi>
      {after}
    </>
  );
}

/**
 * The booking's WhatsApp updates, on or off, to the number given on the contact step. A number that
 * replied STOP gets nothing more until it writes START: the page says so rather than offer a switch
 * that would change nothing.
 */
export const WhatsAppUpdates = memo(function WhatsAppUpdates({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking');
  const toggle = useBookingWhatsApp(booking.id);
  const number = booking.whatsapp ?? booking.mobile;
  if (!number) return null;
  const shown = maskPhone(number);
  // The choice being saved, else the one just saved (the booking's copy follows), else the booking's.
  const on = toggle.isPending ? toggle.variables : toggle.isSuccess ? toggle.data.whatsappUpdates : booking.whatsappUpdates;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="whatsapp-updates-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Text fw={700} id="whatsapp-updates-title">
            <WithNumber sentence={(phone) => t('whatsappUpdates.line', { phone })} number={shown} />
          </Text>
          {!booking.whatsappOptedOut && (
            <Switch
              checked={on}
              disabled={toggle.isPending}
              onChange={(e) => toggle.mutate(e.currentTarget.checked)}
              label={on ? t('whatsappUpdates.on') : t('whatsappUpdates.off')}
              aria-describedby="whatsapp-updates-title"
              data-testid="booking-whatsapp-toggle"
              size="md"
              labelPosition="left"
              styles={{ label: { whiteSpace: 'nowrap' } }}
            />
          )}
        </Group>
        {booking.whatsappOptedOut ? (
          <Text size="sm" role="status" data-testid="booking-whatsapp-opted-out">
            {t('whatsappUpdates.optedOut')}
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            {on ? t('whatsappUpdates.onHint') : t('whatsappUpdates.offHint')}
          </Text>
        )}
        {toggle.isError && (
          <Alert color="red" role="alert">
            {isNetworkError(toggle.error) ? t('errors:network' as never) : t('whatsappUpdates.failed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
});
