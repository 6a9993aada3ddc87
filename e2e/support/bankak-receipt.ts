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
  const style: ReceiptStyle = {
    layout,
    digits,
    dateFormat,
    amountFormat: 0,
    groupAccount: false,
    wording: 0,
    seconds: 17,
    clock: '10:42',
    battery: 64,
  };
  const html = appReceiptHtml(
    {
      amount: transfer.amount,
      currency: 'SDG',
      recipientAccount: transfer.recipientAccount,
      recipientName: layout === 'ar' ? 'كوندا للسفر والسياحة' : 'KWENDA TRAVEL & TOURISM',
      senderName: layout === 'ar' ? 'آمنة عثمان الأمين' : 'AMNA OSMAN ELAMIN',
      senderAccount: '2231004488107',
      dateTime: transfer.dateTime,
      transactionNumber: transfer.transactionNumber,
      comment: transfer.comment,
    },
    style,
  );
  const scratch = await page.context().browser()!.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    await scratch.setContent(html);
    await scratch.evaluate('document.fonts.ready.then(() => undefined)');
    return await scratch.screenshot({ fullPage: true, type: 'png' });
  } finally {
    await scratch.close();
  }
}
