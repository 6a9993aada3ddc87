import fs from 'node:fs';
import { createRequire } from 'node:module';
import { arabicIndic, type Random, type ReceiptDigits, type ReceiptLayout, type ReceiptTruth } from './receipt-values.js';

/**
 * HTML that Chromium turns into Bankak-style receipts: the mobile app's receipt in its Arabic and English
 * layouts (screenshots, and photos of a phone's screen) and a bank's PDF transfer advice. Looks follow the
 * app's (a red header, a success mark, label and value rows); the wording varies a little between
 * receipts, as it does between the app's versions, so the reader cannot lean on one exact phrase.
 */

const require = createRequire(import.meta.url);
const fontFace = (weight: number, file: string) => {
  const bytes = fs.readFileSync(require.resolve(`@expo-google-fonts/ibm-plex-sans-arabic/${file}`));
  return `@font-face{font-family:'Plex Arabic';font-weight:${weight};src:url(data:font/ttf;base64,${bytes.toString('base64')}) format('truetype')}`;
};
let fonts: string | undefined;
/** IBM Plex Sans Arabic (the TTF the e-ticket PDFs use): Chromium here has no Arabic system font. */
const fontCss = () =>
  (fonts ??= [
    fontFace(400, '400Regular/IBMPlexSansArabic_400Regular.ttf'),
    fontFace(500, '500Medium/IBMPlexSansArabic_500Medium.ttf'),
    fontFace(700, '700Bold/IBMPlexSansArabic_700Bold.ttf'),
  ].join(''));

/**
 * Draws the receipts in another font (regular and bold TTF files) under the same name: receipts in a font
 * the digit reader's templates were not made from measure it honestly.
 */
export function useReceiptFont(regular: string, bold: string) {
  const face = (weight: number, file: string) =>
    `@font-face{font-family:'Plex Arabic';font-weight:${weight};src:url(data:font/ttf;base64,${fs.readFileSync(file).toString('base64')}) format('truetype')}`;
  fonts = [face(400, regular), face(700, bold)].join('');
}

/** How one receipt prints its values: chosen once per receipt, so receipts differ the way real ones do. */
export interface ReceiptStyle {
  layout: ReceiptLayout;
  digits: ReceiptDigits;
  dateFormat: number;
  amountFormat: number;
  groupAccount: boolean;
  wording: number;
  seconds: number;
  clock: string;
  battery: number;
}

export function receiptStyle(random: Random, layout: ReceiptLayout, digits: ReceiptDigits): ReceiptStyle {
  return {
    layout,
    digits,
    dateFormat: random.int(0, 2),
    amountFormat: random.int(0, 1),
    groupAccount: random.next() < 0.4,
    wording: random.int(0, 1),
    seconds: random.int(0, 59),
    clock: `${random.int(7, 23)}:${String(random.int(0, 59)).padStart(2, '0')}`,
    battery: random.int(12, 98),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const localDigits = (style: ReceiptStyle, text: string) => (style.digits === 'arabic-indic' ? arabicIndic(text) : text);

export function formatAmount(style: ReceiptStyle, amount: number): string {
  const number = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (style.layout === 'en') return style.amountFormat === 0 ? `${number} SDG` : `SDG ${number}`;
  return `${localDigits(style, number)} ${style.amountFormat === 0 ? 'ج.س' : 'جنيه'}`;
}

export function formatDateTime(style: ReceiptStyle, dateTime: string): string {
  const [date = '', time = ''] = dateTime.split('T');
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const seconds = `:${pad(style.seconds)}`;
  const twelve = `${pad(hour % 12 || 12)}:${pad(minute)}${seconds}`;
  if (style.layout === 'en') {
    if (style.dateFormat === 0) return `${pad(day)}-${MONTHS[month - 1]}-${year} ${pad(hour)}:${pad(minute)}${seconds}`;
    if (style.dateFormat === 1) return `${pad(day)}/${pad(month)}/${year} ${twelve} ${hour < 12 ? 'AM' : 'PM'}`;
    return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}${seconds}`;
  }
  if (style.dateFormat === 0)
    return localDigits(style, `${pad(day)}/${pad(month)}/${year} ${pad(hour)}:${pad(minute)}${seconds}`);
  if (style.dateFormat === 1)
    return `${localDigits(style, `${pad(day)}-${pad(month)}-${year} ${twelve}`)} ${hour < 12 ? 'ص' : 'م'}`;
  return localDigits(style, `${year}/${pad(month)}/${pad(day)} - ${pad(hour)}:${pad(minute)}`);
}

export function formatAccount(style: ReceiptStyle, account: string): string {
  const grouped = style.groupAccount ? account.replace(/(\d{4})(?=\d)/g, '$1 ') : account;
  return localDigits(style, grouped);
}

const LABELS = {
  ar: [
    {
      title: 'تمت العملية بنجاح',
      heading: 'إشعار تحويل',
      transaction: 'رقم العملية',
      date: 'التاريخ والوقت',
      fromAccount: 'من حساب',
      sender: 'اسم المرسل',
      toAccount: 'إلى حساب',
      recipient: 'اسم المستفيد',
      amount: 'المبلغ',
      comment: 'التعليق',
      type: 'نوع العملية',
      typeValue: 'تحويل إلى حساب',
      share: 'مشاركة',
      done: 'تم',
    },
    {
      title: 'عملية ناجحة',
      heading: 'تفاصيل العملية',
      transaction: 'رقم العملية',
      date: 'التاريخ',
      fromAccount: 'الحساب المحول منه',
      sender: 'اسم المحول',
      toAccount: 'الحساب المحول إليه',
      recipient: 'اسم المحول إليه',
      amount: 'المبلغ',
      comment: 'الملاحظات',
      type: 'الخدمة',
      typeValue: 'تحويل بنكك',
      share: 'مشاركة الإشعار',
      done: 'الرئيسية',
    },
  ],
  en: [
    {
      title: 'Transaction Successful',
      heading: 'Transfer Receipt',
      transaction: 'Transaction ID',
      date: 'Date & Time',
      fromAccount: 'From Account',
      sender: 'Sender Name',
      toAccount: 'To Account',
      recipient: 'Beneficiary Name',
      amount: 'Amount',
      comment: 'Comment',
      type: 'Transaction Type',
      typeValue: 'Account Transfer',
      share: 'Share',
      done: 'Done',
    },
    {
      title: 'Successful Transaction',
      heading: 'Transaction Details',
      transaction: 'Transaction No.',
      date: 'Date',
      fromAccount: 'From Account',
      sender: 'Sender',
      toAccount: 'To Account',
      recipient: 'Receiver Name',
      amount: 'Amount',
      comment: 'Notes',
      type: 'Service',
      typeValue: 'bankak Transfer',
      share: 'Share Receipt',
      done: 'Home',
    },
  ],
} as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Digits and account numbers run left to right inside Arabic lines, as the app shows them. */
const ltr = (text: string) => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;

/**
 * The app's receipt, 390 CSS pixels wide. `edited` paints the amount over the way a forger does with
 * an editing app: the new figures in a near but not equal font, on a patch a shade off the background.
 */
export function appReceiptHtml(truth: ReceiptTruth, style: ReceiptStyle, edited = false): string {
  const labels = LABELS[style.layout][style.wording] ?? LABELS[style.layout][0];
  const amountText = formatAmount(style, truth.amount);
  const amountHtml = edited ? `<span class="edited">${ltr(amountText)}</span>` : ltr(amountText);
  const row = (label: string, value: string) =>
    `<div class="row"><span class="label">${label}</span><span class="value">${value}</span></div>`;
  const clock = localDigits(style, style.clock);
  return `<!doctype html><html lang="${style.layout}" dir="${style.layout === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>
${fontCss()}
*{box-sizing:border-box;margin:0;padding:0}
body{width:390px;font-family:'Plex Arabic',sans-serif;background:#f2f2f4;color:#1d1d1f}
.status{display:flex;justify-content:space-between;direction:ltr;padding:8px 22px 6px;font-size:14px;font-weight:600;background:#b5121b;color:#fff}
.header{background:#b5121b;color:#fff;padding:10px 18px 18px;display:flex;align-items:center;gap:10px}
.logo{font-weight:700;font-size:24px;letter-spacing:.5px}
.heading{font-size:16px;opacity:.95;margin-inline-start:auto}
.card{background:#fff;margin:14px;border-radius:14px;padding:18px 16px 8px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.ok{width:52px;height:52px;border-radius:50%;background:#1f9d55;color:#fff;font-size:30px;line-height:52px;text-align:center;margin:0 auto 8px}
.title{text-align:center;font-weight:700;font-size:18px;color:#1f9d55}
.big{text-align:center;font-weight:700;font-size:26px;margin:6px 0 14px}
.row{display:flex;justify-content:space-between;gap:12px;padding:11px 0;border-top:1px solid #ececf0;font-size:15px}
.label{color:#6b6b73;white-space:nowrap}
.value{font-weight:600;text-align:end}
.edited{background:#fdfdfb;padding:0 2px;font-family:'DejaVu Sans',sans-serif;font-weight:700;letter-spacing:.3px;position:relative;top:1px}
.buttons{display:flex;gap:10px;padding:4px 14px 18px}
.buttons div{flex:1;text-align:center;padding:12px;border-radius:10px;font-weight:600}
.share{background:#fff;color:#b5121b;border:1px solid #b5121b}.done{background:#b5121b;color:#fff}
</style></head><body><div class="status"><span>${ltr(clock)}</span><span>${ltr(localDigits(style, `${style.battery}%`))}</span></div>
<div class="header"><span class="logo">bankak</span><span class="heading">${labels.heading}</span></div>
<div class="card"><div class="ok">✓</div><div class="title">${labels.title}</div>
<div class="big">${amountHtml}</div>
${row(labels.transaction, ltr(localDigits(style, truth.transactionNumber)))}
${row(labels.date, ltr(formatDateTime(style, truth.dateTime)))}
${row(labels.type, labels.typeValue)}
${row(labels.fromAccount, ltr(formatAccount(style, truth.senderAccount)))}
${row(labels.sender, escapeHtml(truth.senderName))}
${row(labels.toAccount, ltr(formatAccount(style, truth.recipientAccount)))}
${row(labels.recipient, escapeHtml(truth.recipientName))}
${row(labels.amount, amountHtml)}
${row(labels.comment, ltr(truth.comment))}
</div><div class="buttons"><div class="share">${labels.share}</div><div class="done">${labels.done}</div></div></body></html>`;
}

/**
 * A photo of the phone's screen taken with another phone: the receipt on a bezel, tilted in 3D, a little
 * out of focus, under a glare, on a desk. Chromium draws it; sharp then shrinks and compresses it.
 */
export function photoSceneHtml(receiptPng: Buffer, random: Random): { html: string; width: number; height: number } {
  const tiltX = (random.next() * 12 - 6).toFixed(2);
  const tiltY = (random.next() * 12 - 6).toFixed(2);
  const turn = (random.next() * 8 - 4).toFixed(2);
  const blur = (0.5 + random.next() * 0.7).toFixed(2);
  const glareX = random.int(10, 90);
  const glareY = random.int(10, 90);
  const html = `<!doctype html><html><head><style>
*{margin:0;padding:0}
body{width:640px;height:1150px;background:radial-gradient(circle at 30% 20%,#8a7a66,#4b4034);display:flex;align-items:center;justify-content:center;overflow:hidden}
.phone{padding:18px 12px 26px;background:#111;border-radius:38px;transform:perspective(1600px) rotateX(${tiltX}deg) rotateY(${tiltY}deg) rotate(${turn}deg);filter:blur(${blur}px) contrast(.92) brightness(1.04) saturate(.9);position:relative}
.phone img{display:block;width:390px;border-radius:8px}
.glare{position:absolute;inset:18px 12px 26px;border-radius:8px;background:radial-gradient(ellipse at ${glareX}% ${glareY}%,rgba(255,255,255,.28),rgba(255,255,255,0) 55%)}
</style></head><body><div class="phone"><img src="data:image/png;base64,${receiptPng.toString('base64')}"><div class="glare"></div></div></body></html>`;
  return { html, width: 640, height: 1150 };
}

/** The bank's PDF transfer advice (A4), with the values as real text. */
export function bankPdfHtml(truth: ReceiptTruth, style: ReceiptStyle): string {
  const ar = style.layout === 'ar';
  const labels = LABELS[style.layout][0];
  const row = (label: string, value: string) => `<tr><th>${label}</th><td>${value}</td></tr>`;
  return `<!doctype html><html lang="${style.layout}" dir="${ar ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>
${fontCss()}
*{box-sizing:border-box}
body{font-family:'Plex Arabic',sans-serif;margin:48px;color:#222}
.top{display:flex;justify-content:space-between;align-items:center;border-bottom:3px solid #b5121b;padding-bottom:12px}
.bank{font-size:22px;font-weight:700;color:#b5121b}
h1{font-size:20px;margin:28px 0 18px}
table{width:100%;border-collapse:collapse;font-size:15px}
th,td{border:1px solid #ccc;padding:10px 12px;text-align:start}
th{background:#f5f0f0;width:38%;font-weight:500}
td{font-weight:600}
.foot{margin-top:28px;font-size:12px;color:#666}
</style></head><body><div class="top"><span class="bank">${ar ? 'بنك الخرطوم' : 'Bank of Khartoum'}</span><span>bankak</span></div>
<h1>${ar ? 'إشعار تحويل بين الحسابات' : 'Account Transfer Advice'}</h1><table>
${row(labels.transaction, ltr(localDigits(style, truth.transactionNumber)))}
${row(labels.date, ltr(formatDateTime(style, truth.dateTime)))}
${row(labels.fromAccount, ltr(formatAccount(style, truth.senderAccount)))}
${row(labels.sender, escapeHtml(truth.senderName))}
${row(labels.toAccount, ltr(formatAccount(style, truth.recipientAccount)))}
${row(labels.recipient, escapeHtml(truth.recipientName))}
${row(labels.amount, ltr(formatAmount(style, truth.amount)))}
${row(labels.comment, ltr(truth.comment))}
</table><p class="foot">${ar ? 'هذا الإشعار صادر إلكترونياً ولا يحتاج إلى توقيع.' : 'This advice is computer generated and needs no signature.'}</p></body></html>`;
}

/** A scanned or photographed paper receipt saved as a PDF: one page holding an image, no text. */
export function scanPdfHtml(image: Buffer, mime: string): string {
  return `<!doctype html><html><head><style>body{margin:0}img{display:block;width:100%}</style></head><body><img src="data:${mime};base64,${image.toString('base64')}"></body></html>`;
}
