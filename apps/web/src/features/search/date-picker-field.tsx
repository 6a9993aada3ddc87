import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconCalendar } from '../../components/icons';
import type { DateFieldProps } from './date-field';
import classes from './field.module.css';
import { pickerValueFormat } from './format-search-date';

/**
 * Loaded lazily by DateField. Weeks start on Saturday and the weekend is Friday and Saturday,
 * as in Sudan, in both languages: the traveller's calendar does not change with the UI language.
 */
export function DatePickerField({ label, value, onChange, minDate, maxDate, error }: DateFieldProps) {
  const { t, i18n } = useTranslation('search');
  const language = i18n.language;
  const phone = useMediaQuery('(max-width: 36em)');
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
        dropdownType={phone ? 'modal' : 'popover'}
        modalProps={{ centered: true, title: label, size: 'auto' }}
        popoverProps={{ position: 'bottom-start', shadow: 'lg' }}
        classNames={{ label: classes.label, input: classes.dateInput, error: classes.error }}
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
