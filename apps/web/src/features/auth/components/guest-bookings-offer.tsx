import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { airportCity, useAirports } from '../../../lib/airports';
import { formatTravelDate } from '../../../lib/format/format-date';
import { useAdoptGuestBookings, useGuestBookings } from '../api/phone-auth-api';
import { errorText } from '../lib/error-text';

/**
 * Bookings made without signing in with the account's verified e-mail or number: listed, and added to
 * the account in one press. Nothing shows when there are none (or the offer could not be read).
 */
export function GuestBookingsOffer() {
  const { t, i18n } = useTranslation('auth');
  const { byCode } = useAirports();
  const offer = useGuestBookings();
  const adopt = useAdoptGuestBookings();
  const bookings = offer.data?.bookings ?? [];
  const city = (code: string) => airportCity(byCode.get(code), i18n.language, code);

  if (adopt.isSuccess && bookings.length === 0)
    return (
      <Alert color="teal" role="status">
        {t('guest.added')}
      </Alert>
    );
  if (bookings.length === 0) return null;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="guest-bookings-title"
      data-testid="guest-bookings-offer"
      bg="blue.0"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="guest-bookings-title">
          {t('guest.title')}
        </Title>
        <Text>{t('guest.found', { count: bookings.length })}</Text>
        <List spacing={4} size="sm">
          {bookings.map((booking) => (
            <List.Item key={booking.id}>
              <bdi dir="ltr">{booking.bookingReference}</bdi>
              {' · '}
              {t('profile.route', { from: city(booking.origin), to: city(booking.destination) })}
              {booking.departureDate ? ` · ${formatTravelDate(booking.departureDate.slice(0, 10), i18n.language, 'long')}` : ''}
            </List.Item>
          ))}
        </List>
        {adopt.isError && (
          <Alert color="red" role="alert">
            {errorText(adopt.error)}
          </Alert>
        )}
        <Button
          onClick={() => adopt.mutate(bookings.map((b) => b.id))}
          loading={adopt.isPending}
          w="fit-content"
          data-testid="adopt-guest-bookings"
        >
          {t('guest.add')}
        </Button>
      </Stack>
    </Paper>
  );
}
