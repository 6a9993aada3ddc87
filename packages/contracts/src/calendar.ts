/** Agency's home time zone: "today" for date rules is today in Sudan. */
export const AGENCY_TIME_ZONE = 'Africa/Khartoum';

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Sudan has kept UTC+2 without daylight saving since 1 November 2017. Today there needs no
 * Intl.DateTimeFormat: the first one built with a time zone loads the browser's time-zone data, a
 * 50 ms task on a phone while the home page first renders. calendar.test.ts holds it to Intl.
 */
const KHARTOUM_UTC_PLUS_2_SINCE = Date.UTC(2017, 9, 31, 22);
const HOUR_MS = 3_600_000;

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string = AGENCY_TIME_ZONE, now: Date = new Date()): string {
  if (timeZone === AGENCY_TIME_ZONE && now.getTime() >= KHARTOUM_UTC_PLUS_2_SINCE)
    return new Date(now.getTime() + 2 * HOUR_MS).toISOString().slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Adds days to a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
