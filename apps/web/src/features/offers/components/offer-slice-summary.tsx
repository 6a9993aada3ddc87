import type { OfferSlice } from '@kwenda/contracts';
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
      <span className={classes.visuallyHidden}>{label}</span>
      <span className={classes.time}>{time}</span>
      <p className={classes.endpointCode}>{code}</p>
      <p className={classes.endpointCity}>{format.city(code)}</p>
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
          <p className={classes.airlineNames}>{names.join(format.language === 'ar' ? '، ' : ', ')}</p>
        </div>
        <div className={classes.sliceBadge}>
          <span>
            {label} · {format.date(slice.departureDate)}
          </span>
        </div>
      </div>

      <div className={classes.timeline}>
        <Endpoint label={t('card.departure')} time={localTime(slice.departureDate)} code={slice.origin} format={format} />

        <div className={classes.track}>
          <p className={classes.note}>
            <span className={classes.visuallyHidden}>{t('duration.label')}: </span>
            {format.duration(slice.durationInMinutes)}
          </p>
          <div className={classes.line}>
            <PlaneIcon size={18} />
          </div>
          <p className={direct ? classes.stopsDirect : classes.stopsConnecting}>{format.stops(slice)}</p>
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
        <p className={classes.note}>{format.cabin(slice)}</p>
        <p className={classes.note}>
          {t('card.flightNumbers')}:{' '}
          <span dir="ltr" className={classes.ltr}>
            {slice.segments.map((s) => formatFlightNumber(s.flightNumber)).join(', ')}
          </span>
        </p>
      </div>
    </div>
  );
}
