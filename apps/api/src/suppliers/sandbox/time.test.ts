import { describe, expect, it } from 'vitest';
import { instantOf } from './test-support.js';
import {
  dateOfEpochDay,
  epochDayOf,
  formatLocal,
  isoWeekday,
  localEpochDay,
  localToUtc,
  MINUTES_PER_DAY,
  offsetMinutes,
  utcToLocal,
} from './time.js';

describe('sandbox time arithmetic', () => {
  it('converts calendar dates to epoch days and back', () => {
    expect(epochDayOf('1970-01-01')).toBe(0);
    expect(epochDayOf('2026-02-30')).toBeNull();
    expect(epochDayOf('2026-3-1')).toBeNull();
    for (let day = -1000; day < 40_000; day += 97) {
      expect(dateOfEpochDay(day)).toBe(new Date(day * 86_400_000).toISOString().slice(0, 10));
      expect(epochDayOf(dateOfEpochDay(day))).toBe(day);
    }
  });

  it('knows the weekday (1 = Monday)', () => {
    expect(isoWeekday(epochDayOf('2026-03-02')!)).toBe(1);
    expect(isoWeekday(epochDayOf('2026-03-08')!)).toBe(7);
    expect(isoWeekday(epochDayOf('1969-12-31')!)).toBe(3);
  });

  it('follows daylight saving changes to the minute', () => {
    const london = epochDayOf('2026-03-29')! * MINUTES_PER_DAY; // clocks go forward at 01:00 UTC
    expect(offsetMinutes('Europe/London', london + 59)).toBe(0);
    expect(offsetMinutes('Europe/London', london + 60)).toBe(60);
    expect(offsetMinutes('Africa/Khartoum', london)).toBe(120);
    expect(offsetMinutes('Asia/Riyadh', london)).toBe(180);
  });

  it('converts wall-clock times like Intl does, in every zone the network uses', () => {
    const zones = [
      'Africa/Khartoum',
      'Africa/Cairo',
      'Asia/Riyadh',
      'Europe/London',
      'America/New_York',
      'Australia/Sydney',
      'Asia/Kolkata',
    ];
    for (const zone of zones) {
      for (const local of ['2026-01-15T08:30:00', '2026-04-24T12:00:00', '2026-07-01T23:55:00', '2026-10-30T06:10:00']) {
        const minutes =
          epochDayOf(local.slice(0, 10))! * MINUTES_PER_DAY + Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));
        const utc = localToUtc(minutes, zone);
        expect(utc * 60_000, `${local} ${zone}`).toBe(instantOf(local, zone));
        expect(formatLocal(utcToLocal(utc, zone))).toBe(local);
      }
    }
  });

  it('gives today at an airport', () => {
    expect(dateOfEpochDay(localEpochDay('Africa/Khartoum', new Date('2026-03-01T22:30:00Z')))).toBe('2026-03-02');
    expect(dateOfEpochDay(localEpochDay('America/New_York', new Date('2026-03-02T03:00:00Z')))).toBe('2026-03-01');
  });
});
