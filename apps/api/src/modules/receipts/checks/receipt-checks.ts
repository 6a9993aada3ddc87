import {
  latinDigits,
  normalizeTransactionNumber,
  RECEIPT_CHECKS,
  type Currency,
  type ReceiptCheckName,
  type ReceiptValues,
  type ReceiptVerdict,
} from '@kwenda/contracts';
import type { StoredReceiptCheck } from '../../../db/schema.js';

/**
 * The checks of a transfer receipt once read (receipt-checks.ts of the contracts names them). Each says
 * pass, fail, or unknown when the value it needs was not read; none decides anything: staff approve or
 * reject every receipt, and a failed check only asks them for a note when they approve.
 */

/** The clocks of the phone, the bank and this server may differ by this much. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** Bankak prints Sudan's local time, two hours ahead of UTC all year (no summer time). */
const SUDAN_OFFSET = '+02:00';

/**
 * What the amount is compared with: the booking's amount into the agency's account in the receipt's
 * currency (Sudanese pounds unless the receipt shows another), as the desk's transfers screen shows it
 * (`owed`: transfer-accounts.ts); the booking's own amount when its currency is that one; null when
 * the booking was never asked for that currency.
 */
export function amountDueIn(
  currency: Currency,
  owed: { currency: Currency; amount: number }[],
  booking: { amount: number; currency: Currency },
): number | null {
  const account = owed.find((a) => a.currency === currency);
  if (account) return account.amount;
  return booking.currency === currency ? booking.amount : null;
}

/** The amount shown before a receipt is read (or in a currency never asked for): in pounds, else the booking's own. */
export function poundsDue(owed: { currency: Currency; amount: number }[], booking: { amount: number; currency: Currency }) {
  const pounds = amountDueIn('SDG', owed, booking);
  return pounds !== null ? { amount: pounds, currency: 'SDG' as Currency } : booking;
}

/** Exact to the smallest unit a price is given in (a hundredth): a transfer of one pound less is not the amount. */
export function amountVerdict(read: number | null, due: number | null): ReceiptVerdict {
  if (read === null || due === null) return 'unknown';
  return Math.round(read * 100) === Math.round(due * 100) ? 'pass' : 'fail';
}

const accountDigits = (value: string) => latinDigits(value).replace(/\D/g, '');

/** The money went to one of the agency's accounts (their digits compared; spaces and dashes ignored). */
export function accountVerdict(read: string | null, agencyAccounts: string[]): ReceiptVerdict {
  if (read === null || !accountDigits(read)) return 'unknown';
  return agencyAccounts.map(accountDigits).includes(accountDigits(read)) ? 'pass' : 'fail';
}

/** The printed time ('yyyy-MM-ddTHH:mm', Sudan's) as an instant, or null when it is not one. */
export function sudanTimeToDate(dateTime: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(dateTime)) return null;
  const at = new Date(`${dateTime}:00${SUDAN_OFFSET}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The transfer was made after the booking was created and before its receipt was sent, give or take
 * the clocks' skew (the printed minute is cut, not rounded: the upload's end gets the skew too).
 */
export function dateVerdict(dateTime: string | null, window: { createdAt: Date; uploadedAt: Date }): ReceiptVerdict {
  const at = dateTime ? sudanTimeToDate(dateTime) : null;
  if (!at) return 'unknown';
  const from = window.createdAt.getTime() - CLOCK_SKEW_MS;
  const to = window.uploadedAt.getTime() + CLOCK_SKEW_MS;
  return at.getTime() >= from && at.getTime() <= to ? 'pass' : 'fail';
}

/**
 * The number typed is the one printed. A number the reader gives is one it read whole (a number it
 * could not read is not given, and is unknown), so a different one fails, photo or not: the desk sees
 * both numbers and the image, and approves with a note when the reader was wrong.
 */
export function typedNumberVerdict(typed: string | null, read: string | null): ReceiptVerdict {
  if (!typed || !read) return 'unknown';
  return normalizeTransactionNumber(read) === typed ? 'pass' : 'fail';
}

export type OtherVerdict = { verdict: ReceiptVerdict; otherReceiptId?: string };

/**
 * The transaction number is no other booking's: `holders` are the receipts holding the typed and the
 * read number (receipt_transaction_numbers: the first to claim each); fails naming the first held by
 * another booking; unknown without any number.
 */
export function numberReusedVerdict(
  bookingId: string,
  holders: ({ receiptId: string; bookingId: string } | null)[],
): OtherVerdict {
  const present = holders.filter((h) => h !== null);
  if (!present.length) return { verdict: 'unknown' };
  const other = present.find((h) => h.bookingId !== bookingId);
  return other ? { verdict: 'fail', otherReceiptId: other.receiptId } : { verdict: 'pass' };
}

/**
 * The receipt is no other booking's: the very file (`sameFile`, oldest first), else a picture or a
 * content read whose fingerprint is close (`sameImage`, the oldest); unknown without either fingerprint
 * (a file with nothing read and no picture).
 */
export function imageReusedVerdict(found: {
  sameFile: string | null;
  fingerprint: string | null;
  sameImage: string | null;
}): OtherVerdict {
  if (found.sameFile) return { verdict: 'fail', otherReceiptId: found.sameFile };
  if (!found.fingerprint) return { verdict: 'unknown' };
  return found.sameImage ? { verdict: 'fail', otherReceiptId: found.sameImage } : { verdict: 'pass' };
}

/** The checks in the contract's order, with what the list and the approval need to know of them. */
export function assembleChecks(verdicts: Record<ReceiptCheckName, OtherVerdict>) {
  const checks: StoredReceiptCheck[] = RECEIPT_CHECKS.map((check) => ({ check, ...verdicts[check] }));
  return {
    checks,
    allPassed: checks.every((c) => c.verdict === 'pass'),
    possibleFraud: checks.some((c) => (c.check === 'numberReused' || c.check === 'imageReused') && c.verdict === 'fail'),
  };
}

/** The values of a reading as the contract shows them (numbers normalized). */
export function valuesOf(fields: {
  amount?: { value: number };
  currency?: { value: 'SDG' | 'USD' };
  recipientAccount?: { value: string };
  recipientName?: { value: string };
  senderName?: { value: string };
  dateTime?: { value: string };
  transactionNumber?: { value: string };
}): ReceiptValues {
  const number = fields.transactionNumber ? normalizeTransactionNumber(fields.transactionNumber.value) : '';
  return {
    amount: fields.amount?.value ?? null,
    currency: fields.currency?.value ?? null,
    recipientAccount: fields.recipientAccount?.value ?? null,
    recipientName: fields.recipientName?.value ?? null,
    senderName: fields.senderName?.value ?? null,
    dateTime: fields.dateTime?.value ?? null,
    transactionNumber: number || null,
  };
}
