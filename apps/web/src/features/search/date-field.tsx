import { lazy, Suspense, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCalendar } from '../../components/icons';
import classes from './field.module.css';
import { formatSearchDate } from './format-search-date';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (date: string) => void;
  minDate?: string;
  maxDate?: string;
  error?: string;
}

// Mantine's date picker, dayjs and their CSS load after the page, not with it (bundle budget).
const loadPicker = () => import('./date-picker-field');
const DatePickerField = lazy(async () => ({ default: (await loadPicker()).DatePickerField }));

/** Starts loading the picker once the browser is idle, so it is there before the first tap. */
export function usePreloadDatePicker() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadPicker());
    return () => cancel(handle);
  }, []);
}

/** Looks like the picker's closed field while the picker itself loads. */
function DateFieldFallback({ label, value, error }: DateFieldProps) {
  const { t, i18n } = useTranslation('search');
  const id = useId();
  return (
    <div className={`${classes.field} ${classes.dateField}`}>
      <span id={`${id}-label`} className={classes.label}>
        {label}
      </span>
      <button
        type="button"
        className={classes.box}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy="true"
        data-error={error ? true : undefined}
        onPointerEnter={() => void loadPicker()}
      >
        <IconCalendar size={18} className={classes.icon} />
        <span id={`${id}-value`} className={value ? classes.value : classes.placeholder}>
          {value ? formatSearchDate(value, i18n.language) : t('dates.placeholder')}
        </span>
      </button>
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<DateFieldFallback {...props} />}>
      <DatePickerField {...props} />
    </Suspense>
  );
}
