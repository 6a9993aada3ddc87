import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationInWords } from './format-duration';

// The writing itself is tested in packages/contracts (display-duration.test.ts); this holds the web
// app to the same one the offers, the booking page, the e-mails and the e-ticket use.
describe('durations on screen', () => {
  it('are written in the page language', () => {
    expect(formatDuration(130, 'ar')).toBe('2س 10د');
    expect(formatDuration(55, 'ar')).toBe('55د');
    expect(formatDuration(130, 'en')).toBe('2h 10m');
    expect(formatDurationInWords(90, 'ar')).toBe('ساعة و30 دقيقة');
    expect(formatDurationInWords(90, 'en')).toBe('1 hour and 30 minutes');
  });
});
