import { describe, expect, it } from 'vitest';
import { contentFingerprint, contentSimilarity, isSameContent, SAME_CONTENT_MIN_SIMILARITY } from './content-fingerprint.js';
import ocrLines from './fixtures/ocr-lines.json' with { type: 'json' };

/** The lines the OCR engine read on a committed generated receipt, as a reading's lines. */
const reading = (file: string, edit: (text: string) => string = (text) => text) => {
  const fixture = (ocrLines as { file: string; lines: string[] }[]).find((entry) => entry.file === file);
  if (!fixture) throw new Error(`no OCR lines for ${file}`);
  return { lines: fixture.lines.map((text) => ({ text: edit(text) })) };
};
const fingerprint = (lines: { lines: { text: string }[] }) => {
  const value = contentFingerprint(lines);
  if (value === null) throw new Error('no fingerprint');
  return value;
};

const arabic = fingerprint(reading('005-ar-screenshot-genuine.png'));
const english = fingerprint(reading('033-en-screenshot-genuine.png'));

describe('content fingerprint', () => {
  it('is a short string, the same for the same text whatever its line order, words or digits', () => {
    expect(arabic.length).toBeLessThan(400);
    const lines = reading('005-ar-screenshot-genuine.png').lines;
    const reordered = {
      lines: [...lines].reverse().map((line) => ({
        text: line.text,
        words: line.text.split(' ').map((text) => ({ text, box: { x0: 0, y0: 0, x1: 1, y1: 1 } })),
      })),
    };
    expect(contentFingerprint(reordered)).toBe(arabic);
    const indic = { lines: lines.map((line) => ({ text: line.text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!) })) };
    expect(contentFingerprint(indic)).toBe(arabic);
    expect(contentSimilarity(arabic, arabic)).toBe(1);
  });

  it('finds the same receipt with only its amount edited', () => {
    const edited = fingerprint(
      reading('005-ar-screenshot-genuine.png', (text) => text.replaceAll('1,810,000.00', '1,950,000.00')),
    );
    expect(edited).not.toBe(arabic);
    expect(isSameContent(arabic, edited)).toBe(true);
    const editedEnglish = fingerprint(
      reading('033-en-screenshot-genuine.png', (text) => text.replaceAll('2,333,441.00', '2,833,441.00')),
    );
    expect(contentSimilarity(english, editedEnglish)).toBeGreaterThanOrEqual(SAME_CONTENT_MIN_SIMILARITY);
  });

  it('finds the same receipt when the status bar was cut off and the OCR misread a word', () => {
    const lines = reading('033-en-screenshot-genuine.png').lines.slice(1);
    lines[4] = { text: 'Transacti0n No. 355838800750' };
    expect(isSameContent(english, fingerprint({ lines }))).toBe(true);
  });

  it('tells apart two transfers of the same layout, even from the same sender to the same account', () => {
    expect(isSameContent(arabic, fingerprint(reading('012-ar-screenshot-genuine.png')))).toBe(false);
    expect(isSameContent(arabic, fingerprint(reading('002-ar-screenshot-genuine.png')))).toBe(false);
    expect(isSameContent(english, fingerprint(reading('056-en-photo-genuine.jpg')))).toBe(false);
    expect(isSameContent(arabic, english)).toBe(false);
    // Another transfer by the same traveller: another transaction number, time, booking reference and status bar.
    const again = reading('033-en-screenshot-genuine.png', (text) =>
      text
        .replace('10:02 39%', '10:41 35%')
        .replace('355838800750', '355839114207')
        .replace('10:55:45', '11:38:02')
        .replace('KW-D82458', 'KW-H20417'),
    );
    expect(isSameContent(english, fingerprint(again))).toBe(false);
  });

  it('is null when the reading has too little text, and never the same as a fingerprint it cannot read', () => {
    expect(contentFingerprint({ lines: [] })).toBeNull();
    expect(contentFingerprint({ lines: [{ text: 'bankak 17% 11:13' }, { text: '0' }, { text: 'SDG 1,000.00' }] })).toBeNull();
    expect(contentSimilarity(arabic, 'h16x64:abc')).toBe(0);
  });
});
