import { useState, type CSSProperties, type ReactNode } from 'react';
import classes from './filters.module.css';

/**
 * Local state that starts again from the value outside (the address: a reset, the back button)
 * whenever that value's key changes, and otherwise follows the traveller's hand.
 */
export function useFollowedState<T>(key: string, fromOutside: () => T) {
  const [seen, setSeen] = useState(key);
  const [state, setState] = useState(fromOutside);
  if (seen !== key) {
    setSeen(key);
    setState(fromOutside());
  }
  return [state, setState] as const;
}

/** The track native range inputs share: the fill between `low` and `high`, fractions of its length. */
export function RangeTrack({ low, high, children }: { low: number; high: number; children: ReactNode }) {
  return (
    <div className={classes.range} style={{ '--low': low, '--high': high } as CSSProperties}>
      <span className={classes.rangeTrack} aria-hidden="true" />
      <span className={classes.rangeFill} aria-hidden="true" />
      {children}
    </div>
  );
}

/** One thumb on the track: a native range input, named for screen readers, its value read out as text. */
export function RangeThumb({
  id,
  label,
  range,
  step,
  value,
  valueText,
  front,
  onMove,
  onBlur,
}: {
  id: string;
  label: string;
  range: { min: number; max: number };
  step: number;
  value: number;
  valueText: string;
  /** Drawn above the other thumb. */
  front?: boolean;
  onMove: (value: number) => void;
  onBlur: () => void;
}) {
  return (
    <>
      <label className={classes.visuallyHidden} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="range"
        className={classes.rangeInput}
        data-front={front || undefined}
        min={range.min}
        max={range.max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onMove(Number(event.target.value))}
        onBlur={onBlur}
      />
    </>
  );
}
