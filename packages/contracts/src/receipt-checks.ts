import './zod-config.js';
import { z } from 'zod';
import { currencySchema } from './common.js';
import { latinDigits } from './latin-digits.js';

/**
 * What the server compares on a transfer receipt once it has read it (in the background, seconds after
 * the upload). Nothing is decided by these: they tell the traveller what to fix and show the desk what to
 * look at; a staff member approves or rejects every receipt.
 *
 * - amount: the amount read equals the amount due (in Sudanese pounds, or in the booking's currency
 *   when the receipt is in it);
 * - account: the money went to one of the agency's accounts;
 * - date: the transfer was made between the booking's creation and the upload;
 * - typedNumber: the transaction number the traveller typed is the one on the receipt;
 * - numberReused: that transaction number was never sent with another booking's receipt;
 * - imageReused: the picture is not another booking's receipt (re-saved, resized or cropped).
 */
export const RECEIPT_CHECKS = ['amount', 'account', 'date', 'typedNumber', 'numberReused', 'imageReused'] as const;
export type ReceiptCheckName = (typeof RECEIPT_CHECKS)[number];

/** pass: it matches; fail: it does not; unknown: the value could not be read (the desk reads it by eye). */
export const RECEIPT_VERDICTS = ['pass', 'fail', 'unknown'] as const;
export const receiptVerdictSchema = z.enum(RECEIPT_VERDICTS);
export type ReceiptVerdict = z.infer<typeof receiptVerdictSchema>;

/**
 * reading: waiting for the reader or being read; read: read, with its checks; unreadable: the file
 * could not be read at all (not a receipt, too blurred): the checks that need no reading still run.
 */
export const receiptReadingStateSchema = z.enum(['reading', 'read', 'unreadable']);
export type ReceiptReadingState = z.infer<typeof receiptReadingStateSchema>;

/** The values read on the receipt; null: not found or not readable. */
export const receiptValuesSchema = z.object({
  amount: z.number().nullable(),
  currency: currencySchema.nullable(),
  recipientAccount: z.string().nullable(),
  recipientName: z.string().nullable(),
  senderName: z.string().nullable(),
  /** As printed, Sudan's local time: yyyy-MM-ddTHH:mm. */
  dateTime: z.string().nullable(),
  transactionNumber: z.string().nullable(),
});
export type ReceiptValues = z.infer<typeof receiptValuesSchema>;

export const receiptCheckSchema = z.object({ check: z.enum(RECEIPT_CHECKS), verdict: receiptVerdictSchema });
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;

/** The traveller's view of a receipt's reading: never names another booking. */
export const receiptReadingSchema = z.object({
  state: receiptReadingStateSchema,
  values: receiptValuesSchema.nullable(),
  /** What the amount is compared with: the booking's amount in the receipt's currency (SDG unless it shows another). */
  amountDue: z.number(),
  currencyDue: currencySchema,
  /** Every check, in RECEIPT_CHECKS order, once state is not 'reading' (empty while reading). */
  checks: z.array(receiptCheckSchema),
});
export type ReceiptReadingView = z.infer<typeof receiptReadingSchema>;

/**
 * A transaction number as it is compared and stored: Latin digits, letters upper-case, without the
 * spaces, dashes and marks a person types or a receipt prints between groups ('٣٨٢ ٧٨٣-٤٤' -> '38278344').
 */
export function normalizeTransactionNumber(value: string): string {
  return latinDigits(value)
    .replace(/[\s\u00a0\u2009\u202f\u200e\u200f\u061c#:.\-_/]/g, '')
    .toUpperCase();
}

/** What the traveller may type as a transaction number: 4 to 40 letters and digits once normalized. */
export const transactionNumberSchema = z
  .string()
  .max(80, 'At most 80 characters')
  .transform(normalizeTransactionNumber)
  .pipe(z.string().regex(/^[0-9A-Z]{4,40}$/, 'A transaction number is 4 to 40 digits or Latin letters'));
