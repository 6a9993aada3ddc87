import { latinDigits } from '@kwenda/contracts';
import type { ReceiptReading } from './receipt-reading.js';

/**
 * A receipt's content fingerprint: what the reader read on it, as a set of short token hashes, so that a
 * copy of the same picture (re-saved, resized, cropped, photographed, or with only the amount edited) is
 * found again while another transfer of the same bank layout is not. Pixels cannot tell these apart
 * (image-fingerprint.ts); the text can: two transfers differ in their transaction number, date and time
 * to the second, amount and often names, and their status bars show another clock and battery.
 *
 * Tokens are the reading's words with digits made Latin, lower case, without punctuation (so 12:30:05
 * is one token, 123005), of two characters or more. A token with digits counts more than a word, and a
 * long number (a transaction number, an account, a date, a time with seconds) most: those are what tell
 * two transfers apart, while words are mostly the layout's own labels, which every receipt of it shows.
 */

const CLASSES = { N: 6, n: 2, w: 1 } as const;
type TokenClass = keyof typeof CLASSES;
const VERSION = 'c1.';
/** Entries kept at most (1 + 4 characters each) so the fingerprint stays under 400 characters. */
const MAX_ENTRIES = 79;
/** Fewer distinct tokens than this: too little text to tell one receipt from another. */
const MIN_TOKENS = 8;

/** Similarity at and above which two receipts show the same content (measured: docs/performance.md). */
export const SAME_CONTENT_MIN_SIMILARITY = 0.6;

const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g;
/** Arabic diacritics and tatweel, which OCR reads on one copy and not on another. */
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g;

/** The reading's words, normalized; a token's class: N a long number, n a short one, w a word. */
export function contentTokens(reading: Pick<ReceiptReading, 'lines'>): Map<string, TokenClass> {
  const tokens = new Map<string, TokenClass>();
  for (const line of reading.lines) {
    const words = line.words?.length ? line.words.map((word) => word.text) : line.text.split(/\s+/);
    for (const word of words) {
      const token = latinDigits(word.replace(BIDI, ''))
        .normalize('NFKC')
        .toLowerCase()
        .replace(ARABIC_MARKS, '')
        .replace(/[أإآ]/g, 'ا')
        .replace(/ى/g, 'ي')
        .replace(/ة/g, 'ه')
        .replace(/[^\p{L}\p{N}]/gu, '');
      if (token.length < 2) continue;
      const digits = token.replace(/\D/g, '').length;
      tokens.set(token, digits >= 5 ? 'N' : digits > 0 ? 'n' : 'w');
    }
  }
  return tokens;
}

/** FNV-1a of the token's UTF-16 units, 24 bits, as 4 base64url characters. */
function hash24(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h = ((h >>> 24) ^ h) & 0xffffff;
  return Buffer.from([h >>> 16, (h >>> 8) & 0xff, h & 0xff]).toString('base64url');
}

/** A short string (< 400 chars) stored with the receipt; null when the reading has too little text to tell (e.g. under ~8 tokens). */
export function contentFingerprint(reading: Pick<ReceiptReading, 'lines'>): string | null {
  const tokens = contentTokens(reading);
  if (tokens.size < MIN_TOKENS) return null;
  const entries = [...new Set([...tokens].map(([token, kind]) => `${kind}${hash24(token)}`))];
  // Too many tokens: the numbers are kept first, then the words of the smallest hashes (the same ones on
  // every copy, whatever order the lines were read in).
  const rank = (entry: string) => CLASSES[entry[0] as TokenClass];
  entries.sort((a, b) => rank(b) - rank(a) || (a < b ? -1 : a > b ? 1 : 0));
  return VERSION + entries.slice(0, MAX_ENTRIES).sort().join('');
}

function parse(fingerprint: string): Map<string, number> | null {
  if (!fingerprint.startsWith(VERSION)) return null;
  const entries = new Map<string, number>();
  for (let at = VERSION.length; at + 5 <= fingerprint.length; at += 5) {
    const weight = CLASSES[fingerprint[at] as TokenClass];
    if (weight) entries.set(fingerprint.slice(at + 1, at + 5), weight);
  }
  return entries;
}

/** 0..1, how much of the two receipts' content is the same. */
export function contentSimilarity(a: string, b: string): number {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return 0;
  let shared = 0;
  let all = 0;
  for (const [hash, weight] of left) {
    const other = right.get(hash);
    if (other === undefined) all += weight;
    else {
      shared += Math.min(weight, other);
      all += Math.max(weight, other);
    }
  }
  for (const [hash, weight] of right) if (!left.has(hash)) all += weight;
  return all === 0 ? 0 : shared / all;
}

export const isSameContent = (a: string, b: string) => contentSimilarity(a, b) >= SAME_CONTENT_MIN_SIMILARITY;
