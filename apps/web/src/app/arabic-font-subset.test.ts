import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { ARABIC_SUBSET_RANGES, subsetArabicFace } from '../../scripts/arabic-font-subset.mjs';

/**
 * The Arabic face is cut to the Arabic block (vite.config.ts): whatever Arabic the site shows must
 * lie inside the cut, or it would be drawn in the system font. Checked against every Arabic catalog
 * and the Arabic names of the 388 airports the search offers.
 */
const webDir = path.resolve(import.meta.dirname, '../..');
const repoDir = path.resolve(webDir, '../..');
const fontsourceDir = path.join(repoDir, 'node_modules/@fontsource/ibm-plex-sans-arabic');

/** The code points fontsource's whole Arabic face covers (its unicode-range), as [from, to] pairs. */
function fontsourceArabicRanges(): [number, number][] {
  const css = fs.readFileSync(path.join(fontsourceDir, '400.css'), 'utf8');
  const block = css.split('/* ibm-plex-sans-arabic-arabic-400-normal */')[1]!;
  const range = /unicode-range:([^;]+);/.exec(block)![1]!;
  return range.split(',').map((part) => {
    const [from, to = from] = part.trim().replace('U+', '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)];
  });
}

const inRanges = (codePoint: number, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

function arabicTextOfTheSite(): string {
  const catalogs = path.join(webDir, 'src/i18n/locales/ar');
  const texts = fs.readdirSync(catalogs).map((file) => fs.readFileSync(path.join(catalogs, file), 'utf8'));
  const airports = JSON.parse(fs.readFileSync(path.join(repoDir, 'apps/api/src/data/airports.json'), 'utf8')) as {
    nameAr: string;
    cityNameAr: string;
  }[];
  return [...texts, ...airports.map((airport) => `${airport.nameAr} ${airport.cityNameAr}`)].join('\n');
}

describe('the Arabic font subset', () => {
  it('covers every Arabic character of the catalogs and airport names', () => {
    const arabicFace = fontsourceArabicRanges();
    const missing = new Set<string>();
    for (const char of arabicTextOfTheSite()) {
      const codePoint = char.codePointAt(0)!;
      if (inRanges(codePoint, arabicFace) && !inRanges(codePoint, ARABIC_SUBSET_RANGES))
        missing.add(`U+${codePoint.toString(16).toUpperCase()} ${char}`);
    }
    expect([...missing]).toEqual([]);
  });

  it('is a smaller WOFF2 that shapes Arabic exactly as the whole face: joining forms, ligatures, marks', async () => {
    const source = path.join(fontsourceDir, 'files/ibm-plex-sans-arabic-arabic-400-normal.woff2');
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-font-'));
    try {
      const cut = fs.readFileSync(await subsetArabicFace(source, cacheDir));
      expect(cut.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(cut.length).toBeLessThan(fs.statSync(source).size * 0.75);
      // Shaped by harfbuzz, as the browser does: the same glyph advances and mark positions, word by
      // word (the space is not in the Arabic face; the Latin face draws it).
      // One after the other: two conversions at once in fontverter's wasm decoder garbled one of them.
      const whole = await fontverter.convert(fs.readFileSync(source), 'truetype');
      const part = await fontverter.convert(cut, 'truetype');
      for (const word of ['لا', 'الله', 'بِسْمِ', 'هيّا', 'كوندا', 'الخرطوم', 'تذكرتك', 'لأمتعتك', 'ﷲ'.normalize('NFKC')])
        expect(shape(part, word), word).toEqual(shape(whole, word));
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

/** Each glyph's advance and offsets when harfbuzz shapes the text with the font. */
function shape(font: Uint8Array, text: string): string[] {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(new hb.Font(new hb.Face(new hb.Blob(font))), buffer);
  return buffer.getGlyphPositions().map((p) => `${p.xAdvance},${p.xOffset},${p.yOffset}`);
}
