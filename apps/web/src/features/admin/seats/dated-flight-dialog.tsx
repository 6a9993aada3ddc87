import type {
  AllotmentAffectedBooking,
  AllotmentDatedFlight,
  AllotmentDatedFlightDetail,
  AllotmentDatedFlightPatch,
} from '@kwenda/contracts/admin';
import { ALLOTMENT_MAX_INFANTS, ALLOTMENT_MAX_SEATS } from '@kwenda/contracts/admin';
import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ApiRequestError } from '../../../lib/api-client';
import { ApiErrorAlert, fieldErrorsOf } from '../components/api-error-alert';
import { BookingLink } from '../components/booking-link';
import { DeskModal } from '../components/desk-modal';
import { FormDialog } from '../components/form-dialog';
import { ltr } from '../lib/bidi';
import { useChangeDatedFlight, useDatedFlight } from './seats-api';
import { airlineName, dateText, fareText, flightCode, routeText } from './seats-format';
import classes from './seats.module.css';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** What staff type as a time, as HH:mm where it reads as one: "1330", "13.30", "9:05" -> "13:30", "13:30", "09:05". */
export function clockTime(typed: string): string {
  const text = typed.trim().replace(/[.\u066b\s]/g, ':');
  const match = /^(\d{1,2}):?(\d{2})$/.exec(text);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : typed.trim();
}
type Fare = 'adult' | 'child' | 'infant';
const FARES: Fare[] = ['adult', 'child', 'infant'];
const fareField = { adult: 'adultFare', child: 'childFare', infant: 'infantFare' } as const;

/**
 * One date of a flight changed on its own: its seats (never below those held and sold), its fares
 * (empty: the flight's), its times, the infants it takes and whether it sells; or cancelled, after
 * a confirmation that names the bookings holding seats on it. Only what changed is sent.
 */
export function DatedFlightDialog({
  id,
  canManage,
  onClose,
  onDone,
}: {
  id: string;
  canManage: boolean;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation('admin-seats');
  const detail = useDatedFlight(id);
  if (!detail.data)
    return (
      <DeskModal title={t('edit.title')} onClose={onClose}>
        {detail.isError ? (
          <ApiErrorAlert error={detail.error} />
        ) : (
          <Center py="lg">
            <Loader role="status" />
          </Center>
        )}
      </DeskModal>
    );
  return <EditForm detail={detail.data} canManage={canManage} onClose={onClose} onDone={onDone} />;
}

function EditForm({
  detail,
  canManage,
  onClose,
  onDone,
}: {
  detail: AllotmentDatedFlightDetail;
  canManage: boolean;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-seats');
  const language = i18n.language;
  const flight = detail.datedFlight;
  const change = useChangeDatedFlight();
  const [seats, setSeats] = useState<number | string>(flight.seats.allocated);
  const [fares, setFares] = useState<Record<Fare, number | string>>({
    adult: flight.ownFares.adult ?? '',
    child: flight.ownFares.child ?? '',
    infant: flight.ownFares.infant ?? '',
  });
  const [departure, setDeparture] = useState(flight.departureTime);
  const [arrival, setArrival] = useState(flight.arrivalTime);
  const [infantLimit, setInfantLimit] = useState<number | string>(flight.infants.limit);
  const [onSale, setOnSale] = useState(flight.onSale);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelled, setCancelled] = useState<AllotmentAffectedBooking[] | null>(null);
  const [shown, setShown] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const taken = flight.seats.held + flight.seats.sold;
  const label = `${flightCode(flight)} · ${dateText(flight.departureDate, language)}`;
  const title = t('edit.titleOf', { flight: label });

  // What the staff member typed that the form itself refuses (the server checks the same).
  const seatsWrong = typeof seats !== 'number' || !Number.isInteger(seats) || seats < taken || seats > ALLOTMENT_MAX_SEATS;
  const infantsWrong =
    typeof infantLimit !== 'number' ||
    !Number.isInteger(infantLimit) ||
    infantLimit < flight.infants.taken ||
    infantLimit > ALLOTMENT_MAX_INFANTS;
  const fareWrong = (fare: Fare) => fares[fare] !== '' && !(typeof fares[fare] === 'number' && fares[fare] > 0);
  // "1330" typed and Enter pressed before the field normalised it on blur: read as 13:30 all the same.
  const dep = clockTime(departure);
  const arr = clockTime(arrival);
  const timesWrong = { departure: !TIME.test(dep), arrival: !TIME.test(arr) || arr === dep };
  const wrong = seatsWrong || infantsWrong || FARES.some(fareWrong) || timesWrong.departure || timesWrong.arrival;

  const patch = (): AllotmentDatedFlightPatch => {
    const body: AllotmentDatedFlightPatch = {};
    if (seats !== flight.seats.allocated) body.seatsAllocated = Number(seats);
    for (const fare of FARES) {
      const value = fares[fare] === '' ? null : Number(fares[fare]);
      if (value !== flight.ownFares[fare]) body[fareField[fare]] = value;
    }
    if (dep !== flight.departureTime) body.departureTime = dep;
    if (arr !== flight.arrivalTime) body.arrivalTime = arr;
    if (infantLimit !== flight.infants.limit) body.infantLimit = Number(infantLimit);
    if (onSale !== flight.onSale) body.onSale = onSale;
    return body;
  };

  const save = () => {
    setShown(true);
    if (wrong) return;
    const body = patch();
    if (!Object.keys(body).length) return onClose();
    change.mutate({ id: flight.id, patch: body }, { onSuccess: () => onDone(t('edit.saved', { flight: label })) });
  };

  const setCancelledTo = (value: boolean) =>
    change.mutate(
      { id: flight.id, patch: { cancelled: value } },
      {
        onSuccess: (answer) => {
          if (value && answer.affectedBookings.length) {
            setConfirmCancel(false);
            setCancelled(answer.affectedBookings);
          } else onDone(t(value ? 'edit.cancelledNotice' : 'edit.reinstatedNotice', { flight: label }));
        },
      },
    );

  const serverFields = fieldErrorsOf(change.error);
  const belowTaken = change.error instanceof ApiRequestError && change.error.code === 'BELOW_SEATS_TAKEN';
  const minimum =
    belowTaken && typeof (change.error as ApiRequestError).raw === 'object'
      ? ((change.error as ApiRequestError).raw as { minimum?: number }).minimum
      : undefined;

  if (cancelled)
    return (
      <DeskModal title={title} onClose={() => onDone(t('edit.cancelledNotice', { flight: label }))}>
        <Stack gap="sm">
          <Alert color="yellow" role="status" title={t('edit.cancelledNotice', { flight: label })}>
            {t('edit.affected', { count: cancelled.length })}
          </Alert>
          <Stack gap={4} component="ul" className={classes.list} data-testid="affected-bookings">
            {cancelled.map((booking) => (
              <li key={booking.bookingId}>
                <Group gap="xs" wrap="wrap">
                  <BookingLink id={booking.bookingId} reference={booking.bookingReference} />
                  <Text size="sm">
                    {t('flight.seatsCount', { count: booking.seats })} · {t(`edit.holdState.${booking.holdState}`)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={() => onDone(t('edit.cancelledNotice', { flight: label }))}>{t('edit.close')}</Button>
          </Group>
        </Stack>
      </DeskModal>
    );

  if (confirmCancel)
    return (
      <FormDialog
        title={t('edit.cancelTitle', { flight: label })}
        onClose={() => setConfirmCancel(false)}
        onSubmit={() => setCancelledTo(true)}
        pending={change.isPending}
        error={change.error}
        confirmLabel={t('edit.cancelConfirm')}
        confirmColor="red"
        cancelLabel={t('edit.keep')}
      >
        <Text>{t('edit.cancelExplain')}</Text>
        {taken > 0 ? <Alert color="yellow">{t('edit.cancelTaken', { count: taken })}</Alert> : null}
      </FormDialog>
    );

  const fareHint = (fare: Fare) =>
    t('edit.flightFare', { fare: ltr(fareText(detail.flight.fares[fare], flight.currency, language)) });

  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={save}
      pending={change.isPending}
      error={belowTaken ? null : change.error}
      confirmLabel={t('edit.save')}
      // "Close", not "Cancel": the dialog also offers to cancel the date itself.
      cancelLabel={t('edit.close')}
      fullScreen={phone}
      opened
    >
      <Text size="sm" c="gray.7">
        {airlineName(flight, language)} · <span className={classes.ltr}>{routeText(flight)}</span>
      </Text>
      {!canManage ? <Alert color="gray">{t('readOnly')}</Alert> : null}
      {flight.cancelled ? (
        <Alert color="red" title={t('state.cancelled')}>
          <Stack gap="xs">
            <Text size="sm">{t('edit.isCancelled')}</Text>
            <Group>
              <Button size="compact-sm" variant="light" onClick={() => setCancelledTo(false)} loading={change.isPending}>
                {t('edit.reinstate')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <NumberInput
        label={t('edit.seats')}
        description={t('edit.seatsHint', { held: flight.seats.held, sold: flight.seats.sold, minimum: taken })}
        value={seats}
        onChange={setSeats}
        min={taken}
        max={ALLOTMENT_MAX_SEATS}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        error={
          (shown && seatsWrong) || belowTaken || serverFields.has('seatsAllocated')
            ? t('edit.seatsError', { minimum: minimum ?? taken })
            : undefined
        }
        inputMode="numeric"
        classNames={{ input: classes.numberInput }}
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        data-autofocus
      />
      <Divider
        label={t('edit.fares', { currency: flight.currency })}
        labelPosition="left"
        styles={{ label: { color: 'var(--mantine-color-gray-7)', fontSize: 'var(--mantine-font-size-sm)' } }}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {FARES.map((fare) => (
          <NumberInput
            key={fare}
            label={t(`edit.fare.${fare}`)}
            description={fareHint(fare)}
            placeholder={String(detail.flight.fares[fare])}
            value={fares[fare]}
            onChange={(value) => setFares((current) => ({ ...current, [fare]: value }))}
            min={0}
            decimalScale={2}
            allowNegative={false}
            hideControls
            thousandSeparator=","
            inputMode="decimal"
            rightSection={
              <Text size="xs" c="gray.8">
                {flight.currency}
              </Text>
            }
            rightSectionWidth={44}
            error={(shown && fareWrong(fare)) || serverFields.has(fareField[fare]) ? t('edit.fareError') : undefined}
            classNames={{ input: classes.numberInput }}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          />
        ))}
      </SimpleGrid>
      <Divider
        label={t('edit.times')}
        labelPosition="left"
        styles={{ label: { color: 'var(--mantine-color-gray-7)', fontSize: 'var(--mantine-font-size-sm)' } }}
      />
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          label={t('edit.departure', { airport: flight.origin })}
          value={departure}
          onChange={(event) => setDeparture(event.currentTarget.value)}
          onBlur={(event) => setDeparture(clockTime(event.currentTarget.value))}
          placeholder="13:30"
          maxLength={5}
          inputMode="decimal"
          autoComplete="off"
          error={(shown && timesWrong.departure) || serverFields.has('departureTime') ? t('edit.timeError') : undefined}
          classNames={{ input: classes.numberInput }}
        />
        <TextInput
          label={t('edit.arrival', { airport: flight.destination })}
          value={arrival}
          onChange={(event) => setArrival(event.currentTarget.value)}
          onBlur={(event) => setArrival(clockTime(event.currentTarget.value))}
          placeholder="13:30"
          maxLength={5}
          inputMode="decimal"
          autoComplete="off"
          description={TIME.test(arr) && TIME.test(dep) && arr < dep ? t('edit.nextDay') : undefined}
          error={(shown && timesWrong.arrival) || serverFields.has('arrivalTime') ? t('edit.timeError') : undefined}
          classNames={{ input: classes.numberInput }}
        />
      </SimpleGrid>
      <NumberInput
        label={t('edit.infantLimit')}
        description={t('edit.infantHint', { taken: flight.infants.taken })}
        value={infantLimit}
        onChange={setInfantLimit}
        min={flight.infants.taken}
        max={ALLOTMENT_MAX_INFANTS}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        inputMode="numeric"
        error={
          (shown && infantsWrong) || serverFields.has('infantLimit')
            ? t('edit.infantError', { minimum: flight.infants.taken })
            : undefined
        }
        classNames={{ input: classes.numberInput }}
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      />
      <Switch
        label={t('edit.onSale')}
        description={flight.flightOnSale ? t('edit.onSaleHint') : t('edit.flightPausedHint')}
        checked={onSale}
        onChange={(event) => setOnSale(event.currentTarget.checked)}
        disabled={flight.cancelled}
        styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      />
      {!flight.cancelled && canManage ? (
        <Group justify="flex-start">
          <Button variant="subtle" color="red" onClick={() => setConfirmCancel(true)} px={0}>
            {t('edit.cancelDate')}
          </Button>
        </Group>
      ) : null}
    </FormDialog>
  );
}

export type { AllotmentDatedFlight };
