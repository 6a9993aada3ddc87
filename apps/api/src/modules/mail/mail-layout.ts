import { escapeHtml as e } from '../../escape-html.js';
import type { PassengerView, SliceView } from './itinerary-view.js';
import { fill, MAIL_LANGUAGES, mailStrings, type MailLanguage } from './locales/index.js';
import type { MailContext } from './mail-context.js';

/**
 * The one layout of every e-mail Kwenda sends a traveller: a header with the brand and the booking
 * reference, the message in Arabic (right to left), then the same in English (left to right), and a
 * footer with the agency's contacts; and a plain-text part saying the same. The HTML is tables and
 * inline styles only, with no images or external resources: what Gmail, Outlook and phone mail apps
 * all render (they drop <style> blocks, flexbox and remote fonts).
 */

/** One language's half of a message; every string comes from the mail catalogs (locales/). */
export interface MailPart {
  heading: string;
  /** The traveller's name, for "مرحباً Amna،". */
  greetingName?: string;
  intro: string[];
  /** A one-time code shown large. */
  code?: string;
  /** Label and value pairs: the reference, the amount, a deadline. Values that are Latin (codes, money) read left to right. */
  facts?: { label: string; value: string; latin?: boolean }[];
  itinerary?: SliceView[];
  passengers?: PassengerView[];
  /** A titled list, e.g. the bank accounts to pay to. */
  list?: { title: string; intro?: string; items: string[] };
  /** The call to action, after a sentence that leads to it. */
  action?: { lead?: string; label: string; href: string };
  /** Further links below the button. */
  links?: { label: string; href: string }[];
  /** Paragraphs after the button. */
  after?: string[];
}

export interface MailMessage {
  /** Arabic subject first, then English. */
  subject: Record<MailLanguage, string>;
  /** The line mail apps show beside the subject in the inbox. */
  preheader: Record<MailLanguage, string>;
  reference?: string;
  part: (language: MailLanguage) => MailPart;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const BRAND = '#0b5e55';
const INK = '#14213d';
const MUTED = '#4a5568';
const LINE = '#d7dde5';
const SOFT = '#f4f7f6';
const FONT = "font-family:Tahoma,'Segoe UI',Arial,sans-serif";

const dirOf = (language: MailLanguage) => (language === 'ar' ? 'rtl' : 'ltr');
const startOf = (language: MailLanguage) => (language === 'ar' ? 'right' : 'left');
const endOf = (language: MailLanguage) => (language === 'ar' ? 'left' : 'right');
/** Latin runs (codes, amounts, addresses) inside Arabic keep their order. */
const latin = (value: string) => `<span dir="ltr">${e(value)}</span>`;
/** Kept on one line: a duration ("2س 5د") or a time never breaks in two. */
const whole = (value: string) => `<span style="white-space:nowrap">${e(value)}</span>`;
/** A catalog string whose {{values}} are HTML already (links, isolated codes); its own text is escaped. */
const fillHtml = (template: string, values: Record<string, string>) =>
  template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((piece) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
      return name && name in values ? values[name]! : e(piece);
    })
    .join('');
const table = (content: string, style = '') =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;${style}">${content}</table>`;

function button(action: NonNullable<MailPart['action']>, language: MailLanguage) {
  const lead = action.lead ? `<p style="margin:8px 0 4px;font-size:15px;line-height:1.6">${e(action.lead)}</p>` : '';
  return `${lead}${table(
    `<tr><td align="${startOf(language)}" style="padding:8px 0 4px"><table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate"><tr><td style="background:${BRAND};border-radius:6px"><a href="${e(action.href)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${e(action.label)}</a></td></tr></table></td></tr>`,
  )}<p style="margin:4px 0 16px;font-size:12px;line-height:1.5;color:${MUTED}">${e(mailStrings(language).layout.linkFallback)}<br><a href="${e(action.href)}" dir="ltr" style="color:${BRAND};word-break:break-all">${e(action.href)}</a></p>`;
}

const sectionTitle = (text: string) =>
  `<h2 style="margin:20px 0 8px;font-size:16px;line-height:1.4;color:${BRAND};${FONT}">${e(text)}</h2>`;

function itineraryHtml(slices: SliceView[], language: MailLanguage) {
  const words = mailStrings(language).itinerary;
  const arrow = language === 'ar' ? '&larr;' : '&rarr;';
  const stop = (s: SliceView['segments'][number]['from'], align: string) =>
    `<div style="font-size:20px;font-weight:bold;line-height:1.2" dir="ltr">${e(s.time)}</div>` +
    `<div style="font-size:13px;line-height:1.4;text-align:${align}"><b dir="ltr">${e(s.code)}</b> ${e(s.city)}</div>` +
    `<div style="font-size:12px;line-height:1.4;color:${MUTED}">${e(s.date)}</div>`;
  const slicesHtml = slices
    .map((slice) => {
      const segments = slice.segments
        .map((segment) => {
          const row = `<tr>
<td width="40%" valign="top" align="${startOf(language)}" style="padding:10px 12px 4px;text-align:${startOf(language)}">${stop(segment.from, startOf(language))}</td>
<td width="20%" valign="middle" align="center" style="padding:10px 0 4px;text-align:center;color:${MUTED};font-size:12px;line-height:1.4"><div style="font-size:18px;color:${BRAND}">${arrow}</div>${whole(segment.duration)}</td>
<td width="40%" valign="top" align="${endOf(language)}" style="padding:10px 12px 4px;text-align:${endOf(language)}">${stop(segment.to, endOf(language))}</td>
</tr>
<tr><td colspan="3" style="padding:0 12px 10px;font-size:13px;line-height:1.5;color:${MUTED}">${fillHtml(words.flightNumber, { number: latin(segment.flightNumber) })} · ${e(segment.airline)}${segment.cabin ? ` · ${e(segment.cabin)}` : ''}</td></tr>`;
          const wait = segment.connection
            ? `<tr><td colspan="3" style="padding:6px 12px;background:#fff8e6;font-size:13px;line-height:1.5;color:${INK};border-top:1px dashed ${LINE};border-bottom:1px dashed ${LINE}">${e(segment.connection)}</td></tr>`
            : '';
          return row + wait;
        })
        .join('');
      return table(
        `<tr><td colspan="3" style="padding:10px 12px;background:${SOFT};border-bottom:1px solid ${LINE}"><div style="font-size:14px;font-weight:bold;line-height:1.5">${e(slice.title)}</div><div style="font-size:13px;line-height:1.5;color:${MUTED}">${e(slice.route)} · ${e(slice.stops)} · ${whole(slice.duration)}</div></td></tr>${segments}`,
        `border:1px solid ${LINE};margin:0 0 12px;border-collapse:separate;border-radius:6px`,
      );
    })
    .join('');
  return `${sectionTitle(words.title)}${slicesHtml}<p style="margin:0 0 8px;font-size:12px;color:${MUTED}">${e(words.localTimes)}</p>`;
}

function passengersHtml(passengers: PassengerView[], language: MailLanguage) {
  const rows = passengers
    .map(
      (p, index) =>
        `<tr><td style="padding:8px 12px;${index ? `border-top:1px solid ${LINE};` : ''}font-size:14px;line-height:1.5"><b dir="ltr">${e(p.name)}</b> · ${e(p.type)}${p.ticket ? `<div style="font-size:12px;color:${MUTED}">${e(p.ticket)}</div>` : ''}</td></tr>`,
    )
    .join('');
  return `${sectionTitle(mailStrings(language).passengers.title)}${table(rows, `border:1px solid ${LINE};border-collapse:separate;border-radius:6px`)}`;
}

function factsHtml(facts: NonNullable<MailPart['facts']>, language: MailLanguage) {
  const rows = facts
    .map(
      (fact) =>
        `<tr><td valign="top" style="padding:6px 0;font-size:13px;line-height:1.5;color:${MUTED};width:40%;text-align:${startOf(language)}">${e(fact.label)}</td><td valign="top" style="padding:6px 0;font-size:15px;line-height:1.5;font-weight:bold;text-align:${startOf(language)}">${fact.latin ? latin(fact.value) : e(fact.value)}</td></tr>`,
    )
    .join('');
  return table(rows, `margin:4px 0 12px;border-top:1px solid ${LINE};border-bottom:1px solid ${LINE}`);
}

function partHtml(part: MailPart, language: MailLanguage) {
  const words = mailStrings(language).layout;
  const p = (text: string) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.6">${e(text)}</p>`;
  const body = [
    `<h1 style="margin:0 0 12px;font-size:20px;line-height:1.4;color:${BRAND};${FONT}">${e(part.heading)}</h1>`,
    part.greetingName ? p(fill(words.greeting, { name: part.greetingName })) : '',
    ...part.intro.map(p),
    part.code
      ? `<p style="margin:0 0 12px"><span dir="ltr" style="display:inline-block;padding:10px 18px;background:${SOFT};border:1px solid ${LINE};border-radius:6px;font-family:Consolas,'Courier New',monospace;font-size:28px;font-weight:bold;letter-spacing:6px;color:${INK}">${e(part.code)}</span></p>`
      : '',
    part.facts?.length ? factsHtml(part.facts, language) : '',
    part.list
      ? `${sectionTitle(part.list.title)}${part.list.intro ? p(part.list.intro) : ''}${table(
          part.list.items
            .map(
              (item) =>
                `<tr><td style="padding:8px 12px;background:${SOFT};border-bottom:4px solid #ffffff;font-size:14px;line-height:1.5">${e(item)}</td></tr>`,
            )
            .join(''),
        )}`
      : '',
    part.action ? button(part.action, language) : '',
    ...(part.links ?? []).map(
      (link) =>
        `<p style="margin:0 0 12px;font-size:14px"><a href="${e(link.href)}" style="color:${BRAND};font-weight:bold">${e(link.label)}</a></p>`,
    ),
    ...(part.after ?? []).map(p),
    part.itinerary?.length ? itineraryHtml(part.itinerary, language) : '',
    part.passengers?.length ? passengersHtml(part.passengers, language) : '',
  ].join('');
  return `<tr><td dir="${dirOf(language)}" lang="${language}" align="${startOf(language)}" style="padding:24px 20px 12px;text-align:${startOf(language)};${FONT};color:${INK}">${body}</td></tr>`;
}

function footerHtml(context: MailContext) {
  const { agency, links } = context;
  const line = (language: MailLanguage) => {
    const words = mailStrings(language).layout;
    const help = fillHtml(words.help, {
      phone: `<a href="tel:${e(agency.phone.replace(/[^+\d]/g, ''))}" dir="ltr" style="color:${MUTED}">${e(agency.phone)}</a>`,
      whatsapp: `<a href="https://wa.me/${e(agency.whatsapp)}" dir="ltr" style="color:${MUTED}">+${e(agency.whatsapp)}</a>`,
      email: `<a href="mailto:${e(agency.email)}" dir="ltr" style="color:${MUTED}">${e(agency.email)}</a>`,
    });
    const sentBy = fill(words.sentBy, { agency: language === 'ar' ? agency.nameAr : agency.nameEn });
    return `<p dir="${dirOf(language)}" lang="${language}" style="margin:0 0 8px;text-align:${startOf(language)};font-size:12px;line-height:1.6;color:${MUTED}">${help}<br>${e(sentBy)}</p>`;
  };
  return `<tr><td style="padding:16px 20px;background:${SOFT};border-top:1px solid ${LINE};border-radius:0 0 8px 8px;${FONT}">${MAIL_LANGUAGES.map(line).join('')}<p style="margin:0;text-align:center;font-size:12px"><a href="${e(links.home())}" dir="ltr" style="color:${BRAND}">${e(links.origin.replace(/^https?:\/\//, ''))}</a></p></td></tr>`;
}

/** The trial banner under the header, in both languages, as the site shows it on every page. */
function trialHtml() {
  const line = (language: MailLanguage) => {
    const words = mailStrings(language).layout;
    return `<p dir="${dirOf(language)}" lang="${language}" style="margin:0 0 4px;text-align:${startOf(language)};font-size:14px;line-height:1.5;color:#4a3500"><b>${e(words.trialLabel)}:</b> ${e(words.trialBody)}</p>`;
  };
  return `<tr><td style="padding:10px 20px;background:#ffe8a3;border-bottom:1px solid #e0b94a;${FONT}">${MAIL_LANGUAGES.map(line).join('')}</td></tr>`;
}

/** The same, for the plain-text part. */
const trialText = () =>
  MAIL_LANGUAGES.map((language) => `${mailStrings(language).layout.trialLabel}: ${mailStrings(language).layout.trialBody}`);

function headerHtml(reference: string | undefined) {
  const ar = mailStrings('ar').layout;
  const en = mailStrings('en').layout;
  const referenceRow = reference
    ? `<tr><td colspan="2" align="center" style="padding:10px 0 0;text-align:center;font-size:13px;line-height:1.5;color:#d9f0ec"><span dir="rtl" lang="ar">${e(ar.reference)}</span> · <span dir="ltr" lang="en">${e(en.reference)}</span><div dir="ltr" style="font-size:22px;font-weight:bold;letter-spacing:2px;color:#ffffff">${e(reference)}</div></td></tr>`
    : '';
  // English at the left edge, Arabic at the right, whatever direction the mail app gives the page.
  return `<tr><td dir="ltr" style="padding:16px 20px;background:${BRAND};border-radius:8px 8px 0 0;${FONT};color:#ffffff">${table(
    `<tr><td dir="ltr" lang="en" width="50%" align="left" style="text-align:left;font-size:20px;font-weight:bold;color:#ffffff">${e(en.brand)}<div style="font-size:12px;font-weight:normal;color:#d9f0ec">${e(en.slogan)}</div></td><td dir="rtl" lang="ar" width="50%" align="right" style="text-align:right;font-size:20px;font-weight:bold;color:#ffffff">${e(ar.brand)}<div style="font-size:12px;font-weight:normal;color:#d9f0ec">${e(ar.slogan)}</div></td></tr>${referenceRow}`,
  )}</td></tr>`;
}

function partText(part: MailPart, language: MailLanguage): string[] {
  const words = mailStrings(language);
  const lines: string[] = [part.heading, ''];
  if (part.greetingName) lines.push(fill(words.layout.greeting, { name: part.greetingName }));
  lines.push(...part.intro);
  if (part.code) lines.push('', `    ${part.code}`, '');
  for (const fact of part.facts ?? []) lines.push(`${fact.label}: ${fact.value}`);
  if (part.list)
    lines.push('', part.list.title, ...(part.list.intro ? [part.list.intro] : []), ...part.list.items.map((i) => `- ${i}`));
  if (part.action) lines.push('', ...(part.action.lead ? [part.action.lead] : []), `${part.action.label}: ${part.action.href}`);
  for (const link of part.links ?? []) lines.push(`${link.label}: ${link.href}`);
  if (part.after?.length) lines.push('', ...part.after);
  if (part.itinerary?.length) {
    const arrow = language === 'ar' ? '←' : '→';
    lines.push('', words.itinerary.title);
    for (const slice of part.itinerary) {
      lines.push(`* ${slice.title}`, `  ${slice.route} · ${slice.stops} · ${slice.duration}`);
      for (const s of slice.segments) {
        lines.push(
          `  ${s.from.time} ${s.from.code} ${s.from.city} ${arrow} ${s.to.time} ${s.to.code} ${s.to.city} (${s.to.date}) · ${s.flightNumber} ${s.airline} · ${s.duration}`,
        );
        if (s.connection) lines.push(`  ${s.connection}`);
      }
    }
    lines.push(words.itinerary.localTimes);
  }
  if (part.passengers?.length) {
    lines.push('', words.passengers.title);
    for (const p of part.passengers) lines.push(`- ${p.name} · ${p.type}${p.ticket ? ` · ${p.ticket}` : ''}`);
  }
  return lines;
}

/** The subject, HTML and plain text of a message, Arabic first. */
export function renderMail(message: MailMessage, context: MailContext): RenderedMail {
  const subject = `${message.subject.ar} — ${message.subject.en}`;
  const preheader = `${message.preheader.ar} ${message.preheader.en}`;
  const parts = MAIL_LANGUAGES.map((language) => ({ language, part: message.part(language) }));
  const divider = `<tr><td style="padding:0 20px"><div style="border-top:1px solid ${LINE};font-size:0;line-height:0">&nbsp;</div></td></tr>`;
  const html = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light only"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#e9efed;-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${e(preheader)}</div>
${table(
  `<tr><td align="center" style="padding:16px 8px">${table(
    [
      headerHtml(message.reference),
      context.trial ? trialHtml() : '',
      ...parts.map(({ language, part }) => partHtml(part, language)).join(divider),
    ].join('') + footerHtml(context),
    'max-width:600px;background:#ffffff;border-radius:8px;border-collapse:separate',
  )}</td></tr>`,
  'background:#e9efed',
)}
</body></html>`;

  const { agency, links } = context;
  const footer = MAIL_LANGUAGES.map((language) =>
    fill(mailStrings(language).layout.help, { phone: agency.phone, whatsapp: `+${agency.whatsapp}`, email: agency.email }),
  );
  const text = [
    `${mailStrings('ar').layout.brand} · ${mailStrings('en').layout.brand}`,
    ...(message.reference
      ? [`${mailStrings('ar').layout.reference} · ${mailStrings('en').layout.reference}: ${message.reference}`]
      : []),
    ...(context.trial ? ['', ...trialText()] : []),
    '',
    ...parts.flatMap(({ language, part }, index) => [...(index ? ['', '——————————', ''] : []), ...partText(part, language)]),
    '',
    '——————————',
    ...footer,
    links.home(),
  ].join('\n');
  return { subject, html, text };
}
