import { formatAgencyDateTime, formatAgencyTime } from '@kwenda/contracts/display';
import { formatCalendarDate } from '@kwenda/contracts/rules';

export type DateStyle = 'short' | 'long';

/**
 * A calendar date (yyyy-MM-dd, or the date part of a local date-time) in the traveller's language,
 * with Arabic month names in Arabic: "الثلاثاء، 15 ديسمبر" / "Tue 15 Dec" (short), with the year and
 * whole names (long). Written as text (contracts display-time.ts), so the day cannot move with a time zone.
 */
export function formatTravelDate(date: string, language: string, style: DateStyle = 'short'): string {
  return formatCalendarDate(date, language, { weekday: style, month: style, year: style === 'long' });
}

/**
 * A moment (ISO instant) on the agency's clock, 24-hour, with the zone named: "14:05 بتوقيت الخرطوم".
 * Never the browser's clock: a traveller abroad and the agency must read the same time.
 */
export function formatClockTime(instant: string | number, language: string): string {
  return formatAgencyTime(instant, language);
}

/**
 * A deadline (ISO instant) with its day and time on the agency's clock: "الأربعاء، 25 نوفمبر الساعة
 * 00:01 بتوقيت الخرطوم" / "Wednesday 25 November at 00:01 Khartoum time". The day and the time come
 * from the same clock, so a hold that ends after midnight shows the next day.
 */
export function formatDeadline(instant: string | number, language: string): string {
  return formatAgencyDateTime(instant, language);
}
