import type { BookingMessage } from '@kwenda/contracts';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IconChat, IconMail } from '../../../components/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { usePublicConfig } from '../../../lib/public-config';
import { ApiErrorAlert } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import { adminRequest } from '../lib/admin-api';
import { formatShortInstant, tintedBadge } from './booking-display';

const messagesKey = (bookingId: string) => ['admin', 'booking', bookingId, 'messages'] as const;

export function useBookingMessages(bookingId: string) {
  return useQuery({
    queryKey: messagesKey(bookingId),
    queryFn: async ({ signal }) => {
      // The traveller's contracts stay out of the desk's first download.
      const { bookingMessagesResponseSchema } = await import('@kwenda/contracts');
      return adminRequest(`/admin/bookings/${encodeURIComponent(bookingId)}/messages`, bookingMessagesResponseSchema, { signal });
    },
    staleTime: 5_000,
  });
}

function useResendETicket(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { resendETicketResponseSchema } = await import('@kwenda/contracts');
      return adminRequest(`/admin/bookings/${encodeURIComponent(bookingId)}/messages/e-ticket`, resendETicketResponseSchema, {
        method: 'POST',
        body: {},
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: messagesKey(bookingId) }),
  });
}

const STATUS_COLORS: Record<BookingMessage['status'], string> = {
  pending: 'yellow',
  held: 'gray',
  sent: 'blue',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
  skipped: 'gray',
};

/** The e-mails' kinds the catalog names (the rest read "Message"). */
const EMAIL_KINDS = new Set([
  'held',
  'held-agency',
  'receipt-agency',
  'paid',
  'e-ticket',
  'e-ticket-resend',
  'canceled',
  'staff-canceled',
  'receipt-rejected',
  'hold-extended',
  'refund',
  'airline-change',
  'traveller-canceled',
]);
const TEMPLATES = new Set([
  'hold_confirmation',
  'hold_reminder',
  'receipt_approved',
  'receipt_rejected',
  'e_ticket',
  'schedule_change',
  'sign_in_code',
]);
/** The Cloud API's error codes the desk explains in words. */
const KNOWN_ERRORS = new Set([131026, 131047, 130429, 132001, 132015]);

function MessageRow({ message, language }: { message: BookingMessage; language: string }) {
  const { t } = useTranslation('admin-bookings');
  const whatsapp = message.channel === 'whatsapp';
  const kind = whatsapp
    ? t(
        `messages.templates.${message.kind && TEMPLATES.has(message.kind) ? message.kind : 'other'}` as 'messages.templates.other',
      )
    : t(`emails.kinds.${message.kind && EMAIL_KINDS.has(message.kind) ? message.kind : 'other'}` as 'emails.kinds.other');
  const times: [string, string | null][] = [
    ['messages.times.created', message.createdAt],
    ['messages.times.sent', message.sentAt],
    ['messages.times.delivered', message.deliveredAt],
    ['messages.times.read', message.readAt],
  ];
  const Icon = whatsapp ? IconChat : IconMail;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      id={`message-${message.id}`}
      data-testid="message-row"
      data-channel={message.channel}
      data-status={message.status}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Icon size={18} style={{ color: whatsapp ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-blue-8)' }} />
            <Text fw={600}>
              <span>{t(`messages.channels.${message.channel}`)}</span>
              {' · '}
              {kind}
            </Text>
          </Group>
          <Badge color={STATUS_COLORS[message.status] ?? 'gray'} {...tintedBadge}>
            {t(`messages.statuses.${message.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('emails.to')}: <bdi dir="ltr">{message.to}</bdi>
        </Text>
        <Text size="sm" c="gray.7">
          {times
            .filter((entry): entry is [string, string] => entry[1] !== null)
            .map(([key, time]) => t(key as 'messages.times.sent', { time: formatShortInstant(time, language) }))
            .join(' · ')}{' '}
          {t('messages.khartoum')}
          {message.attempts > 1 ? ` · ${t('emails.attempts', { count: message.attempts })}` : ''}
        </Text>
        {message.status === 'failed' && (
          <Text size="sm" c="red.8">
            {message.errorCode !== null
              ? KNOWN_ERRORS.has(message.errorCode)
                ? t(`messages.errorCodes.${message.errorCode}` as 'messages.errorCodes.131026', { code: message.errorCode })
                : t('messages.errorCodes.other', { code: message.errorCode })
              : message.lastError
                ? t('emails.error', { error: message.lastError })
                : t('messages.failedUnknown')}
          </Text>
        )}
        {message.fallbackFor && (
          <Text size="sm">
            <Anchor href={`#message-${message.fallbackFor}`} size="sm">
              {t('messages.fallbackFor')}
            </Anchor>
          </Text>
        )}
        {message.requestedBy && (
          <Text size="sm" c="gray.7">
            {t('messages.requestedBy', { name: message.requestedBy })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Every message of the booking on every channel, newest first, each with its delivery status (a
 * failed WhatsApp message's error in words, the e-mail held as its fallback), and the e-ticket sent
 * again on WhatsApp after a confirmation.
 */
export function MessagesSection({ bookingId, ticketed }: { bookingId: string; ticketed: boolean }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const query = useBookingMessages(bookingId);
  const resend = useResendETicket(bookingId);
  const [confirming, setConfirming] = useState(false);
  const whatsappOff = usePublicConfig().data?.whatsappMessages === false;
  const data = query.data;

  if (!data) {
    if (query.error) return <ApiErrorAlert error={query.error} />;
    return <Loader size="sm" role="status" aria-label={t('list.loading')} />;
  }

  // Why the e-ticket cannot go on WhatsApp now, if it cannot.
  const blocked = whatsappOff
    ? t('messages.resend.notConfigured')
    : !ticketed
      ? t('messages.resend.notTicketed')
      : data.optedOut
        ? t('messages.resend.optedOut')
        : !data.whatsapp
          ? t('messages.resend.noNumber')
          : null;

  return (
    <Stack gap="sm" data-testid="booking-messages">
      <Text size="sm">
        {data.whatsapp ? (
          <>
            {t('messages.whatsappTo')} <bdi dir="ltr">{data.whatsapp}</bdi>
            {' · '}
            {data.optedOut ? t('messages.optedOut') : data.whatsappUpdates ? t('messages.updatesOn') : t('messages.updatesOff')}
          </>
        ) : (
          t('messages.noWhatsapp')
        )}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          disabled={blocked !== null}
          aria-describedby={blocked ? 'resend-blocked' : undefined}
          onClick={() => {
            resend.reset();
            setConfirming(true);
          }}
          data-testid="resend-e-ticket"
        >
          {t('messages.resend.button')}
        </Button>
        {blocked && (
          <Text size="sm" c="gray.7" id="resend-blocked">
            {blocked}
          </Text>
        )}
      </Group>
      {resend.isSuccess && (
        <Text size="sm" c="teal.8" role="status">
          {t('messages.resend.done')}
        </Text>
      )}
      {data.messages.length === 0 ? (
        <Text size="sm">{t('messages.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.messages.map((message) => (
            <MessageRow key={message.id} message={message} language={i18n.language} />
          ))}
        </Stack>
      )}
      {confirming && (
        <FormDialog
          title={t('messages.resend.title')}
          onClose={() => setConfirming(false)}
          onSubmit={() => resend.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          pending={resend.isPending}
          error={resend.error}
          confirmLabel={t('messages.resend.confirm')}
        >
          <Text size="sm">
            {t('messages.resend.body')} <bdi dir="ltr">{data.whatsapp}</bdi>
          </Text>
        </FormDialog>
      )}
    </Stack>
  );
}
