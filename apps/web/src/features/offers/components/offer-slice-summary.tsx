import type { OfferSlice } from '@kwenda/contracts';
import { Badge, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { OfferFormat } from '../hooks/use-offer-format';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { dayShift, localTime } from '../../../lib/format/flight-times';
import { AirlineLogo } from './airline-logo';
import { DayShiftMarker } from './day-shift-marker';
import { PlaneIcon } from './offer-icons';
import classes from './offers.module.css';

/** One end of the timeline: the local time, the airport's code and its city. */
function Endpoint({
  label,
  time,
  code,
  format,
  end = false,
}: {
  label: string;
  time: ReactNode;
  code: string;
  format: OfferFormat;
  end?: boolean;
}) {
  return (
    <div className={end ? `${classes.endpoint} ${classes.endpointEnd}` : classes.endpoint}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <span className={classes.time}>{time}</span>
      <Text size="sm" fw={700} lh={1.3}>
        {code}
      </Text>
      <Text size="xs" c="gray.7" lh={1.3}>
        {format.city(code)}
      </Text>
    </div>
  );
}

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
        <Endpoint label={t('card.departure')} time={localTime(slice.departureDate)} code={slice.origin} format={format} />

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

        <Endpoint
          end
          label={t('card.arrival')}
          time={
            <>
              {localTime(slice.arrivalDate)}
              <DayShiftMarker days={dayShift(slice.departureDate, slice.arrivalDate)} />
            </>
          }
          code={slice.destination}
          format={format}
        />
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
