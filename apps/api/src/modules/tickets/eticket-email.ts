import type { Booking, OfferSlice } from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';
import type { Agency } from './eticket-pdf.js';
import { escapeHtml } from '../../escape-html.js';

/**
 * The e-ticket e-mail: Arabic first (right to left), English below; the caller attaches the PDF.
 * Inline styles only and no external resources: mail clients strip the rest.
 */

const city = (code: string, language: 'ar' | 'en') => {
  const airport = findAirport(code);
  return airport ? (language === 'ar' ? airport.cityNameAr : airport.cityNameEn) : code;
};

/** A supplier's local date-time (no zone) as the day and time it names. */
const when = (local: string, language: 'ar' | 'en') => {
  const day = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SD-u-nu-latn' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${local.slice(0, 10)}T12:00:00Z`));
  return { day, time: local.slice(11, 16) };
};

const routeOf = (slice: OfferSlice, language: 'ar' | 'en') =>
  language === 'ar'
    ? `${city(slice.origin, 'ar')} ← ${city(slice.destination, 'ar')}`
    : `${city(slice.origin, 'en')} → ${city(slice.destination, 'en')}`;

const flightsOf = (slice: OfferSlice) => slice.segments.map((s) => s.flightNumber).join(' + ');

export function composeETicketEmail(
  booking: Booking,
  links: { ticketUrl: string; manageUrl: string },
  agency: Agency,
): { subject: string; text: string; html: string } {
  const ref = booking.bookingReference;
  const pnr = booking.pnr ?? '-';
  const names = booking.passengers.map((p) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim());
  const subject = `تذكرتك الإلكترونية ${ref} — Your e-ticket ${ref}`;
  const e = escapeHtml;

  const p = (html: string) => `<p style="margin:0 0 10px">${html}</p>`;
  /** Codes and numbers kept left to right inside Arabic sentences. */
  const ltr = (value: string) => `<span dir="ltr">${e(value)}</span>`;
  const section = (language: 'ar' | 'en', body: string) =>
    `<div dir="${language === 'ar' ? 'rtl' : 'ltr'}" lang="${language}" style="font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.6;color:#14213d;text-align:${language === 'ar' ? 'right' : 'left'};margin:0 0 28px">${body}</div>`;
  const slices = (language: 'ar' | 'en') =>
    `<ul style="margin:0 0 10px;padding-${language === 'ar' ? 'right' : 'left'}:20px">${booking.slices
      .map((slice) => {
        const { day, time } = when(slice.departureDate, language);
        return language === 'ar'
          ? `<li>${e(routeOf(slice, 'ar'))}، ${e(day)} الساعة ${ltr(time)} — الرحلة ${ltr(flightsOf(slice))}</li>`
          : `<li>${e(routeOf(slice, 'en'))}, ${e(day)} at ${e(time)} — flight ${e(flightsOf(slice))}</li>`;
      })
      .join('')}</ul>`;
  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;background:#0f6e5a;color:#ffffff;text-decoration:none;padding:8px 16px;border-radius:4px;margin:0 0 10px">${label}</a>`;

  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8"><div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<div style="background:#0f6e5a;color:#ffffff;padding:14px 18px;border-radius:6px;margin:0 0 24px;font-family:Tahoma,Arial,sans-serif;font-size:20px;font-weight:bold">Kwenda · كوندا</div>
${section(
  'ar',
  [
    p('<b>تم تأكيد حجزك وإصدار التذكرة.</b>'),
    p(`رقم الحجز: <b>${ltr(ref)}</b> — مرجع الحجز لدى شركة الطيران (PNR): <b>${ltr(pnr)}</b>`),
    slices('ar'),
    p(`المسافرون: ${names.map((n) => ltr(n)).join('، ')}`),
    p(
      'التذكرة الإلكترونية مرفقة بهذه الرسالة بصيغة PDF. اعرضها مع جواز سفرك في المطار، وكن هناك قبل 3 ساعات من الرحلات الدولية.',
    ),
    button(links.manageUrl, 'إدارة الحجز'),
    p(`<a href="${e(links.ticketUrl)}" style="color:#0f6e5a">تحميل التذكرة</a>`),
    p(`للمساعدة: الهاتف ${ltr(agency.phone)} · واتساب ${ltr(`+${agency.whatsapp}`)} · ${ltr(agency.email)}`),
  ].join(''),
)}
<hr style="border:none;border-top:1px solid #d7dde5;margin:0 0 24px">
${section(
  'en',
  [
    p('<b>Your booking is confirmed and ticketed.</b>'),
    p(`Booking reference: <b>${e(ref)}</b> — airline reference (PNR): <b>${e(pnr)}</b>`),
    slices('en'),
    p(`Passengers: ${names.map(e).join(', ')}`),
    p(
      'Your e-ticket is attached to this e-mail as a PDF. Show it with your passport at the airport, and be there 3 hours before international flights.',
    ),
    button(links.manageUrl, 'Manage your booking'),
    p(`<a href="${e(links.ticketUrl)}" style="color:#0f6e5a">Download the e-ticket</a>`),
    p(`Need help? Phone ${e(agency.phone)} · WhatsApp +${e(agency.whatsapp)} · ${e(agency.email)}`),
  ].join(''),
)}
<p style="font-family:Tahoma,Arial,sans-serif;font-size:12px;color:#4a5568;margin:0">${e(agency.name)} · ${e(agency.publicUrl)}</p>
</div></body></html>`;

  const sliceLines = (language: 'ar' | 'en') =>
    booking.slices.map((slice) => {
      const { day, time } = when(slice.departureDate, language);
      return language === 'ar'
        ? `- ${routeOf(slice, 'ar')}، ${day} ${time} — ${flightsOf(slice)}`
        : `- ${routeOf(slice, 'en')}, ${day} ${time} — ${flightsOf(slice)}`;
    });
  const text = [
    'تم تأكيد حجزك وإصدار التذكرة.',
    `رقم الحجز: ${ref} — مرجع الحجز لدى شركة الطيران (PNR): ${pnr}`,
    ...sliceLines('ar'),
    `المسافرون: ${names.join('، ')}`,
    'التذكرة الإلكترونية مرفقة بهذه الرسالة بصيغة PDF.',
    `إدارة الحجز: ${links.manageUrl}`,
    `للمساعدة: ${agency.phone} · واتساب +${agency.whatsapp} · ${agency.email}`,
    '',
    'Your booking is confirmed and ticketed.',
    `Booking reference: ${ref} — airline reference (PNR): ${pnr}`,
    ...sliceLines('en'),
    `Passengers: ${names.join(', ')}`,
    'Your e-ticket is attached to this e-mail as a PDF.',
    `Manage your booking: ${links.manageUrl}`,
    `E-ticket: ${links.ticketUrl}`,
    `Need help? ${agency.phone} · WhatsApp +${agency.whatsapp} · ${agency.email}`,
    '',
    `${agency.name} · ${agency.publicUrl}`,
  ].join('\n');
  return { subject, text, html };
}
