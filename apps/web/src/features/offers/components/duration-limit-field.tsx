import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useDebouncedCommit } from '../hooks/use-debounced-commit';
import { clamp, sliderRange } from '../lib/slider-scale';
import classes from './filters.module.css';
import { RangeThumb, RangeTrack, useFollowedState } from './range-slider';

/** Travel times move by quarter hours. */
const STEP_MINUTES = 15;

interface DurationLimitFieldProps {
  /** Shortest and longest "longest slice" of the search's offers, minutes. */
  bounds: { min: number; max: number };
  value: number | undefined;
  formatDuration: (minutes: number) => string;
  onChange: (maxDuration: number | undefined) => void;
}

/** The longest travel time accepted, as one native slider; at its end it sets no limit. */
export function DurationLimitField({ bounds, value, formatDuration, onChange }: DurationLimitFieldProps) {
  const { t } = useTranslation('offers');
  const id = useId();
  const range = sliderRange(bounds, STEP_MINUTES);
  const fromValue = () => clamp(value ?? range.max, range.min, range.max);
  const [limit, setLimit] = useFollowedState(`${value}|${range.min}|${range.max}`, fromValue);
  const { schedule, flush } = useDebouncedCommit<number>((next) => onChange(next >= range.max ? undefined : next));
  const label = t('filters.duration.upTo', { duration: formatDuration(limit) });
  return (
    <div>
      <p className={classes.rangeValue} aria-hidden="true">
        {label}
      </p>
      <RangeTrack low={0} high={(limit - range.min) / (range.max - range.min)}>
        <RangeThumb
          id={id}
          label={t('filters.duration.label')}
          range={range}
          step={STEP_MINUTES}
          value={limit}
          valueText={label}
          onMove={(next) => {
            setLimit(next);
            schedule(next);
          }}
          onBlur={flush}
        />
      </RangeTrack>
    </div>
  );
}
