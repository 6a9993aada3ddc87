import { intlLocale } from './intl-locale';

export type DateStyle = 'short' | 'long';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
};

/**
 * A calendar date (yyyy-MM-dd, or the date part of a local date-time) in the traveller's language,
 * with Arabic month names in Arabic. Formatted in UTC so the browser's zone cannot move the day.
 */
export function formatTravelDate(date: string, language: string, style: DateStyle = 'short'): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return new Intl.DateTimeFormat(intlLocale(language), { ...OPTIONS[style], timeZone: 'UTC' }).format(day);
}

/** A moment (ISO instant) as the traveller's clock shows it, 24-hour (expiry times). */
export function formatClockTime(instant: string | number, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );
}
