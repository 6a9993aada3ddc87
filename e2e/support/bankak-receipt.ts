import type { Page } from '@playwright/test';
import { appReceiptHtml, type ReceiptStyle } from '../../apps/api/test/receipts/receipt-templates';
import type { ReceiptDigits, ReceiptLayout } from '../../apps/api/test/receipts/receipt-values';

/**
 * A Bankak-style transfer receipt as the app shows it (the generator's own template, apps/api/test/receipts),
 * drawn by this browser at a phone's pixel density: the picture a traveller screenshots and uploads.
 */

export interface TransferOnReceipt {
  amount: number;
  recipientAccount: string;
  transactionNumber: string;
  /** Sudan's local time, 'YYYY-MM-DDTHH:mm'. */
  dateTime: string;
  comment: string;
}

const SENDERS = [
  { ar: 'آمنة عثمان الأمين', en: 'AMNA OSMAN ELAMIN' },
  { ar: 'محمد الطيب بابكر', en: 'MOHAMED ELTAYEB BABIKER' },
  { ar: 'هبة إدريس موسى', en: 'HIBA IDRIS MUSA' },
  { ar: 'خالد عمر صالح', en: 'KHALID OMER SALIH' },
  { ar: 'مريم يوسف النور', en: 'MARIAM YOUSIF ELNOUR' },
];

/** Now in Khartoum (UTC+2, no daylight saving), as a receipt prints it. */
export function khartoumNow(plusMinutes = 0): string {
  return new Date(Date.now() + (2 * 60 + plusMinutes) * 60_000).toISOString().slice(0, 16);
}

/**
 * The transfer a booking asks for, as its page shows it: the pounds due into the agency's account, now,
 * with the booking's reference in the comment and a new transaction number.
 */
export async function transferFor(page: Page, bookingId: string, reference: string): Promise<TransferOnReceipt> {
  const answer = await page.request.get(`/api/v1/bookings/${bookingId}`);
  if (answer.status() !== 200) throw new Error(`GET booking ${bookingId}: ${answer.status()}`);
  const booking = (await answer.json()) as { transferAccounts: { accountNumber: string; amount: number; currency: string }[] };
  const pounds = booking.transferAccounts.find((account) => account.currency === 'SDG');
  if (!pounds) throw new Error('The booking owes no pounds into an agency account');
  return {
    amount: pounds.amount,
    recipientAccount: pounds.accountNumber,
    transactionNumber: transactionNumber(),
    dateTime: khartoumNow(),
    comment: reference,
  };
}

/** Twelve digits, as Bankak's transaction numbers have. */
export const transactionNumber = () => String(Math.floor(1e11 + Math.random() * 9e11));

export async function bankakReceiptPng(
  page: Page,
  transfer: TransferOnReceipt,
  { layout, digits = 'latin', dateFormat = 0 }: { layout: ReceiptLayout; digits?: ReceiptDigits; dateFormat?: number },
): Promise<Buffer> {
  // Each receipt a different traveller's: their own second of the minute, phone clock and battery, name
  // and account (two journeys paying the same fare at the same minute are still two transfers).
  const pick = (n: number) => Math.floor(Math.random() * n);
  const style: ReceiptStyle = {
    layout,
    digits,
    dateFormat,
    amountFormat: 0,
    groupAccount: false,
    wording: 0,
    seconds: pick(60),
    clock: `${10 + pick(12)}:${String(pick(60)).padStart(2, '0')}`,
    battery: 12 + pick(87),
  };
  const sender = SENDERS[pick(SENDERS.length)]!;
  const html = appReceiptHtml(
    {
      amount: transfer.amount,
      currency: 'SDG',
      recipientAccount: transfer.recipientAccount,
      recipientName: layout === 'ar' ? 'كوندا للسفر والسياحة' : 'KWENDA TRAVEL & TOURISM',
      senderName: layout === 'ar' ? sender.ar : sender.en,
      senderAccount: `22${String(pick(1e9)).padStart(9, '0')}${10 + pick(90)}`,
      dateTime: transfer.dateTime,
      transactionNumber: transfer.transactionNumber,
      comment: transfer.comment,
    },
    style,
  );
  const scratch = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    await scratch.setContent(html);
    await scratch.evaluate('document.fonts.ready.then(() => undefined)');
    return await scratch.screenshot({ fullPage: true, type: 'png' });
  } finally {
    await scratch.close();
  }
}
