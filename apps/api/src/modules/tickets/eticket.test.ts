import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeETicketEmail } from './eticket-email.js';
import { renderETicket } from './eticket-pdf.js';
import { sampleAgency, sampleBooking } from './test-support.js';

const pdfText = (pdf: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-eticket-')), 't.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

const links = { ticketUrl: 'https://kwenda.sd/api/v1/bookings/bk_x/ticket.pdf', manageUrl: 'https://kwenda.sd/booking/bk_x' };

describe('e-ticket PDF', () => {
  it('carries the booking reference, PNR, every passenger, ticket number and flight, and masks passports', async () => {
    const booking = sampleBooking();
    const pdf = await renderETicket(booking, sampleAgency);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Arabic extraction is lossy (shaped glyphs); the Latin data must read back exactly.
    const text = pdfText(pdf);
    for (const expected of ['KW7F3K9Q', 'X7K2PQ', 'OSMAN / AMNA', 'OSMAN / OMER', 'OSMAN / HIBA', '0772149303311', '0772149303313', 'MS 856', 'SV 306', 'SV 465', '13:05 PZU', '12:45 PZU', '2,745,000 SDG', 'support@kwenda.sd'])
      expect(text).toContain(expected);
    expect(text).toContain('4567');
    expect(text).not.toContain('P01234567');
  });
});

describe('e-ticket e-mail', () => {
  it('is Arabic first, then English, with the references and links', () => {
    const mail = composeETicketEmail(sampleBooking(), links, sampleAgency);
    expect(mail.subject).toBe('تذكرتك الإلكترونية KW7F3K9Q — Your e-ticket KW7F3K9Q');
    expect(mail.html.indexOf('dir="rtl"')).toBeLessThan(mail.html.indexOf('dir="ltr"'));
    expect(mail.html).toContain('X7K2PQ');
    expect(mail.html).toContain(links.manageUrl);
    expect(mail.text).toContain('MS856 PZU-CAI 2026-12-13 13:05');
  });

  it('escapes what travellers typed', () => {
    const booking = sampleBooking();
    booking.passengers[0]!.firstName = '<b>x</b>';
    const mail = composeETicketEmail(booking, links, sampleAgency);
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});
