import type { Offer, OfferSlice } from '@kwenda/contracts';
import { Button, Divider, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery, useMounted } from '@mantine/hooks';
import { Fragment, memo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { SearchState } from '../../../lib/search-params';
import type { OfferFormat } from '../hooks/use-offer-format';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { dayShift, layovers, localTime } from '../../../lib/format/flight-times';
import { formatClockTime } from '../../../lib/format/format-date';
import { AirlineLogo } from './airline-logo';
import { BaggageSummary } from './baggage-summary';
import { FareConditionsSection } from './fare-conditions';
import { OfferFareLines } from './offer-fare-lines';
import { DayShiftMarker } from './day-shift-marker';
import { ClockIcon } from './offer-icons';
import classes from './offers.module.css';
import { sliceLabel } from './slice-label';
import { TitledModal } from '../../../components/titled-modal';

interface OfferDetailsModalProps {
  offer: Offer | null;
  search: SearchState;
  format: OfferFormat;
  onClose: () => void;
  onBook: (offer: Offer) => void;
}

/** Every segment of an offer (flights, aircraft, times, airports, layovers, technical stops), bags and the fare. */
export const OfferDetailsModal = memo(function OfferDetailsModal({
  offer,
  search,
  format,
  onClose,
  onBook,
}: OfferDetailsModalProps) {
  const { t } = useTranslation('offers');
  const phone = useMediaQuery('(max-width: 36em)');
  // Keep the last offer while the modal fades out, so it does not empty itself mid-animation.
  const [shown, setShown] = useState(offer);
  if (offer && offer !== shown) setShown(offer);
  // Mounted at the moment it is opened (before the browser was idle: offers-results.tsx), the modal first
  // renders closed, so it records the "Details" button as where focus goes back to.
  const mounted = useMounted();
  const { adults, children, infants } = search.passengers;
  return (
    <TitledModal
      opened={offer !== null && mounted}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t('details.title')}
      titleSize="lg"
      closeLabel={t('details.close')}
    >
      {shown && (
        <Stack gap="lg">
          {shown.slices.map((slice, index) => (
            <SliceDetails key={index} slice={slice} label={sliceLabel(t, shown.tripType, index)} format={format} />
          ))}

          <Divider />
          <section aria-labelledby="offer-baggage-title">
            <Title order={3} size="h5" id="offer-baggage-title" mb="xs">
              {t('baggage.title')}
            </Title>
            <BaggageSummary baggage={shown.baggage} />
          </section>

          <FareConditionsSection conditions={shown.conditions} format={format} travellers={adults + children + infants} />

          <section aria-labelledby="offer-fare-title">
            <Title order={3} size="h5" id="offer-fare-title" mb="xs">
              {t('details.fare')}
            </Title>
            <Stack gap={4}>
              <OfferFareLines offer={shown} format={format} />
              <div className={classes.summaryRow}>
                <Text size="sm">{t('card.cabin')}</Text>
                <Text size="sm">{format.cabin(shown.slices[0]!)}</Text>
              </div>
              <div className={classes.summaryRow}>
                <Text fw={700}>{t('details.totalFor', { count: adults + children + infants })}</Text>
                <Text fw={700} className={classes.price}>
                  {format.price(shown.price, shown.currency)}
                </Text>
              </div>
              <Text size="xs" c="gray.7" className={classes.baggageItem}>
                <ClockIcon size={16} />
                {t('details.validUntil', { time: formatClockTime(shown.expiresAt, format.language) })}
              </Text>
            </Stack>
          </section>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('details.close')}
            </Button>
            <Button onClick={() => onBook(shown)}>{t('card.book')}</Button>
          </Group>
        </Stack>
      )}
    </TitledModal>
  );
});

function SliceDetails({ slice, label, format }: { slice: OfferSlice; label: string; format: OfferFormat }) {
  const { t } = useTranslation('offers');
  const waits = layovers(slice.segments);
  return (
    <section>
      <Title order={3} size="h5">
        {label}: {t('routeHeading', { from: format.city(slice.origin), to: format.city(slice.destination) })}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {format.date(slice.departureDate, 'long')} · {format.duration(slice.durationInMinutes)} · {format.stops(slice)}
      </Text>
      <ol className={classes.segments}>
        {slice.segments.map((segment, index) => {
          const wait = waits[index];
          const airline = format.airlineName(segment.airline);
          return (
            <Fragment key={index}>
              <li className={classes.segment}>
                <Group gap="xs" wrap="wrap">
                  <AirlineLogo airline={segment.airline} name={airline} />
                  <div>
                    <Text size="sm" fw={600}>
                      {airline} ·{' '}
                      <span dir="ltr" className={classes.ltr}>
                        {formatFlightNumber(segment.flightNumber)}
                      </span>
                    </Text>
                    <Text size="xs" c="gray.7">
                      {[segment.aircraft && t('details.aircraft', { aircraft: segment.aircraft }), format.cabin(slice)]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                </Group>
                <div className={classes.segmentPath}>
                  <div className={classes.segmentRail} aria-hidden="true">
                    <span className={classes.segmentRailLine} />
                  </div>
                  <SegmentEnd time={segment.departureDate} code={segment.origin} format={format} label={t('card.departure')} />
                  <Text size="xs" c="gray.7">
                    {t('duration.label')}: {format.duration(segment.durationInMinutes)}
                    {segment.stops > 0 && ` · ${t('details.technicalStops', { count: segment.stops })}`}
                  </Text>
                  <SegmentEnd
                    time={segment.arrivalDate}
                    code={segment.destination}
                    format={format}
                    label={t('card.arrival')}
                    shift={dayShift(segment.departureDate, segment.arrivalDate)}
                  />
                </div>
              </li>
              {wait && (
                <li className={classes.layover}>
                  <ClockIcon size={16} />
                  <Text size="sm">{t('details.layover', { city: format.city(wait.airport), code: wait.airport })}</Text>
                  <Text size="sm">{t('details.layoverWait', { duration: format.duration(wait.minutes) })}</Text>
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </section>
  );
}

function SegmentEnd({
  time,
  code,
  format,
  label,
  shift = 0,
}: {
  time: string;
  code: string;
  format: OfferFormat;
  label: string;
  shift?: number;
}) {
  return (
    <div>
      <Text size="sm">
        <VisuallyHidden>{label} </VisuallyHidden>
        <Text span fw={700} size="md">
          {localTime(time)}
        </Text>
        <DayShiftMarker days={shift} /> · {format.date(time)}
      </Text>
      <Text size="sm">
        {format.airportName(code)} ({code}) · {format.city(code)}
      </Text>
    </div>
  );
}
