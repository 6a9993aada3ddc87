// The Arabic faces of IBM Plex Sans Arabic, cut to the Arabic block the site writes in (vite.config.ts).
// Fontsource's "arabic" file also carries Arabic Supplement and Extended-A (letters of other languages
// written in Arabic script), the presentation-form code points and Arabic mathematical letters:
// 43-44 KB per weight, 29-30 KB after the cut. Shaping is kept (harfbuzz keeps every glyph the
// kept letters' joining forms, ligatures and marks reach); a character outside the range is drawn
// by the system font instead, as the narrowed unicode-range tells the browser.
import fs from 'node:fs/promises';
import path from 'node:path';
import subsetFont from 'subset-font';

/** [first, last] code points kept: the Arabic block, and the joiners and hyphens Arabic text uses. */
export const ARABIC_SUBSET_RANGES = [
  [0x0600, 0x06ff],
  [0x200c, 0x200f],
  [0x2010, 0x2011],
];

export const arabicUnicodeRange = ARABIC_SUBSET_RANGES.map(
  ([from, to]) => `U+${from.toString(16).toUpperCase().padStart(4, '0')}-${to.toString(16).toUpperCase().padStart(4, '0')}`,
).join(', ');

const subsetText = ARABIC_SUBSET_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join('');

/** Writes the cut face beside the cache and returns its path; the same input gives the same bytes. */
export async function subsetArabicFace(source, cacheDir) {
  const target = path.join(cacheDir, path.basename(source));
  const original = await fs.readFile(source);
  const subset = await subsetFont(original, subsetText, { targetFormat: 'woff2' });
  await fs.mkdir(cacheDir, { recursive: true });
  await fs.writeFile(target, subset);
  return target;
}
