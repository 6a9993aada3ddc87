import type { BankAccount, Booking } from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';
import { escapeHtml } from '../../escape-html.js';

/**
 * The messages a held booking sends: to the traveller (what to pay, where, by when) and to the
 * agency (a new booking to watch for). Arabic first, English below, as every Kwenda message.
 */

const TIME_ZONE = 'Africa/Khartoum';
const formatTime = (iso: string, language: 'ar' | 'en') =>
  new Intl.DateTimeFormat(language === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

const formatMoney = (amount: number, currency: string) =>
  `${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;

function routeOf(booking: Booking, language: 'ar' | 'en') {
  const city = (code: string) => {
    const airport = findAirport(code);
    return airport ? (language === 'ar' ? airport.cityNameAr : airport.cityNameEn) : code;
  };
  const last = booking.slices[0]!;
  return `${city(booking.origin)} (${booking.origin}) ${language === 'ar' ? '←' : '→'} ${city(last.destination)} (${last.destination})`;
}

const passengerNames = (booking: Booking) =>
  booking.passengers.map((p) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim()).join(', ');

function block(language: 'ar' | 'en', lines: string[]) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<div dir="${dir}" lang="${language}" style="font-family:Tahoma,Arial,sans-serif;text-align:${language === 'ar' ? 'right' : 'left'};margin:0 0 24px">${lines.map((l) => `<p style="margin:0 0 8px">${l}</p>`).join('')}</div>`;
}

export function composeHeldEmail(booking: Booking, accounts: BankAccount[], links: { manageUrl: string }) {
  const deadlineAr = formatTime(booking.holdExpiresAt!, 'ar');
  const deadlineEn = formatTime(booking.holdExpiresAt!, 'en');
  const amount = formatMoney(booking.amount, booking.currency);
  const ref = booking.bookingReference;
  const subject = `حجزك ${ref} محجوز لمدة ساعتين — Your booking ${ref} is held for two hours`;
  const accountLines = (language: 'ar' | 'en') =>
    accounts.map(
      (a) =>
        `${escapeHtml(language === 'ar' ? a.bankAr : a.bankEn)}: <b dir="ltr">${escapeHtml(a.accountNumber)}</b> (${escapeHtml(a.accountName)})${(language === 'ar' ? a.noteAr : a.noteEn) ? ` — ${escapeHtml((language === 'ar' ? a.noteAr : a.noteEn)!)}` : ''}`,
    );
  const html = [
    block('ar', [
      `<b>تم حجز مقاعدك مؤقتاً</b> — رقم الحجز <b dir="ltr">${escapeHtml(ref)}</b>`,
      `${escapeHtml(routeOf(booking, 'ar'))}، ${escapeHtml(booking.slices[0]!.departureDate.slice(0, 10))}`,
      `المبلغ: <b dir="ltr">${escapeHtml(amount)}</b>. يرجى الدفع قبل <b>${escapeHtml(deadlineAr)}</b> (بتوقيت السودان)، وإلا يُلغى الحجز تلقائياً.`,
      'ادفع بالتحويل البنكي أو التطبيق المصرفي إلى:',
      ...accountLines('ar'),
      `ثم ارفع صورة الإشعار من صفحة الحجز: <a href="${escapeHtml(links.manageUrl)}">${escapeHtml(links.manageUrl)}</a>`,
    ]),
    block('en', [
      `<b>Your seats are held</b> — booking reference <b>${escapeHtml(ref)}</b>`,
      `${escapeHtml(routeOf(booking, 'en'))}, ${escapeHtml(booking.slices[0]!.departureDate.slice(0, 10))}`,
      `Amount: <b>${escapeHtml(amount)}</b>. Please pay before <b>${escapeHtml(deadlineEn)}</b> (Sudan time), or the booking is cancelled automatically.`,
      'Pay by bank transfer or mobile banking to:',
      ...accountLines('en'),
      `Then upload the receipt on your booking page: <a href="${escapeHtml(links.manageUrl)}">${escapeHtml(links.manageUrl)}</a>`,
    ]),
  ].join('');
  const plainAccounts = (language: 'ar' | 'en') =>
    accounts.map((a) => `- ${language === 'ar' ? a.bankAr : a.bankEn}: ${a.accountNumber} (${a.accountName})`).join('\n');
  const text = [
    `تم حجز مقاعدك مؤقتاً — رقم الحجز ${ref}`,
    `${routeOf(booking, 'ar')}، ${booking.slices[0]!.departureDate.slice(0, 10)}`,
    `المبلغ: ${amount}. يرجى الدفع قبل ${deadlineAr} (بتوقيت السودان).`,
    plainAccounts('ar'),
    `صفحة الحجز: ${links.manageUrl}`,
    '',
    `Your seats are held — booking reference ${ref}`,
    `${routeOf(booking, 'en')}, ${booking.slices[0]!.departureDate.slice(0, 10)}`,
    `Amount: ${amount}. Please pay before ${deadlineEn} (Sudan time).`,
    plainAccounts('en'),
    `Booking page: ${links.manageUrl}`,
  ].join('\n');
  return { subject, text, html };
}

/** The agency's copy: a booking held for pay-later, with who to expect money from. */
export function composeAgencyHeldEmail(booking: Booking, links: { manageUrl: string }) {
  const subject = `New held booking ${booking.bookingReference}: ${formatMoney(booking.amount, booking.currency)}, pay by ${formatTime(booking.holdExpiresAt!, 'en')}`;
  const lines = [
    `Booking ${booking.bookingReference} is held until ${formatTime(booking.holdExpiresAt!, 'en')} (Sudan time), waiting for a bank transfer.`,
    `Route: ${routeOf(booking, 'en')}, ${booking.slices[0]!.departureDate.slice(0, 10)}`,
    `Passengers: ${passengerNames(booking)}`,
    `Amount: ${formatMoney(booking.amount, booking.currency)}`,
    `Contact: ${booking.email ?? '-'}, ${booking.mobile ?? '-'}`,
    `Booking page: ${links.manageUrl}`,
    'Confirm a receipt with: npx tsx apps/api/scripts/receipt.ts confirm ' + booking.bookingReference,
  ];
  return { subject, text: lines.join('\n'), html: block('en', lines.map(escapeHtml)) };
}
