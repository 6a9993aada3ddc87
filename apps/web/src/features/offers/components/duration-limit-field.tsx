import { useId, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useDebouncedCommit } from '../hooks/use-debounced-commit';
import { clamp, sliderRange } from '../lib/slider-scale';
import classes from './filters.module.css';

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
  const outside = `${value}|${range.min}|${range.max}`;
  const [seen, setSeen] = useState(outside);
  const [limit, setLimit] = useState(fromValue);
  if (seen !== outside) {
    setSeen(outside);
    setLimit(fromValue());
  }
  const { schedule, flush } = useDebouncedCommit<number>((next) => onChange(next >= range.max ? undefined : next));
  const label = t('filters.duration.upTo', { duration: formatDuration(limit) });
  return (
    <div>
      <p className={classes.rangeValue} aria-hidden="true">
        {label}
      </p>
      <div
        className={classes.range}
        style={{ '--low': 0, '--high': (limit - range.min) / (range.max - range.min) } as CSSProperties}
      >
        <span className={classes.rangeTrack} aria-hidden="true" />
        <span className={classes.rangeFill} aria-hidden="true" />
        <label className={classes.visuallyHidden} htmlFor={id}>
          {t('filters.duration.label')}
        </label>
        <input
          id={id}
          type="range"
          className={classes.rangeInput}
          min={range.min}
          max={range.max}
          step={STEP_MINUTES}
          value={limit}
          aria-valuetext={label}
          onChange={(event) => {
            const next = Number(event.target.value);
            setLimit(next);
            schedule(next);
          }}
          onBlur={flush}
        />
      </div>
    </div>
  );
}
