import type { AdminBookingDetail } from '@kwenda/contracts/admin';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import { formatTravelDate } from '../../../lib/format/format-date';
import { apiErrorText } from '../components/api-error-alert';
import { formatInstant } from './booking-display';
import { revealDocument } from './bookings-api';
import classes from './bookings.module.css';

type Passenger = AdminBookingDetail['booking']['passengers'][number];

const fullName = (p: Passenger) => [p.firstName, p.lastName].filter(Boolean).join(' ');

/** The document number, masked until a staff member asks to see it (the server records each view). */
function DocumentNumber({ bookingId, passenger, onViewed }: { bookingId: string; passenger: Passenger; onViewed: () => void }) {
  const { t } = useTranslation('admin-bookings');
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => revealDocument(bookingId, passenger.id),
    onSuccess: (answer) => {
      setShown(answer.documentNumber ?? '');
      onViewed();
    },
  });
  if (!passenger.documentNumber) return <Text size="sm">{t('passengerList.notEntered')}</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" dir="ltr" ff="monospace" data-testid="document-number">
          {shown ?? passenger.documentNumber}
        </Text>
        {shown === null ? (
          <Button
            size="compact-sm"
            variant="light"
            loading={reveal.isPending}
            onClick={() => reveal.mutate()}
            aria-label={t('passengerList.showFor', { name: fullName(passenger) || passenger.id })}
          >
            {t('passengerList.show')}
          </Button>
        ) : (
          <Button size="compact-sm" variant="subtle" onClick={() => setShown(null)}>
            {t('passengerList.hide')}
          </Button>
        )}
      </Group>
      {reveal.error ? (
        <Text size="sm" c="red.8" role="alert">
          {apiErrorText(reveal.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Each passenger as entered, their fare, bags and ticket number, and who has seen their document number. */
export function PassengersSection({ detail, onViewed }: { detail: AdminBookingDetail; onViewed: () => void }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const { booking } = detail;
  const date = (value: string | null) => (value ? formatTravelDate(value, language, 'long') : t('detail.none'));
  const nameOf = (id: string | null) => {
    const p = booking.passengers.find((x) => x.id === id);
    return p ? fullName(p) || t(`passengerList.types.${p.passengerType}`) : '';
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('passengerList.audited')}</Text>
      {booking.passengers.map((p, index) => (
        <Paper key={p.id} withBorder radius="md" p="sm" component="article" aria-labelledby={`passenger-${index}`}>
          <Group justify="space-between" gap="xs" mb="xs">
            <Title order={3} size="h5" id={`passenger-${index}`} dir="auto">
              {fullName(p) || t('passengerList.notEntered')}
            </Title>
            <Text size="sm">{t(`passengerList.types.${p.passengerType}`)}</Text>
          </Group>
          <dl className={classes.facts}>
            <dt>{t('passengerList.dateOfBirth')}</dt>
            <dd>{date(p.dateOfBirth)}</dd>
            <dt>{t('passengerList.gender')}</dt>
            <dd>{p.gender ? t(`passengerList.genders.${p.gender}`) : t('detail.none')}</dd>
            <dt>{t('passengerList.nationality')}</dt>
            <dd>
              <span dir="ltr">{p.nationalityCountry ?? t('detail.none')}</span>
            </dd>
            {p.placeOfBirth ? (
              <>
                <dt>{t('passengerList.placeOfBirth')}</dt>
                <dd>
                  <span dir="ltr">{p.placeOfBirth}</span>
                </dd>
              </>
            ) : null}
            <dt>{t('passengerList.document')}</dt>
            <dd>
              <DocumentNumber bookingId={booking.id} passenger={p} onViewed={onViewed} />
            </dd>
            <dt>{t('passengerList.documentCountry')}</dt>
            <dd>
              <span dir="ltr">{p.documentIssuanceCountry ?? t('detail.none')}</span>
            </dd>
            {p.documentIssuanceDate ? (
              <>
                <dt>{t('passengerList.documentIssued')}</dt>
                <dd>{date(p.documentIssuanceDate)}</dd>
              </>
            ) : null}
            <dt>{t('passengerList.documentExpiry')}</dt>
            <dd>{date(p.documentExpiryDate)}</dd>
            <dt>{t('passengerList.ticket')}</dt>
            <dd>
              <span dir="ltr">{p.ticketNumber ?? t('detail.none')}</span>
            </dd>
            <dt>{t('passengerList.fare')}</dt>
            <dd>{formatPrice(p.amount, booking.currency, language)}</dd>
            <dt>{t('passengerList.bags')}</dt>
            <dd>
              {p.baggage.filter((b) => b.count > 0).length === 0
                ? t('passengerList.noBags')
                : p.baggage
                    .filter((b) => b.count > 0)
                    .map((b) => (
                      <Text size="sm" key={b.reference}>
                        {t(`passengerList.bagTypes.${b.category}`)}:{' '}
                        {b.price > 0
                          ? t(b.weight > 0 ? 'passengerList.extra' : 'passengerList.extraPieces', {
                              count: b.count,
                              weight: b.weight,
                              price: formatPrice(b.price * b.count, booking.currency, language),
                            })
                          : t(b.weight > 0 ? 'passengerList.included' : 'passengerList.includedPieces', {
                              count: b.count,
                              weight: b.weight,
                            })}
                      </Text>
                    ))}
            </dd>
          </dl>
        </Paper>
      ))}
      {detail.documentViews.length ? (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('passengerList.views')}
          </Title>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {detail.documentViews.map((v, i) => (
              <li key={i}>
                <Text size="sm">
                  {t('passengerList.viewed', {
                    staff: v.staff.name ?? t('timeline.actors.staffUnknown'),
                    passenger: nameOf(v.passengerId),
                    time: formatInstant(v.at, language),
                  })}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
      ) : null}
    </Stack>
  );
}
