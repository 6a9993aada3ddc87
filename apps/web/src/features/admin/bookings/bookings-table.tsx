import type { AdminBookingListItem, AdminBookingSort } from '@kwenda/contracts/admin';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { formatPrice } from '../../../lib/format/format-price';
import { formatFlightDateTime, formatShortInstant, ltr, StatusBadge, useRouteText } from './booking-display';
import type { BookingListParams } from './booking-list-params';
import classes from './bookings.module.css';
import { PossibleDuplicateFlag } from './possible-duplicates';

interface ListProps {
  items: AdminBookingListItem[];
  /** The list's address query, kept so the booking's page can link back to the same list. */
  listSearch: string;
}

function ReferenceLink({ item, listSearch }: { item: AdminBookingListItem; listSearch: string }) {
  return (
    <Anchor component={Link} to={`/admin/bookings/${item.id}`} state={{ listSearch }} fw={600} dir="ltr">
      {item.bookingReference}
    </Anchor>
  );
}

function PassengerCell({ item }: { item: AdminBookingListItem }) {
  const { t } = useTranslation('admin-bookings');
  if (!item.leadPassenger)
    return (
      <Text size="sm" fs="italic">
        {t('noPassengerYet')}
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" dir="ltr" className={classes.name}>
        {item.leadPassenger}
      </Text>
      {item.passengerCount > 1 ? (
        <Badge size="sm" variant="outline" color="gray" title={t('passengerCount', { count: item.passengerCount })}>
          {t('morePassengers', { count: item.passengerCount - 1 })}
        </Badge>
      ) : null}
    </Group>
  );
}

function PaymentText({ item }: { item: AdminBookingListItem }) {
  const { t } = useTranslation('admin-bookings');
  return <>{t(`paymentMethods.${item.paymentMethod ?? 'none'}`)}</>;
}

const SORTABLE: Partial<Record<string, AdminBookingSort>> = {
  created: 'created',
  amount: 'amount',
  status: 'status',
  departure: 'departure',
};

/** The desktop table: every column heading that sorts is a button, and says which way it sorts now. */
export function BookingsTable({
  items,
  listSearch,
  params,
  onSort,
}: ListProps & { params: BookingListParams; onSort: (sort: AdminBookingSort) => void }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const route = useRouteText();
  const columns = ['reference', 'passenger', 'route', 'departure', 'created', 'amount', 'status', 'payment'] as const;
  const heading = (column: (typeof columns)[number]) => {
    const sort = SORTABLE[column];
    const label = t(`columns.${column}`);
    if (!sort) return <Table.Th key={column}>{label}</Table.Th>;
    const active = params.sort === sort;
    return (
      <Table.Th key={column} aria-sort={active ? (params.order === 'asc' ? 'ascending' : 'descending') : undefined}>
        <UnstyledButton onClick={() => onSort(sort)} className={classes.sortButton} title={t('sort.by', { column: label })}>
          {label}
          <span aria-hidden="true" className={classes.sortMark}>
            {active ? (params.order === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="xs" className={classes.table}>
        <Table.Thead>
          <Table.Tr>{columns.map(heading)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <ReferenceLink item={item} listSearch={listSearch} />
                <PossibleDuplicateFlag duplicates={item.possibleDuplicates} />
                {item.pnr ? (
                  <Text size="xs" dir="ltr">
                    PNR {item.pnr}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <PassengerCell item={item} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>{route(item.origin, item.destination)}</Table.Td>
              <Table.Td>
                {formatFlightDateTime(item.departureDate, language)}
                {item.returnDate ? (
                  <Text size="xs">{t('returnOn', { date: formatFlightDateTime(item.returnDate, language) })}</Text>
                ) : null}
              </Table.Td>
              <Table.Td>{formatShortInstant(item.createdAt, language)}</Table.Td>
              <Table.Td className={classes.amount}>{formatPrice(item.amount, item.currency, language)}</Table.Td>
              <Table.Td>
                <StatusBadge status={item.status} />
                {item.holdExpiresAt ? (
                  <Text size="xs">{t('holdUntil', { time: formatShortInstant(item.holdExpiresAt, language) })}</Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <PaymentText item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone's list: one card per booking, the reference first (the link), then who, where, when, how much. */
export function BookingCards({ items, listSearch }: ListProps) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const route = useRouteText();
  return (
    <Stack gap="sm" component="ul" className={classes.cards}>
      {items.map((item) => (
        <Paper key={item.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <ReferenceLink item={item} listSearch={listSearch} />
            <StatusBadge status={item.status} />
          </Group>
          <PassengerCell item={item} />
          <PossibleDuplicateFlag duplicates={item.possibleDuplicates} />
          <SimpleGrid cols={2} spacing="xs" mt={4}>
            <Text size="sm">{route(item.origin, item.destination)}</Text>
            <Text size="sm" ta="end" className={classes.amount}>
              {formatPrice(item.amount, item.currency, language)}
            </Text>
            <Text size="sm">{formatFlightDateTime(item.departureDate, language)}</Text>
            <Text size="sm" ta="end">
              <PaymentText item={item} />
            </Text>
          </SimpleGrid>
          <Text size="xs" mt={4}>
            {t('columns.created')}: {formatShortInstant(item.createdAt, language)}
            {item.pnr ? ` · PNR ${ltr(item.pnr)}` : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
