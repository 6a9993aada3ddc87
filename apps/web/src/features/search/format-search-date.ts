import { formatCalendarDate } from '../../lib/format/calendar-date';

/**
 * A yyyy-MM-dd date as the date picker shows it: "12 ديسمبر 2026" / "12 Dec 2026". Arabic
 * keeps Latin digits, like flight numbers, times and prices across the site.
 */
export function formatSearchDate(date: string, language: string): string {
  return formatCalendarDate(date, language, { month: language === 'ar' ? 'long' : 'short', year: true });
}

/** The dayjs format giving the same text inside Mantine's date picker. */
export const pickerValueFormat = (language: string) => (language === 'ar' ? 'D MMMM YYYY' : 'D MMM YYYY');
