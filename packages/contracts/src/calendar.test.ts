import { describe, expect, it } from 'vitest';
import { AGENCY_TIME_ZONE, todayIn } from './calendar';

const viaIntl = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

describe('todayIn', () => {
  it("gives Khartoum's date as the time-zone database does, at every hour across years", () => {
    // Every 7 hours from the 2017 change to 2031: each hour of the day and both sides of midnight.
    for (let t = Date.UTC(2017, 9, 31, 0); t < Date.UTC(2031, 0, 1); t += 7 * 3_600_000) {
      const now = new Date(t);
      expect(todayIn(AGENCY_TIME_ZONE, now), now.toISOString()).toBe(viaIntl(AGENCY_TIME_ZONE, now));
    }
  });

  it('turns the day at 22:00 UTC in Khartoum (UTC+2)', () => {
    expect(todayIn(AGENCY_TIME_ZONE, new Date('2026-11-24T21:59:59Z'))).toBe('2026-11-24');
    expect(todayIn(AGENCY_TIME_ZONE, new Date('2026-11-24T22:00:00Z'))).toBe('2026-11-25');
  });

  it('uses the time-zone database for other zones and for Khartoum before its 2017 change', () => {
    const now = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-25');
    const before = new Date('2017-06-01T21:30:00Z'); // UTC+3 then: already 2 June in Khartoum
    expect(todayIn(AGENCY_TIME_ZONE, before)).toBe(viaIntl(AGENCY_TIME_ZONE, before));
    expect(todayIn(AGENCY_TIME_ZONE, before)).toBe('2017-06-02');
  });
});
