import { describe, expect, it } from 'vitest';
import { formatAge } from './format-age';

const now = Date.UTC(2026, 10, 27, 12, 0);

describe('formatAge', () => {
  it('says minutes, hours and days ago in English', () => {
    expect(formatAge(now - 20_000, 'en', now)).toBe('this minute');
    expect(formatAge(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago');
    expect(formatAge(now - 3 * 3600_000, 'en', now)).toBe('3 hours ago');
    expect(formatAge(now - 2 * 86400_000, 'en', now)).toBe('2 days ago');
  });

  it('writes Arabic with Latin digits', () => {
    const age = formatAge(now - 5 * 60_000, 'ar', now);
    expect(age).toContain('5');
    expect(age).toMatch(/دقائق/);
  });
});
