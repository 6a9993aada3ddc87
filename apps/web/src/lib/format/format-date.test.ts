import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClockTime, formatDeadline, formatTravelDate } from './format-date';

describe('formatTravelDate', () => {
  it('writes Arabic month and weekday names with Latin digits', () => {
    expect(formatTravelDate('2026-12-12', 'ar', 'short')).toBe('السبت، 12 ديسمبر');
    expect(formatTravelDate('2026-12-12', 'ar', 'long')).toContain('ديسمبر 2026');
  });

  it('writes English dates day first', () => {
    expect(formatTravelDate('2026-12-12', 'en', 'short')).toBe('Sat 12 Dec');
    expect(formatTravelDate('2026-12-12T23:50:00', 'en', 'long')).toBe('Saturday, 12 December 2026');
  });
});

describe('instants on screen', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("show the agency's clock with its zone, whatever the browser's zone", () => {
    for (const tz of ['UTC', 'Asia/Riyadh', 'America/New_York', 'Africa/Khartoum']) {
      vi.stubEnv('TZ', tz);
      expect(formatClockTime('2026-12-12T13:07:00Z', 'ar')).toBe('15:07 بتوقيت الخرطوم');
      expect(formatClockTime(Date.parse('2026-12-12T13:07:00Z'), 'en')).toBe('15:07 Khartoum time');
    }
  });

  it('show a deadline after midnight in Khartoum on the next day (held at 22:01 for two hours)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T20:01:00Z') });
    const deadline = new Date(Date.now() + 2 * 3_600_000).toISOString();
    vi.useRealTimers();
    expect(formatDeadline(deadline, 'en')).toBe('Wednesday 25 November at 00:01 Khartoum time');
    expect(formatDeadline(deadline, 'ar')).toBe('الأربعاء، 25 نوفمبر الساعة 00:01 بتوقيت الخرطوم');
  });
});
