// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ar';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useId, useLayoutEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { IconCalendar } from '../../components/icons';
import type { DateFieldProps } from './date-field';
import classes from './field.module.css';
import { pickerValueFormat } from './format-search-date';

/**
 * Loaded lazily by DateField. Weeks start on Saturday and the weekend is Friday and Saturday,
 * as in Sudan, in both languages: the traveller's calendar does not change with the UI language.
 */
export function DatePickerField({ label, value, onChange, minDate, maxDate, error, touchKey, onReady }: DateFieldProps) {
  const { t, i18n } = useTranslation('search');
  const language = i18n.language;
  // One id for the field and its popover: Mantine names the calendar dialog after the popover
  // target's id, which the field's own id would otherwise replace (the dialog had no name).
  const id = useId();
  // Taking over from the stand-in: keep a focus it had, and open on a click it took.
  useLayoutEffect(() => {
    const why = onReady?.();
    const input = document.getElementById(id);
    if (!input || (why !== 'focus' && why !== 'open')) return;
    input.focus();
    if (why === 'open') input.click();
    // Only on mount: later renders are the picker's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 6, weekendDays: [5, 6], consistentWeeks: true }}>
      <DatePickerInput
        label={label}
        value={value || null}
        onChange={(date) => onChange(date ?? '')}
        minDate={minDate}
        maxDate={maxDate}
        defaultDate={value || minDate}
        valueFormat={pickerValueFormat(language)}
        placeholder={t('dates.placeholder')}
        error={error}
        size="md"
        leftSection={<IconCalendar size={18} className={classes.icon} />}
        leftSectionPointerEvents="none"
        id={id}
        wrapperProps={{ 'data-touch': touchKey }}
        hideOutsideDates
        popoverProps={{ id, position: 'bottom-start', shadow: 'lg' }}
        classNames={{
          root: classes.dateField,
          label: classes.label,
          input: classes.dateInput,
          section: classes.dateSection,
          error: classes.error,
          placeholder: classes.datePlaceholder,
          weekday: classes.weekday,
          day: classes.day,
        }}
        ariaLabels={{
          previousMonth: t('dates.previousMonth'),
          nextMonth: t('dates.nextMonth'),
          previousYear: t('dates.previousYear'),
          nextYear: t('dates.nextYear'),
          previousDecade: t('dates.previousDecade'),
          nextDecade: t('dates.nextDecade'),
          monthLevelControl: t('dates.monthLevelControl'),
          yearLevelControl: t('dates.yearLevelControl'),
        }}
      />
    </DatesProvider>
  );
}
