import sharp from 'sharp';

/**
 * A receipt picture's fingerprint, stored with the receipt and compared with `isSameImage` (never for
 * equality) against other bookings' receipts. The same picture re-saved, resized or cropped a little is
 * near the original's; a picture of another app or a photo is far from it; see the limit below for what
 * counts as the same picture.
 *
 * A difference hash (dHash) of 16 x 64 cells: the picture, shrunk to 300 pixels across (so JPEG noise and
 * the size it was saved at hardly matter) and its uniform border trimmed, is squeezed to 17 x 64 grey cells;
 * each bit says whether a cell is darker than its right neighbour. Tall cells follow a receipt's rows.
 * Two fingerprints are compared at the best shift of up to 3 rows and 1 column, so a copy cut a little
 * at an edge (a few per cent) still lines up.
 *
 * Limit (npm run receipts:fingerprint, docs/performance.md): two different transfers shown by the same
 * app layout differ only in a few words, which no hash of this size sees; at any distance that catches
 * re-saved copies, many pairs of different receipts of one layout are as close. The threshold is
 * therefore set below the closest pair of different receipts measured: a match means the same pixels
 * (a re-upload, a PNG saved again, an edited copy whose change the cells do not see), and a re-saved or
 * cropped copy is left to the checks on the values read (the transaction number).
 */
const COLUMNS = 16;
const ROWS = 64;
const BITS = COLUMNS * ROWS;
const KIND = 'h16x64';
const MAX_ROW_SHIFT = 3;
const MAX_COLUMN_SHIFT = 1;

/** The fingerprint of an image (JPEG, PNG, WebP), or null when the bytes are not an image sharp reads. */
export async function imageFingerprint(bytes: Buffer): Promise<string | null> {
  try {
    const small = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .grayscale()
      .resize({ width: 300 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const trimmed = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 1 } })
      .trim({ threshold: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { data } = await sharp(trimmed.data, { raw: { width: trimmed.info.width, height: trimmed.info.height, channels: 1 } })
      .resize(COLUMNS + 1, ROWS, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const packed = Buffer.alloc(BITS / 8);
    for (let y = 0; y < ROWS; y += 1)
      for (let x = 0; x < COLUMNS; x += 1) {
        const at = y * (COLUMNS + 1) + x;
        if (data[at]! < data[at + 1]!) packed[(y * COLUMNS + x) >> 3]! |= 1 << (x & 7);
      }
    return `${KIND}:${packed.toString('base64url')}`;
  } catch {
    return null;
  }
}

const unpacked = new Map<string, Uint8Array>();
function bitsOf(fingerprint: string): Uint8Array | null {
  const cached = unpacked.get(fingerprint);
  if (cached) return cached;
  const [kind, text] = fingerprint.split(':');
  if (kind !== KIND || !text) return null;
  const packed = Buffer.from(text, 'base64url');
  if (packed.length !== BITS / 8) return null;
  const bits = new Uint8Array(BITS);
  for (let i = 0; i < BITS; i += 1) bits[i] = (packed[i >> 3]! >> (i & 7)) & 1;
  if (unpacked.size > 50_000) unpacked.clear();
  unpacked.set(fingerprint, bits);
  return bits;
}

/**
 * Differing bits per 1024 over the cells both pictures share, at the shift (up to 3 rows, 1 column) that
 * fits them best; Infinity when the fingerprints are not of the same kind.
 */
export function fingerprintDistance(a: string, b: string): number {
  const first = bitsOf(a);
  const second = bitsOf(b);
  if (!first || !second) return Number.POSITIVE_INFINITY;
  let best = Number.POSITIVE_INFINITY;
  for (let dy = -MAX_ROW_SHIFT; dy <= MAX_ROW_SHIFT; dy += 1)
    for (let dx = -MAX_COLUMN_SHIFT; dx <= MAX_COLUMN_SHIFT; dx += 1) {
      let differ = 0;
      let shared = 0;
      for (let y = Math.max(0, -dy); y < Math.min(ROWS, ROWS - dy); y += 1)
        for (let x = Math.max(0, -dx); x < Math.min(COLUMNS, COLUMNS - dx); x += 1) {
          shared += 1;
          differ += first[y * COLUMNS + x]! ^ second[(y + dy) * COLUMNS + x + dx]!;
        }
      best = Math.min(best, (differ * BITS) / shared);
    }
  return Math.round(best);
}

/**
 * At most this distance (differing bits per 1024): the same picture. The closest two different receipts
 * measured were 2 apart; copies re-saved as JPEG or WebP are 5-35 apart.
 */
export const SAME_IMAGE_MAX_DISTANCE = 1;

export const isSameImage = (a: string, b: string) => fingerprintDistance(a, b) <= SAME_IMAGE_MAX_DISTANCE;
