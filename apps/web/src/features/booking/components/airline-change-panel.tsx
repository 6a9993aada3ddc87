import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import type { Booking, OfferSlice } from '@kwenda/contracts';
import { Alert, Badge, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { airportCity } from '../../../lib/airports';
import { useFlightAirports } from '../lib/booking-airports';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { localTime } from '../../../lib/format/flight-times';
import { formatDeadline, formatTravelDate } from '../../../lib/format/format-date';
import { bookingKey } from '../api/booking-api';
import { bookingRequest } from '../api/booking-contracts';
import { useBookingErrorText } from '../lib/booking-error-text';
import { CancellationQuote } from './cancellation-quote';
import { memo } from 'react';

function useAirlineChange(id: string) {
  return useQuery({
    queryKey: ['airline-change', id],
    queryFn: ({ signal }) =>
      bookingRequest(`/bookings/${encodeURIComponent(id)}/airline-change`, (c) => c.airlineChangeResponseSchema, { signal }),
  });
}

/** Accepts the new flights, or declines them on a booking not yet paid (cancelled, seats released, nothing owed). */
function useChangeAnswer(id: string, answer: 'accept' | 'decline') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      bookingRequest(`/bookings/${encodeURIComponent(id)}/airline-change/${answer}`, (c) => c.bookingResponseSchema, {
        method: 'POST',
        body: {},
      }),
    onSuccess: ({ booking }) => {
      client.setQueryData(bookingKey(id), booking);
      void client.invalidateQueries({ queryKey: ['airline-change', id] });
    },
  });
}

/**
 * The flights as booked (struck through) or as the airline now flies them, under their label: each
 * flight's number, date, airports and local times (as the airline prints them).
 */
function Flights({ label, slices, tone, testId }: { label: string; slices: OfferSlice[]; tone: 'old' | 'new'; testId: string }) {
  const { i18n } = useTranslation('booking');
  const byCode = useFlightAirports(slices);
  const language = i18n.language;
  const arrow = language === 'ar' ? '←' : '→';
  const city = (code: string) => airportCity(byCode.get(code), language, code);
  const old = tone === 'old';
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      bg={old ? 'gray.0' : undefined}
      style={old ? undefined : { borderColor: 'var(--mantine-color-teal-6)' }}
    >
      <Stack gap="xs">
        <Badge color={old ? 'gray' : 'teal'} variant="light">
          {label}
        </Badge>
        <Stack gap={6} data-testid={testId}>
          {slices.flatMap((slice) =>
            slice.segments.map((segment) => (
              <Stack key={`${segment.flightNumber}-${segment.departureDate}`} gap={0}>
                <Text size="sm" fw={600}>
                  {formatTravelDate(segment.departureDate.slice(0, 10), language, 'long')} ·{' '}
                  <span dir="ltr">{formatFlightNumber(segment.flightNumber)}</span>
                </Text>
                <Text size="sm" td={old ? 'line-through' : undefined} c={old ? 'gray.7' : undefined}>
                  <strong dir="ltr">{localTime(segment.departureDate)}</strong> {city(segment.origin)} ({segment.origin}) {arrow}{' '}
                  <strong dir="ltr">{localTime(segment.arrivalDate)}</strong> {city(segment.destination)} ({segment.destination})
                </Text>
              </Stack>
            )),
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * A booking the airline rescheduled: the flights as booked and as the airline now flies them (local
 * times at each airport), and the traveller's two answers: accept the new times, or cancel for the
 * refund the airline quotes (shown before anything is cancelled).
 */
export const AirlineChangePanel = memo(function AirlineChangePanel({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking');
  const { t: tErrors } = useTranslation('errors');
  const query = useAirlineChange(booking.id);
  const accept = useChangeAnswer(booking.id, 'accept');
  const decline = useChangeAnswer(booking.id, 'decline');
  const change = query.data?.change ?? null;
  // Changed before it was paid: accepting holds it again until its deadline; cancelling costs nothing.
  const unpaidUntil = booking.holdExpiresAt ? formatDeadline(booking.holdExpiresAt, i18n.language) : null;
  const acceptError = useBookingErrorText().errorText(accept.error ?? decline.error);

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="airline-change-title"
      data-testid="airline-change-panel"
      style={{ borderColor: 'var(--mantine-color-orange-5)', borderWidth: 2 }}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="airline-change-title">
          {t('airlineChange.title')}
        </Title>
        <Text>{unpaidUntil ? t('airlineChange.unpaidIntro', { time: unpaidUntil }) : t('airlineChange.intro')}</Text>
        {query.isPending && <Skeleton height={120} />}
        {query.isError && (
          <Alert color="red" role="alert">
            {tErrors('unexpected')}
          </Alert>
        )}
        {change && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Flights label={t('airlineChange.before')} slices={change.removed} tone="old" testId="change-old" />
            <Flights label={t('airlineChange.after')} slices={change.added} tone="new" testId="change-new" />
          </SimpleGrid>
        )}
        <Text size="sm" c="gray.7">
          {t('airlineChange.localTimes')}
        </Text>
        {acceptError && (
          <Alert color="red" role="alert">
            {acceptError}
          </Alert>
        )}
        {change && !change.decision && (
          <Stack gap="sm">
            {change.availableActions.includes('accept') ? (
              <Button size="md" loading={accept.isPending} onClick={() => accept.mutate()}>
                {t('airlineChange.accept')}
              </Button>
            ) : (
              <Text size="sm">{t('airlineChange.cannotAccept')}</Text>
            )}
            {unpaidUntil ? (
              <Button
                size="md"
                variant="outline"
                color="red"
                loading={decline.isPending}
                disabled={accept.isPending}
                onClick={() => decline.mutate()}
              >
                {t('airlineChange.decline')}
              </Button>
            ) : (
              <CancellationQuote booking={booking} label={t('airlineChange.cancel')} variant="outline" />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});
