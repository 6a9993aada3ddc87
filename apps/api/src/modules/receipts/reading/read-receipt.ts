import sharp from 'sharp';
import { detectReceiptType } from '../receipt-storage.js';
import { readArabicIndicNumbers } from './arabic-indic-numbers.js';
import type { GreyImage } from './digit-glyphs.js';
import { rereadDateTime } from './date-line-reread.js';
import { createOcrEngine, type OcrEngine } from './ocr-engine.js';
import { readReceiptText } from './parse-receipt-text.js';
import { pdfFirstPageImage, pdfTextLines } from './pdf-receipt.js';
import type { ReceiptReading } from './receipt-reading.js';

/**
 * Reads a transfer receipt (a PNG, JPEG or WebP screenshot or photo, or a PDF): the PDF's own text when
 * it has some, else OCR of the image; then the values (parse-receipt-text.ts). Meant for a background
 * job that reads one receipt at a time: the OCR worker lives between receipts and ends when idle.
 */
// One receipt at a time, in the background: libvips keeps no cache of past images (it would hold up to
// 50 MB after the last receipt) and uses one thread (the server has two cores).
sharp.cache(false);
sharp.concurrency(1);

export function createReceiptReader(options: { idleMs?: number; engine?: OcrEngine; knownAccounts?: string[] } = {}) {
  const textOptions = { knownAccounts: options.knownAccounts };
  const engine = options.engine ?? createOcrEngine({ idleMs: options.idleMs });

  async function ocr(image: Buffer, started: number): Promise<ReceiptReading> {
    const prepared = await prepareImage(image);
    const { lines: ocrLines } = await engine.recognize(prepared.bytes);
    // Arabic-Indic digits, which the OCR models cannot read, are read by the reader's own glyph matcher.
    const arabicIndic = readArabicIndicNumbers(ocrLines, prepared.grey);
    const lines = arabicIndic ?? ocrLines;
    const { fields, unread } = readReceiptText(lines, { ...textOptions, ocr: true });
    if (!fields.dateTime && !arabicIndic && engine.recognizeDigitLine) {
      // The full recognition can lose a date line's time: the line is read again, digits only.
      const dateTime = await rereadDateTime(lines, prepared.grey, (crop) => engine.recognizeDigitLine!(crop));
      if (dateTime) {
        fields.dateTime = dateTime;
        unread.splice(0, unread.length, ...unread.filter((name) => name !== 'dateTime'));
      }
    }
    return {
      source: 'ocr',
      fields,
      unread,
      lines,
      size: { width: prepared.width, height: prepared.height },
      durationMs: Date.now() - started,
    };
  }

  return {
    engine,
    async readReceipt(bytes: Buffer): Promise<ReceiptReading> {
      const started = Date.now();
      const type = detectReceiptType(bytes);
      if (!type) throw new Error('Not a receipt this reader knows (JPEG, PNG, WebP or PDF)');
      if (type.contentType !== 'application/pdf') return ocr(bytes, started);
      const lines = await pdfTextLines(bytes);
      if (lines.some((line) => /\d/.test(line.text))) {
        return { source: 'pdf-text', ...readReceiptText(lines, textOptions), lines, durationMs: Date.now() - started };
      }
      return ocr(await pdfFirstPageImage(bytes), started);
    },
    close: () => engine.close(),
  };
}

export type ReceiptReader = ReturnType<typeof createReceiptReader>;

/**
 * What tesseract reads best here: upright (EXIF orientation applied), grey, contrast stretched. Images
 * are kept at their size (enlarging screenshots lost digits on the generated receipts), except tiny ones
 * (enlarged) and huge ones (reduced: time and memory grow with pixels).
 */
async function prepareImage(bytes: Buffer): Promise<{ bytes: Buffer; grey: GreyImage; width: number; height: number }> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const resized = width < 600 ? image.resize({ width: 1000 }) : width > 2000 ? image.resize({ width: 2000 }) : image;
  const { data, info } = await resized.grayscale().normalise().raw().toBuffer({ resolveWithObject: true });
  const grey = {
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  };
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { bytes: png, grey, width: info.width, height: info.height };
}
