import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
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
  /** The form's name for this field, marking it touched when the traveller leaves it (search-issues.ts). */
  touchKey?: string;
  /**
   * Set by DateField: the real picker calls it once it is in the page, before the browser paints,
   * and learns what the traveller did to the stand-in meanwhile.
   */
  onReady?: () => PickerWanted | null;
}

// Mantine's date picker, dayjs and their CSS load after the page, not with it (bundle budget).
const loadPicker = () => import('./date-picker-field');
const DatePickerField = lazy(async () => ({ default: (await loadPicker()).DatePickerField }));

/**
 * Starts loading the picker when the traveller first touches the search form, so it is there before
 * the date's turn. Not on load: on the offers page, folded on a phone, the form is often never opened,
 * and loading it while idle blocked a slow phone's main thread for 150 ms (4x CPU) as the page became usable.
 */
export const preloadDatePicker = () => void loadPicker();

/** What brought the real picker in: a keyboard focus (keep it) or a tap, click or Enter (open it). */
export type PickerWanted = 'focus' | 'open';

/**
 * Looks like the picker's closed field until the traveller reaches for it, and while the picker
 * itself loads.
 */
function DateFieldFallback({ label, value, error, touchKey, onWant }: DateFieldProps & { onWant: (why: PickerWanted) => void }) {
  const { t, i18n } = useTranslation('search');
  const id = useId();
  return (
    <div className={`${classes.field} ${classes.dateField}`} data-touch={touchKey}>
      <span id={`${id}-label`} className={classes.label}>
        {label}
      </span>
      <button
        type="button"
        className={classes.box}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        data-error={error ? true : undefined}
        // Swapping the element under a pressed pointer would lose the click: a pointer only starts the
        // download, a finished click (or Enter) brings the picker in open, a keyboard focus brings it in focused.
        onPointerEnter={() => void loadPicker()}
        onFocus={(event) => event.currentTarget.matches(':focus-visible') && onWant('focus')}
        onClick={() => onWant('open')}
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

const strength: Record<PickerWanted, number> = { focus: 1, open: 2 };

/**
 * The search form's date field. Mantine's picker (and its rendering work) comes in only when the
 * traveller reaches for the field: rendering it with the page cost phones a fifth of a second of
 * blocked main thread. A focus carries over to the real field, a click opens it.
 */
export function DateField(props: DateFieldProps) {
  const [wanted, setWanted] = useState<PickerWanted | null>(null);
  const [ready, setReady] = useState(false);
  const wantedNow = useRef(wanted);
  wantedNow.current = wanted;
  const want = (why: PickerWanted) => setWanted((now) => (now && strength[now] >= strength[why] ? now : why));
  const onReady = () => {
    setReady(true);
    return wantedNow.current;
  };
  // Two stable slots: the stand-in stays the same element while the picker loads (a click that
  // started on it still ends on it), and goes in the same frame the picker arrives.
  return (
    <>
      {wanted ? (
        <Suspense fallback={null}>
          <DatePickerField {...props} onReady={onReady} />
        </Suspense>
      ) : null}
      {ready ? null : <DateFieldFallback {...props} onWant={want} />}
    </>
  );
}
