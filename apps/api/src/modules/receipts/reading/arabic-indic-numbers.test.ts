import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { arabicIndicRuns, logicalOrder, readArabicIndicNumbers } from './arabic-indic-numbers.js';
import { lineBlur } from './deblur-strip.js';
import type { GreyImage } from './digit-glyphs.js';
import type { TextBox } from './receipt-reading.js';

/**
 * Crops of generated receipts (made-up numbers), as the reader prepares them (grey, contrast stretched):
 * one line each, with the box the OCR engine gave it and what it shows, in Latin digits and logical order.
 */
const crops = JSON.parse(fs.readFileSync(new URL('./fixtures/digit-crops.json', import.meta.url), 'utf8')) as Record<
  string,
  { line: TextBox; text: string; words?: { text: string; box: TextBox }[] }
>;

async function crop(
  name: string,
): Promise<{ image: GreyImage; line: TextBox; text: string; words?: { text: string; box: TextBox }[] }> {
  const { data, info } = await sharp(fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { image: { data: new Uint8Array(data), width: info.width, height: info.height }, ...crops[name]! };
}

const lineOf = (line: TextBox, text = 'رقم العملية') => ({
  text,
  box: line,
  words: [{ text, box: { ...line, x0: line.x1 - 120 } }],
});

describe('reading Arabic-Indic digits', () => {
  it.each(['indic-transaction.png', 'indic-date.png', 'indic-amount.png', 'indic-photo-transaction.png'])(
    'reads %s exactly',
    async (name) => {
      const { image, line, text } = await crop(name);
      const numbers = readArabicIndicNumbers([lineOf(line)], image);
      expect(numbers?.[0]?.text).toBe(`رقم العملية ${text}`);
    },
  );

  it('reads two digits that touch (٢٧ in a bold transaction number) as two', async () => {
    const { image, line } = await crop('indic-transaction.png');
    const { runs } = arabicIndicRuns(image, { x0: 0, y0: 0, x1: image.width, y1: image.height }, line);
    expect(runs.map((run) => run.text)).toEqual(['382783448241']);
    expect(runs[0]!.glyphs).toHaveLength(12);
  });

  it('leaves the number unread, never wrong, when one of its digits is smudged', async () => {
    const { image, line } = await crop('indic-transaction.png');
    const { runs } = arabicIndicRuns(image, { x0: 0, y0: 0, x1: image.width, y1: image.height }, line);
    const digit = runs[0]!.glyphs[4]!.glyph.box;
    const smudged = { ...image, data: Uint8Array.from(image.data) };
    // The top half of the fifth digit (٨) wiped out: what is left looks like no digit.
    for (let y = digit.y0; y < (digit.y0 + digit.y1) / 2; y += 1)
      for (let x = digit.x0; x < digit.x1; x += 1) smudged.data[y * image.width + x] = 255;
    const numbers = readArabicIndicNumbers([lineOf(line, 'رقم العملية 38278344')], smudged);
    // No digit at all on the line: the OCR's own misreading of it is dropped too.
    expect(numbers?.[0]?.text).toMatch(/^رقم العملية [؟ ]+$/);
  });

  it("reads a blurred photo's number whose digits the blur joined into blobs, deblurring its line", async () => {
    const { image, line, text } = await crop('indic-blurred-transaction.png');
    const strip = { x0: 0, y0: 0, x1: image.width, y1: image.height };
    // At every threshold the joined digits stay unreadable...
    for (const level of [1, 0.7, 0.5]) {
      expect(arabicIndicRuns(image, strip, line, level).runs.filter((run) => /\d/.test(run.text))).toEqual([]);
    }
    // ...and deblurred (the OCR read the line as Latin letters, as it does such blobs) they read exactly.
    const numbers = readArabicIndicNumbers(
      [{ text: 'AVYArAIFOY', box: line, words: [{ text: 'AVYArAIFOY', box: line }] }],
      image,
    );
    expect(numbers?.[0]?.text).toBe(text);
  });

  it("reads a blurred photo's date line by the shape of a date, its year's joined digits split", async () => {
    // «٢٨-١١-٢٠٢٦ ٠٢:١٢:٠٧ م» blurred: the space before the year gone, ٢٦ one blob, ٢ and ٣ too close to
    // tell one by one; the OCR read the line as «عض لاا م 1».
    const { image, line, text, words } = await crop('indic-blurred-date.png');
    const numbers = readArabicIndicNumbers([{ text: 'عض لاا م 1', box: line, words }], image);
    expect(
      numbers?.[0]?.text
        .split(' ')
        .filter((word) => /\d/.test(word))
        .join(' '),
    ).toBe(text.replace(/ م$/, ''));
    expect(numbers?.[0]?.text).toContain('م');
  });

  it("tells a photo's blurred line from a screenshot's sharp one", async () => {
    const photo = await crop('indic-blurred-transaction.png');
    const screenshot = await crop('indic-transaction.png');
    expect(lineBlur(screenshot.image, screenshot.line)).toBeLessThan(1);
    expect(lineBlur(photo.image, photo.line)).toBeGreaterThan(1.2);
  });

  it('takes Latin digits for what they are: the OCR reads them, this reader does not', async () => {
    const { image, line } = await crop('latin-transaction.png');
    expect(readArabicIndicNumbers([lineOf(line, 'رقم العملية 593563568038')], image)).toBeUndefined();
  });

  it('puts the groups of a number back in logical order', () => {
    // «٢٥-١١-٢٠٢٦ ٠٢:٥٣:١٢» shows as ٠٢:٥٣:١٢ ٢٠٢٦-١١-٢٥; an account grouped in fours shows its last group first.
    expect(logicalOrder('02:53:12 2026-11-25')).toBe('25-11-2026 02:53:12');
    expect(logicalOrder('2 0551 1873 4021')).toBe('4021 1873 0551 2');
    expect(logicalOrder('1,806,000,00')).toBe('1,806,000,00');
  });
});
