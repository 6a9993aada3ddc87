import { ACCOUNT_LIMITS, PHONE_CODE_LIMITS } from '@kwenda/contracts';
import { formatDurationInWords } from '@kwenda/contracts/display';
import { fill, mailStrings, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';
import { accountEmailStrings } from './account-email-strings.js';

/**
 * The account's messages (the sign-up code, the password reset link, "you already have an account", the code that adds an address) in the layout of every message
 * (mail/mail-layout.ts): Arabic first, English below. The code comes before any other number in the
 * plain text, where people and tests read it.
 */

const both = (write: (language: MailLanguage) => string) => ({ ar: write('ar'), en: write('en') });

/**
 * Sent to an address nobody has confirmed yet, so it carries nothing the person signing up typed (a
 * name could be any text, a link included): no greeting by name.
 */
export function composeCodeEmail({ code }: { code: string }, context: MailContext): RenderedMail {
  return renderMail(
    {
      subject: both((l) => fill(mailStrings(l).code.subject, { code })),
      preheader: both((l) => mailStrings(l).code.preheader),
      part: (language) => {
        const words = mailStrings(language).code;
        return {
          heading: words.heading,
          intro: [words.intro],
          code,
          after: [fill(words.validity, { duration: formatDurationInWords(ACCOUNT_LIMITS.codeMinutes, language) })],
        };
      },
    },
    context,
  );
}

/**
 * `token` goes into the reset page's address, built like every link from PUBLIC_URL. `fullName` only
 * when the account is confirmed (its owner chose it); null greets nobody by name.
 */
export function composeResetEmail(
  { token, fullName }: { token: string; fullName: string | null },
  context: MailContext,
): RenderedMail {
  const link = context.links.passwordReset(token);
  return renderMail(
    {
      subject: both((l) => mailStrings(l).reset.subject),
      preheader: both((l) => mailStrings(l).reset.preheader),
      part: (language) => {
        const words = mailStrings(language).reset;
        return {
          heading: words.heading,
          greetingName: fullName ?? undefined,
          intro: [fill(words.intro, { duration: formatDurationInWords(ACCOUNT_LIMITS.resetLinkMinutes, language) })],
          action: { label: words.action, href: link },
          after: [words.ignore],
        };
      },
    },
    context,
  );
}

/**
 * To the owner of a confirmed account when someone signs up with its address: the sign-up is answered
 * like any other (it does not tell who has an account), so the owner is told here, with the ways in.
 * Nothing the person signing up typed is in it.
 */
export function composeAlreadyRegisteredEmail(context: MailContext): RenderedMail {
  return renderMail(
    {
      subject: both((l) => mailStrings(l).alreadyRegistered.subject),
      preheader: both((l) => mailStrings(l).alreadyRegistered.preheader),
      part: (language) => {
        const words = mailStrings(language).alreadyRegistered;
        return {
          heading: words.heading,
          intro: [words.intro],
          action: { label: words.action, href: context.links.login() },
          links: [{ label: words.forgot, href: context.links.forgotPassword() }],
          after: [words.ignore],
        };
      },
    },
    context,
  );
}

/**
 * The code that adds this address to a signed-in traveller's account. Like the sign-up code, it goes to
 * an address nobody has confirmed yet, so it carries nothing typed by a person: not even the account's name.
 */
export function composeContactCodeEmail({ code }: { code: string }, context: MailContext): RenderedMail {
  return renderMail(
    {
      subject: both((l) => fill(accountEmailStrings(l).contactCode.subject, { code })),
      preheader: both((l) => accountEmailStrings(l).contactCode.preheader),
      part: (language) => {
        const words = accountEmailStrings(language).contactCode;
        return {
          heading: words.heading,
          intro: [words.intro],
          code,
          after: [fill(words.validity, { duration: formatDurationInWords(PHONE_CODE_LIMITS.codeMinutes, language) })],
        };
      },
    },
    context,
  );
}

/** The account's messages bound to the agency and its links (the accounts service's AccountEmails). */
export function accountEmailsOf(context: MailContext) {
  return {
    code: (input: { code: string }) => composeCodeEmail(input, context),
    reset: (input: { token: string; fullName: string | null }) => composeResetEmail(input, context),
    alreadyRegistered: () => composeAlreadyRegisteredEmail(context),
    contactCode: (input: { code: string }) => composeContactCodeEmail(input, context),
  };
}

export type AccountEmails = ReturnType<typeof accountEmailsOf>;
