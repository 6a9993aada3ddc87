import { NativeSelect } from '@mantine/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { intlLocale } from '../../../lib/format/intl-locale';
import classes from './booking.module.css';

interface DatePartsInputProps {
  label: string;
  /** yyyy-MM-dd or ''. */
  value: string;
  onChange: (value: string) => void;
  years: { from: number; to: number };
  error?: string;
  required?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as day, month and year lists: quick on a phone, no calendar to scroll back decades for a
 * date of birth, and the same in both directions. Sends yyyy-MM-dd once all three are chosen.
 */
export function DatePartsInput({ label, value, onChange, years, error, required }: DatePartsInputProps) {
  const { t, i18n } = useTranslation('booking');
  const id = useId();
  const [parts, setParts] = useState(() => value.split('-'));
  useEffect(() => {
    if (value) setParts(value.split('-'));
  }, [value]);
  const [year = '', month = '', day = ''] = parts;

  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({
      value: pad(i + 1),
      label: `${pad(i + 1)} - ${format.format(new Date(Date.UTC(2000, i, 1)))}`,
    }));
  }, [i18n.language]);
  const yearOptions = useMemo(() => {
    const list = [];
    for (let y = years.to; y >= years.from; y--) list.push(String(y));
    return list;
  }, [years.from, years.to]);

  const update = (next: string[]) => {
    setParts(next);
    const [y, m, d] = next;
    onChange(y && m && d ? `${y}-${m}-${d}` : '');
  };
  const errorId = `${id}-error`;
  // `error` as a flag: the three lists get the red border of a field in error, the message is below them once.
  const common = {
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': error ? errorId : undefined,
    required,
    error: Boolean(error),
  };
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.legend}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        )}
      </legend>
      <div className={classes.dateParts}>
        <NativeSelect
          aria-label={`${label}: ${t('fields.day')}`}
          value={day}
          onChange={(e) => update([year, month, e.currentTarget.value])}
          data={[{ value: '', label: t('fields.day') }, ...Array.from({ length: 31 }, (_, i) => pad(i + 1))]}
          {...common}
        />
        <NativeSelect
          aria-label={`${label}: ${t('fields.month')}`}
          value={month}
          onChange={(e) => update([year, e.currentTarget.value, day])}
          data={[{ value: '', label: t('fields.month') }, ...months]}
          {...common}
        />
        <NativeSelect
          aria-label={`${label}: ${t('fields.year')}`}
          value={year}
          onChange={(e) => update([e.currentTarget.value, month, day])}
          data={[{ value: '', label: t('fields.year') }, ...yearOptions]}
          {...common}
        />
      </div>
      {error && (
        <div id={errorId} className={classes.error}>
          {error}
        </div>
      )}
    </fieldset>
  );
}
