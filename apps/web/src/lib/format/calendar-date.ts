/**
 * Calendar dates written from our own month and weekday names, as Intl writes them ("الثلاثاء، 15
 * ديسمبر", "Tue 15 Dec"; calendar-date.test.ts compares every day of two years with Intl). Not Intl
 * itself: a browser's first Arabic date format loads its calendar data, 15 ms of a phone's first
 * render (60 ms at Lighthouse's 4x CPU), and the offers page shows the search's dates as it hydrates.
 */
const MONTHS_AR = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
const WEEKDAYS_AR = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
const MONTHS_EN = [
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
];
const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface CalendarDateStyle {
  weekday?: 'short' | 'long';
  month: 'short' | 'long';
  year?: boolean;
}

/**
 * A yyyy-MM-dd date (or the date part of a local date-time) in Arabic with Latin digits, or in
 * British English; Arabic has one form of each name, short or long. Empty for a malformed date.
 */
export function formatCalendarDate(date: string, language: string, style: CalendarDateStyle): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekdayIndex = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (language === 'ar') {
    const weekday = style.weekday ? `${WEEKDAYS_AR[weekdayIndex]}، ` : '';
    return `${weekday}${day} ${MONTHS_AR[month - 1]}${style.year ? ` ${year}` : ''}`;
  }
  const monthName = MONTHS_EN[month - 1]!;
  const weekdayName = WEEKDAYS_EN[weekdayIndex]!;
  const shortName = (name: string) => (name === 'September' ? 'Sept' : name.slice(0, 3));
  const weekday = !style.weekday ? '' : style.weekday === 'long' ? `${weekdayName}, ` : `${shortName(weekdayName)} `;
  return `${weekday}${day} ${style.month === 'long' ? monthName : shortName(monthName)}${style.year ? ` ${year}` : ''}`;
}
