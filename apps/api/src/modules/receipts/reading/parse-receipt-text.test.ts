import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseAccount,
  parseAmount,
  parseDateTime,
  parseReceiptLines,
  parseTransactionNumber,
  readReceiptText,
} from './parse-receipt-text.js';

/**
 * Lines of text captured from the OCR engine reading generated receipts (npm run receipts:accuracy --
 * --lines FILE), with what each receipt shows: the parser is tested on the engine's real mistakes
 * (labels lost on photos, 'SDG' read as '506', account groups in visual order) without running OCR.
 */
const captures = JSON.parse(fs.readFileSync(new URL('./fixtures/ocr-lines.json', import.meta.url), 'utf8')) as {
  file: string;
  digits: 'latin' | 'arabic-indic';
  truth: Record<
    'recipientAccount' | 'recipientName' | 'senderName' | 'senderAccount' | 'dateTime' | 'transactionNumber',
    string
  > & {
    amount: number;
  };
  lines: string[];
}[];
const capture = (file: string) => {
  const found = captures.find((c) => c.file === file);
  if (!found) throw new Error(`No capture ${file}`);
  return { ...found, lines: found.lines.map((text) => ({ text })) };
};

describe('reading a Bankak receipt from its lines of text', () => {
  it.each([
    ['005-ar-screenshot-genuine.png', 'an Arabic screenshot, the account groups in visual order'],
    ['013-ar-photo-genuine.jpg', 'a photo of the Arabic app whose labels the OCR lost'],
    ['033-en-screenshot-genuine.png', 'an English screenshot'],
    ['056-en-photo-genuine.jpg', "a photo of the English app: no labels, 'SDG' read as '506'"],
    ['073-en-photo-edited-amount.jpg', 'a photo of an edited receipt (the amount it shows)'],
  ])('%s: %s', (file) => {
    const { truth, lines } = capture(file);
    const fields = parseReceiptLines(lines);
    expect(fields.amount?.value).toBe(truth.amount);
    expect(fields.currency?.value).toBe('SDG');
    expect(fields.transactionNumber?.value).toBe(truth.transactionNumber);
    expect(fields.dateTime?.value).toBe(truth.dateTime);
  });

  it('takes the recipient account, sender and recipient names from their rows', () => {
    const { truth, lines } = capture('005-ar-screenshot-genuine.png');
    const fields = parseReceiptLines(lines);
    expect(fields.recipientAccount?.value).toBe(truth.recipientAccount);
    expect(fields.senderAccount?.value).toBe(truth.senderAccount);
    expect(fields.recipientName?.value).toBe(truth.recipientName);
    expect(fields.senderName?.value).toBe(truth.senderName);
    const english = parseReceiptLines(capture('033-en-screenshot-genuine.png').lines);
    expect(english.recipientName?.value).toBe(capture('033-en-screenshot-genuine.png').truth.recipientName);
  });

  it("finds the agency's own account on a photo whose account row lost its label", () => {
    const { truth, lines } = capture('056-en-photo-genuine.jpg');
    expect(readReceiptText(lines).fields.recipientAccount).toBeUndefined();
    expect(
      readReceiptText(lines, { knownAccounts: ['4021 1873 0551 2', truth.recipientAccount] }).fields.recipientAccount?.value,
    ).toBe(truth.recipientAccount);
  });

  it('reads no wrong value from Arabic-Indic digits the OCR garbled, and says which fields the desk must read', () => {
    const { lines, digits, truth } = capture('002-ar-screenshot-genuine.png');
    expect(digits).toBe('arabic-indic');
    const { fields, unread } = readReceiptText(lines, { ocr: true });
    expect(fields.amount).toBeUndefined();
    expect(fields.transactionNumber).toBeUndefined();
    expect(fields.dateTime).toBeUndefined();
    expect(fields.senderAccount).toBeUndefined();
    expect(unread).toEqual(expect.arrayContaining(['transactionNumber', 'dateTime', 'recipientAccount', 'amount']));
    expect(fields.senderName?.value).toBe(truth.senderName);
  });

  it.each([
    ['012-ar-screenshot-genuine.png', 'a transaction number that looks clean beside a garbled amount'],
    ['016-ar-photo-other-account.jpg', "an account row read as '191/75661950995'"],
    ['018-ar-photo-genuine.jpg', "an amount mixing scripts ('108.0٠٠')"],
  ])('takes no number from %s: %s', (file) => {
    const { lines, truth } = capture(file);
    const { fields } = readReceiptText(lines, { ocr: true, knownAccounts: [truth.recipientAccount] });
    for (const name of ['amount', 'transactionNumber', 'dateTime', 'recipientAccount', 'senderAccount'] as const)
      expect(fields[name], name).toBeUndefined();
  });

  it('takes the first number after the amount for the transaction number only: when that one is unread, no later number', () => {
    // The digit reader's lines of a photo whose labels were lost: the transaction's row unread ('؟'), the
    // sender's and the agency's accounts read.
    const lines = ['؟ جد', 'جنيه 664,000,00', '؟', '؟', '6119972', '؟', '4021187305512', 'جنية 664,000,00'].map((text) => ({
      text,
    }));
    const { fields } = readReceiptText(lines, { ocr: true });
    expect(fields.amount?.value).toBe(664000);
    expect(fields.transactionNumber).toBeUndefined();
    // Read, the first number after the amount is the transaction's.
    lines[2] = { text: '896928635262' };
    expect(readReceiptText(lines, { ocr: true }).fields.transactionNumber?.value).toBe('896928635262');
  });

  it('reads a bank PDF’s text with Arabic-Indic digits', () => {
    const fields = parseReceiptLines(
      [
        'بنك الخرطوم bankak',
        'رقم العملية ٣١٤٩٢٨٤٠٠٠٥',
        'التار يخ اولوقت ٢٩-١٠-٢٠٢٦ ١٢:٣١:٤٨ م',
        'من حساب ٩٦٤٤ ٨٥٧',
        'اسم المرسل عمر إبراهيم بابكر',
        'إلى حساب ٣١٧٠ ٠٤٥٥ ٢٨٨٦ ١',
        'اسم المستفيد كوندا للسفر والسياحة',
        'المبلغ ١٬٦٨٠٬٠٠٠٫٠٠ جنيه',
      ].map((text) => ({ text })),
    );
    expect(fields).toMatchObject({
      transactionNumber: { value: '31492840005' },
      dateTime: { value: '2026-10-29T12:31' },
      senderAccount: { value: '9644857' },
      recipientAccount: { value: '3170045528861' },
      amount: { value: 1680000 },
      currency: { value: 'SDG' },
      senderName: { value: 'عمر إبراهيم بابكر' },
      recipientName: { value: 'كوندا للسفر والسياحة' },
    });
  });

  it('gives the box of the value’s words, not of its label', () => {
    const box = (x0: number, x1: number) => ({ x0, y0: 100, x1, y1: 130 });
    const fields = parseReceiptLines([
      {
        text: 'Transaction ID 355838800750',
        box: box(20, 600),
        words: [
          { text: 'Transaction', box: box(20, 150) },
          { text: 'ID', box: box(160, 190) },
          { text: '355838800750', box: box(420, 600) },
        ],
      },
    ]);
    expect(fields.transactionNumber).toEqual({ value: '355838800750', text: '355838800750', box: box(420, 600) });
  });
});

describe('the values', () => {
  it.each([
    ['28-Nov-2026 14:05:33', '2026-11-28T14:05'],
    ['28/11/2026 02:05:10 PM', '2026-11-28T14:05'],
    ['28/11/2026 12:40 AM', '2026-11-28T00:40'],
    ['2026-11-28 09:15:00', '2026-11-28T09:15'],
    ['18:03:04 09/11/2026', '2026-11-09T18:03'],
    ['10:09 - 2026/11/12', '2026-11-12T10:09'],
    ['٢٨-١١-٢٠٢٦ ٠٢:٠٥:١٠ م', '2026-11-28T14:05'],
    ['٢٨/١١/٢٠٢٦ ٠٩:٠٥ ص', '2026-11-28T09:05'],
    // A stray letter beside a time past noon in 24 hours changes nothing.
    ['a 13:30:46 06-11-2026', '2026-11-06T13:30'],
  ])('date %s', (text, expected) => expect(parseDateTime(text)).toBe(expected));

  it.each([
    '28/11/2026',
    '14:05',
    '31/13/2026 10:00',
    'KW-D63876',
    // The afternoon mark «م» read as a Latin letter: 01:30 or 13:30 cannot be told.
    '\u200ea\u200f 01:30:46 06-11-2026',
    '23-11-2026 06:32:00 A',
  ])('no date in %s', (text) => expect(parseDateTime(text)).toBeUndefined());

  it.each([
    ['SDG 1,234,567.50', 1234567.5],
    ['١٬٢٣٤٬٥٦٧٫٥٠ ج.س', 1234567.5],
    ['506 3,042,216.00', 3042216],
    ['506 400,000.00', 400000],
    ['جنيه 399,000.00', 399000],
    ['245 000.00 SDG', 245000],
  ])('amount %s', (text, expected) => expect(parseAmount(text)).toBe(expected));

  it('takes no bare run of digits for an amount', () => expect(parseAmount('872502006231')).toBeUndefined());

  it.each([
    ['4021187305512', '4021187305512'],
    ['4021 1873 0551 2', '4021187305512'],
    ['2 0551 1873 4021', '4021187305512'],
    ['٣١٧٠ ٠٤٥٥ ٢٨٨٦ ١', '3170045528861'],
    ['12', undefined],
  ])('account %s', (text, expected) => expect(parseAccount(text)).toBe(expected));

  it('transaction numbers have eight digits or more', () => {
    expect(parseTransactionNumber('رقم ٣٨٢٧٨٣٤٤٨٢٤١')).toBe('382783448241');
    expect(parseTransactionNumber('906071')).toBeUndefined();
    expect(parseTransactionNumber('916017-77')).toBeUndefined();
    expect(parseTransactionNumber('3827 8344 8241')).toBe('382783448241');
  });
});
