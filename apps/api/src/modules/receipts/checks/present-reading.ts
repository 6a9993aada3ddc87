import { RECEIPT_CHECKS, type Currency, type ReceiptCheck, type ReceiptReadingView } from '@kwenda/contracts';
import type { DeskReceiptReading, ReceiptSameFile } from '@kwenda/contracts/admin';
import type { Db } from '../../../db/client.js';
import type { ReceiptRow, StoredReceiptCheck } from '../../../db/schema.js';
import { findOtherReceipts } from '../receipts-repository.js';
import { poundsDue } from './receipt-checks.js';

/**
 * A receipt's reading as the traveller and the desk see it. The traveller never sees which other
 * booking a reuse check matched; the desk sees it (its reference and the other receipt's status), with
 * where each value was found on the image.
 */

type Reading = Pick<ReceiptRow, 'readingState' | 'reading' | 'checks' | 'allPassed' | 'possibleFraud' | 'readAt'>;
/** What the amount is compared with before the receipt is read: owed per account's currency, and the booking's own. */
export type DueBasis = { owed: { currency: Currency; amount: number }[]; booking: { amount: number; currency: Currency } };

/** Every check in order once read (those never decided are unknown); while reading, only those decided at the upload. */
function checksOf(row: Reading): StoredReceiptCheck[] {
  if (row.readingState === 'reading') return row.checks;
  return RECEIPT_CHECKS.map((check) => row.checks.find((c) => c.check === check) ?? { check, verdict: 'unknown' });
}

function dueOf(row: Reading, basis: DueBasis) {
  if (row.reading) return { amountDue: row.reading.amountDue, currencyDue: row.reading.currencyDue };
  const { amount, currency } = poundsDue(basis.owed, basis.booking);
  return { amountDue: amount, currencyDue: currency };
}

export function travellerReading(row: Reading, basis: DueBasis): ReceiptReadingView {
  return {
    state: row.readingState,
    values: row.reading?.values ?? null,
    ...dueOf(row, basis),
    checks: row.readingState === 'reading' ? [] : checksOf(row).map(({ check, verdict }): ReceiptCheck => ({ check, verdict })),
  };
}

export function deskReading(row: Reading, others: Map<string, ReceiptSameFile>, basis: DueBasis): DeskReceiptReading {
  return {
    state: row.readingState,
    values: row.reading?.values ?? null,
    boxes: row.reading?.boxes ?? {},
    size: row.reading?.size ?? null,
    ...dueOf(row, basis),
    checks: checksOf(row).map(({ check, verdict, otherReceiptId }) => ({
      check,
      verdict,
      otherReceipt: (otherReceiptId && others.get(otherReceiptId)) || null,
    })),
    allPassed: row.allPassed,
    possibleFraud: row.possibleFraud,
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** The other bookings' receipts these receipts' checks name, for deskReading. */
export const otherReceiptsOf = (db: Db, rows: Pick<ReceiptRow, 'checks'>[]) =>
  findOtherReceipts(
    db,
    rows.flatMap((row) => row.checks.flatMap((c) => (c.otherReceiptId ? [c.otherReceiptId] : []))),
  );
