/** Agency's home time zone: "today" for date rules is today in Sudan. */
export const AGENCY_TIME_ZONE = 'Africa/Khartoum';

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string = AGENCY_TIME_ZONE, now: Date = new Date()): string {
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
