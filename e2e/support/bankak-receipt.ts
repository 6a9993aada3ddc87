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
