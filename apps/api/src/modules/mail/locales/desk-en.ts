import type { DeskMailCatalog } from './desk-ar.js';

/** English of the desk's e-mails, key for key with the Arabic source (desk-ar.ts). */
export const deskEn: DeskMailCatalog = {
  facts: {
    payBefore: 'Pay before',
    amount: 'Amount',
    reason: 'Reason',
    note: 'Note from our staff',
    refunded: 'Amount refunded',
    method: 'Refunded by',
    refundReference: 'Transaction reference',
    refundedSoFar: 'Refunded in total',
    paid: 'Amount paid',
    airlineFee: 'Airline’s cancellation fee',
    agencyFee: 'Agency’s cancellation fee',
    owed: 'Owed to you',
  },
  rejectionReasons: {
    'not-received': 'No transfer with this reference has reached the agency’s account.',
    'amount-mismatch': 'The amount transferred does not match the amount of the booking.',
    unreadable: 'The receipt image or file cannot be read.',
    'wrong-receipt': 'The receipt is for another booking or another payee.',
    other: 'We could not match the transfer.',
  },
  refundMethods: {
    'bank-transfer': 'Bank transfer',
    card: 'To your card',
    cash: 'Cash',
    other: 'Other',
  },
  receiptRejected: {
    subject: 'We could not accept the transfer receipt for booking {{reference}}',
    preheader: 'Upload a valid receipt before {{deadline}} to keep your booking.',
    heading: 'We could not accept your transfer receipt',
    intro: 'We checked the transfer receipt you sent for booking {{reference}} and could not accept it.',
    next: 'Your seats are still held until {{deadline}}. If you have made the transfer, upload a clear receipt showing the amount and the booking reference, or contact us.',
    action: 'Upload a new receipt',
  },
  holdExtended: {
    subject: 'We extended the time to pay for booking {{reference}} until {{deadline}}',
    preheader: 'Pay {{amount}} before {{deadline}}.',
    heading: 'We extended the time to pay',
    intro: 'As you asked, we are holding your seats until {{deadline}}. A hold is extended only once.',
    next: 'Transfer the amount before then and upload the receipt on your booking page, or the booking is cancelled automatically.',
    action: 'Upload the transfer receipt',
  },
  refundRecorded: {
    subject: 'We refunded {{amount}} for booking {{reference}}',
    preheader: 'We have sent you a refund of {{amount}}.',
    heading: 'We have sent your refund',
    intro: 'We have refunded {{amount}} for booking {{reference}}.',
    full: 'You have now been refunded the whole amount paid.',
    partial: 'This is part of the amount paid.',
    fullOwed:
      'You have now been refunded all that is owed to you, {{owed}}: the {{paid}} you paid less the cancellation fee of {{fee}}.',
    partialOwed: 'This is part of the {{owed}} owed to you: the {{paid}} you paid less the cancellation fee of {{fee}}.',
    delay: 'It may take a few days to show in your account, depending on the bank.',
    action: 'View your booking',
  },
};
