import sharp from 'sharp';

/**
 * A receipt picture's fingerprint: the same picture re-saved (another JPEG quality, PNG, WebP), resized
 * or cropped a little gives a fingerprint close to the original's; another receipt, even of the same app
 * and layout, gives one far from it. Compared with `isSameImage`, never for equality.
 *
 * First version: a difference hash (dHash) of the image with its uniform border trimmed, 16x16 bits.
 */
const SIDE = 16;

/** The fingerprint of an image (JPEG, PNG, WebP), or null when the bytes are not an image sharp reads. */
export async function imageFingerprint(bytes: Buffer): Promise<string | null> {
  try {
    const trimmed = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .grayscale()
      .trim({ threshold: 20 })
      .toBuffer();
    const { data } = await sharp(trimmed)
      .resize(SIDE + 1, SIDE, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let bits = '';
    for (let y = 0; y < SIDE; y += 1)
      for (let x = 0; x < SIDE; x += 1) bits += data[y * (SIDE + 1) + x]! < data[y * (SIDE + 1) + x + 1]! ? '1' : '0';
    let hex = '';
    for (let i = 0; i < bits.length; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
    return `d16:${hex}`;
  } catch {
    return null;
  }
}

/** Bits that differ between two fingerprints of the same kind; Infinity when they are not comparable. */
export function fingerprintDistance(a: string, b: string): number {
  const [kindA, hexA] = a.split(':');
  const [kindB, hexB] = b.split(':');
  if (!hexA || !hexB || kindA !== kindB || hexA.length !== hexB.length) return Number.POSITIVE_INFINITY;
  let distance = 0;
  for (let i = 0; i < hexA.length; i += 1) {
    let x = parseInt(hexA[i]!, 16) ^ parseInt(hexB[i]!, 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}

/** At most this many differing bits: the same picture. */
export const SAME_IMAGE_MAX_DISTANCE = 20;

export const isSameImage = (a: string, b: string) => fingerprintDistance(a, b) <= SAME_IMAGE_MAX_DISTANCE;
