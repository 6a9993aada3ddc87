import type { AgentBooking } from '@kwenda/contracts/admin';
import { formatAgencyDate } from '@kwenda/contracts/display';
import { Alert, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatTravelDate } from '../../../lib/format/format-date';
import { errorText } from '../lib/error-text';
import classes from './agent.module.css';
import { RouteText } from './route-text';

const statusColor: Record<string, string> = {
  'pending-payment': 'yellow',
  'payment-confirmed': 'blue',
  confirmed: 'teal',
  canceled: 'gray',
  'offer-unavailable': 'gray',
  refunded: 'orange',
};

/** The bookings made through the agent's link, newest first: name, route, dates and status only. */
export function AgentBookingsSection({ bookings, error }: { bookings: AgentBooking[] | undefined; error: unknown }) {
  const { t, i18n } = useTranslation('agent');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="agent-bookings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="agent-bookings-title">
          {t('bookings.title')}
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
        {!bookings && !error && <Loader role="status" size="sm" aria-label={t('common:loading' as never)} />}
        {bookings?.length === 0 && <Text c="gray.7">{t('bookings.empty')}</Text>}
        {bookings && bookings.length > 0 && (
          <Table.ScrollContainer minWidth={600} type="native" tabIndex={0} role="group" aria-labelledby="agent-bookings-title">
            <Table striped verticalSpacing="xs" data-testid="agent-bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('bookings.traveller')}</Table.Th>
                  <Table.Th scope="col">{t('bookings.route')}</Table.Th>
                  <Table.Th scope="col">{t('bookings.departure')}</Table.Th>
                  <Table.Th scope="col">{t('bookings.booked')}</Table.Th>
                  <Table.Th scope="col">{t('bookings.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((booking, index) => (
                  <Table.Tr key={`${booking.bookedAt}-${index}`}>
                    <Table.Td>{booking.travellerName ?? t('bookings.noName')}</Table.Td>
                    <Table.Td>
                      <RouteText route={booking.route} />
                    </Table.Td>
                    <Table.Td className={classes.number}>{formatTravelDate(booking.departureDate, i18n.language)}</Table.Td>
                    <Table.Td className={classes.number}>
                      {formatAgencyDate(booking.bookedAt, i18n.language, { month: 'short' })}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[booking.status] ?? 'blue'} variant="light" className={classes.badge}>
                        {t(`status.${booking.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
