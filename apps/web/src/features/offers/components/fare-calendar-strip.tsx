import type { FareCalendarDay } from '@kwenda/contracts';
import { FARE_CALENDAR_DAYS_AROUND } from '@kwenda/contracts/rules';
import { VisuallyHidden } from '@mantine/core';
import { memo, useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatCalendarDate } from '../../../lib/format/calendar-date';
import type { SearchState } from '../../../lib/search-params';
import { useHydrated } from '../../../lib/use-hydrated';
import { useFareCalendar } from '../api/use-fare-calendar';
import type { OfferFormat } from '../hooks/use-offer-format';
import classes from './fare-calendar-strip.module.css';
import { PlaceholderShape, placeholderGroupProps } from '../../../components/placeholder';

interface FareCalendarStripProps {
  /** A one-way or round-trip search (multi-city trips have no strip). */
  search: SearchState;
  /** The offers have arrived: only then is the calendar asked for, so it never slows them down. */
  ready: boolean;
  format: OfferFormat;
  /** A day was tapped: search it (the page rewrites the address, as the search form does). */
  onSelect: (search: SearchState) => void;
}

const CELLS = 2 * FARE_CALENDAR_DAYS_AROUND + 1;

/**
 * The lowest price on each of the days around the chosen date, earliest first in reading order (so
 * right to left in Arabic); a round trip moves as a whole, keeping its length. Days before today are
 * left out, days without flights say so. On a phone it scrolls sideways, the chosen day in view.
 * The server renders the placeholder (same height, no layout shift); the days come in the browser.
 */
/** What a day without a price says. */
const noPriceLabel = {
  'no-flights': 'calendar.noFlights',
  past: 'calendar.noFlights',
  'not-on-sale': 'calendar.notOnSale',
  'not-searched': 'calendar.notSearched',
} as const;

export const FareCalendarStrip = memo(function FareCalendarStrip({ search, ready, format, onSelect }: FareCalendarStripProps) {
  const { t } = useTranslation('offers');
  const titleId = useId();
  const hydrated = useHydrated();
  const query = useFareCalendar(search, ready && hydrated);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const roundTrip = search.tripType === 'round-trip';
  // Kept between renders: the strip is centred on the chosen day when new days arrive, not at every render
  // (a traveller who scrolled it keeps their place while more offers load).
  const days = useMemo(
    () => (hydrated ? query.data?.days.filter((day) => day.status !== 'past') : undefined),
    [hydrated, query.data],
  );
  const cheapest = days?.reduce<number | null>(
    (low, day) => (day.lowestPrice !== null && (low === null || day.lowestPrice < low) ? day.lowestPrice : low),
    null,
  );

  // Bring the chosen day into the middle of the strip when it scrolls (phones), without moving the page.
  // Measured in the next frame, where the browser lays the page out anyway: measuring in the effect made
  // it lay out the whole page inside the task that inserted the days (about 15 ms more in one task).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const scroller = scrollerRef.current;
      const chosen = scroller?.querySelector('[aria-current]');
      if (!scroller || !chosen || scroller.scrollWidth <= scroller.clientWidth) return;
      const box = scroller.getBoundingClientRect();
      const cell = chosen.getBoundingClientRect();
      scroller.scrollLeft += cell.left + cell.width / 2 - (box.left + box.width / 2);
    });
    return () => cancelAnimationFrame(frame);
  }, [days]);

  if (search.tripType === 'multi-city' || query.isError) return null;

  const shortDate = (date: string) => formatCalendarDate(date, format.language, { weekday: 'short', month: 'short' });
  const cell = (day: FareCalendarDay) => {
    const chosen = day.departureDate === search.departureDate;
    const price = day.lowestPrice === null ? null : format.price(day.lowestPrice, query.data!.currency);
    const content = (
      <>
        {day.lowestPrice !== null && day.lowestPrice === cheapest && (
          <span className={classes.lowest}>{t('calendar.lowest')}</span>
        )}
        <span className={classes.date}>{shortDate(day.departureDate)}</span>
        {roundTrip && day.returnDate && (
          <span className={classes.returnDate}>
            {t('calendar.returnOn', { date: formatCalendarDate(day.returnDate, format.language, { month: 'short' }) })}
          </span>
        )}
        {price !== null ? (
          <span className={classes.price}>{price}</span>
        ) : (
          <span className={classes.none}>{t(noPriceLabel[day.status as Exclude<typeof day.status, 'priced'>])}</span>
        )}
      </>
    );
    if (chosen)
      return (
        <div className={classes.day} data-chosen aria-current="date">
          <VisuallyHidden>{t('calendar.chosen')}: </VisuallyHidden>
          {content}
        </div>
      );
    // A day not searched yet is a search away: choosing it searches it.
    if (price === null && day.status !== 'not-searched')
      return (
        <div className={classes.day} data-disabled>
          {content}
        </div>
      );
    return (
      <button
        type="button"
        className={classes.day}
        onClick={() => onSelect({ ...search, departureDate: day.departureDate, returnDate: day.returnDate ?? search.returnDate })}
      >
        {content}
      </button>
    );
  };

  // Until the days are here (and on the server) a placeholder of the same height holds their place, so
  // the offers below do not jump when the strip fills in; it is hidden, like the cards' skeletons.
  if (!days)
    return (
      <div
        {...placeholderGroupProps}
        className={`${classes.strip} ${placeholderGroupProps.className}`}
        data-round-trip={roundTrip || undefined}
        data-testid="fare-calendar"
      >
        <PlaceholderShape className={classes.titlePlaceholder} />
        <div className={classes.scroller}>
          <div className={classes.days}>
            {Array.from({ length: CELLS }, (_, index) => (
              <div key={index} className={classes.item}>
                <PlaceholderShape className={classes.placeholder} radius="md" />
              </div>
            ))}
          </div>
        </div>
      </div>
    );

  return (
    <section
      className={classes.strip}
      aria-labelledby={titleId}
      data-round-trip={roundTrip || undefined}
      data-testid="fare-calendar"
    >
      <h2 id={titleId} className={classes.title}>
        {t(roundTrip ? 'calendar.titleRoundTrip' : 'calendar.title')}
      </h2>
      <div ref={scrollerRef} className={classes.scroller}>
        <ol className={classes.days}>
          {days.map((day) => (
            <li key={day.departureDate} className={classes.item}>
              {cell(day)}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
});
