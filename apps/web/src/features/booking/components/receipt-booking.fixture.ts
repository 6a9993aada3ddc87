import type { Booking, ReceiptCheckName, ReceiptVerdict } from '@kwenda/contracts';
import { RECEIPT_CHECKS } from '@kwenda/contracts';

type Receipt = Booking['receipts'][number];

/**
 * A receipt as the booking's answer carries it, read as a matching Bankak transfer (150,000 SDG to the
 * agency's account, made after the booking, the number typed as printed); `change` moves what differs.
 */
export function readReceipt(
  change: {
    verdicts?: Partial<Record<ReceiptCheckName, ReceiptVerdict>>;
    values?: Partial<NonNullable<Receipt['reading']['values']>>;
  } & Partial<Omit<Receipt, 'reading'>> & { state?: Receipt['reading']['state'] } = {},
): Receipt {
  const { verdicts = {}, values = {}, state = 'read', ...receipt } = change;
  return {
    id: 'rc_1',
    fileName: 'bankak.jpg',
    uploadedAt: '2026-11-28T12:00:00.000Z',
    status: 'submitted',
    sameFileElsewhere: false,
    typedTransactionNumber: '38278344120',
    ...receipt,
    reading: {
      state,
      values:
        state === 'reading'
          ? null
          : {
              amount: 150_000,
              currency: 'SDG',
              recipientAccount: '1234567',
              recipientName: 'كوندا للسفر',
              senderName: 'Amna Osman',
              dateTime: '2026-11-28T13:05',
              transactionNumber: '38278344120',
              ...values,
            },
      amountDue: 150_000,
      currencyDue: 'SDG',
      checks: state === 'reading' ? [] : RECEIPT_CHECKS.map((check) => ({ check, verdict: verdicts[check] ?? 'pass' })),
    },
  };
}

/** The part of a booking the receipt form and its feedback read (booked 28 Nov 2026 at 12:00 in Khartoum). */
export const bookingWith = (receipts: Receipt[]): Booking =>
  ({
    id: 'bk_1',
    bookingReference: 'KW7F3K9Q',
    date: '2026-11-28T10:00:00.000Z',
    status: 'pending-payment',
    statusTrigger: 'receipt-uploaded',
    amount: 150_000,
    currency: 'SDG',
    receipts,
  }) as unknown as Booking;
