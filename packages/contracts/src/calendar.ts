/** Agency's home time zone: "today" for date rules is today in Sudan. */
export const AGENCY_TIME_ZONE = 'Africa/Khartoum';

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string = AGENCY_TIME_ZONE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Adds days to a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
