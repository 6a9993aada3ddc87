import type { OfferFacets, TripType } from '@kwenda/contracts';
import {
  stopOptions,
  TIME_WINDOW_START_HOUR,
  timeWindows,
  type OfferFilterValues,
  type SliceTimeFilter,
  type TimeWindow,
} from '@kwenda/contracts/rules';
import { Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { WaitingLoader } from '../../../components/waiting-loader';
import type { OfferFormat } from '../hooks/use-offer-format';
import { AirlineLogo } from './airline-logo';
import { DurationLimitField } from './duration-limit-field';
import { PriceRangeField } from './price-range-field';
import { sliceLabel } from './slice-label';
import classes from './filters.module.css';

interface OfferFiltersPanelProps {
  filters: OfferFilterValues;
  /** Counts and ranges of the search; undefined until its first answer. */
  facets: OfferFacets | undefined;
  /** Origin and destination of each slice of the search, in order. */
  legs: readonly { origin: string; destination: string }[];
  tripType: TripType;
  currency: string;
  format: OfferFormat;
  onChange: (filters: OfferFilterValues) => void;
}

/** Keeps the options picked in `order`, or none (no filter) when nothing is left. */
function toggled<T>(list: readonly T[] | undefined, value: T, on: boolean, order: readonly T[]): T[] | undefined {
  const picked = new Set(list ?? []);
  if (on) picked.add(value);
  else picked.delete(value);
  const next = order.filter((option) => picked.has(option));
  return next.length ? next : undefined;
}

const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;
const windowHours = (window: TimeWindow) => {
  const next = timeWindows[timeWindows.indexOf(window) + 1];
  return `${hour(TIME_WINDOW_START_HOUR[window])}–${hour(next ? TIME_WINDOW_START_HOUR[next] : 24)}`;
};

/**
 * The filters of the offers page, each option with the number of flights it would leave: stops,
 * baggage, price, times per slice (local time at each airport), travel time and airlines. Native
 * checkboxes and sliders in fieldsets with legends, so they work by keyboard and screen reader.
 * The same panel sits beside the list on a desktop and in a sheet on a phone.
 */
export function OfferFiltersPanel({ filters, facets, legs, tripType, currency, format, onChange }: OfferFiltersPanelProps) {
  const { t } = useTranslation('offers');
  if (!facets) {
    return (
      <div className={classes.panelLoading} role="status">
        <WaitingLoader size="sm" />
        <Text size="sm">{t('filters.loading')}</Text>
      </div>
    );
  }
  const set = (patch: Partial<OfferFilterValues>) => onChange({ ...filters, ...patch });
  const setSliceWindows = (index: number, key: keyof SliceTimeFilter, windows: TimeWindow[] | undefined) => {
    const slices: SliceTimeFilter[] = Array.from({ length: Math.max(index + 1, filters.slices?.length ?? 0) }, (_, i) => ({
      ...filters.slices?.[i],
    }));
    slices[index] = { ...slices[index], [key]: windows };
    const last = slices.findLastIndex((slice) => slice.departure?.length || slice.arrival?.length);
    set({ slices: last >= 0 ? slices.slice(0, last + 1) : undefined });
  };
  const airlineCodes = facets.airlines.map((a) => a.airline.iataCode).sort();
  const airlines = [...facets.airlines].sort((a, b) =>
    format.airlineName(a.airline).localeCompare(format.airlineName(b.airline), format.language),
  );
  const priceBounds = facets.price;
  const durationBounds = facets.duration;

  return (
    <div className={classes.panel}>
      <FilterGroup legend={t('filters.stops.legend')}>
        {facets.stops.map(({ value, count }) => (
          <FilterOption
            key={value}
            label={t(`filters.stops.${value}`)}
            count={count}
            checked={filters.stops?.includes(value) ?? false}
            onChange={(on) => set({ stops: toggled(filters.stops, value, on, stopOptions) })}
          />
        ))}
      </FilterGroup>

      <FilterGroup legend={t('filters.bags.legend')}>
        <FilterOption
          label={t('filters.bags.included')}
          count={facets.bagsIncluded}
          checked={filters.bagsIncluded ?? false}
          onChange={(on) => set({ bagsIncluded: on || undefined })}
        />
      </FilterGroup>

      {priceBounds && priceBounds.max > priceBounds.min && (
        <FilterGroup legend={t('filters.price.legend')}>
          <PriceRangeField
            bounds={priceBounds}
            value={{ min: filters.minPrice, max: filters.maxPrice }}
            formatPrice={(amount) => format.price(amount, currency)}
            onChange={({ min, max }) => set({ minPrice: min, maxPrice: max })}
          />
        </FilterGroup>
      )}

      {facets.slices.map((slice, index) => {
        const leg = legs[index];
        if (!leg) return null;
        const title =
          facets.slices.length > 1
            ? `${sliceLabel(t, tripType, index)}: ${t('routeHeading', { from: format.city(leg.origin), to: format.city(leg.destination) })}`
            : t('filters.times.legend');
        return (
          <section key={index} className={classes.group} aria-label={title}>
            <h3 className={classes.groupTitle}>{title}</h3>
            <p className={classes.hint}>{t('filters.times.hint')}</p>
            {(['departure', 'arrival'] as const).map((key) => (
              <fieldset key={key} className={`${classes.fieldset} ${classes.subGroup}`}>
                <legend className={classes.subLegend}>
                  {t(`filters.times.${key}`, { city: format.city(key === 'departure' ? leg.origin : leg.destination) })}
                </legend>
                {slice[key].map(({ value, count }) => (
                  <FilterOption
                    key={value}
                    label={t(`filters.times.${value}`)}
                    detail={windowHours(value)}
                    count={count}
                    checked={filters.slices?.[index]?.[key]?.includes(value) ?? false}
                    onChange={(on) =>
                      setSliceWindows(index, key, toggled(filters.slices?.[index]?.[key], value, on, timeWindows))
                    }
                  />
                ))}
              </fieldset>
            ))}
          </section>
        );
      })}

      {durationBounds && durationBounds.max > durationBounds.min && (
        <FilterGroup legend={t('filters.duration.legend')}>
          <DurationLimitField
            bounds={durationBounds}
            value={filters.maxDuration}
            formatDuration={format.duration}
            onChange={(maxDuration) => set({ maxDuration })}
          />
        </FilterGroup>
      )}

      {airlines.length > 0 && (
        <FilterGroup legend={t('filters.airlines.legend')}>
          {airlines.map(({ airline, count }) => (
            <FilterOption
              key={airline.iataCode}
              label={format.airlineName(airline)}
              icon={<AirlineLogo airline={airline} name={format.airlineName(airline)} />}
              count={count}
              checked={filters.airlines?.includes(airline.iataCode) ?? false}
              onChange={(on) => set({ airlines: toggled(filters.airlines, airline.iataCode, on, airlineCodes) })}
            />
          ))}
        </FilterGroup>
      )}
    </div>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    // The rule between groups is on a wrapper: on the fieldset itself the legend would sit across it.
    <div className={classes.group}>
      <fieldset className={classes.fieldset}>
        <legend className={classes.groupTitle}>{legend}</legend>
        {children}
      </fieldset>
    </div>
  );
}

function FilterOption({
  label,
  detail,
  icon,
  count,
  checked,
  onChange,
}: {
  label: string;
  /** Shown smaller after the label (a time window's hours). */
  detail?: string;
  icon?: ReactNode;
  count: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('offers');
  const id = useId();
  // An option that would leave nothing cannot be ticked, unless it already is (so it can be unticked).
  const disabled = count === 0 && !checked;
  return (
    <label className={classes.option} htmlFor={id} data-disabled={disabled || undefined}>
      <input
        id={id}
        type="checkbox"
        className={classes.checkbox}
        checked={checked}
        disabled={disabled}
        aria-label={t('filters.optionLabel', { label: detail ? `${label} ${detail}` : label, count })}
        onChange={(event) => onChange(event.target.checked)}
      />
      {icon}
      <span className={classes.optionLabel}>
        {label}
        {detail && (
          <span className={classes.optionDetail} dir="ltr">
            {detail}
          </span>
        )}
      </span>
      <span className={classes.optionCount}>{count}</span>
    </label>
  );
}
