/**
 * Calendar dates as a traveller reads them ("الثلاثاء، 15 ديسمبر", "Tue 15 Dec"), written from our
 * own month and weekday names as Intl writes them (display-time.test.ts compares every day of two
 * years): a browser's first Arabic date format loads its calendar data, 15 ms of a phone's first
 * render, and the home page's search form shows dates as it hydrates. Arabic keeps Latin digits
 * (docs/decisions/0006-latin-digits-in-arabic.md). Zone-free: a yyyy-MM-dd date is the day it names.
 * In the rules entry (the home page's); instants and durations are in the display entry.
 */

const WORDS = {
  ar: {
    months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
    weekdays: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
  },
  en: {
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  },
} as const;

/** Arabic for 'ar'; British English (day before month) for anything else. */
const wordsOf = (language: string) => (language === 'ar' ? WORDS.ar : WORDS.en);

export interface CalendarDateStyle {
  weekday?: 'short' | 'long';
  month: 'short' | 'long';
  year?: boolean;
}

/**
 * A yyyy-MM-dd date (or the date part of a local date-time) as Intl writes it in Arabic with Latin
 * digits ("الثلاثاء، 15 ديسمبر") or in British English ("Tue 15 Dec", "Tuesday, 15 December 2026");
 * Arabic has one form of each name, short or long. Empty for a malformed date.
 */
export function formatCalendarDate(date: string, language: string, style: CalendarDateStyle): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return '';
  const weekdayIndex = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const words = wordsOf(language);
  const monthName = words.months[month - 1]!;
  const weekdayName = words.weekdays[weekdayIndex]!;
  if (language === 'ar') {
    const weekday = style.weekday ? `${weekdayName}، ` : '';
    return `${weekday}${day} ${monthName}${style.year ? ` ${year}` : ''}`;
  }
  const shortName = (name: string) => (name === 'September' ? 'Sept' : name.slice(0, 3));
  // As Intl's en-GB: a comma after the weekday only with the year ("Tue, 15 Dec 2026" but "Tue 15 Dec").
  const name = style.weekday === 'long' ? weekdayName : shortName(weekdayName);
  const weekday = style.weekday ? `${name}${style.year ? ',' : ''} ` : '';
  return `${weekday}${day} ${style.month === 'long' ? monthName : shortName(monthName)}${style.year ? ` ${year}` : ''}`;
}
