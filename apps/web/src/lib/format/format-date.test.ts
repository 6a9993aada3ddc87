import { describe, expect, it } from 'vitest';
import { formatClockTime, formatTravelDate } from './format-date';

describe('formatTravelDate', () => {
  it('writes Arabic month and weekday names with Latin digits', () => {
    expect(formatTravelDate('2026-12-12', 'ar', 'short')).toBe('السبت، 12 ديسمبر');
    expect(formatTravelDate('2026-12-12', 'ar', 'long')).toContain('ديسمبر 2026');
  });

  it('writes English dates day first', () => {
    expect(formatTravelDate('2026-12-12', 'en', 'short')).toBe('Sat 12 Dec');
    // ICU versions differ on the comma after the weekday; the day must come before the month.
    expect(formatTravelDate('2026-12-12T23:50:00', 'en', 'long')).toMatch(/^Saturday,? 12 December 2026$/);
  });

  it('formats a clock time with 24 hours and Latin digits', () => {
    const instant = new Date(2026, 11, 12, 15, 7).getTime();
    expect(formatClockTime(instant, 'ar')).toBe('15:07');
    expect(formatClockTime(instant, 'en')).toBe('15:07');
  });
});
