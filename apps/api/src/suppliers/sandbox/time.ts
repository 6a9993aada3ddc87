/**
 * Wall-clock arithmetic in whole minutes. Schedules are published in local time at each airport,
 * so the sandbox works with three numbers:
 *   - epoch day: days since 1970-01-01 (a calendar date, no zone),
 *   - local minutes: epochDay * 1440 + minute of day, a wall-clock time at some airport,
 *   - UTC minutes: minutes since the Unix epoch.
 * Zone offsets come from Intl (the airports' IANA zones) and are cached per zone and UTC day.
 */

export const MINUTES_PER_DAY = 1440;

const pad = (n: number) => String(n).padStart(2, '0');

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd -> epoch day, or null when it is not a real calendar date. */
export function epochDayOf(date: string): number | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return ms / 86_400_000;
}

/** Epoch day -> yyyy-MM-dd (H. Hinnant's civil_from_days: hot in pricing, so no Date objects). */
export function dateOfEpochDay(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
}

/** ISO weekday of an epoch day: 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Local minutes -> yyyy-MM-ddTHH:mm:ss, the contract's local date-time. */
export function formatLocal(localMinutes: number): string {
  const day = Math.floor(localMinutes / MINUTES_PER_DAY);
  const minute = localMinutes - day * MINUTES_PER_DAY;
  return `${dateOfEpochDay(day)}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00`;
}

/** HH:mm -> minute of day. */
export function parseClock(clock: string): number {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function formatClock(minuteOfDay: number): string {
  const m = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Exact offset (local minus UTC, in minutes) of a zone at an instant, straight from Intl. */
function intlOffset(timeZone: string, utcMinutes: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(utcMinutes * 60_000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) / 60_000;
  return local - utcMinutes;
}

/**
 * Offsets per zone and UTC day: [offset at the day's start, offset after the change, minute of the
 * day the change takes effect]. On all but daylight-saving days both offsets are equal.
 */
const dayOffsets = new Map<string, readonly [number, number, number]>();
const DAY_OFFSET_CACHE_LIMIT = 50_000;

function offsetsOfDay(timeZone: string, utcDay: number): readonly [number, number, number] {
  const start = utcDay * MINUTES_PER_DAY;
  const before = intlOffset(timeZone, start);
  const after = intlOffset(timeZone, start + MINUTES_PER_DAY - 1);
  if (before === after) return [before, after, MINUTES_PER_DAY];
  // Binary search for the first minute on the new offset (11 Intl calls, once per zone and change).
  let low = 0;
  let high = MINUTES_PER_DAY - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (intlOffset(timeZone, start + mid) === before) low = mid + 1;
    else high = mid;
  }
  return [before, after, low];
}

/** Offset (local minus UTC, minutes) of a zone at an instant given in UTC minutes. */
export function offsetMinutes(timeZone: string, utcMinutes: number): number {
  const utcDay = Math.floor(utcMinutes / MINUTES_PER_DAY);
  const key = `${timeZone}|${utcDay}`;
  let offsets = dayOffsets.get(key);
  if (!offsets) {
    offsets = offsetsOfDay(timeZone, utcDay);
    if (dayOffsets.size >= DAY_OFFSET_CACHE_LIMIT) dayOffsets.clear();
    dayOffsets.set(key, offsets);
  }
  return utcMinutes - utcDay * MINUTES_PER_DAY < offsets[2] ? offsets[0] : offsets[1];
}

export function utcToLocal(utcMinutes: number, timeZone: string): number {
  return utcMinutes + offsetMinutes(timeZone, utcMinutes);
}

/**
 * Local wall-clock -> UTC. A time skipped by a spring-forward change resolves to the instant after
 * the gap (as airlines do: the flight leaves at the same UTC instant a minute later on the clock).
 */
export function localToUtc(localMinutes: number, timeZone: string): number {
  const first = offsetMinutes(timeZone, localMinutes);
  const guess = localMinutes - first;
  const second = offsetMinutes(timeZone, guess);
  if (second === first) return guess;
  const retry = localMinutes - second;
  return offsetMinutes(timeZone, retry) === second ? retry : Math.max(guess, retry);
}

/** Today's epoch day in a zone at an instant. */
export function localEpochDay(timeZone: string, now: Date): number {
  return Math.floor(utcToLocal(Math.floor(now.getTime() / 60_000), timeZone) / MINUTES_PER_DAY);
}
