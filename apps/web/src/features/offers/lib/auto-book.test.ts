import { describe, expect, it } from 'vitest';
import { AUTO_BOOK_SINGLE_SUGGESTION, shouldAutoBook } from './auto-book';

describe('automatic booking from a single suggestion', () => {
  it('stays off until the booking flow exists', () => {
    expect(AUTO_BOOK_SINGLE_SUGGESTION).toBe(false);
    expect(shouldAutoBook({ loading: false, suggestions: [{}] })).toBe(false);
  });

  it('when enabled, books only exactly one suggestion once loading is over', () => {
    expect(shouldAutoBook({ enabled: true, loading: false, suggestions: [{}] })).toBe(true);
    expect(shouldAutoBook({ enabled: true, loading: true, suggestions: [{}] })).toBe(false);
    expect(shouldAutoBook({ enabled: true, loading: false, suggestions: [] })).toBe(false);
    expect(shouldAutoBook({ enabled: true, loading: false, suggestions: [{}, {}] })).toBe(false);
  });
});
