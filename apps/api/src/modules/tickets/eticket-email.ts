import type { Booking } from '@kwenda/contracts';
import { findAirport } from '../../data/airports.js';
import type { Agency } from './eticket-pdf.js';

/** The e-ticket e-mail: Arabic first (right-to-left), English below, the PDF attached by the caller. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const city = (code: string, language: 'ar' | 'en') => {
  const airport = findAirport(code);
  return airport ? (language === 'ar' ? airport.cityNameAr : airport.cityNameEn) : code;
};

export function composeETicketEmail(booking: Booking, links: { ticketUrl: string; manageUrl: string }, agency: Agency) {
  const first = booking.slices[0]!;
  const date = first.departureDate.slice(0, 10);
  const time = first.departureDate.slice(11, 16);
  const ref = booking.bookingReference;
  const pnr = booking.pnr ?? '';
  const names = booking.passengers.map((p) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim());
  const routeAr = `${city(first.origin, 'ar')} ← ${city(first.destination, 'ar')}`;
  const routeEn = `${city(first.origin, 'en')} → ${city(first.destination, 'en')}`;
  const flights = booking.slices.flatMap((s) => s.segments.map((g) => `${g.flightNumber} ${g.origin}-${g.destination} ${g.departureDate.slice(0, 10)} ${g.departureDate.slice(11, 16)}`));
  const subject = `تذكرتك الإلكترونية ${ref} — Your e-ticket ${ref}`;

  const p = (html: string) => `<p style="margin:0 0 10px">${html}</p>`;
  const section = (language: 'ar' | 'en', body: string) =>
    `<div dir="${language === 'ar' ? 'rtl' : 'ltr'}" lang="${language}" style="font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.6;text-align:${language === 'ar' ? 'right' : 'left'};margin:0 0 28px">${body}</div>`;
  const flightList = `<ul dir="ltr" style="margin:0 0 10px;padding-inline-start:20px">${flights.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8"><div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<div style="background:#0f6e5a;color:#ffffff;padding:14px 18px;border-radius:6px;margin:0 0 24px;font-family:Tahoma,Arial,sans-serif;font-size:20px;font-weight:bold">Kwenda · كوندا</div>
${section(
  'ar',
  [
    p(`<b>تم تأكيد حجزك وإصدار التذكرة.</b>`),
    p(`رقم الحجز: <b dir="ltr">${escapeHtml(ref)}</b> — مرجع شركة الطيران (PNR): <b dir="ltr">${escapeHtml(pnr)}</b>`),
    p(`${escapeHtml(routeAr)}، ${escapeHtml(date)} الساعة <span dir="ltr">${escapeHtml(time)}</span>`),
    p(`المسافرون: ${names.map(escapeHtml).join('، ')}`),
    p('التذكرة الإلكترونية مرفقة بهذه الرسالة بصيغة PDF. احملها مع جواز سفرك إلى المطار.'),
    p(`<a href="${escapeHtml(links.manageUrl)}">عرض الحجز</a> · <a href="${escapeHtml(links.ticketUrl)}">تحميل التذكرة</a>`),
    p(`للمساعدة: <span dir="ltr">${escapeHtml(agency.phone)}</span> · واتساب <span dir="ltr">+${escapeHtml(agency.whatsapp)}</span> · ${escapeHtml(agency.email)}`),
  ].join(''),
)}
${section(
  'en',
  [
    p('<b>Your booking is confirmed and ticketed.</b>'),
    p(`Booking reference: <b>${escapeHtml(ref)}</b> — airline reference (PNR): <b>${escapeHtml(pnr)}</b>`),
    p(`${escapeHtml(routeEn)}, ${escapeHtml(date)} at ${escapeHtml(time)}`),
    flightList,
    p(`Passengers: ${names.map(escapeHtml).join(', ')}`),
    p('Your e-ticket is attached as a PDF. Take it with your passport to the airport.'),
    p(`<a href="${escapeHtml(links.manageUrl)}">View your booking</a> · <a href="${escapeHtml(links.ticketUrl)}">Download the e-ticket</a>`),
    p(`Need help? ${escapeHtml(agency.phone)} · WhatsApp +${escapeHtml(agency.whatsapp)} · ${escapeHtml(agency.email)}`),
  ].join(''),
)}
</div></body></html>`;

  const text = [
    'تم تأكيد حجزك وإصدار التذكرة.',
    `رقم الحجز: ${ref} — مرجع شركة الطيران (PNR): ${pnr}`,
    `${routeAr}، ${date} ${time}`,
    `المسافرون: ${names.join('، ')}`,
    'التذكرة الإلكترونية مرفقة بهذه الرسالة.',
    `عرض الحجز: ${links.manageUrl}`,
    '',
    'Your booking is confirmed and ticketed.',
    `Booking reference: ${ref} — airline reference (PNR): ${pnr}`,
    `${routeEn}, ${date} ${time}`,
    ...flights.map((f) => `  ${f}`),
    `Passengers: ${names.join(', ')}`,
    'Your e-ticket is attached as a PDF.',
    `View your booking: ${links.manageUrl}`,
    `E-ticket: ${links.ticketUrl}`,
    '',
    `${agency.name} · ${agency.phone} · WhatsApp +${agency.whatsapp} · ${agency.email}`,
  ].join('\n');
  return { subject, text, html };
}
