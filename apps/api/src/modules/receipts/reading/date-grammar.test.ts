import { describe, expect, it } from 'vitest';
import { readDateByGrammar, type Candidate } from './date-grammar.js';

const now = new Date('2026-11-29T08:00:00Z');

/** Glyphs from a visual string: each character a sure glyph, `[23]` a glyph that could be either. */
function glyphs(visual: string): Candidate[][] {
  return [...visual.matchAll(/\[([^\]]*)\]|(.)/g)].map(([, doubtful, sure]) =>
    [...(doubtful ?? sure!)].map((label, index) => ({ label, distance: 0.05 + index * 0.01 })),
  );
}

describe('readDateByGrammar', () => {
  it('reads each app shape in logical order', () => {
    expect(readDateByGrammar(glyphs('14:12:0728/11/2026'), now)).toBe('28/11/2026 14:12:07');
    expect(readDateByGrammar(glyphs('02:12:072026-11-28'), now)).toBe('28-11-2026 02:12:07');
    expect(readDateByGrammar(glyphs('19:33-2026/11/25'), now)).toBe('2026/11/25 - 19:33');
  });

  it('settles a doubtful digit when only one reading is a date of this year or the last', () => {
    // ٢٠٢٦ or ٣٠٣٦, ٢٠٣٦...: only 2026 is a year a receipt uploaded now can show.
    expect(readDateByGrammar(glyphs('02:12:07[23]0[23]6-11-28'), now)).toBe('28-11-2026 02:12:07');
    // A day 35 does not exist; a month 13 neither.
    expect(readDateByGrammar(glyphs('19:33-2026/11/[23]5'), now)).toBe('2026/11/25 - 19:33');
    expect(readDateByGrammar(glyphs('19:33-2026/1[13]/25'), now)).toBe('2026/11/25 - 19:33');
    // A '-' and a ٠ alike: only one place makes the shape.
    expect(readDateByGrammar(glyphs('02:12:072026[0-]11-28'), now)).toBe('28-11-2026 02:12:07');
  });

  it('leaves a date unread when two readings are both valid', () => {
    expect(readDateByGrammar(glyphs('19:[23]3-2026/11/25'), now)).toBeUndefined();
    expect(readDateByGrammar(glyphs('19:33-2026/11/[12]5'), now)).toBeUndefined();
  });

  it('reads no date from the future, years old, or of no shape', () => {
    expect(readDateByGrammar(glyphs('19:33-2027/11/25'), now)).toBeUndefined();
    expect(readDateByGrammar(glyphs('19:33-2023/11/25'), now)).toBe(undefined);
    expect(readDateByGrammar(glyphs('19:33-2026/13/25'), now)).toBeUndefined();
    expect(readDateByGrammar(glyphs('19:33-2026/02/30'), now)).toBeUndefined();
    expect(readDateByGrammar(glyphs('25:33-2026/11/25'), now)).toBeUndefined();
    // The afternoon mark's shape counts hours 1-12.
    expect(readDateByGrammar(glyphs('14:12:072026-11-28'), now)).toBeUndefined();
    expect(readDateByGrammar(glyphs('896928635262'), now)).toBeUndefined();
  });

  it('leaves a line unread when a glyph is like nothing or the doubt is too wide', () => {
    const line = glyphs('19:33-2026/11/25');
    line[3] = [];
    expect(readDateByGrammar(line, now)).toBeUndefined();
    // 13 glyphs each 2-way doubtful: more combinations than are tried.
    expect(readDateByGrammar(glyphs('[12][12]:[12][12]:[12][12][12][12]-[12][12]-[12][12][12][12]'), now)).toBeUndefined();
  });
});
