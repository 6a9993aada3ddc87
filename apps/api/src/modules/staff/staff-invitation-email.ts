import { STAFF_INVITATION_HOURS, type StaffRole } from '@kwenda/contracts/admin';
import { formatDurationInWords } from '@kwenda/contracts/display';
import { fill, mailStrings, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';

/**
 * The staff invitation: a link to /admin/setup/<token>, valid 24 hours, once; like every message,
 * Arabic first and English below (mail/mail-layout.ts).
 */

const strings = {
  ar: {
    subject: 'دعوة للانضمام إلى فريق {{brand}}',
    preheader: 'أنشئ حسابك في مساحة عمل الوكالة خلال {{duration}}.',
    heading: 'دعوة إلى مساحة عمل الوكالة',
    intro: 'دعاك {{inviter}} للانضمام إلى فريق {{brand}} بصلاحية «{{role}}».',
    lead: 'اختر اسمك وكلمة مرور، ثم فعّل تطبيق المصادقة على هاتفك.',
    action: 'إنشاء الحساب',
    validity: 'الرابط صالح لمدة {{duration}} ولمرة واحدة. إن لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة.',
    roles: { owner: 'المالك', 'agent-desk': 'موظف الحجوزات', viewer: 'اطّلاع فقط' },
  },
  en: {
    subject: 'Your invitation to the {{brand}} team',
    preheader: 'Set up your account in the agency workspace within {{duration}}.',
    heading: 'Invitation to the agency workspace',
    intro: '{{inviter}} invited you to the {{brand}} team with the role “{{role}}”.',
    lead: 'Choose your name and a password, then turn on an authenticator app on your phone.',
    action: 'Set up my account',
    validity: 'The link works once, for {{duration}}. If you did not expect this invitation, ignore this message.',
    roles: { owner: 'Owner', 'agent-desk': 'Booking desk', viewer: 'Read only' },
  },
} satisfies Record<MailLanguage, unknown>;

export function composeStaffInvitation(
  input: { link: string; role: StaffRole; inviter: string },
  context: MailContext,
): RenderedMail {
  const duration = (language: MailLanguage) => formatDurationInWords(STAFF_INVITATION_HOURS * 60, language);
  // The brand as every e-mail writes it (the mail catalog's layout), not spelt again here.
  const brand = (language: MailLanguage) => mailStrings(language).layout.brand;
  return renderMail(
    {
      subject: { ar: fill(strings.ar.subject, { brand: brand('ar') }), en: fill(strings.en.subject, { brand: brand('en') }) },
      preheader: {
        ar: fill(strings.ar.preheader, { duration: duration('ar') }),
        en: fill(strings.en.preheader, { duration: duration('en') }),
      },
      part: (language) => {
        const words = strings[language];
        return {
          heading: words.heading,
          intro: [fill(words.intro, { inviter: input.inviter, role: words.roles[input.role], brand: brand(language) })],
          action: { lead: words.lead, label: words.action, href: input.link },
          after: [fill(words.validity, { duration: duration(language) })],
        };
      },
    },
    context,
  );
}
