import { BOOKING_ACCESS_LIMITS } from '@kwenda/contracts';
import { formatDurationInWords } from '@kwenda/contracts/display';
import { fill, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';
import { ar } from './locales/ar.js';
import { en } from './locales/en.js';

/**
 * Find my booking's messages, to the booking's own e-mail address only, in the layout of every message
 * (Arabic first, English below). They name the booking's reference and nothing else of it: whoever
 * asked typed the reference and a last name already.
 */

const strings = (language: MailLanguage) => (language === 'ar' ? ar : en);
const both = (write: (language: MailLanguage) => string) => ({ ar: write('ar'), en: write('en') });

/** The one-time code that gives a device a guest's booking whole. */
export function composeAccessCodeEmail({ code, reference }: { code: string; reference: string }, context: MailContext) {
  return renderMail(
    {
      subject: both((l) => fill(strings(l).code.subject, { code, reference })),
      preheader: both((l) => strings(l).code.preheader),
      reference,
      part: (language) => {
        const words = strings(language).code;
        return {
          heading: words.heading,
          intro: [fill(words.intro, { reference })],
          code,
          after: [
            fill(words.validity, { duration: formatDurationInWords(BOOKING_ACCESS_LIMITS.codeMinutes, language) }),
            words.ignore,
          ],
        };
      },
    },
    context,
  );
}

/** An account's booking opens only for the account: no code, a way to log in instead. */
export function composeAccountBookingEmail({ reference }: { reference: string }, context: MailContext): RenderedMail {
  // The site's login page, from PUBLIC_URL like every other link.
  const login = `${context.links.origin}/login`;
  return renderMail(
    {
      subject: both((l) => fill(strings(l).account.subject, { reference })),
      preheader: both((l) => strings(l).account.preheader),
      reference,
      part: (language) => {
        const words = strings(language).account;
        return {
          heading: words.heading,
          intro: [fill(words.intro, { reference })],
          action: { label: words.action, href: login },
          after: [words.ignore],
        };
      },
    },
    context,
  );
}

export function bookingAccessEmailsOf(context: MailContext) {
  return {
    code: (input: { code: string; reference: string }) => composeAccessCodeEmail(input, context),
    accountBooking: (input: { reference: string }) => composeAccountBookingEmail(input, context),
  };
}

export type BookingAccessEmails = ReturnType<typeof bookingAccessEmailsOf>;
