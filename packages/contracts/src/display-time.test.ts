import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDate, type CalendarDateStyle } from './display-date';
import { agencyDateTime, formatAgencyDate, formatAgencyDateTime, formatAgencyTime } from './display-time';

const STYLES: CalendarDateStyle[] = [
  { weekday: 'short', month: 'short' },
  { weekday: 'short', month: 'short', year: true },
  { weekday: 'long', month: 'long' },
  { weekday: 'long', month: 'long', year: true },
  { month: 'long', year: true },
  { month: 'short', year: true },
];
const intlLocale = (language: string) => (language === 'ar' ? 'ar-u-nu-latn' : 'en-GB');

/** Every day of 2026 and 2027 (every weekday with every month). */
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
    expect(formatCalendarDate('2026-13-01', 'en', { month: 'long' })).toBe('');
  });
});

describe('instants on the agency clock (Africa/Khartoum)', () => {
  const viaIntl = (instant: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Africa/Khartoum',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  };

  it("gives Khartoum's date and time as the time-zone database does, every 7 hours 11 minutes for years", () => {
    for (let t = Date.UTC(2016, 0, 1); t < Date.UTC(2031, 0, 1); t += 431 * 60_000) {
      const instant = new Date(t);
      expect(agencyDateTime(instant), instant.toISOString()).toEqual(viaIntl(instant));
    }
  });

  it('a hold made at 22:01 in Khartoum ends at 00:01 the next day, whatever the UTC date says', () => {
    // 22:01 Khartoum is 20:01 UTC; plus two hours is 22:01 UTC, still the 24th in UTC.
    const heldAt = Date.parse('2026-11-24T20:01:00Z');
    const deadline = new Date(heldAt + 120 * 60_000).toISOString();
    expect(deadline.slice(0, 10)).toBe('2026-11-24');
    expect(agencyDateTime(deadline)).toEqual({ date: '2026-11-25', time: '00:01' });
    expect(formatAgencyDateTime(deadline, 'ar')).toBe('الأربعاء، 25 نوفمبر الساعة 00:01 بتوقيت الخرطوم');
    expect(formatAgencyDateTime(deadline, 'en')).toBe('Wednesday 25 November at 00:01 Khartoum time');
    expect(formatAgencyTime(deadline, 'ar')).toBe('00:01 بتوقيت الخرطوم');
    expect(formatAgencyTime(deadline, 'en')).toBe('00:01 Khartoum time');
    expect(formatAgencyDate(deadline, 'en', { weekday: 'short', month: 'short', year: true })).toBe('Wed, 25 Nov 2026');
  });

  it('turns the day at 22:00 UTC, and keeps the UTC day before it', () => {
    expect(agencyDateTime('2026-11-24T21:59:00Z')).toEqual({ date: '2026-11-24', time: '23:59' });
    expect(agencyDateTime('2026-11-24T22:00:00.000Z')).toEqual({ date: '2026-11-25', time: '00:00' });
    // Just after UTC midnight it is already 02:xx in Khartoum, same day.
    expect(agencyDateTime('2026-11-25T00:30:00Z')).toEqual({ date: '2026-11-25', time: '02:30' });
    // Across a month and a year end.
    expect(agencyDateTime('2026-12-31T23:15:00Z')).toEqual({ date: '2027-01-01', time: '01:15' });
    expect(agencyDateTime('2026-11-24T23:01:00+01:00')).toEqual({ date: '2026-11-25', time: '00:01' });
  });

  describe('in a process running in another time zone', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.useRealTimers();
    });

    it.each([
      ['America/New_York', 17],
      ['Asia/Tokyo', 7],
      ['UTC', 22],
      ['Asia/Riyadh', 1],
    ])('shows the same Khartoum day and time in %s', (tz, localHour) => {
      // Node reads TZ again when it changes: the process's own clock now shows another hour.
      vi.stubEnv('TZ', tz);
      expect(new Date('2026-11-24T22:01:00Z').getHours()).toBe(localHour);
      vi.useFakeTimers({ now: new Date('2026-11-24T20:01:00Z') });
      const deadline = new Date(Date.now() + 2 * 3_600_000);
      expect(formatAgencyDateTime(deadline, 'en')).toBe('Wednesday 25 November at 00:01 Khartoum time');
      expect(formatAgencyDateTime(deadline.getTime(), 'ar')).toBe('الأربعاء، 25 نوفمبر الساعة 00:01 بتوقيت الخرطوم');
    });
  });

  it('refuses a local date-time without an offset, and nonsense', () => {
    expect(agencyDateTime('2026-11-24T22:01:00')).toBeNull();
    expect(agencyDateTime('soon')).toBeNull();
    expect(agencyDateTime(Number.NaN)).toBeNull();
    expect(formatAgencyDateTime('2026-11-24T22:01:00', 'en')).toBe('');
    expect(formatAgencyTime('', 'ar')).toBe('');
  });
});
