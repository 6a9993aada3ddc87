import type { AdminActor, AdminBookingDetail } from '@kwenda/contracts/admin';
import { Badge, Button, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import { ApiErrorAlert } from '../components/api-error-alert';
import { PossibleFraudBanner, ReceiptReading } from '../desk/receipt-reading';
import { ReceiptSameFileAlert } from '../desk/receipt-same-file';
import { adminFileUrl } from '../lib/admin-api';
import { formatInstant, ltr, tintedBadge } from './booking-display';
import { EventDetails } from './event-details';
import classes from './bookings.module.css';

const STATUS_COLORS: Record<string, string> = {
  succeeded: 'green',
  accepted: 'green',
  sent: 'green',
  open: 'yellow',
  submitted: 'yellow',
  pending: 'yellow',
  failed: 'red',
  rejected: 'red',
  expired: 'gray',
  'refund-required': 'orange',
  refunded: 'grape',
};

function Tag({ color, children }: { color: string; children: string }) {
  return (
    <Badge color={color} {...tintedBadge}>
      {children}
    </Badge>
  );
}

/** A receipt shown inline on request (fetched with the staff token, never a public address). */
function ReceiptPreview({ receipt }: { receipt: AdminBookingDetail['receipts'][number] }) {
  const { t } = useTranslation('admin-bookings');
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ url: string; type: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let url: string | null = null;
    adminFileUrl(receipt.fileUrl.replace(/^\/api\/v1/, ''), controller.signal)
      .then((loaded) => {
        url = loaded.url;
        setFile(loaded);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      setFile(null);
    };
  }, [open, receipt.fileUrl]);
  return (
    <Stack gap="xs">
      <Group>
        <Button size="compact-sm" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t('payments.close') : t('payments.open')}
        </Button>
      </Group>
      {open && error ? <ApiErrorAlert error={error} /> : null}
      {open && file ? (
        file.type === 'application/pdf' ? (
          <iframe src={file.url} title={t('payments.receiptPdf', { name: receipt.fileName })} className={classes.receiptPdf} />
        ) : (
          <img src={file.url} alt={t('payments.receiptImage', { name: receipt.fileName })} className={classes.receiptImage} />
        )
      ) : null}
    </Stack>
  );
}

export function PaymentsSection({ detail }: { detail: AdminBookingDetail }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  return (
    <Stack gap="sm">
      {detail.payments.length === 0 ? <Text size="sm">{t('payments.none')}</Text> : null}
      {detail.payments.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{t(`payments.providers.${p.provider}`)}</Text>
            <Tag color={STATUS_COLORS[p.status] ?? 'gray'}>{t(`payments.statuses.${p.status}`)}</Tag>
          </Group>
          <Text size="sm">{formatPrice(p.amount, p.currency, language)}</Text>
          <Text size="sm">{formatInstant(p.createdAt, language)}</Text>
          {p.failureCode ? <Text size="sm">{t('payments.failure', { code: ltr(p.failureCode) })}</Text> : null}
          <Text size="xs">{t('payments.reference', { id: ltr(p.providerPaymentId ?? p.id) })}</Text>
        </Paper>
      ))}
      <Text fw={600} mt="xs">
        {t('payments.receipts')}
      </Text>
      {detail.receipts.length === 0 ? <Text size="sm">{t('payments.noReceipts')}</Text> : null}
      {detail.receipts.map((r) => (
        <Paper key={r.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={600} dir="ltr" className={classes.name}>
              {r.fileName}
            </Text>
            <Tag color={STATUS_COLORS[r.status] ?? 'gray'}>{t(`payments.receiptStatuses.${r.status}`)}</Tag>
          </Group>
          <Text size="sm">
            {t('payments.uploaded', { time: formatInstant(r.uploadedAt, language) })} ·{' '}
            {t('payments.size', { size: Math.max(1, Math.round(r.sizeBytes / 1024)) })}
          </Text>
          {r.reviewedAt ? (
            <Text size="sm">
              {t('payments.reviewed', {
                name: r.reviewedBy ?? t('timeline.actors.staffUnknown'),
                time: formatInstant(r.reviewedAt, language),
              })}
            </Text>
          ) : null}
          <Stack gap="xs" mt="xs">
            <PossibleFraudBanner reading={r.reading} />
            <ReceiptSameFileAlert sameFileAs={r.sameFileAs} />
            <ReceiptReading reading={r.reading} typedTransactionNumber={r.typedTransactionNumber} />
            <ReceiptPreview receipt={r} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Who did it: a staff member by name, the traveller, or what part of the system. */
export function useActorText() {
  const { t } = useTranslation('admin-bookings');
  return (actor: AdminActor) => {
    if (actor.kind === 'staff')
      return actor.name ? t('timeline.actors.staff', { name: actor.name }) : t('timeline.actors.staffUnknown');
    if (actor.kind === 'traveller')
      return actor.name ? t('timeline.actors.travellerNamed', { name: actor.name }) : t('timeline.actors.traveller');
    return t(`timeline.systemActors.${actor.raw}` as 'timeline.systemActors.supplier', {
      defaultValue: `${t('timeline.actors.system')} (${ltr(actor.raw)})`,
    });
  };
}

export function TimelineSection({ detail }: { detail: AdminBookingDetail }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const actorText = useActorText();
  const status = (s: string) => t(`statuses.${s}` as 'statuses.created', { defaultValue: s });
  if (!detail.timeline.length) return <Text size="sm">{t('timeline.none')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={detail.timeline.length - 1}>
      {detail.timeline.map((event) => (
        <Timeline.Item
          key={event.id}
          title={
            <Text fw={600} size="sm" component="span">
              {t(`triggers.${event.trigger}` as 'triggers.booking-created', { defaultValue: event.trigger })}
            </Text>
          }
        >
          <Text size="sm">
            {event.fromStatus === null
              ? t('timeline.first', { status: status(event.toStatus) })
              : event.fromStatus === event.toStatus
                ? t('timeline.stayed', { status: status(event.toStatus) })
                : t('timeline.change', { from: status(event.fromStatus), to: status(event.toStatus) })}
          </Text>
          <Text size="sm">{actorText(event.actor)}</Text>
          <Text size="xs">{formatInstant(event.at, language)}</Text>
          {event.details ? <EventDetails details={event.details} currency={detail.booking.currency} /> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
