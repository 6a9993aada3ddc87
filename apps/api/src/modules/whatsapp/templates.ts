import { whatsappTemplateKeys, type Booking, type OfferSlice, type WhatsAppTemplateKey } from '@kwenda/contracts';
import type { ReceiptRejectionReason } from '@kwenda/contracts/admin';
import { formatAgencyDateTime, formatCalendarDate } from '@kwenda/contracts/display';
import { cityOf, flightLines, formatAmount } from '../mail/itinerary-view.js';
import { deskAr } from '../mail/locales/desk-ar.js';
import { deskEn } from '../mail/locales/desk-en.js';
import { fill, mailStrings, type MailLanguage } from '../mail/locales/index.js';

/**
 * The agency's WhatsApp templates as it submits them to Meta: for each key and language the body with
 * its {{1}}.. placeholders, the category, a document header where there is one, the parameters with
 * sample values (Meta asks for samples), and the builder of the parameters from a booking.
 * docs/whatsapp-templates.md is generated from this catalog (templates.test.ts keeps them equal).
 */

export type TemplateLanguage = MailLanguage;
export const TEMPLATE_LANGUAGES: readonly TemplateLanguage[] = ['ar', 'en'];

export interface TemplateParameter {
  /** What the parameter holds, for the agency's reader. */
  name: string;
  sample: Record<TemplateLanguage, string>;
}

export interface TemplateDefinition {
  key: WhatsAppTemplateKey;
  category: 'UTILITY' | 'AUTHENTICATION';
  /** A document header (the e-ticket PDF), sent as media with each message. */
  header: 'DOCUMENT' | null;
  body: Record<TemplateLanguage, string>;
  /** Below the body: an authentication template's expiry line. */
  footer: Record<TemplateLanguage, string> | null;
  /** An authentication template's copy-code button. */
  button: { type: 'COPY_CODE'; text: Record<TemplateLanguage, string> } | null;
  params: TemplateParameter[];
}

const sampleReference = { ar: 'KW7Q2M4X', en: 'KW7Q2M4X' };
const sampleDeadline = {
  ar: 'الأربعاء، 25 نوفمبر الساعة 18:30 بتوقيت الخرطوم',
  en: 'Wednesday 25 November at 18:30 Khartoum time',
};
const sampleAmount = { ar: '1,250,000 جنيه سوداني', en: '1,250,000 Sudanese pounds' };
const sampleRoute = { ar: 'الخرطوم ← القاهرة', en: 'Khartoum → Cairo' };
const sampleDate = { ar: 'الأحد، 13 ديسمبر 2026', en: 'Sunday 13 December 2026' };

export const templateCatalog: Record<WhatsAppTemplateKey, TemplateDefinition> = {
  hold_confirmation: {
    key: 'hold_confirmation',
    category: 'UTILITY',
    header: null,
    body: {
      ar:
        'مقاعدك محجوزة مؤقتاً.\n' +
        'رقم الحجز: {{1}}\n' +
        'الرحلة: {{2}}، {{3}}\n' +
        'المبلغ المطلوب: {{4}}\n' +
        'حوّل المبلغ إلى أحد حساباتنا واكتب رقم الحجز في خانة التعليق: {{5}}\n' +
        'ادفع قبل {{6}}، وإلا يُلغى الحجز تلقائياً وتُحرَّر المقاعد دون أي رسوم. بعد التحويل ارفع صورة الإشعار من صفحة حجزك.',
      en:
        'Your seats are held.\n' +
        'Booking reference: {{1}}\n' +
        'Trip: {{2}}, {{3}}\n' +
        'Amount due: {{4}}\n' +
        'Transfer it to one of our accounts with the booking reference in the comment: {{5}}\n' +
        'Pay before {{6}}, or the booking is cancelled automatically and the seats released at no cost. After paying, upload the transfer receipt on your booking page.',
    },
    footer: null,
    button: null,
    params: [
      { name: 'booking reference', sample: sampleReference },
      { name: 'route (cities in the booking language)', sample: sampleRoute },
      { name: 'departure date', sample: sampleDate },
      { name: 'amount due with its currency', sample: sampleAmount },
      {
        name: 'bank accounts, each with the amount in its currency',
        sample: {
          ar: 'بنك الخرطوم (بنكك): 1234567 باسم كوندا للسفر، المبلغ 1,250,000 جنيه سوداني',
          en: 'Bank of Khartoum (Bankak): 1234567, in the name of Kwenda Travel: 1,250,000 Sudanese pounds',
        },
      },
      { name: 'deadline in Khartoum time', sample: sampleDeadline },
    ],
  },
  hold_reminder: {
    key: 'hold_reminder',
    category: 'UTILITY',
    header: null,
    body: {
      ar:
        'تذكير: حجزك {{1}} ما زال بانتظار الدفع.\n' +
        'المبلغ المطلوب: {{2}}\n' +
        'ينتهي الحجز في {{3}}، أي بعد نحو 30 دقيقة. إن حوّلت المبلغ فارفع صورة الإشعار من صفحة حجزك قبل ذلك، وإلا يُلغى الحجز تلقائياً.',
      en:
        'Reminder: your booking {{1}} is still waiting for payment.\n' +
        'Amount due: {{2}}\n' +
        'The hold ends at {{3}}, in about 30 minutes. If you have transferred the money, upload the receipt on your booking page before then, or the booking is cancelled automatically.',
    },
    footer: null,
    button: null,
    params: [
      { name: 'booking reference', sample: sampleReference },
      { name: 'amount due with its currency', sample: sampleAmount },
      { name: 'deadline in Khartoum time', sample: sampleDeadline },
    ],
  },
  receipt_approved: {
    key: 'receipt_approved',
    category: 'UTILITY',
    header: null,
    body: {
      ar: 'وصلنا تحويلك للحجز {{1}} وتحققنا منه، شكراً لك. نصدر تذكرتك الآن وتصلك هنا فور إصدارها.',
      en: 'We have received and checked your transfer for booking {{1}}, thank you. We are issuing your ticket now; it will arrive here as soon as it is issued.',
    },
    footer: null,
    button: null,
    params: [{ name: 'booking reference', sample: sampleReference }],
  },
  receipt_rejected: {
    key: 'receipt_rejected',
    category: 'UTILITY',
    header: null,
    body: {
      ar:
        'لم نتمكن من قبول إشعار التحويل للحجز {{1}}.\n' +
        'السبب: {{2}}\n' +
        'ارفع إشعاراً صحيحاً من صفحة حجزك قبل {{3}}، وإلا يُلغى الحجز تلقائياً.',
      en:
        'We could not accept the transfer receipt for booking {{1}}.\n' +
        'Reason: {{2}}\n' +
        'Upload the right receipt on your booking page before {{3}}, or the booking is cancelled automatically.',
    },
    footer: null,
    button: null,
    params: [
      { name: 'booking reference', sample: sampleReference },
      {
        name: "the reason (and the agency's note, if any)",
        sample: { ar: deskAr.rejectionReasons['amount-mismatch'], en: deskEn.rejectionReasons['amount-mismatch'] },
      },
      { name: 'deadline in Khartoum time', sample: sampleDeadline },
    ],
  },
  e_ticket: {
    key: 'e_ticket',
    category: 'UTILITY',
    header: 'DOCUMENT',
    body: {
      ar: 'تذكرتك الإلكترونية للحجز {{1}} مرفقة بهذه الرسالة.\nالرحلة: {{2}}، {{3}}\nاحملها مطبوعة أو على هاتفك مع جواز سفرك. رحلة سعيدة!',
      en: 'Your e-ticket for booking {{1}} is attached to this message.\nTrip: {{2}}, {{3}}\nCarry it printed or on your phone with your passport. Have a good trip!',
    },
    footer: null,
    button: null,
    params: [
      { name: 'booking reference', sample: sampleReference },
      { name: 'route (cities in the booking language)', sample: sampleRoute },
      { name: 'departure date', sample: sampleDate },
    ],
  },
  schedule_change: {
    key: 'schedule_change',
    category: 'UTILITY',
    header: null,
    body: {
      ar:
        'غيّرت شركة الطيران مواعيد رحلتك في الحجز {{1}}.\n' +
        'كانت: {{2}}\n' +
        'أصبحت: {{3}}\n' +
        'افتح صفحة حجزك لقبول المواعيد الجديدة أو إلغاء الحجز.',
      en:
        'The airline has changed the times of your booking {{1}}.\n' +
        'Before: {{2}}\n' +
        'Now: {{3}}\n' +
        'Open your booking page to accept the new times or cancel.',
    },
    footer: null,
    button: null,
    params: [
      { name: 'booking reference', sample: sampleReference },
      {
        name: 'the flights as booked (number, airports, local times)',
        sample: {
          ar: 'MS 856 · KRT الأحد، 13 ديسمبر 10:30 ← CAI الأحد، 13 ديسمبر 12:30',
          en: 'MS 856 · KRT Sun 13 Dec 10:30 → CAI Sun 13 Dec 12:30',
        },
      },
      {
        name: 'the flights now (number, airports, local times)',
        sample: {
          ar: 'MS 858 · KRT الأحد، 13 ديسمبر 14:10 ← CAI الأحد، 13 ديسمبر 16:10',
          en: 'MS 858 · KRT Sun 13 Dec 14:10 → CAI Sun 13 Dec 16:10',
        },
      },
    ],
  },
  sign_in_code: {
    key: 'sign_in_code',
    category: 'AUTHENTICATION',
    header: null,
    // Meta writes an authentication template's text itself; these are its words with the security line.
    body: {
      ar: '{{1}} هو رمز التحقق الخاص بك. للحفاظ على أمانك، لا تشارك هذا الرمز مع أحد.',
      en: '{{1}} is your verification code. For your security, do not share this code.',
    },
    footer: { ar: 'تنتهي صلاحية هذا الرمز خلال 10 دقائق.', en: 'This code expires in 10 minutes.' },
    button: { type: 'COPY_CODE', text: { ar: 'نسخ الرمز', en: 'Copy code' } },
    params: [{ name: 'the 6-digit code (also on the copy-code button)', sample: { ar: '482913', en: '482913' } }],
  },
};

/** Meta refuses a parameter with a newline, a tab or more than 4 consecutive spaces, or an empty one. */
export const MAX_PARAMETER_LENGTH = 1000;
export function sanitizeParameter(value: string): string {
  const single = value
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (single === '') return '-';
  return single.length > MAX_PARAMETER_LENGTH ? `${single.slice(0, MAX_PARAMETER_LENGTH - 1)}…` : single;
}

/** Meta refuses a message whose body, parameters filled in, is longer than this. */
export const MAX_BODY_LENGTH = 1024;

/**
 * The parameters single-line, and short enough that the filled body fits: the longest one (the accounts,
 * a staff note, many flights) is cut with an ellipsis until it does.
 */
function fit(key: WhatsAppTemplateKey, language: TemplateLanguage, values: string[]): string[] {
  const params = values.map(sanitizeParameter);
  for (;;) {
    const over = renderTemplate(key, language, params).length - MAX_BODY_LENGTH;
    if (over <= 0) return params;
    const longest = params.reduce((best, p, i) => (p.length > params[best]!.length ? i : best), 0);
    const value = params[longest]!;
    if (value.length <= 2) return params;
    params[longest] = `${value.slice(0, Math.max(1, value.length - over - 1)).trimEnd()}…`;
  }
}

/** "الخرطوم ← القاهرة" / "Khartoum → Cairo": the first flight's cities in the booking's language. */
export function routeOf(booking: Pick<Booking, 'origin' | 'destination' | 'slices'>, language: TemplateLanguage): string {
  const first = booking.slices[0];
  const arrow = language === 'ar' ? '←' : '→';
  return `${cityOf(first?.origin ?? booking.origin, language)} ${arrow} ${cityOf(first?.destination ?? booking.destination, language)}`;
}

const departureOf = (booking: Booking, language: TemplateLanguage) =>
  formatCalendarDate(booking.slices[0]?.departureDate ?? '', language, { weekday: 'long', month: 'long', year: true });
const deadlineOf = (booking: Booking, language: TemplateLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
const amountOf = (booking: Booking, language: TemplateLanguage) => formatAmount(booking.amount, booking.currency, language);

/** The agency's accounts as the held e-mail lists them, on one line; none that takes the currency: pay by card. */
function accountsOf(booking: Booking, language: TemplateLanguage): string {
  const words = mailStrings(language);
  if (!booking.transferAccounts.length)
    return language === 'ar'
      ? `لا يقبل أيٌّ من حساباتنا عملة حجزك (${words.currencies[booking.currency]}): ادفع بالبطاقة من صفحة حجزك أو تواصل معنا`
      : `None of our accounts takes your booking's currency (${words.currencies[booking.currency]}): pay by card on your booking page or contact us`;
  return booking.transferAccounts
    .map((account) =>
      fill(words.held.account, {
        bank: language === 'ar' ? account.bankAr : account.bankEn,
        number: account.accountNumber,
        name: account.accountName,
        amount: formatAmount(account.amount, account.currency, language),
      }),
    )
    .join(' | ');
}

/** Each template's parameters, in order, single-line (sanitizeParameter), in the booking's language. */
export const templateParams = {
  hold_confirmation: (booking: Booking, language: TemplateLanguage) =>
    fit('hold_confirmation', language, [
      booking.bookingReference,
      routeOf(booking, language),
      departureOf(booking, language),
      amountOf(booking, language),
      accountsOf(booking, language),
      deadlineOf(booking, language),
    ]),
  hold_reminder: (booking: Booking, language: TemplateLanguage) =>
    fit('hold_reminder', language, [booking.bookingReference, amountOf(booking, language), deadlineOf(booking, language)]),
  receipt_approved: (booking: Booking, language: TemplateLanguage) =>
    fit('receipt_approved', language, [booking.bookingReference]),
  receipt_rejected: (
    booking: Booking,
    language: TemplateLanguage,
    rejection: { reason: ReceiptRejectionReason; note: string | null },
  ) => {
    const reason = (language === 'ar' ? deskAr : deskEn).rejectionReasons[rejection.reason];
    return fit('receipt_rejected', language, [
      booking.bookingReference,
      rejection.note ? `${reason} ${rejection.note}` : reason,
      deadlineOf(booking, language),
    ]);
  },
  e_ticket: (booking: Booking, language: TemplateLanguage) =>
    fit('e_ticket', language, [booking.bookingReference, routeOf(booking, language), departureOf(booking, language)]),
  schedule_change: (booking: Booking, language: TemplateLanguage, change: { removed: OfferSlice[]; added: OfferSlice[] }) =>
    fit('schedule_change', language, [
      booking.bookingReference,
      flightLines(change.removed, language).join(' / '),
      flightLines(change.added, language).join(' / '),
    ]),
  sign_in_code: (code: string) => [sanitizeParameter(code)],
} satisfies Record<WhatsAppTemplateKey, (...args: never[]) => string[]>;

/** How many parameters a template's body takes ({{1}}..{{n}}, the same in both languages). */
export const parameterCount = (key: WhatsAppTemplateKey) => templateCatalog[key].params.length;

/** The body with its parameters put in, as the traveller reads it (the dev outbox, tests). */
export function renderTemplate(key: WhatsAppTemplateKey, language: TemplateLanguage, params: string[]): string {
  return templateCatalog[key].body[language].replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

const languageNames: Record<TemplateLanguage, string> = { ar: 'Arabic (ar)', en: 'English (en)' };

/** docs/whatsapp-templates.md: every template as the agency submits it to Meta. */
export function renderTemplatesDoc(): string {
  const lines: string[] = [
    '# WhatsApp templates',
    '',
    '<!-- Generated from apps/api/src/modules/whatsapp/templates.ts: run',
    '     `UPDATE_TEMPLATES_DOC=1 npx vitest run --project api apps/api/src/modules/whatsapp/templates.test.ts` after changing it. -->',
    '',
    'Every business-initiated WhatsApp message Kwenda sends is one of these templates, in the',
    "booking's language. Submit each in WhatsApp Manager (Message templates → Create template) in both",
    'languages, with the name `kwenda_<key>` (or the name set in `WHATSAPP_TEMPLATE_<KEY>`), the category',
    'and the text below exactly, and the sample values for the parameters. A parameter never holds a',
    'newline, a tab or more than four spaces in a row (Kwenda makes each one a single line).',
    '',
    '| Key | Name at Meta | Category | Header | Parameters |',
    '| --- | --- | --- | --- | --- |',
    ...whatsappTemplateKeys.map((key) => {
      const t = templateCatalog[key];
      return `| \`${key}\` | \`kwenda_${key}\` | ${t.category} | ${t.header ?? '-'} | ${t.params.length} |`;
    }),
  ];
  for (const key of whatsappTemplateKeys) {
    const t = templateCatalog[key];
    lines.push('', `## \`${key}\``, '', `- Name: \`kwenda_${key}\` (\`WHATSAPP_TEMPLATE_${key.toUpperCase()}\`)`);
    lines.push(`- Category: ${t.category}`);
    lines.push(`- Header: ${t.header === 'DOCUMENT' ? 'DOCUMENT (the e-ticket PDF, sent with each message)' : 'none'}`);
    if (t.button) lines.push(`- Button: ${t.button.type} («${t.button.text.ar}» / "${t.button.text.en}")`);
    lines.push(`- Languages: ${TEMPLATE_LANGUAGES.map((l) => languageNames[l]).join(', ')}`);
    for (const language of TEMPLATE_LANGUAGES) {
      lines.push('', `### ${languageNames[language]}`, '', '```text', t.body[language], '```');
      if (t.footer) lines.push('', `Footer: ${t.footer[language]}`);
    }
    lines.push('', '### Parameters', '', '| # | Holds | Sample (ar) | Sample (en) |', '| --- | --- | --- | --- |');
    t.params.forEach((p, index) => lines.push(`| {{${index + 1}}} | ${p.name} | ${p.sample.ar} | ${p.sample.en} |`));
  }
  return `${lines.join('\n')}\n`;
}
