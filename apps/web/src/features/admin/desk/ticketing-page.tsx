import type { TicketingItem } from '@kwenda/contracts/admin';
import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { localTime } from '../../../lib/format/flight-times';
import { ApiErrorAlert } from '../components/api-error-alert';
import { BookingLink } from '../components/booking-link';
import { CardHeading } from '../components/card-heading';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { useDeskCommand, useTicketing } from './desk-api';
import { ManualTicketDialog } from './desk-dialogs';
import { deskDate, deskMoney, deskTime } from './desk-format';
import classes from './desk.module.css';

/** Paid bookings without tickets: failed ones first, each with a retry and the manual path. */
/** Failed: look now; the agency's own seats: issue them in the airline's system; waiting: the supplier has not answered. */
const STATE_COLORS = { failed: 'red', 'by-agency': 'blue', waiting: 'yellow' } as const;

export function TicketingPage() {
  const { t } = useTranslation('admin-desk');
  const ticketing = useTicketing();
  const canAct = useStaffCan('agent-desk');
  const [manual, setManual] = useState<TicketingItem | null>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  return (
    <QueuePage
      title={t('ticketing.title')}
      refreshLabel={t('refresh')}
      intro={t('ticketing.intro')}
      readOnly={canAct ? null : t('readOnly')}
      notice={notice?.text ?? null}
      noticeColor={notice?.ok === false ? 'orange' : 'teal'}
      onNoticeClose={() => setNotice(null)}
      query={ticketing}
      isEmpty={(data) => data.bookings.length === 0}
      empty={t('ticketing.empty')}
      list={(data) => (
        <Stack gap="md">
          {data.bookings.map((item) => (
            <TicketingCard
              key={item.bookingId}
              item={item}
              canAct={canAct}
              onManual={() => setManual(item)}
              onNotice={setNotice}
            />
          ))}
        </Stack>
      )}
    >
      {manual ? (
        <ManualTicketDialog
          opened
          onClose={() => setManual(null)}
          onDone={(text) => setNotice({ text, ok: true })}
          bookingId={manual.bookingId}
          reference={manual.bookingReference}
          passengers={manual.passengers}
        />
      ) : null}
    </QueuePage>
  );
}

function TicketingCard({
  item,
  canAct,
  onManual,
  onNotice,
}: {
  item: TicketingItem;
  canAct: boolean;
  onManual: () => void;
  onNotice: (notice: { text: string; ok: boolean }) => void;
}) {
  const { t, i18n } = useTranslation('admin-desk');
  const language = i18n.language;
  const retry = useDeskCommand((booking) =>
    onNotice(
      booking.status === 'payment-confirmed'
        ? { text: t('ticketing.stillFailing'), ok: false }
        : {
            text: t('ticketing.retried', { reference: item.bookingReference, status: t(`statuses.${booking.status}`) }),
            ok: true,
          },
    ),
  );
  const headingId = `ticketing-${item.bookingId}`;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <CardHeading
          id={headingId}
          aside={
            <Badge color={STATE_COLORS[item.state]} variant="light">
              {t(`ticketing.${item.state === 'by-agency' ? 'byAgency' : item.state}`)}
            </Badge>
          }
        >
          <BookingLink id={item.bookingId} reference={item.bookingReference} inherit />
        </CardHeading>
        <Text>
          <span dir="ltr">
            {item.origin} → {item.destination}
          </span>{' '}
          · <span dir="ltr">{item.flightNumbers.map(formatFlightNumber).join(', ') || item.airline}</span> ·{' '}
          {t('ticketing.departure', { date: `${deskDate(item.departureDate, language)} ${localTime(item.departureDate)}` })} ·{' '}
          {deskMoney(item.amount, item.currency, language)}
        </Text>
        <Text size="sm" c="gray.7">
          {t('ticketing.paidAt', { time: deskTime(item.paidAt, language) })}
          {item.attempts > 0 ? ` · ${t('ticketing.attempts', { n: item.attempts })}` : ''}
        </Text>
        {item.promisedBy ? <PromisedBy at={item.promisedBy} /> : null}
        {item.lastError ? (
          <dl className={classes.facts}>
            <dt>{t('ticketing.lastError')}</dt>
            {/* The supplier answers in its own language: the desk says what happened, its text follows as a detail. */}
            <dd>
              <Text component="span" size="sm">
                {t('ticketing.refused')}
              </Text>
            </dd>
            <dt>{t('ticketing.supplierText')}</dt>
            <dd>
              <Text component="span" size="xs" c="gray.7" fw={400} dir="ltr" lang="en">
                {item.lastError}
              </Text>
            </dd>
          </dl>
        ) : null}
        <Text size="sm" fw={600}>
          {t('ticketing.passengers')}
        </Text>
        <List size="sm" spacing={2}>
          {item.passengers.map((p) => (
            <List.Item key={p.id}>
              <span dir="ltr">
                {p.firstName} {p.lastName}
              </span>{' '}
              — {p.ticketNumber ? <span dir="ltr">{p.ticketNumber}</span> : t('ticketing.noTicket')}
            </List.Item>
          ))}
        </List>
        <ApiErrorAlert error={retry.error} />
        {canAct ? (
          <Group gap="xs">
            {item.state !== 'by-agency' && (
              <Button onClick={() => retry.mutate({ kind: 'retry', bookingId: item.bookingId })} loading={retry.isPending}>
                {t('ticketing.retry')}
              </Button>
            )}
            <Button variant={item.state === 'by-agency' ? 'filled' : 'outline'} onClick={onManual}>
              {t('ticketing.manual')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The time the traveller was told the tickets would be issued by hand; in red once it has passed. */
function PromisedBy({ at }: { at: string }) {
  const { t, i18n } = useTranslation('admin-desk');
  const missed = new Date(at).getTime() < Date.now();
  const time = deskTime(at, i18n.language);
  return (
    <Text size="sm" fw={600} c={missed ? 'red.8' : 'gray.8'}>
      {missed ? t('ticketing.promiseMissed', { time }) : t('ticketing.promisedBy', { time })}
    </Text>
  );
}
