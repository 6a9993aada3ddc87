import { describe, expect, it } from 'vitest';
import { formatCalendarDate, type CalendarDateStyle } from './calendar-date';
import { intlLocale } from './intl-locale';

const STYLES: CalendarDateStyle[] = [
  { weekday: 'short', month: 'short' },
  { weekday: 'long', month: 'long', year: true },
  { month: 'long', year: true },
  { month: 'short', year: true },
];

/** Every day of 2026 and 2027 (a leap-free pair, every weekday with every month). */
const days = Array.from({ length: 730 }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10));

describe('formatCalendarDate', () => {
  it.each(['ar', 'en'])('writes every day as Intl does in %s', (language) => {
    for (const style of STYLES) {
      const intl = new Intl.DateTimeFormat(intlLocale(language), {
        ...(style.weekday ? { weekday: style.weekday } : {}),
        day: 'numeric',
        month: style.month,
        ...(style.year ? { year: 'numeric' } : {}),
        timeZone: 'UTC',
      });
      for (const day of days)
        expect(formatCalendarDate(day, language, style), `${day} ${JSON.stringify(style)}`).toBe(
          intl.format(new Date(`${day}T00:00:00Z`)),
        );
    }
  });

  it('reads the date part of a local date-time and refuses anything else', () => {
    expect(formatCalendarDate('2026-12-15T23:30:00', 'ar', { weekday: 'short', month: 'short' })).toBe('الثلاثاء، 15 ديسمبر');
    expect(formatCalendarDate('2026-09-03', 'en', { weekday: 'short', month: 'short' })).toBe('Thu 3 Sept');
    expect(formatCalendarDate('', 'ar', { month: 'long', year: true })).toBe('');
    expect(formatCalendarDate('15/12/2026', 'en', { month: 'long', year: true })).toBe('');
  });
});
