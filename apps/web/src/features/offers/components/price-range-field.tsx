import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useDebouncedCommit } from '../hooks/use-debounced-commit';
import { clamp, niceStep, sliderRange } from '../lib/slider-scale';
import classes from './filters.module.css';
import { RangeThumb, RangeTrack, useFollowedState } from './range-slider';

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
  const [[low, high], setLocal] = useFollowedState(`${value.min}|${value.max}|${range.min}|${range.max}`, fromValue);
  const { schedule, flush } = useDebouncedCommit<[number, number]>(([lo, hi]) =>
    onChange({ min: lo <= range.min ? undefined : lo, max: hi >= range.max ? undefined : hi }),
  );
  const move = (next: [number, number]) => {
    setLocal(next);
    schedule(next);
  };
  const span = range.max - range.min;
  return (
    <div>
      <RangeTrack low={(low - range.min) / span} high={(high - range.min) / span}>
        <RangeThumb
          id={`${id}-low`}
          label={t('filters.price.min')}
          range={range}
          step={step}
          value={low}
          valueText={formatPrice(low)}
          // The lower thumb on top once it is past the middle, or it could not be pulled off the upper one.
          front={low - range.min > span / 2}
          onMove={(next) => move([Math.min(next, high), high])}
          onBlur={flush}
        />
        <RangeThumb
          id={`${id}-high`}
          label={t('filters.price.max')}
          range={range}
          step={step}
          value={high}
          valueText={formatPrice(high)}
          onMove={(next) => move([low, Math.max(next, low)])}
          onBlur={flush}
        />
      </RangeTrack>
      {/* Each end's amount under its thumb (the sliders read their own amounts out). */}
      <p className={classes.rangeEnds} aria-hidden="true">
        <span>{formatPrice(low)}</span>
        <span>{formatPrice(high)}</span>
      </p>
    </div>
  );
}
