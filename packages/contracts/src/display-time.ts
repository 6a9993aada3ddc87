import { AGENCY_TIME_ZONE } from './calendar.js';
import { formatCalendarDate, type CalendarDateStyle } from './display-date.js';

/**
 * Every date and time a traveller reads (screens, e-mails, the e-ticket, staff tools), written in one
 * place so they all agree. Two kinds of time, never mixed:
 *
 * - Flight times are local date-times at each airport (yyyy-MM-ddTHH:mm:ss, no offset), as tickets
 *   print them: shown as written (formatCalendarDate, and HH:mm cut from the text).
 * - Instants (a payment deadline, an issue or send time) are shown in the agency's time zone,
 *   Africa/Khartoum, with the zone named ("00:01 بتوقيت الخرطوم"), whatever zone the browser or the
 *   server runs in: the date and the time come from the same clock, so a deadline past midnight shows
 *   the next day.
 *
 * Written without Intl where it can be: the first format with a time zone loads the browser's zone
 * database (50 ms on a phone). display-time.test.ts holds it to Intl. In the display entry
 * (@kwenda/contracts/display), which the home page does not load.
 */

const CLOCK_WORDS = {
  /** After a clock time, "00:01 بتوقيت الخرطوم"; between a date and its time, "... الساعة 00:01". */
  ar: { zone: 'بتوقيت الخرطوم', at: 'الساعة' },
  en: { zone: 'Khartoum time', at: 'at' },
} as const;
const wordsOf = (language: string) => (language === 'ar' ? CLOCK_WORDS.ar : CLOCK_WORDS.en);

/** A date and a 24-hour clock time on the agency's wall clock. */
export interface AgencyDateTime {
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
}

/** Sudan has kept UTC+2 without daylight saving since 1 November 2017 (calendar.ts, todayIn). */
const KHARTOUM_UTC_PLUS_2_SINCE = Date.UTC(2017, 9, 31, 22);
const HOUR_MS = 3_600_000;
let zoneFormat: Intl.DateTimeFormat | undefined;

const toMs = (instant: string | number | Date) =>
  instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);

/**
 * The date and time an instant shows on a clock in Khartoum; null for an unreadable instant. An ISO
 * string without an offset is not an instant (it is a local date-time): it is refused, not guessed.
 */
export function agencyDateTime(instant: string | number | Date): AgencyDateTime | null {
  if (typeof instant === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/i.test(instant.trim())) return null;
  const ms = toMs(instant);
  if (!Number.isFinite(ms)) return null;
  if (ms >= KHARTOUM_UTC_PLUS_2_SINCE) {
    const wall = new Date(ms + 2 * HOUR_MS).toISOString();
    return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
  }
  zoneFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: AGENCY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(zoneFormat.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** An instant's clock time in Khartoum, with the zone named: "00:01 بتوقيت الخرطوم", "00:01 Khartoum time". */
export function formatAgencyTime(instant: string | number | Date, language: string): string {
  const at = agencyDateTime(instant);
  return at ? `${at.time} ${wordsOf(language).zone}` : '';
}

/** An instant's calendar day in Khartoum: "الأربعاء، 25 نوفمبر", "Wednesday 25 November". */
export function formatAgencyDate(
  instant: string | number | Date,
  language: string,
  style: CalendarDateStyle = { weekday: 'long', month: 'long' },
): string {
  const at = agencyDateTime(instant);
  return at ? formatCalendarDate(at.date, language, style) : '';
}

/**
 * An instant as a deadline or a time stamp in Khartoum, day and time from the same clock:
 * "الأربعاء، 25 نوفمبر الساعة 00:01 بتوقيت الخرطوم", "Wednesday 25 November at 00:01 Khartoum time".
 */
export function formatAgencyDateTime(
  instant: string | number | Date,
  language: string,
  style: CalendarDateStyle = { weekday: 'long', month: 'long' },
): string {
  const at = agencyDateTime(instant);
  if (!at) return '';
  const words = wordsOf(language);
  return `${formatCalendarDate(at.date, language, style)} ${words.at} ${at.time} ${words.zone}`;
}
