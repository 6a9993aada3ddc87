import type { ReceiptCheckName, ReceiptVerdict } from '@kwenda/contracts';
import {
  deskReceiptCheckSchema,
  type DeskReceiptCheck,
  type DeskReceiptReading,
  type ReceiptSameFile,
  type TransferItem,
} from '@kwenda/contracts/admin';

/**
 * Transfers as the server lists them, for the desk's tests and screenshots: a Bankak receipt read with
 * every value found, its checks as `verdicts` says (pass for the rest), and the other booking's receipt
 * for a reuse check that failed.
 */

export const otherReceipt: ReceiptSameFile = {
  bookingId: 'bk_other0000000001',
  bookingReference: 'KW4H8J',
  receiptId: 'rc_other0000000001',
  status: 'accepted',
};

export function deskReading(
  verdicts: Partial<Record<ReceiptCheckName, ReceiptVerdict>> = {},
  changes: Partial<DeskReceiptReading> = {},
): DeskReceiptReading {
  const checks: DeskReceiptCheck[] = deskReceiptCheckSchema.shape.check.options.map((check) => {
    const verdict = verdicts[check] ?? 'pass';
    const reuse = (check === 'numberReused' || check === 'imageReused') && verdict === 'fail';
    return { check, verdict, otherReceipt: reuse ? otherReceipt : null };
  });
  return {
    state: 'read',
    values: {
      amount: 412_500,
      currency: 'SDG',
      recipientAccount: '2231 0044 8810',
      recipientName: 'وكالة كوندا للسفر',
      senderName: 'هبة عثمان محمد',
      dateTime: '2026-11-28T14:05',
      transactionNumber: '38278344',
    },
    boxes: {
      amount: { x0: 40, y0: 120, x1: 300, y1: 160 },
      recipientAccount: { x0: 40, y0: 230, x1: 260, y1: 252 },
      dateTime: { x0: 40, y0: 262, x1: 250, y1: 284 },
      transactionNumber: { x0: 40, y0: 294, x1: 230, y1: 316 },
      recipientName: { x0: 40, y0: 198, x1: 290, y1: 220 },
      senderName: { x0: 40, y0: 326, x1: 250, y1: 348 },
    },
    size: { width: 360, height: 420 },
    amountDue: 412_500,
    currencyDue: 'SDG',
    checks,
    allPassed: checks.every((c) => c.verdict === 'pass'),
    possibleFraud: checks.some((c) => (c.check === 'numberReused' || c.check === 'imageReused') && c.verdict === 'fail'),
    readAt: '2026-11-28T11:06:10.000Z',
    ...changes,
  };
}

export function transferItem(receiptId: string, bookingReference: string, changes: Partial<TransferItem> = {}): TransferItem {
  return {
    receiptId,
    bookingId: `bk_${receiptId}`,
    bookingReference,
    fileName: 'bankak-receipt.png',
    contentType: 'image/png',
    sizeBytes: 48_213,
    fileUrl: `/api/v1/admin/transfers/${receiptId}/file`,
    uploadedAt: '2026-11-28T11:06:00.000Z',
    expectedAmount: 412_500,
    currency: 'SDG',
    expectedInAccounts: [],
    travellerName: 'Hiba Osman',
    email: 'hiba@example.com',
    mobile: '+249912345678',
    holdExpiresAt: '2026-11-28T23:00:00.000Z',
    supplierHoldDeadline: null,
    holdExtended: false,
    rejectedBefore: 0,
    sameFileAs: [],
    typedTransactionNumber: '38278344',
    reading: deskReading(),
    ...changes,
  };
}
