import { useId } from 'react';
import classes from './radio-choices.module.css';

export interface RadioChoicesProps<T extends string> {
  legend: string;
  /** Read by screen readers only (the trip type), or shown above the choices (the sort order). */
  legendHidden?: boolean;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /**
   * The look: the fieldset, its legend, the box around the choices and each choice (style its
   * checked state with `:has(input:checked)`).
   */
  classNames: { root?: string; legend?: string; choices: string; choice: string };
  /** Set on the fieldset as `data-size`, for variants in the caller's CSS. */
  size?: string;
}

/**
 * Native radio buttons drawn as buttons (pills or segments): one choice of a few, arrow keys move
 * between them, the form and screen readers see plain radios, and nothing is measured on mount.
 */
export function RadioChoices<T extends string>({
  legend,
  legendHidden = false,
  options,
  value,
  onChange,
  classNames,
  size,
}: RadioChoicesProps<T>) {
  const name = useId();
  return (
    <fieldset className={`${classes.fieldset} ${classNames.root ?? ''}`} data-size={size}>
      <legend className={legendHidden ? classes.hidden : classNames.legend}>{legend}</legend>
      <div className={classNames.choices}>
        {options.map((option) => (
          <label key={option.value} className={`${classes.choice} ${classNames.choice}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className={classes.hidden}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
