import type { OfferSlice } from '@kwenda/contracts';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { adminRequest } from '../lib/admin-api';
import { formatInstant, ltr, SegmentTimes } from './booking-display';

export function useAdminAirlineChange(bookingId: string) {
  return useQuery({
    queryKey: ['admin', 'booking', bookingId, 'airline-change'],
    queryFn: async ({ signal }) => {
      // The traveller's contracts stay out of the desk's first download.
      const { airlineChangeResponseSchema } = await import('@kwenda/contracts');
      return adminRequest(`/admin/bookings/${encodeURIComponent(bookingId)}/airline-change`, airlineChangeResponseSchema, {
        signal,
      });
    },
    staleTime: 5_000,
  });
}

function ChangedFlights({ slices, title, color }: { slices: OfferSlice[]; title: string; color: string }) {
  const { t } = useTranslation('admin-bookings');
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap={6}>
        <Badge color={color} variant="light">
          {title}
        </Badge>
        {slices.flatMap((slice) =>
          slice.segments.map((segment) => (
            <div key={`${segment.flightNumber}-${segment.departureDate}`}>
              <Text size="sm" fw={600}>
                {t('itinerary.flight', { flight: ltr(segment.flightNumber) })}
              </Text>
              <SegmentTimes segment={segment} />
            </div>
          )),
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The airline's change to the booking's flights, when there is one: the flights as booked beside the
 * airline's new ones (local times), when it was reported and what the traveller decided.
 */
export function AirlineChangeSection({ bookingId }: { bookingId: string }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const query = useAdminAirlineChange(bookingId);
  const change = query.data?.change;
  if (!change) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="booking-airline-change"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ borderColor: 'var(--mantine-color-orange-5)' }}
      data-testid="admin-airline-change"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="booking-airline-change">
            {t('airlineChange.title')}
          </Title>
          <Badge color={change.decision === null ? 'orange' : change.decision === 'accepted' ? 'teal' : 'red'}>
            {t(`airlineChange.decisions.${change.decision ?? 'waiting'}`)}
          </Badge>
        </Group>
        <Text size="sm">{t('airlineChange.detected', { time: formatInstant(change.detectedAt, i18n.language) })}</Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <ChangedFlights slices={change.removed} title={t('airlineChange.before')} color="gray" />
          <ChangedFlights slices={change.added} title={t('airlineChange.after')} color="teal" />
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          {t('airlineChange.localTimes')}
        </Text>
      </Stack>
    </Paper>
  );
}
