import type { AllotmentDatedFlight, AllotmentFlightsQuery, AllotmentFlightsResponse } from '@kwenda/contracts/admin';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from '../../../lib/router';
import { apiErrorText } from '../components/api-error-alert';
import { QueuePage } from '../components/queue-page';
import { useStaffCan } from '../components/require-staff';
import { AirlineMark } from './airline-mark';
import { DatedFlightDialog } from './dated-flight-dialog';
import { downloadManifestCsv, useSeatFlights, useSetFlightOnSale } from './seats-api';
import {
  SALE_STATE_COLORS,
  SALE_STATE_TEXT,
  airlineName,
  dateText,
  flightCode,
  manifestFileName,
  routeText,
  saleState,
  timesText,
} from './seats-format';
import classes from './seats.module.css';

const isDate = (value: string | null) => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);
const code = (value: string | null, length: number) =>
  value && value.length === length && /^[A-Za-z0-9]+$/.test(value) ? value.toUpperCase() : undefined;

/** The filters by code: an airport's three letters, an airline's two, each with an example. */
const CODE_FILTERS = [
  { name: 'origin', placeholder: 'PZU', length: 3 },
  { name: 'destination', placeholder: 'CAI', length: 3 },
  { name: 'airline', placeholder: '3T', length: 2 },
] as const;

/**
 * The agency's seats: the dated flights of a period (today and the next 30 days unless staff pick
 * dates), of a route or an airline, each with its seats allocated, held, sold and left and whether
 * it sells. Owner and desk edit a date, pause a whole flight and import the airline's sheet; every
 * role opens the passenger list.
 */
export function SeatsPage() {
  const { t } = useTranslation('admin-seats');
  const canManage = useStaffCan('agent-desk');
  const [params, setParams] = useSearchParams();
  const query: AllotmentFlightsQuery = {
    from: isDate(params.get('from')) ? params.get('from')! : undefined,
    to: isDate(params.get('to')) ? params.get('to')! : undefined,
    origin: code(params.get('origin'), 3),
    destination: code(params.get('destination'), 3),
    airline: code(params.get('airline'), 2),
  };
  const flights = useSeatFlights(query);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; color: string } | null>(null);

  const setFilter = (name: keyof AllotmentFlightsQuery, value: string) => {
    // The address as it is now: two fields changed in a row must not undo each other.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <QueuePage
      title={t('title')}
      refreshLabel={t('list.refresh')}
      actions={
        canManage ? (
          <Button component={Link} to="/admin/seats/import">
            {t('import.open')}
          </Button>
        ) : null
      }
      intro={t('intro')}
      readOnly={canManage ? null : t('readOnly')}
      notice={notice?.text ?? null}
      noticeColor={notice?.color}
      onNoticeClose={() => setNotice(null)}
      query={flights}
      list={(data) => (
        <Stack gap="sm">
          <Filters params={params} onChange={setFilter} data={data} />
          <FlightList
            data={data}
            canManage={canManage}
            onEdit={setEditing}
            onNotice={(text, color = 'teal') => setNotice({ text, color })}
          />
        </Stack>
      )}
    >
      {editing ? (
        <DatedFlightDialog
          id={editing}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onDone={(text) => {
            setEditing(null);
            setNotice({ text, color: 'teal' });
          }}
        />
      ) : null}
    </QueuePage>
  );
}

function Filters({
  params,
  onChange,
  data,
}: {
  params: URLSearchParams;
  onChange: (name: keyof AllotmentFlightsQuery, value: string) => void;
  data: AllotmentFlightsResponse;
}) {
  const { t } = useTranslation('admin-seats');
  const upper = (name: keyof AllotmentFlightsQuery) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange(name, event.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, ''));
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={t('list.filters')}>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" verticalSpacing="xs">
        <TextInput
          type="date"
          label={t('list.from')}
          value={params.get('from') ?? data.from}
          onChange={(event) => onChange('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('list.to')}
          value={params.get('to') ?? data.to}
          onChange={(event) => onChange('to', event.currentTarget.value)}
        />
        {CODE_FILTERS.map(({ name, placeholder, length }) => (
          <TextInput
            key={name}
            label={t(`list.${name}`)}
            placeholder={placeholder}
            maxLength={length}
            value={params.get(name) ?? ''}
            onChange={upper(name)}
            classNames={{ input: classes.codeInput }}
            autoCapitalize="characters"
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}

function SaleBadge({ flight }: { flight: AllotmentDatedFlight }) {
  const { t } = useTranslation('admin-seats');
  const state = saleState(flight);
  return (
    <Badge
      color={SALE_STATE_COLORS[state]}
      styles={{ label: { color: SALE_STATE_TEXT[state] } }}
      variant="light"
      data-testid="sale-state"
      className={classes.badge}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}

/** Seats allocated, held, sold and left; left the largest, red when none are left. */
function SeatCounts({ flight }: { flight: AllotmentDatedFlight }) {
  const { t } = useTranslation('admin-seats');
  return (
    <div className={classes.counts}>
      {(['allocated', 'held', 'sold'] as const).map((kind) => (
        <div key={kind}>
          <div className={classes.countLabel}>{t(`seats.${kind}`)}</div>
          <div className={classes.countValue}>{flight.seats[kind]}</div>
        </div>
      ))}
      <div>
        <div className={classes.countLabel}>{t('seats.left')}</div>
        <div className={`${classes.left} ${flight.seats.left <= 0 ? classes.soldOut : ''}`} data-testid="seats-left">
          {flight.seats.left}
        </div>
      </div>
    </div>
  );
}

function FlightList({
  data,
  canManage,
  onEdit,
  onNotice,
}: {
  data: AllotmentFlightsResponse;
  canManage: boolean;
  onEdit: (id: string) => void;
  onNotice: (text: string, color?: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-seats');
  const language = i18n.language;
  const pause = useSetFlightOnSale();
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = (flight: AllotmentDatedFlight) => {
    setDownloading(flight.id);
    downloadManifestCsv(flight.id, manifestFileName(flight))
      .catch((error: unknown) => onNotice(apiErrorText(error), 'red'))
      .finally(() => setDownloading(null));
  };
  const setOnSale = (flight: AllotmentDatedFlight, onSale: boolean) =>
    pause.mutate(
      { flightId: flight.flightId, onSale },
      {
        onSuccess: (answer) =>
          onNotice(t(onSale ? 'list.resumed' : 'list.paused', { flight: flightCode(flight), count: answer.datedFlightsChanged })),
        onError: (error) => onNotice(apiErrorText(error), 'red'),
      },
    );

  if (!data.datedFlights.length) return <Text>{t('list.empty')}</Text>;

  /** On a card (a phone) the buttons are a finger's size; in the table, compact. */
  const actions = (flight: AllotmentDatedFlight, onCard: boolean) => {
    const size = onCard ? 'sm' : 'compact-sm';
    const label = `${flightCode(flight)} ${dateText(flight.departureDate, language)}`;
    return (
      <Group gap={6} wrap="nowrap" justify={onCard ? 'flex-end' : 'flex-start'}>
        {canManage ? (
          <Button
            size={size}
            variant="light"
            onClick={() => onEdit(flight.id)}
            aria-label={t('list.editLabel', { flight: label })}
          >
            {t('list.edit')}
          </Button>
        ) : null}
        <Button
          size={size}
          variant="default"
          component={Link}
          to={`/admin/seats/${encodeURIComponent(flight.id)}/manifest`}
          aria-label={t('list.manifestLabel', { flight: label })}
        >
          {t('list.manifest')}
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size={size} variant="subtle" aria-label={t('list.moreLabel', { flight: label })}>
              ⋯
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => download(flight)} disabled={downloading === flight.id}>
              {t('list.downloadCsv')}
            </Menu.Item>
            {canManage ? (
              flight.flightOnSale ? (
                <Menu.Item onClick={() => setOnSale(flight, false)} disabled={pause.isPending}>
                  {t('list.pauseFlight', { flight: flightCode(flight) })}
                </Menu.Item>
              ) : (
                <Menu.Item onClick={() => setOnSale(flight, true)} disabled={pause.isPending}>
                  {t('list.resumeFlight', { flight: flightCode(flight) })}
                </Menu.Item>
              )
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  };

  const identity = (flight: AllotmentDatedFlight) => (
    <Group gap={8} wrap="nowrap">
      <AirlineMark code={flight.airline.iataCode} name={airlineName(flight, language)} />
      <Stack gap={0}>
        <Text size="sm" fw={700} className={classes.ltr} data-testid="flight-code">
          {flightCode(flight)}
        </Text>
        <Text size="xs" c="gray.7">
          {airlineName(flight, language)}
        </Text>
      </Stack>
    </Group>
  );

  return (
    <>
      {data.truncated ? <Alert color="yellow">{t('list.truncated', { count: data.datedFlights.length })}</Alert> : null}
      <Text size="sm" c="gray.7">
        {t('list.count', { count: data.datedFlights.length })}
      </Text>
      <Box visibleFrom="md" className={classes.tableScroll}>
        <Table striped highlightOnHover withTableBorder verticalSpacing={6} data-testid="seat-flights-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('flight.flight')}</Table.Th>
              <Table.Th>{t('flight.route')}</Table.Th>
              <Table.Th>{t('flight.dateTimes')}</Table.Th>
              <Table.Th className={classes.numberHead}>{t('seats.allocated')}</Table.Th>
              <Table.Th className={classes.numberHead}>{t('seats.held')}</Table.Th>
              <Table.Th className={classes.numberHead}>{t('seats.sold')}</Table.Th>
              <Table.Th className={classes.numberHead}>{t('seats.left')}</Table.Th>
              <Table.Th>{t('flight.state')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.datedFlights.map((flight) => (
              <Table.Tr
                key={flight.id}
                data-testid="seat-flight-row"
                className={flight.cancelled ? classes.cancelled : undefined}
              >
                <Table.Td>{identity(flight)}</Table.Td>
                <Table.Td>
                  <span className={classes.ltr}>{routeText(flight)}</span>
                </Table.Td>
                <Table.Td>
                  <div className={classes.number}>{dateText(flight.departureDate, language)}</div>
                  <Text size="xs" c="gray.7" className={`${classes.ltr} ${classes.timesLine}`} component="div">
                    {timesText(flight)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.numberCell}>{flight.seats.allocated}</Table.Td>
                <Table.Td className={classes.numberCell}>{flight.seats.held}</Table.Td>
                <Table.Td className={classes.numberCell}>{flight.seats.sold}</Table.Td>
                <Table.Td className={classes.numberCell}>
                  <span
                    className={`${classes.leftCell} ${flight.seats.left <= 0 ? classes.soldOut : ''}`}
                    data-testid="seats-left"
                  >
                    {flight.seats.left}
                  </span>
                </Table.Td>
                <Table.Td>
                  <SaleBadge flight={flight} />
                </Table.Td>
                <Table.Td>{actions(flight, false)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack gap="xs" component="ul" className={classes.list} hiddenFrom="md" data-testid="seat-flight-cards">
        {data.datedFlights.map((flight) => (
          <Card
            key={flight.id}
            component="li"
            withBorder
            radius="md"
            padding="sm"
            data-testid="seat-flight-card"
            className={flight.cancelled || !flight.bookable ? classes.paused : undefined}
          >
            <Stack gap={8}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                {identity(flight)}
                <SaleBadge flight={flight} />
              </Group>
              <Group justify="space-between" wrap="wrap" gap={4}>
                <Text size="sm" fw={600}>
                  <span className={classes.ltr}>{routeText(flight)}</span>
                </Text>
                {/* The date and the times side by side, not in one sentence: "+1" stays with its time in Arabic. */}
                <Group gap={10} wrap="nowrap">
                  <Text size="sm">{dateText(flight.departureDate, language)}</Text>
                  <Text size="sm" className={classes.ltr}>
                    {timesText(flight)}
                  </Text>
                </Group>
              </Group>
              <SeatCounts flight={flight} />
              {actions(flight, true)}
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
