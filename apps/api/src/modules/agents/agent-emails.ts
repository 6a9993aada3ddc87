import { fill, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';

/**
 * The message an account gets when the owner makes it an agent: the link to share, the terms, and
 * where to see the bookings and statement (/agent). A new account also gets the link that sets its
 * password (the accounts module's reset page), since nobody has chosen one yet.
 */

const strings = {
  ar: {
    subject: 'أصبحت وكيلاً لدى كوندا',
    preheader: 'رابطك الخاص لمشاركته، وصفحة تتابع فيها حجوزاتك وعمولتك.',
    heading: 'مرحباً بك وكيلاً لدى كوندا',
    intro: 'أضافتك الوكالة وكيلاً لها. شارك رابطك الخاص: كل حجز يتم عبره ويُدفع وتصدر تذكرته يمنحك عمولة.',
    code: 'رمز الإحالة',
    link: 'رابطك',
    commission: 'العمولة',
    percentOfMarkup: '{{percent}}٪ من هامش الوكالة',
    percentOfFare: '{{percent}}٪ من سعر التذكرة',
    setPasswordLead: 'أنشأنا لك حساباً بهذا البريد. اختر كلمة مرور خلال {{hours}} ساعة، ثم ادخل إلى صفحة الوكيل.',
    setPassword: 'اختر كلمة المرور',
    openLead: 'سجّل الدخول بحسابك لترى رابطك ورمز QR والحجوزات وكشف عمولتك الشهري.',
    open: 'افتح صفحة الوكيل',
    agentPage: 'صفحة الوكيل',
  },
  en: {
    subject: 'You are now a Kwenda agent',
    preheader: 'Your own link to share, and a page to follow your bookings and commission.',
    heading: 'Welcome, Kwenda agent',
    intro:
      'The agency has made you one of its agents. Share your own link: every booking made through it that is paid and ticketed earns you a commission.',
    code: 'Referral code',
    link: 'Your link',
    commission: 'Commission',
    percentOfMarkup: '{{percent}}% of the agency markup',
    percentOfFare: '{{percent}}% of the fare',
    setPasswordLead:
      'We created an account for you with this e-mail. Choose a password within {{hours}} hours, then open the agent page.',
    setPassword: 'Choose your password',
    openLead: 'Log in to see your link, its QR code, your bookings and your monthly commission statement.',
    open: 'Open the agent page',
    agentPage: 'Agent page',
  },
} satisfies Record<MailLanguage, Record<string, string>>;

export interface AgentWelcome {
  fullName: string;
  referralCode: string;
  link: string;
  commissionBasis: 'markup' | 'fare';
  commissionPercent: number;
  /** For a new account: the token of the link that sets its password. */
  passwordToken: string | null;
  passwordLinkHours: number;
}

export function composeAgentWelcomeEmail(input: AgentWelcome, context: MailContext): RenderedMail {
  const agentPage = `${context.links.origin}/agent`;
  const both = (key: keyof typeof strings.ar) => ({ ar: strings.ar[key], en: strings.en[key] });
  return renderMail(
    {
      subject: both('subject'),
      preheader: both('preheader'),
      part: (language) => {
        const words = strings[language];
        const percent = String(input.commissionPercent);
        return {
          heading: words.heading,
          greetingName: input.fullName,
          intro: [words.intro],
          facts: [
            { label: words.code, value: input.referralCode, latin: true },
            { label: words.link, value: input.link, latin: true },
            {
              label: words.commission,
              value: fill(input.commissionBasis === 'markup' ? words.percentOfMarkup : words.percentOfFare, { percent }),
            },
          ],
          action: input.passwordToken
            ? {
                lead: fill(words.setPasswordLead, { hours: input.passwordLinkHours }),
                label: words.setPassword,
                href: context.links.passwordReset(input.passwordToken),
              }
            : { lead: words.openLead, label: words.open, href: agentPage },
          links: input.passwordToken ? [{ label: words.agentPage, href: agentPage }] : [],
        };
      },
    },
    context,
  );
}
