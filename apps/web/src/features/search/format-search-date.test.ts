import { describe, expect, it } from 'vitest';
import { formatSearchDate } from './format-search-date';

describe('formatSearchDate', () => {
  it('writes Arabic month names with Latin digits, and short English months', () => {
    expect(formatSearchDate('2026-12-12', 'ar')).toBe('12 ديسمبر 2026');
    expect(formatSearchDate('2026-12-12', 'en')).toBe('12 Dec 2026');
  });

  it('keeps the calendar day whatever the time zone', () => {
    expect(formatSearchDate('2027-01-01', 'en')).toBe('1 Jan 2027');
    expect(formatSearchDate('', 'ar')).toBe('');
  });
});
