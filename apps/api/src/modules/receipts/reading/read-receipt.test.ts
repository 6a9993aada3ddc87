import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from './pdf-receipt.js';
import { createReceiptReader } from './read-receipt.js';

/**
 * Generated receipts (apps/api/test/receipts/generate-receipts.ts; made-up people and numbers) read end
 * to end: the real OCR engine with the models shipped in @tesseract.js-data, offline, and a bank PDF's
 * own text. The accuracy over many receipts is measured by npm run receipts:accuracy, not here.
 */
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const truths = JSON.parse(fixture('receipts.json').toString('utf8')) as Record<
  string,
  { truth: { amount: number; transactionNumber: string; dateTime: string; recipientAccount: string; senderName: string } }
>;
const truthOf = (name: string) => truths[name]!.truth;

describe('reading generated receipts end to end', () => {
  // The agency's made-up accounts of the generated receipts, passed as the server passes BANK_ACCOUNTS
  // (a photo can lose the "To account" label; the agency's own number is still found by its digits).
  const reader = createReceiptReader({ idleMs: 60_000, knownAccounts: ['4021187305512', '3170045528861'] });
  afterAll(() => reader.close());

  it('reads a screenshot of the Arabic app and a photo of the English app with the offline OCR engine', async () => {
    for (const name of ['ar-screenshot.png', 'en-photo.jpg']) {
      const truth = truthOf(name);
      const reading = await reader.readReceipt(fixture(name));
      expect(reading.source).toBe('ocr');
      expect(reading.fields, name).toMatchObject({
        amount: { value: truth.amount },
        currency: { value: 'SDG' },
        transactionNumber: { value: truth.transactionNumber },
        dateTime: { value: truth.dateTime },
        recipientAccount: { value: truth.recipientAccount },
      });
      // Where the engine found the number, for the desk to highlight: inside the image.
      const box = reading.fields.transactionNumber!.box!;
      expect(box.x1).toBeGreaterThan(box.x0);
      expect(box.x1).toBeLessThanOrEqual(reading.size!.width);
      expect(box.y1).toBeLessThanOrEqual(reading.size!.height);
    }
    expect(reader.engine.running).toBe(true);
    await reader.close();
    expect(reader.engine.running).toBe(false);
  }, 40_000);

  it('reads a screenshot in Arabic-Indic digits with its own digit reader, in logical order', async () => {
    const truth = truthOf('ar-indic-screenshot.png');
    const reading = await reader.readReceipt(fixture('ar-indic-screenshot.png'));
    expect(reading.fields).toMatchObject({
      amount: { value: truth.amount },
      currency: { value: 'SDG' },
      transactionNumber: { value: truth.transactionNumber },
      dateTime: { value: truth.dateTime },
      recipientAccount: { value: truth.recipientAccount },
    });
    expect(reading.unread).toEqual([]);
    await reader.close();
  }, 40_000);

  it("reads a bank PDF's own text, Arabic-Indic digits and Arabic names included, without OCR", async () => {
    const truth = truthOf('ar-bank-advice.pdf');
    const reading = await reader.readReceipt(fixture('ar-bank-advice.pdf'));
    expect(reading.source).toBe('pdf-text');
    expect(reading.fields).toMatchObject({
      amount: { value: truth.amount },
      transactionNumber: { value: truth.transactionNumber },
      dateTime: { value: truth.dateTime },
      recipientAccount: { value: truth.recipientAccount },
      senderName: { value: truth.senderName },
    });
    expect(reader.engine.running).toBe(false);
    expect((await pdfTextLines(fixture('ar-bank-advice.pdf'))).map((line) => line.text)).toContain('بنك الخرطوم bankak');
  });

  it('refuses what is not an image or a PDF', async () => {
    await expect(reader.readReceipt(Buffer.from('GIF89a'))).rejects.toThrow(/JPEG, PNG, WebP or PDF/);
  });
});
