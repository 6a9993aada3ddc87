import sharp from 'sharp';

/**
 * A receipt picture's fingerprint: the same picture re-saved (another JPEG quality, PNG, WebP), resized
 * or cropped a little gives a fingerprint close to the original's; another receipt, even of the same app
 * and layout, gives one far from it. Compared with `isSameImage`, never for equality.
 *
 * Receipts of one app share their layout and colours and differ only in their text (the amount, the
 * number, the date, the names), so the fingerprint follows the text: the picture, its uniform border
 * trimmed, is scaled to COLUMNS cells across; each band of rows, one cell tall, gives one character, the
 * number of its cells holding an edge (ink: text, lines, icons). A longer or shorter value changes its
 * bands' counts; re-compressing or resizing hardly moves them. Two fingerprints are compared at the
 * vertical shift and scale that fit them best, so a copy cut at the top or bottom, or a little at a side,
 * still lines up.
 */
const COLUMNS = 64;
const CELL = 4;
/** Bands kept from the top: a phone screenshot (about 2.2 times as tall as wide) has about 140. */
const MAX_BANDS = 180;
/** A difference of brightness between neighbouring pixels (0-255) that counts as an edge. */
const EDGE = 40;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const KIND = 'e64';

/** The fingerprint of an image (JPEG, PNG, WebP), or null when the bytes are not an image sharp reads. */
export async function imageFingerprint(bytes: Buffer): Promise<string | null> {
  try {
    const trimmed = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .grayscale()
      .trim({ threshold: 20 })
      .toBuffer();
    const { data, info } = await sharp(trimmed)
      .resize({ width: COLUMNS * CELL, kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const width = info.width;
    const bands = Math.min(MAX_BANDS, Math.floor(info.height / CELL));
    let text = '';
    for (let band = 0; band < bands; band += 1) {
      let inked = 0;
      for (let column = 0; column < COLUMNS; column += 1) {
        let edge = false;
        for (let y = band * CELL; y < (band + 1) * CELL && !edge; y += 1)
          for (let x = column * CELL; x < (column + 1) * CELL && !edge; x += 1) {
            const at = y * width + x;
            if (x + 1 < width && Math.abs(data[at]! - data[at + 1]!) > EDGE) edge = true;
            else if (y + 1 < info.height && Math.abs(data[at]! - data[at + width]!) > EDGE) edge = true;
          }
        if (edge) inked += 1;
      }
      text += ALPHABET[Math.min(63, inked)];
    }
    return bands > 0 ? `${KIND}:${text}` : null;
  } catch {
    return null;
  }
}

const decoded = new Map<string, Int8Array>();
function counts(fingerprint: string): Int8Array | null {
  let row = decoded.get(fingerprint);
  if (row) return row;
  const [kind, text] = fingerprint.split(':');
  if (kind !== KIND || !text) return null;
  row = Int8Array.from(text, (char) => ALPHABET.indexOf(char));
  if (row.includes(-1)) return null;
  if (decoded.size > 20_000) decoded.clear();
  decoded.set(fingerprint, row);
  return row;
}

/** Scales tried: a copy cut by up to 8 % at a side is that much larger once scaled to COLUMNS. */
const SCALES = [0.92, 0.94, 0.96, 0.98, 1, 1.02, 1.04, 1.06, 1.08];
/** Bands tried as the vertical shift (a status bar or a tenth of the height cut off). */
const MAX_SHIFT = 24;

/**
 * How unlike two pictures are: the mean difference of their bands' counts beyond one cell (noise), in
 * hundredths of a cell, at the best vertical shift and scale; Infinity when not comparable.
 */
export function fingerprintDistance(a: string, b: string): number {
  const first = counts(a);
  const second = counts(b);
  if (!first || !second) return Number.POSITIVE_INFINITY;
  let best = Number.POSITIVE_INFINITY;
  for (const scale of SCALES)
    for (let shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift += 1) {
      // Band i of the first picture is band i * scale + shift of the second; its counts scale likewise.
      let sum = 0;
      let overlap = 0;
      for (let i = 0; i < first.length; i += 1) {
        const j = Math.round(i * scale + shift);
        if (j < 0) continue;
        if (j >= second.length) break;
        const difference = Math.abs(first[i]! * scale - second[j]!);
        sum += difference > 1 ? difference - 1 : 0;
        overlap += 1;
      }
      // Most of the shorter picture must overlap: no match made of a few bands.
      if (overlap < 0.75 * Math.min(first.length, second.length)) continue;
      best = Math.min(best, sum / overlap);
    }
  return Number.isFinite(best) ? Math.round(best * 100) : best;
}

/** At most this distance: the same picture. */
export const SAME_IMAGE_MAX_DISTANCE = 20;

export const isSameImage = (a: string, b: string) => fingerprintDistance(a, b) <= SAME_IMAGE_MAX_DISTANCE;
