import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { ListSection } from '../../../components/section-card';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { airportCity, useAirports } from '../../../lib/airports';
import { formatTravelDate } from '../../../lib/format/format-date';
import { formatPrice } from '../../../lib/format/format-price';
import { useAppPath } from '../../../lib/referral';
import { useMyBookings } from '../api/auth-api';
import { errorText } from '../lib/error-text';

const statusColor: Record<string, string> = {
  'pending-payment': 'yellow',
  'payment-confirmed': 'teal',
  confirmed: 'teal',
  canceled: 'gray',
  'offer-unavailable': 'gray',
  refunded: 'gray',
};

/** The account's own bookings, newest first, each opening its booking page. */
export function MyBookings() {
  const { t, i18n } = useTranslation('auth');
  const appPath = useAppPath();
  const { byCode } = useAirports();
  const bookings = useMyBookings();
  const city = (code: string) => airportCity(byCode.get(code), i18n.language, code);

  return (
    <ListSection
      titleId="my-bookings-title"
      title={t('profile.bookings')}
      loading={bookings.isPending}
      error={bookings.isError ? errorText(bookings.error) : null}
      empty={bookings.data?.length === 0 ? t('profile.noBookings') : null}
    >
      {bookings.data && bookings.data.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {bookings.data.map((booking) => {
            const first = booking.slices[0];
            return (
              <Paper key={booking.id} component="li" withBorder radius="sm" p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Anchor component={Link} to={appPath(`/booking/${booking.id}`)} fw={700}>
                      {t('profile.route', { from: city(booking.origin), to: city(booking.destination) })}
                    </Anchor>
                    <Text size="sm" c="gray.7">
                      {first ? formatTravelDate(first.departureDate.slice(0, 10), i18n.language, 'long') : null}
                      {' · '}
                      <span dir="ltr">{booking.bookingReference}</span>
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Badge color={statusColor[booking.status] ?? 'blue'} variant="light">
                      {t(`bookingStatus.${booking.status}` as never)}
                    </Badge>
                    <Text size="sm">{formatPrice(booking.amount, booking.currency, i18n.language)}</Text>
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </ListSection>
  );
}
