import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Booking } from '@kwenda/contracts';
import { formatAgencyDateTime, formatDuration } from '@kwenda/contracts/display';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOffer, pay, readyBooking } from './helpers/booking-factories.js';
import { approveUploadedReceipt, uploadReceipt } from './helpers/payments.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { startSmtp } from './helpers/smtp-server.js';

/**
 * Every e-mail a traveller gets, sent by the app to a real SMTP server: one bilingual layout (Arabic
 * first, right to left, then English), a plain-text part, the itinerary where there is one, the
 * agency's contacts, and links that all lead to PUBLIC_URL. HOLD_MINUTES is 90 here, not the default.
 */

const ORIGIN = 'https://kwenda.example';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

const pdfText = (pdf: Buffer) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kwenda-mail-')), 'ticket.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

/** Every web address in a text: each must be the site's, or the agency's WhatsApp chat. */
const addresses = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

describe('e-mails to travellers', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: TestContext;
  let held: Booking;
  let expiring: Booking;
  const mails = new Map<string, ParsedMail>();
  const mailFor = (subject: RegExp) => {
    const found = [...mails.values()].find((m) => subject.test(m.subject ?? ''));
    if (!found) throw new Error(`no e-mail with subject ${subject}; got ${[...mails.keys()].join(' | ')}`);
    return found;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp('pglite', {
      env: { PUBLIC_URL: `${ORIGIN}/`, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, HOLD_MINUTES: '90' },
    });
    const offer = await findOffer(ctx, 'available', { passengers: { adults: 2, children: 1, infants: 0 } });
    held = await readyBooking(ctx, offer, 'OSMAN', { adults: 2, children: 1, infants: 0 });
    const heldAt = Date.now();
    const paid = await pay(ctx, held.id, true);
    expect(paid.statusCode, paid.body).toBe(200);
    held = (paid.json() as { booking: Booking }).booking;
    // The hold is HOLD_MINUTES long, not a fixed two hours.
    expect(Math.round((Date.parse(held.holdExpiresAt!) - heldAt) / 60_000)).toBe(90);
    const upload = await uploadReceipt(ctx, held.id, PNG);
    expect(upload.statusCode, upload.body).toBe(200);
    // A desk agent approves the transfer, as the workspace and the receipt command do.
    const approved = await approveUploadedReceipt(ctx, upload);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().booking.status).toBe('confirmed');

    expiring = await readyBooking(ctx, await findOffer(ctx, 'available'), 'HAMID');
    expiring = ((await pay(ctx, expiring.id, true)).json() as { booking: Booking }).booking;
    expect(await ctx.bookings.expireHolds(new Date(Date.parse(expiring.holdExpiresAt!) + 60_000))).toBe(1);

    const password = 'nile-river-2026';
    const email = 'amna.signup@example.com';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { payload: { fullName: 'Amna Osman', email, password, passwordConfirmation: password } },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    // A reset link goes to an account only (a sign-up waiting for its code is none yet).
    const [codeMail] = await ctx.database.sql.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1',
      [email],
    );
    const otp = /(\d{6})/.exec(codeMail!.text_body)![1]!;
    const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/otp', payload: { email, otp } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reset = await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/request_password_reset', payload: { email } });
    expect(reset.statusCode, reset.body).toBe(200);

    const delivered = await ctx.app.kwenda.mail.deliverDue();
    expect(delivered.failed).toBe(0);
    for (const mail of smtp.received) mails.set(mail.subject ?? '', mail);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('sends each message once: held (traveller and agency), receipt (agency), paid, e-ticket, cancelled, code, reset', () => {
    expect(smtp.received).toHaveLength(10);
    for (const subject of [
      new RegExp(`^حجزك ${held.bookingReference} محفوظ حتى .* — Your booking ${held.bookingReference} is held until `),
      new RegExp(`New held booking ${held.bookingReference}`),
      new RegExp(`New transfer receipt for booking ${held.bookingReference}`),
      new RegExp(`^استلمنا دفعتك للحجز ${held.bookingReference} — Payment received for booking ${held.bookingReference}$`),
      new RegExp(`^تذكرتك الإلكترونية ${held.bookingReference} — Your e-ticket ${held.bookingReference}$`),
      new RegExp(`^انتهت مهلة حجزك ${expiring.bookingReference} — `),
      /^رمز التحقق \d{6} — Your Kwenda code \d{6}$/,
      /^إعادة تعيين كلمة المرور — Reset your Kwenda password$/,
    ])
      expect(() => mailFor(subject)).not.toThrow();
  });

  it('gives every message one bilingual layout, Arabic first, with a plain-text part and the agency in the footer', () => {
    for (const mail of smtp.received) {
      const html = mail.html as string;
      const label = mail.subject;
      expect(html, label).toMatch(/^<!doctype html>/);
      expect(html.indexOf('dir="rtl" lang="ar" align="right"'), label).toBeGreaterThan(-1);
      expect(html.indexOf('dir="rtl" lang="ar" align="right"'), label).toBeLessThan(
        html.indexOf('dir="ltr" lang="en" align="left"'),
      );
      expect(html, label).toContain('role="presentation"');
      expect(html, label).not.toMatch(/<img|<link|<script|<style|src=/);
      expect(mail.text, label).toBeTruthy();
      for (const part of [html, mail.text!]) {
        expect(part, label).toContain('support@kwenda.sd');
        expect(part, label).toContain('+249 91 234 5678');
        expect(part, label).toContain('كوندا');
        expect(part, label).toContain('Kwenda');
      }
      expect(mail.text!.search(/[\u0600-\u06ff]/), label).toBeLessThan(mail.text!.search(/Hello|Your|We |A new|Payment/));
    }
  });

  it('links only to PUBLIC_URL, in the HTML, the text and the e-ticket PDF', () => {
    for (const mail of smtp.received) {
      for (const part of [mail.html as string, mail.text!]) {
        expect(part, mail.subject).not.toContain('127.0.0.1');
        for (const address of addresses(part))
          expect(address.startsWith(`${ORIGIN}/`) || address.startsWith('https://wa.me/'), `${mail.subject}: ${address}`).toBe(
            true,
          );
      }
    }
    const ticket = mailFor(/Your e-ticket/);
    expect(ticket.html).toContain(`href="${ORIGIN}/booking/${held.id}"`);
    expect(ticket.html).toContain(`href="${ORIGIN}/api/v1/bookings/${held.id}/ticket.pdf"`);
    expect(mailFor(/Reset your Kwenda password/).text).toMatch(new RegExp(`${ORIGIN}/password_reset/[\\w-]+`));
    const pdf = ticket.attachments[0]!.content;
    const text = pdfText(pdf);
    expect(text).toContain('kwenda.example');
    expect(text).not.toContain('127.0.0.1');
    expect(pdf.toString('latin1')).not.toContain('127.0.0.1');
    // The PDF's "manage your booking" is a link to the booking's own page on the site.
    expect(pdf.toString('latin1')).toContain(`/URI (${ORIGIN}/booking/${held.id})`);
  });

  it('shows the itinerary: each slice with flights, times, airports and durations, and the passengers', () => {
    const reference = held.bookingReference;
    for (const subject of [
      `Your booking ${reference} is held`,
      'Payment received',
      'Your e-ticket',
      `New held booking ${reference}`,
    ].map((text) => new RegExp(text))) {
      const mail = mailFor(subject);
      for (const part of [mail.html as string, mail.text!]) {
        for (const slice of held.slices) {
          expect(part, `${mail.subject}`).toContain(formatDuration(slice.durationInMinutes, 'ar'));
          expect(part, `${mail.subject}`).toContain(formatDuration(slice.durationInMinutes, 'en'));
          for (const segment of slice.segments) {
            expect(part).toContain(segment.flightNumber.replace(/^(\w{2})(\d+)$/, '$1 $2'));
            expect(part).toContain(segment.departureDate.slice(11, 16));
            expect(part).toContain(segment.arrivalDate.slice(11, 16));
            expect(part).toContain(segment.origin);
            expect(part).toContain(segment.destination);
          }
        }
        expect(part).toContain('OSMAN');
        expect(part).toContain('طفل');
        expect(part).toContain('Child');
      }
    }
    expect(mailFor(/Your e-ticket/).text).toMatch(/\d{13}/);
    expect(mailFor(/انتهت مهلة/).text).toContain(expiring.slices[0]!.segments[0]!.departureDate.slice(11, 16));
  });

  it('gives the pay-by deadline on the Khartoum clock with the zone named, in both parts', () => {
    const mail = mailFor(new RegExp(`Your booking ${held.bookingReference} is held`));
    for (const part of [mail.html as string, mail.text!]) {
      expect(part).toContain(formatAgencyDateTime(held.holdExpiresAt!, 'ar'));
      expect(part).toContain(formatAgencyDateTime(held.holdExpiresAt!, 'en'));
      expect(part).toContain('بتوقيت الخرطوم');
      expect(part).toContain('Khartoum time');
      expect(part).toContain('0000000000000');
    }
    expect(mail.text).not.toMatch(/two hours|ساعتين/);
  });

  it('puts the code first in the code e-mail, large in the HTML', () => {
    const mail = mailFor(/Your Kwenda code/);
    const code = /(\d{6})/.exec(mail.text!)![1]!;
    expect(mail.subject).toContain(code);
    expect(mail.html).toMatch(new RegExp(`letter-spacing:6px[^>]*>${code}<`));
    expect(mail.text).toContain('10 دقائق');
    expect(mail.text).toContain('10 minutes');
  });
});
