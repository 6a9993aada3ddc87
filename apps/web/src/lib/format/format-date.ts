import { formatCalendarDate } from './calendar-date';
import { dateTimeFormat } from './intl-cache';
import { intlLocale } from './intl-locale';

export type DateStyle = 'short' | 'long';

/**
 * A calendar date (yyyy-MM-dd, or the date part of a local date-time) in the traveller's language,
 * with Arabic month names in Arabic: "الثلاثاء، 15 ديسمبر" / "Tue 15 Dec" (short), with the year and
 * whole names (long). Written without Intl (calendar-date.ts), so the day cannot move with a time zone.
 */
export function formatTravelDate(date: string, language: string, style: DateStyle = 'short'): string {
  return formatCalendarDate(date, language, { weekday: style, month: style, year: style === 'long' });
}

/** A moment (ISO instant) as the traveller's clock shows it, 24-hour (expiry times). */
export function formatClockTime(instant: string | number, language: string): string {
  return dateTimeFormat(intlLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(instant));
}
