import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Booking } from '@kwenda/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { composeETicketEmail } from './eticket-email.js';
import { renderETicket } from './eticket-pdf.js';
import { sampleBooking, sampleMailContext } from './test-support.js';
import { ticketsRoutes } from './tickets-routes.js';

const poppler = (tool: 'pdftotext' | 'pdffonts', pdf: Buffer, args: string[] = []) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-eticket-')), 't.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
};

const context = sampleMailContext('https://kwenda.example');

describe('e-ticket PDF', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderETicket(sampleBooking(), context, new Date('2026-11-22T22:30:00Z'));
  });

  it('is a PDF with the Arabic font embedded', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const fonts = poppler('pdffonts', pdf);
    expect(fonts).toMatch(/IBMPlexSansArabic-Regular/);
    expect(fonts).toMatch(/IBMPlexSansArabic-Bold/);
  });

  it('carries the references, every passenger, ticket number and flight, the total and the agency, and masks passports', () => {
    // Arabic extraction is lossy (shaped glyphs); the Latin data must read back exactly.
    const text = poppler('pdftotext', pdf, ['-layout']);
    for (const expected of [
      'KW7F3K9Q',
      'X7K2PQ',
      'OSMAN / AMNA',
      'OSMAN / OMER',
      'OSMAN / HIBA',
      '0772149303311',
      '0772149303312',
      '0772149303313',
      'MS 856',
      'SV 306',
      'SV 465',
      '13:05 PZU',
      '15:10 CAI',
      '08:40 CAI',
      '12:45 PZU',
      'Sun, 13 Dec 2026',
      // Issued at 00:30 on the 23rd in Khartoum (22:30 UTC on the 22nd): the agency's day.
      '23 Nov 2026',
      'kwenda.example',
      'Port Sudan New International',
      'Cairo International Airport',
      'King Abdulaziz International Airport',
      'EgyptAir',
      'Saudia',
      '2h 5m',
      '2h 15m',
      '45m',
      'Economy',
      '2,745,000 SDG',
      '23 kg',
      '+249 91 234 5678',
      '+249912345678',
      'support@kwenda.sd',
      'Be your own travel agency',
      'This is an electronic ticket',
      'must match the passport',
      '3 hours before international flights',
    ])
      expect(text, expected).toContain(expected);
    expect(text).toContain('4567');
    expect(text).not.toContain('P01234567');
    expect(text).not.toContain('P07654321');
  });

  it('prints every segment of a one-way trip with a connection', async () => {
    const base = sampleBooking();
    const oneWay = sampleBooking({ tripType: 'one-way', slices: [base.slices[1]!], passengers: [base.passengers[0]!] });
    const text = poppler('pdftotext', await renderETicket(oneWay, context), ['-layout']);
    expect(text).toContain('SV 306');
    expect(text).toContain('SV 465');
    expect(text).toContain('Flight 1');
    expect(text).not.toContain('OSMAN / OMER');
  });
});

describe('e-ticket e-mail', () => {
  const booking = sampleBooking();
  const mail = composeETicketEmail(booking, context);

  it('is Arabic first, then English, in the one layout, with the references, flights, passengers and links', () => {
    expect(mail.subject).toBe('تذكرتك الإلكترونية KW7F3K9Q — Your e-ticket KW7F3K9Q');
    expect(mail.html.indexOf('dir="rtl" lang="ar" align="right"')).toBeGreaterThan(-1);
    expect(mail.html.indexOf('dir="rtl" lang="ar" align="right"')).toBeLessThan(
      mail.html.indexOf('dir="ltr" lang="en" align="left"'),
    );
    for (const expected of ['X7K2PQ', 'KW7F3K9Q', 'MS 856', 'SV 306', 'SV 465', '13:05', '15:10', '08:40', '12:45', 'OSMAN']) {
      expect(mail.html, expected).toContain(expected);
      expect(mail.text, expected).toContain(expected);
    }
    expect(mail.html).toContain('بورتسودان (PZU) ← القاهرة (CAI)');
    expect(mail.html).toContain('Port Sudan (PZU) → Cairo (CAI)');
    expect(mail.html).toContain('الأحد، 13 ديسمبر 2026');
    expect(mail.html).toContain('Sunday, 13 December 2026');
    // One duration writer: "2س 5د" in Arabic, "2h 5m" in English, never "0 س".
    expect(mail.html).toContain('2س 5د');
    expect(mail.html).toContain('2h 5m');
    expect(mail.html).toContain('45د');
    expect(mail.html).not.toMatch(/0\s?س/);
    expect(mail.text).toContain('Connection in Jeddah (JED): 1h 5m');
    expect(mail.html).toContain(`href="https://kwenda.example/booking/${booking.id}"`);
    expect(mail.html).toContain(`href="https://kwenda.example/api/v1/bookings/${booking.id}/ticket.pdf"`);
    expect(mail.html).not.toMatch(/<img|<link|<script|src=|<style/);
    expect(mail.text).toContain(`https://kwenda.example/booking/${booking.id}`);
    expect(mail.text).toContain('support@kwenda.sd');
    expect(mail.text).toContain('0772149303311');
    expect(mail.text.indexOf('رقم الحجز')).toBeLessThan(mail.text.indexOf('Your booking is confirmed'));
  });

  it('escapes what travellers typed', () => {
    const typed = sampleBooking();
    typed.passengers[0]!.firstName = '<b>x</b>';
    typed.passengers[1]!.lastName = '"><img src=x onerror=alert(1)>';
    const escaped = composeETicketEmail(typed, context);
    expect(escaped.html).not.toContain('<b>x</b>');
    expect(escaped.html).toContain('&lt;B&gt;X&lt;/B&gt;');
    expect(escaped.html).not.toContain('<img');
    expect(escaped.text).toContain('<B>X</B>');
  });
});

describe('GET /bookings/:id/ticket.pdf', () => {
  const confirmed = sampleBooking();
  const held = sampleBooking({
    id: 'bk_BBBBBBBBBBBBBBBBBBBBBB',
    status: 'pending-payment',
    statusTrigger: 'payment-info-submit',
  });
  const bookings = new Map<string, Booking>([confirmed, held].map((b) => [b.id, b]));
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  beforeAll(async () => {
    await app.register(ticketsRoutes, {
      getBooking: async (id) => bookings.get(id) ?? null,
      renderETicket: (booking) => renderETicket(booking, context),
    });
  });
  afterAll(() => app.close());

  it('serves the PDF of a confirmed booking inline, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: `/bookings/${confirmed.id}/ticket.pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="kwenda-KW7F3K9Q.pdf"');
    expect(response.headers['cache-control']).toMatch(/private/);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 409 before the booking is confirmed', async () => {
    const response = await app.inject({ method: 'GET', url: `/bookings/${held.id}/ticket.pdf` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'INVALID_BOOKING_STATE', message: expect.stringContaining('pending-payment') });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['bk_CCCCCCCCCCCCCCCCCCCCCC', 'nope', '..%2F..%2Fetc', 'bk_' + 'x'.repeat(80) + '!']) {
      const response = await app.inject({ method: 'GET', url: `/bookings/${id}/ticket.pdf` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
