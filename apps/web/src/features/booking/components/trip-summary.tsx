import type { Booking } from '@kwenda/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { airportCity } from '../../../lib/airports';
import { useBookingAirports } from '../lib/booking-airports';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { dayShift, localTime } from '../../../lib/format/flight-times';
import { formatTravelDate } from '../../../lib/format/format-date';
import { formatDuration } from '../../../lib/format/format-duration';
import { LabelledCode } from './labelled-code';
import { memo } from 'react';

/** The flights being booked: each slice with date, times, airline, flight numbers and stops. */
export const TripSummary = memo(function TripSummary({
  booking,
  onSeatMap,
}: {
  booking: Booking;
  onSeatMap: (slice: number) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const byCode = useBookingAirports(booking);
  const language = i18n.language;
  const city = (code: string) => airportCity(byCode.get(code), language, code);
  const label = (index: number) =>
    booking.tripType === 'round-trip'
      ? t(index === 0 ? 'trip.outbound' : 'trip.return')
      : booking.tripType === 'one-way'
        ? t('trip.outbound')
        : t('trip.flight', { n: index + 1 });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="trip-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="trip-title">
            {t('trip.title')}
          </Title>
          <LabelledCode size="sm" label={t('reference')} code={booking.bookingReference} />
        </Group>
        {booking.slices.map((slice, index) => {
          const stops = slice.segments.length - 1;
          // An overnight flight lands on another calendar day: said in words, "23:10 → 04:30" alone misleads.
          const shift = dayShift(slice.departureDate, slice.arrivalDate);
          const landing =
            shift === 0
              ? null
              : shift === 1
                ? t('trip.arrivesNextDay')
                : shift > 1
                  ? t('trip.arrivesDaysLater', { count: shift })
                  : t('trip.arrivesDayBefore');
          return (
            <Stack
              key={index}
              gap={4}
              pb="xs"
              style={{ borderBlockEnd: index < booking.slices.length - 1 ? '1px solid var(--mantine-color-gray-3)' : undefined }}
            >
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text fw={700}>
                  {label(index)} · {formatTravelDate(slice.departureDate, language, 'long')}
                </Text>
                {/* The agency's own seats have no seat map: the airline gives seats at check-in (its map would be a 404). */}
                {booking.ticketsIssuedByAgency ? null : (
                  <Button variant="subtle" size="compact-sm" onClick={() => onSeatMap(index)}>
                    {t('trip.seatMap')}
                  </Button>
                )}
              </Group>
              <Text>
                <span dir="ltr">{localTime(slice.departureDate)}</span> {city(slice.origin)} ({slice.origin}){' '}
                {language === 'ar' ? '←' : '→'} <span dir="ltr">{localTime(slice.arrivalDate)}</span> {city(slice.destination)} (
                {slice.destination})
                {landing && (
                  <Text span size="sm" fw={700}>
                    {' '}
                    · {landing}
                  </Text>
                )}
              </Text>
              <Group gap="xs" wrap="wrap">
                {slice.airlines.map((airline) => (
                  <img key={airline.iataCode} src={airline.logo} alt="" width={24} height={24} />
                ))}
                <Text size="sm">
                  {slice.airlines.map((a) => (language === 'ar' ? a.nameAr : a.nameEn)).join('، ')} ·{' '}
                  <span dir="ltr">{slice.segments.map((s) => formatFlightNumber(s.flightNumber)).join(', ')}</span> ·{' '}
                  {t('trip.stops', { count: stops })} · <span>{formatDuration(slice.durationInMinutes, language)}</span>
                </Text>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
});
