import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationInWords, splitDuration } from './display-duration';

describe('splitDuration', () => {
  it('splits minutes into hours and minutes, never negative', () => {
    expect(splitDuration(225)).toEqual({ hours: 3, minutes: 45 });
    expect(splitDuration(60)).toEqual({ hours: 1, minutes: 0 });
    expect(splitDuration(45)).toEqual({ hours: 0, minutes: 45 });
    expect(splitDuration(1500)).toEqual({ hours: 25, minutes: 0 });
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('formatDuration', () => {
  it('writes Arabic with Arabic units and no zero part', () => {
    expect(formatDuration(130, 'ar')).toBe('2س 10د');
    expect(formatDuration(55, 'ar')).toBe('55د');
    expect(formatDuration(180, 'ar')).toBe('3س');
    expect(formatDuration(125, 'ar')).toBe('2س 5د');
    expect(formatDuration(0, 'ar')).toBe('0د');
  });

  it('writes English the same way', () => {
    expect(formatDuration(130, 'en')).toBe('2h 10m');
    expect(formatDuration(55, 'en')).toBe('55m');
    expect(formatDuration(180, 'en')).toBe('3h');
    expect(formatDuration(1505, 'en')).toBe('25h 5m');
  });

  it('never writes "0 س" nor English units in Arabic', () => {
    for (let minutes = 0; minutes < 3000; minutes += 7) {
      const ar = formatDuration(minutes, 'ar');
      expect(ar).not.toMatch(/(^|\s)0س|[hm]/);
      expect(formatDuration(minutes, 'en')).not.toMatch(/^0h|[سد]/);
    }
  });
});

describe('formatDurationInWords', () => {
  it('says a hold length naturally in Arabic (after لمدة)', () => {
    expect(formatDurationInWords(120, 'ar')).toBe('ساعتين');
    expect(formatDurationInWords(60, 'ar')).toBe('ساعة');
    expect(formatDurationInWords(90, 'ar')).toBe('ساعة و30 دقيقة');
    expect(formatDurationInWords(180, 'ar')).toBe('3 ساعات');
    expect(formatDurationInWords(24 * 60, 'ar')).toBe('24 ساعة');
    expect(formatDurationInWords(45, 'ar')).toBe('45 دقيقة');
    expect(formatDurationInWords(5, 'ar')).toBe('5 دقائق');
    expect(formatDurationInWords(2, 'ar')).toBe('دقيقتين');
    expect(formatDurationInWords(122, 'ar')).toBe('ساعتين ودقيقتين');
  });

  it('says it in English', () => {
    expect(formatDurationInWords(120, 'en')).toBe('2 hours');
    expect(formatDurationInWords(60, 'en')).toBe('1 hour');
    expect(formatDurationInWords(90, 'en')).toBe('1 hour and 30 minutes');
    expect(formatDurationInWords(1, 'en')).toBe('1 minute');
    expect(formatDurationInWords(45, 'en')).toBe('45 minutes');
  });
});
