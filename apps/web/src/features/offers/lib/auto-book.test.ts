import { describe, expect, it } from 'vitest';
import { AUTO_BOOK_SINGLE_SUGGESTION, shouldAutoBook } from './auto-book';

describe('automatic booking from a single suggestion', () => {
  it('is on now that the booking flow exists (SPEC section 4)', () => {
    expect(AUTO_BOOK_SINGLE_SUGGESTION).toBe(true);
    expect(shouldAutoBook({ loading: false, suggestions: [{}] })).toBe(true);
  });

  it('when enabled, books only exactly one suggestion once loading is over', () => {
    expect(shouldAutoBook({ enabled: true, loading: false, suggestions: [{}] })).toBe(true);
    expect(shouldAutoBook({ enabled: true, loading: true, suggestions: [{}] })).toBe(false);
    expect(shouldAutoBook({ enabled: true, loading: false, suggestions: [] })).toBe(false);
    expect(shouldAutoBook({ enabled: true, loading: false, suggestions: [{}, {}] })).toBe(false);
  });
});
