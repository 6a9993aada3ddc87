import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './count-stepper.module.css';
import { IconMinus, IconPlus } from './icons';

export interface CountStepperProps {
  label: string;
  hint?: ReactNode;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Accessible names of the two buttons, e.g. "Add: Adults". */
  incrementLabel: string;
  decrementLabel: string;
  /** Extra content under the hint, such as why the plus button is off. */
  children?: ReactNode;
}

/** A labelled number with minus and plus buttons (passengers, bags). */
export function CountStepper({
  label,
  hint,
  value,
  min,
  max,
  onChange,
  incrementLabel,
  decrementLabel,
  children,
}: CountStepperProps) {
  const id = useId();
  return (
    <div className={classes.row} role="group" aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined}>
      <div className={classes.text}>
        <div id={`${id}-label`} className={classes.label}>
          {label}
        </div>
        {hint ? (
          <div id={`${id}-hint`} className={classes.hint}>
            {hint}
          </div>
        ) : null}
        {children}
      </div>
      <div className={classes.controls}>
        <ActionIcon
          variant="default"
          radius="xl"
          size={36}
          aria-label={decrementLabel}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          <IconMinus size={18} />
        </ActionIcon>
        <output className={classes.value} aria-live="polite">
          <VisuallyHidden>{label}: </VisuallyHidden>
          {value}
        </output>
        <ActionIcon
          variant="default"
          radius="xl"
          size={36}
          aria-label={incrementLabel}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus size={18} />
        </ActionIcon>
      </div>
    </div>
  );
}
