import { weekdays, type SupportHours } from '@kwenda/contracts';

/**
 * When the agency promises tickets it issues by hand: `hours` of its working time (SUPPORT_DAYS,
 * SUPPORT_HOURS, on Khartoum's clock, UTC+2 without daylight saving) after `from`. A refusal on a
 * Thursday evening is promised for Sunday morning, not for a night nobody is at the desk.
 */
export function manualTicketingDeadline(from: Date, hours: number, support: SupportHours): Date {
  const KHARTOUM_OFFSET_MS = 2 * 3_600_000;
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const opens = minutesOf(support.opens);
  const closes = minutesOf(support.closes);
  const first = weekdays.indexOf(support.fromDay);
  const last = weekdays.indexOf(support.toDay);
  // A range that wraps the week (thu-sun) counts the days from its start to the end of the week and on.
  const isWorkingDay = (day: number) => (first <= last ? day >= first && day <= last : day >= first || day <= last);

  let left = hours * 60;
  // Minutes on a wall clock in Khartoum, written as if it were UTC.
  let wall = new Date(from.getTime() + KHARTOUM_OFFSET_MS);
  wall.setUTCSeconds(0, 0);
  for (let guard = 0; guard < 400; guard++) {
    const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
    if (isWorkingDay(wall.getUTCDay()) && minute < closes) {
      const start = Math.max(minute, opens);
      const available = closes - start;
      if (left <= available) {
        const dayStart = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
        return new Date(dayStart + (start + left) * 60_000 - KHARTOUM_OFFSET_MS);
      }
      left -= available;
    }
    wall = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + 1));
  }
  throw new Error('No working hours in the support days: check SUPPORT_DAYS and SUPPORT_HOURS');
}
