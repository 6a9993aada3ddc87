/**
 * Stable, seedless hashing: every "random-looking" choice in the sandbox (load factors, seat
 * occupancy, departure banks, repricing outcomes) comes from a hash of names, never Math.random,
 * so the same question always gets the same answer on every machine.
 */

/** FNV-1a over UTF-16 code units, finished with murmur3's fmix32 for a good spread of low bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) fixed by the text. */
export function unitHash(text: string): number {
  return hash32(text) / 0x1_0000_0000;
}

/** An integer in [min, max] fixed by the text. */
export function pickInt(text: string, min: number, max: number): number {
  return min + Math.floor(unitHash(text) * (max - min + 1));
}
