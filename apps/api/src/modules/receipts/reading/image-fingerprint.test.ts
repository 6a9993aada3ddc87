import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fingerprintDistance, imageFingerprint, isSameImage, SAME_IMAGE_MAX_DISTANCE } from './image-fingerprint.js';

/**
 * Generated receipts (apps/api/test/receipts/generate-receipts.ts; made-up people and numbers):
 * ar-screenshot-other.png is another transfer shown by the same Arabic app layout as ar-screenshot.png.
 * The figures over many receipts come from npm run receipts:fingerprint (docs/performance.md).
 */
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const screenshot = fixture('ar-screenshot.png');
const fingerprint = async (bytes: Buffer) => {
  const print = await imageFingerprint(bytes);
  expect(print).toEqual(expect.any(String));
  return print!;
};

describe('image fingerprint', () => {
  it('is a short string, the same for the same bytes', async () => {
    const print = await fingerprint(screenshot);
    expect(print.length).toBeLessThan(200);
    expect(await fingerprint(screenshot)).toBe(print);
    expect(fingerprintDistance(print, print)).toBe(0);
  });

  it('finds the same picture uploaded again or saved again as PNG', async () => {
    const original = await fingerprint(screenshot);
    const copies = {
      'PNG saved again': await sharp(screenshot).png({ compressionLevel: 1 }).toBuffer(),
    };
    for (const [kind, bytes] of Object.entries(copies)) {
      const copy = await fingerprint(bytes);
      expect(fingerprintDistance(original, copy), kind).toBeLessThanOrEqual(SAME_IMAGE_MAX_DISTANCE);
      expect(isSameImage(copy, original), kind).toBe(true);
    }
  });

  it('tells another transfer of the same app layout, and a photo of the other layout, from the screenshot', async () => {
    const original = await fingerprint(screenshot);
    const sameLayout = await fingerprint(fixture('ar-screenshot-other.png'));
    expect(fingerprintDistance(original, sameLayout)).toBeGreaterThan(SAME_IMAGE_MAX_DISTANCE);
    expect(isSameImage(original, sameLayout)).toBe(false);
    expect(isSameImage(original, await fingerprint(fixture('en-photo.jpg')))).toBe(false);
  });

  it('puts lossy, resized and cut copies far nearer than a photo of the other layout', async () => {
    const original = await fingerprint(screenshot);
    const photo = fingerprintDistance(original, await fingerprint(fixture('en-photo.jpg')));
    expect(photo).toBeGreaterThan(100);
    const { width, height } = await sharp(screenshot).metadata();
    const copies = {
      'JPEG q60': await sharp(screenshot).jpeg({ quality: 60 }).toBuffer(),
      'resized 50 %': await sharp(screenshot)
        .resize({ width: Math.round(width / 2) })
        .png()
        .toBuffer(),
      '5 % cut off the bottom': await sharp(screenshot)
        .extract({ left: 0, top: 0, width, height: Math.round(height * 0.95) })
        .png()
        .toBuffer(),
    };
    for (const [kind, bytes] of Object.entries(copies))
      expect(fingerprintDistance(original, await fingerprint(bytes)), kind).toBeLessThan(48);
  });

  // Known limit, measured by npm run receipts:fingerprint: a JPEG re-save is as far from its original as
  // many pairs of different receipts of one layout, so it is not taken as the same picture. This fails
  // today and must pass once the fingerprint follows the receipt's text (then make it a plain `it`).
  it.fails('finds the screenshot re-saved as JPEG (known limit)', async () => {
    const copy = await sharp(screenshot).jpeg({ quality: 80 }).toBuffer();
    expect(isSameImage(await fingerprint(copy), await fingerprint(screenshot))).toBe(true);
  });

  it('gives null for a PDF and for bytes that are no image', async () => {
    expect(await imageFingerprint(fixture('ar-bank-advice.pdf'))).toBeNull();
    expect(await imageFingerprint(Buffer.from('not an image at all'))).toBeNull();
    expect(await imageFingerprint(Buffer.alloc(0))).toBeNull();
  });

  it('compares only fingerprints of one kind and length', async () => {
    const print = await fingerprint(screenshot);
    const [kind, bits] = print.split(':');
    expect(fingerprintDistance(print, `other:${bits}`)).toBe(Number.POSITIVE_INFINITY);
    expect(fingerprintDistance(print, `${kind}:${bits!.slice(4)}`)).toBe(Number.POSITIVE_INFINITY);
    expect(isSameImage(print, 'not a fingerprint')).toBe(false);
  });
});
