import type { OfferSlice } from '@kwenda/contracts';
import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { OfferFormat } from '../hooks/use-offer-format';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { dayShift, localTime } from '../../../lib/format/flight-times';
import { AirlineLogo } from './airline-logo';
import { DayShiftMarker } from './day-shift-marker';
import { PlaneIcon } from './offer-icons';
import classes from './offers.module.css';

/** One slice on an offer card: airlines, times, airports, duration, stops, cabin and flight numbers. */
export function OfferSliceSummary({ slice, label, format }: { slice: OfferSlice; label: string; format: OfferFormat }) {
  const { t } = useTranslation('offers');
  const direct = slice.segments.length === 1;
  const names = slice.airlines.map((airline) => format.airlineName(airline));
  return (
    <div className={classes.slice}>
      <div className={classes.sliceHeader}>
        <div className={classes.airlines}>
          {slice.airlines.map((airline, i) => (
            <AirlineLogo key={airline.iataCode} airline={airline} name={names[i]!} />
          ))}
          <Text size="sm" lh={1.3}>
            {names.join(format.language === 'ar' ? '، ' : ', ')}
          </Text>
        </div>
        <Badge variant="light" color="gray" radius="sm" size="lg" tt="none" c="gray.8">
          {label} · {format.date(slice.departureDate)}
        </Badge>
      </div>

      <div className={classes.timeline}>
        <div className={classes.endpoint}>
          <VisuallyHidden>{t('card.departure')}</VisuallyHidden>
          <span className={classes.time}>{localTime(slice.departureDate)}</span>
          <Text size="sm" fw={700} lh={1.3}>
            {slice.origin}
          </Text>
          <Text size="xs" c="gray.7" lh={1.3}>
            {format.city(slice.origin)}
          </Text>
        </div>

        <div className={classes.track}>
          <Text size="xs" c="gray.7">
            <VisuallyHidden>{t('duration.label')}: </VisuallyHidden>
            {format.duration(slice.durationInMinutes)}
          </Text>
          <div className={classes.line}>
            <PlaneIcon size={18} />
          </div>
          <Text size="xs" className={direct ? classes.stopsDirect : classes.stopsConnecting}>
            {format.stops(slice)}
          </Text>
        </div>

        <div className={`${classes.endpoint} ${classes.endpointEnd}`}>
          <VisuallyHidden>{t('card.arrival')}</VisuallyHidden>
          <span className={classes.time}>
            {localTime(slice.arrivalDate)}
            <DayShiftMarker days={dayShift(slice.departureDate, slice.arrivalDate)} />
          </span>
          <Text size="sm" fw={700} lh={1.3}>
            {slice.destination}
          </Text>
          <Text size="xs" c="gray.7" lh={1.3}>
            {format.city(slice.destination)}
          </Text>
        </div>
      </div>

      <div className={classes.meta}>
        <Text size="xs" c="gray.7">
          {format.cabin(slice)}
        </Text>
        <Text size="xs" c="gray.7">
          {t('card.flightNumbers')}:{' '}
          <span dir="ltr" className={classes.ltr}>
            {slice.segments.map((s) => formatFlightNumber(s.flightNumber)).join(', ')}
          </span>
        </Text>
      </div>
    </div>
  );
}
