import { useId, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useDebouncedCommit } from '../hooks/use-debounced-commit';
import { clamp, niceStep, sliderRange } from '../lib/slider-scale';
import classes from './filters.module.css';

export interface PriceRange {
  min?: number | undefined;
  max?: number | undefined;
}

interface PriceRangeFieldProps {
  /** Cheapest and dearest offer of the search. */
  bounds: { min: number; max: number };
  value: PriceRange;
  formatPrice: (amount: number) => string;
  onChange: (value: PriceRange) => void;
}

/**
 * The price range as two native sliders on one track (lowest and highest, each with its label and
 * its amount read out), so it works by touch, mouse and arrow keys. An end at the slider's edge
 * sets no bound. The search runs when the thumb rests (useDebouncedCommit), not at every step.
 */
export function PriceRangeField({ bounds, value, formatPrice, onChange }: PriceRangeFieldProps) {
  const { t } = useTranslation('offers');
  const id = useId();
  const step = niceStep(bounds.max - bounds.min);
  const range = sliderRange(bounds, step);
  const fromValue = (): [number, number] => [
    clamp(value.min ?? range.min, range.min, range.max),
    clamp(value.max ?? range.max, range.min, range.max),
  ];
  // The thumbs follow the address (reset, back button) and otherwise the traveller's hand.
  const outside = `${value.min}|${value.max}|${range.min}|${range.max}`;
  const [seen, setSeen] = useState(outside);
  const [[low, high], setLocal] = useState(fromValue);
  if (seen !== outside) {
    setSeen(outside);
    setLocal(fromValue());
  }
  const { schedule, flush } = useDebouncedCommit<[number, number]>(([lo, hi]) =>
    onChange({ min: lo <= range.min ? undefined : lo, max: hi >= range.max ? undefined : hi }),
  );
  const move = (next: [number, number]) => {
    setLocal(next);
    schedule(next);
  };
  const span = range.max - range.min;
  const style = useMemo(
    () => ({ '--low': (low - range.min) / span, '--high': (high - range.min) / span }) as CSSProperties,
    [low, high, range.min, span],
  );
  return (
    <div>
      <div className={classes.range} style={style}>
        <span className={classes.rangeTrack} aria-hidden="true" />
        <span className={classes.rangeFill} aria-hidden="true" />
        <label className={classes.visuallyHidden} htmlFor={`${id}-low`}>
          {t('filters.price.min')}
        </label>
        <input
          id={`${id}-low`}
          type="range"
          className={classes.rangeInput}
          // The lower thumb on top once it is past the middle, or it could not be pulled off the upper one.
          data-front={low - range.min > span / 2 || undefined}
          min={range.min}
          max={range.max}
          step={step}
          value={low}
          aria-valuetext={formatPrice(low)}
          onChange={(event) => move([Math.min(Number(event.target.value), high), high])}
          onBlur={flush}
        />
        <label className={classes.visuallyHidden} htmlFor={`${id}-high`}>
          {t('filters.price.max')}
        </label>
        <input
          id={`${id}-high`}
          type="range"
          className={classes.rangeInput}
          min={range.min}
          max={range.max}
          step={step}
          value={high}
          aria-valuetext={formatPrice(high)}
          onChange={(event) => move([low, Math.max(Number(event.target.value), low)])}
          onBlur={flush}
        />
      </div>
      {/* Each end's amount under its thumb (the sliders read their own amounts out). */}
      <p className={classes.rangeEnds} aria-hidden="true">
        <span>{formatPrice(low)}</span>
        <span>{formatPrice(high)}</span>
      </p>
    </div>
  );
}
