import { latinDigits } from '@kwenda/contracts';
import type { ReadField, ReceiptFields, ReceiptLine, TextBox } from './receipt-reading.js';

/**
 * The values of a Bankak-style transfer receipt from its lines of text (OCR or a PDF's own text), in
 * the Arabic and the English layouts of the app and the bank's PDF advice. Each row is a label and a
 * value; OCR may give the value first (right-to-left lines), break the row in two, or lose the label of
 * a blurred photo, so every field falls back on what its value looks like.
 */

/** Bidirectional controls the OCR engine and PDFs put around Latin runs inside Arabic lines. */
const BIDI = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
export const cleanLine = (text: string) => latinDigits(text.replace(BIDI, '')).replace(/\s+/g, ' ').trim();

type FieldName = 'transaction' | 'date' | 'recipientAccount' | 'senderAccount' | 'recipient' | 'sender' | 'amount' | 'account';
/** Checked in this order: the longer labels first, since «اسم المحول إليه» also starts like «اسم المحول». */
const LABELS: [FieldName, RegExp][] = [
  [
    'transaction',
    /(?:ر\s*)?قم\s*(?:العملية|المعاملة|الحركة|المرجع)|transaction\s*(?:[il1]d|no\.?|number|ref(?:erence)?)|trx\s*(?:id|no\.?)|reference\s*(?:no\.?|number)?/i,
  ],
  ['date', /التار\s?يخ(?:\s*والوقت)?|الوقت|date(?:\s*(?:&|and)\s*time)?|time/i],
  [
    'recipientAccount',
    /(?:إ|ا)(?:لى|ىل|لي)\s*حساب|الحساب\s*المحول\s*(?:إ|ا)ليه|حساب\s*المستفيد|to\s*account|beneficiary\s*account|receiver\s*account/i,
  ],
  ['senderAccount', /من\s*حساب|الحساب\s*المحول\s*منه|from\s*account|sender\s*account|debit\s*account/i],
  [
    'recipient',
    /اسم\s*المحول\s*(?:إ|ا)ليه|اسم\s*المستفيد|المستفيد|beneficiary(?:\s*name)?|receiver(?:\s*name)?|recipient(?:\s*name)?|to\s*name/i,
  ],
  ['sender', /اسم\s*(?:المرسل|المحول)|المرسل|sender(?:\s*name)?|from\s*name/i],
  ['amount', /المبلغ|amount/i],
  // An account row whose direction the OCR lost («الحساب المحول إليه» read as «الحساب المحول ad]»).
  ['account', /الحساب\s*المحول|الحساب|حساب|account/i],
];

const CURRENCY: [RegExp, 'SDG' | 'USD'][] = [
  // 506, SD6, S0G: how OCR reads a blurred 'SDG'.
  [/SDG|SDP|\bS[D0O][G6]\b|\b5DG\b|^506\b|\b506$|ج\s*\.\s*س|س\s*\.\s*ج|جنيه|جنية/i, 'SDG'],
  [/USD|US\$|\$|دولار/i, 'USD'],
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Latin and Arabic-Indic digits in one value: a misread, not a number. */
const mixedDigits = (text: string) => /[\u0660-\u0669\u06f0-\u06f9]/.test(text) && /[0-9]/.test(text);

/** '1,234,567.50' -> 1234567.5; the last ',' or '.' followed by exactly two digits is the decimal point. */
export function parseAmount(text: string): number | undefined {
  if (mixedDigits(text)) return undefined;
  const clean = latinDigits(text).replace(/[٫]/g, '.').replace(/[٬]/g, ',');
  // Every figure that starts at a digit: grouped in threes by one separator, or plain. Overlapping
  // starts are kept, so 'SDG 400,000.00' read as '506 400,000.00' still offers '400,000.00'.
  const candidates: string[] = [];
  for (let at = 0; at < clean.length; at += 1) {
    if (!/\d/.test(clean[at]!) || (at > 0 && /\d/.test(clean[at - 1]!))) continue;
    const match = /^\d{1,3}(?:([,.\s])\d{3})(?:\1\d{3})*(?:[.,]\d{2})?(?!\d)|^\d+(?:[.,]\d{2})?(?!\d)/.exec(clean.slice(at));
    if (match) candidates.push(match[0]);
  }
  let best: { value: number; score: number } | undefined;
  for (const candidate of candidates) {
    const decimal = /[.,](\d{2})$/.exec(candidate);
    const whole = (decimal ? candidate.slice(0, -3) : candidate).replace(/[,.\s]/g, '');
    if (!/^\d+$/.test(whole) || whole.length > 12) continue;
    const value = Number(whole) + (decimal ? Number(decimal[1]) / 100 : 0);
    // A figure with grouping or decimals is an amount; a bare run of digits is likelier a number.
    const score = (decimal ? 2 : 0) + (/[,.]\d{3}/.test(candidate) ? 1 : 0) + whole.length / 100;
    // Receipts print amounts with decimals or grouping: a bare figure is likelier a misread number.
    if (score >= 1 && (!best || score > best.score)) best = { value, score };
  }
  return best?.value;
}

export function parseCurrency(text: string): 'SDG' | 'USD' | undefined {
  return CURRENCY.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * A lone letter on a date line is a morning or afternoon mark misread (the OCR reads «م» as «a» or «A»):
 * beside a time of 1 to 12 o'clock, which half of the day it is cannot be told, so the time is left
 * unread, never guessed.
 */
export const STRAY_MARK = /(?:^|\s)\p{L}(?=\s|$)/u;

/**
 * The date and time of a transfer in any of the ways the app and the bank print it: 28-Nov-2026 14:05:33,
 * 28/11/2026 02:05 PM (or ص/م), 2026-11-28 14:05, and the time before the date (as OCR gives RTL lines).
 */
export function parseDateTime(text: string): string | undefined {
  if (mixedDigits(text)) return undefined;
  const clean = latinDigits(text);
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  let dateAt = -1;
  let dateEnd = -1;
  const named = /\b(\d{1,2})[\s\-/.]*([A-Za-z]{3})[a-z]*[\s\-/.,]*(\d{4})\b/.exec(clean);
  const yearFirst = /\b(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})\b/.exec(clean);
  const dayFirst = /\b(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})\b/.exec(clean);
  if (named && MONTHS.includes(named[2]!.toLowerCase())) {
    [day, month, year] = [Number(named[1]), MONTHS.indexOf(named[2]!.toLowerCase()) + 1, Number(named[3])];
    [dateAt, dateEnd] = [named.index, named.index + named[0].length];
  } else if (yearFirst) {
    [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
    [dateAt, dateEnd] = [yearFirst.index, yearFirst.index + yearFirst[0].length];
  } else if (dayFirst) {
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    [dateAt, dateEnd] = [dayFirst.index, dayFirst.index + dayFirst[0].length];
  }
  if (!year || !month || !day || month > 12 || day > 31 || year < 2000 || year > 2100) return undefined;
  const rest = clean.slice(0, dateAt) + ' ' + clean.slice(dateEnd);
  const time = /(\d{1,2})\s*:\s*(\d{2})(?:\s*:\s*\d{2})?/.exec(rest);
  if (!time) return undefined;
  let hour = Number(time[1]);
  const minute = Number(time[2]);
  const afternoon = /\bPM\b|(?:^|\s)م(?:\s|$)|مساء/i.test(rest);
  const morning = /\bAM\b|(?:^|\s)ص(?:\s|$)|صباحا/i.test(rest);
  if (!afternoon && !morning && hour >= 1 && hour <= 12 && STRAY_MARK.test(rest.replace(BIDI, ''))) return undefined;
  if (afternoon && hour < 12) hour += 12;
  if (morning && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return undefined;
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/**
 * An account number without its grouping. Grouped digits of a number inside an Arabic line can come
 * out in visual order ('2 0551 1873 4021' for 4021 1873 0551 2): a short group first and full groups
 * after means the groups were reversed.
 */
export function parseAccount(text: string): string | undefined {
  if (mixedDigits(text) || /\d\s*[-/]\s*\d/.test(text)) return undefined;
  const groups = latinDigits(text).match(/\d+/g);
  if (!groups) return undefined;
  const ordered =
    groups.length > 1 && groups[0]!.length < 4 && groups.slice(1).every((group) => group.length === 4)
      ? [...groups].reverse()
      : groups;
  const digits = ordered.join('');
  return digits.length >= 6 && digits.length <= 20 ? digits : undefined;
}

export function parseTransactionNumber(text: string): string | undefined {
  // Digits broken by '-' or '/' are a misread ('916017-77' for Arabic-Indic digits), not a number.
  if (mixedDigits(text) || /\d\s*[-/]\s*\d/.test(text)) return undefined;
  const runs = latinDigits(text)
    .replace(/(\d)\s(?=\d)/g, '$1')
    .match(/\d{8,20}/g);
  return runs?.sort((a, b) => b.length - a.length)[0];
}

/** A person's or company's name: letters, spaces and & . - only, at least two letters. */
export function parseName(text: string): string | undefined {
  const name = text
    .replace(/[^\p{L}\s&.'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.&'-]+|[\s.&'-]+$/g, '')
    .trim();
  return (name.match(/\p{L}/gu)?.length ?? 0) >= 2 ? name : undefined;
}

/** The smallest box holding all the boxes (none for none). */
export const union = (boxes: TextBox[]): TextBox | undefined =>
  boxes.length === 0
    ? undefined
    : {
        x0: Math.min(...boxes.map((b) => b.x0)),
        y0: Math.min(...boxes.map((b) => b.y0)),
        x1: Math.max(...boxes.map((b) => b.x1)),
        y1: Math.max(...boxes.map((b) => b.y1)),
      };

/** Where on the image the value is: its words (digits for numbers, the rest for names), else its line. */
function valueBox(line: ReceiptLine, kind: 'number' | 'name', label?: RegExp): TextBox | undefined {
  const words = line.words ?? [];
  const chosen = words.filter((word) => {
    const text = cleanLine(word.text);
    if (kind === 'number') return /\d/.test(text);
    return /\p{L}/u.test(text) && !/\d/.test(text) && !(label && label.test(text));
  });
  return union(chosen.map((word) => word.box)) ?? line.box;
}

interface Row {
  field: FieldName;
  label: RegExp;
  value: string;
  line: ReceiptLine;
}

/** Rows whose label the lines show; a label alone on its line takes the next line as its value. */
function labelledRows(lines: ReceiptLine[]): Row[] {
  const rows: Row[] = [];
  lines.forEach((line, index) => {
    const text = cleanLine(line.text);
    for (const [field, label] of LABELS) {
      const match = label.exec(text);
      if (!match) continue;
      let value = (text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length))
        .replace(/^[\s:：\-–]+|[\s:：\-–]+$/g, '')
        .trim();
      let valueLine = line;
      const next = lines[index + 1];
      if (!/[\p{L}\d]/u.test(value) && next && !LABELS.some(([, other]) => other.test(cleanLine(next.text)))) {
        value = cleanLine(next.text);
        valueLine = next;
      }
      rows.push({ field, label, value, line: valueLine });
      break;
    }
  });
  return rows;
}

const field = <T>(value: T | undefined, text: string, box?: TextBox): ReadField<T> | undefined =>
  value === undefined ? undefined : { value, text, ...(box ? { box } : {}) };

export function parseReceiptLines(lines: ReceiptLine[]): ReceiptFields {
  return readReceiptText(lines).fields;
}

const NUMERIC_FIELDS = ['amount', 'currency', 'transactionNumber', 'dateTime', 'recipientAccount', 'senderAccount'] as const;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/;

/**
 * A line of the receipt shows an Arabic-Indic digit: its numbers are in that script. The phone's status
 * bar (a clock, the battery's %) is not the receipt: a phone set to Arabic shows one over any receipt.
 */
function printsArabicIndicDigits(lines: ReceiptLine[]): boolean {
  return lines.some((line) => {
    const text = line.text.replace(BIDI, '');
    if (!ARABIC_INDIC_DIGIT.test(text)) return false;
    return parseCurrency(text) !== undefined || LABELS.some(([, label]) => label.test(text)) || !/[%:]/.test(text);
  });
}

const FIELD_OF_ROW: Partial<Record<FieldName, keyof ReceiptFields>> = {
  transaction: 'transactionNumber',
  date: 'dateTime',
  recipientAccount: 'recipientAccount',
  senderAccount: 'senderAccount',
  recipient: 'recipientName',
  sender: 'senderName',
  amount: 'amount',
};

/**
 * The values, and the fields whose label the receipt shows but whose value could not be read (for
 * instance Arabic-Indic digits in a photo, which the OCR models read poorly): the desk reads those.
 */
export function readReceiptText(
  lines: ReceiptLine[],
  options: { knownAccounts?: string[]; ocr?: boolean } = {},
): { fields: ReceiptFields; unread: (keyof ReceiptFields)[] } {
  const fields = parseFields(lines);
  const arabicIndic = options.ocr === true && printsArabicIndicDigits(lines);
  if (arabicIndic) {
    // The OCR models read Arabic-Indic digits as garbage that can look like a number (٣٨٢٧ as 1/1ط):
    // on such a receipt no number is taken, and the desk reads them (a PDF's text has them exact).
    for (const name of NUMERIC_FIELDS) delete fields[name];
  }
  if (!arabicIndic && !fields.recipientAccount && options.knownAccounts?.length) {
    // A photo can lose the row's label; the agency's own account numbers are still found by their digits.
    for (const line of lines) {
      const digits = latinDigits(line.text).replace(/\D/g, '');
      const known = options.knownAccounts.find((account) => digits.length >= 6 && digits.includes(account.replace(/\D/g, '')));
      if (known) {
        fields.recipientAccount = {
          value: known.replace(/\D/g, ''),
          text: cleanLine(line.text),
          ...(line.box ? { box: valueBox(line, 'number') ?? line.box } : {}),
        };
        break;
      }
    }
  }
  const unread = new Set<keyof ReceiptFields>();
  for (const row of labelledRows(lines)) {
    const name = FIELD_OF_ROW[row.field];
    if (name && !fields[name]) unread.add(name);
  }
  return { fields, unread: [...unread] };
}

function parseFields(lines: ReceiptLine[]): ReceiptFields {
  const rows = labelledRows(lines);
  const fields: ReceiptFields = {};
  const rowOf = (name: FieldName) => rows.filter((row) => row.field === name);

  for (const row of rowOf('transaction')) {
    fields.transactionNumber ??= field(parseTransactionNumber(row.value), row.value, valueBox(row.line, 'number'));
  }
  for (const row of rowOf('date')) {
    fields.dateTime ??= field(parseDateTime(row.value), row.value, valueBox(row.line, 'number'));
  }
  // An account row of unknown direction precedes its name's row (to account, then the beneficiary).
  rows.forEach((row, index) => {
    if (row.field !== 'account') return;
    const next = rows[index + 1]?.field;
    if (next === 'recipient') row.field = 'recipientAccount';
    else if (next === 'sender') row.field = 'senderAccount';
  });
  for (const row of rowOf('recipientAccount')) {
    fields.recipientAccount ??= field(parseAccount(row.value), row.value, valueBox(row.line, 'number'));
  }
  for (const row of rowOf('senderAccount')) {
    fields.senderAccount ??= field(parseAccount(row.value), row.value, valueBox(row.line, 'number'));
  }
  for (const row of rowOf('recipient')) {
    fields.recipientName ??= field(parseName(row.value), row.value, valueBox(row.line, 'name', row.label));
  }
  for (const row of rowOf('sender')) {
    fields.senderName ??= field(parseName(row.value), row.value, valueBox(row.line, 'name', row.label));
  }
  for (const row of rowOf('amount')) {
    fields.amount ??= field(parseAmount(row.value), row.value, valueBox(row.line, 'number'));
    const currency = parseCurrency(row.value);
    if (currency) fields.currency ??= field(currency, row.value, valueBox(row.line, 'number'));
  }

  // Fallbacks for labels the OCR lost: what each value looks like, in the receipt's order.
  const texts = lines.map((line) => cleanLine(line.text));
  const amountAt = texts.findIndex((text) => parseCurrency(text) && /\d/.test(text) && parseAmount(text) !== undefined);
  if (!fields.amount && amountAt >= 0) {
    const line = lines[amountAt]!;
    fields.amount = field(parseAmount(texts[amountAt]!), texts[amountAt]!, valueBox(line, 'number'));
  }
  if (!fields.currency && amountAt >= 0)
    fields.currency = field(parseCurrency(texts[amountAt]!), texts[amountAt]!, lines[amountAt]!.box);
  if (!fields.dateTime) {
    const at = texts.findIndex((text) => parseDateTime(text));
    if (at >= 0) fields.dateTime = field(parseDateTime(texts[at]!), texts[at]!, valueBox(lines[at]!, 'number'));
  }
  if (!fields.transactionNumber) {
    // The transaction's row comes first: the first line that is one long number and not an account.
    const accounts = [fields.recipientAccount?.value, fields.senderAccount?.value];
    // On a receipt whose numbers the digit reader left partly unread ('؟'), only the first number after the
    // amount is the transaction's: when that one is unread, a later number is an account, not the transaction.
    const firstAfterAmount = texts.findIndex((text, index) => index > amountAt && /[\d؟]/.test(text));
    const unreadMarks = amountAt >= 0 && texts.some((text) => text.includes('؟'));
    const at = texts.findIndex((text, index) => {
      if (unreadMarks && index !== firstAfterAmount) return false;
      if (parseDateTime(text) || parseCurrency(text)) return false;
      // Only a line that is digits alone: '191/75661950995' is a misread account row, not a number.
      if (!/^[\d\s-]+$/.test(text)) return false;
      const digits = parseTransactionNumber(text);
      return digits !== undefined && !accounts.includes(digits);
    });
    if (at >= 0) fields.transactionNumber = field(parseTransactionNumber(texts[at]!), texts[at]!, valueBox(lines[at]!, 'number'));
  }
  return fields;
}
