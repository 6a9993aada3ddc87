import type { MailLanguage } from '../mail/locales/index.js';

/**
 * The words of the e-mail that adds an address to an account, in both languages (Arabic the source).
 * {{name}} marks a value filled in by the code.
 */
const ar = {
  contactCode: {
    subject: 'رمز التحقق {{code}}',
    preheader: 'رمز لإضافة هذا البريد الإلكتروني إلى حسابك في كوندا.',
    heading: 'رمز إضافة بريدك الإلكتروني',
    intro: 'أدخل هذا الرمز في صفحة حسابك في كوندا لإضافة هذا البريد الإلكتروني إليه:',
    validity: 'الرمز صالح لمدة {{duration}}. إن لم تطلب إضافة هذا البريد إلى حساب في كوندا فتجاهل هذه الرسالة.',
  },
};

const en: typeof ar = {
  contactCode: {
    subject: 'Your Kwenda code {{code}}',
    preheader: 'Your code to add this e-mail address to your Kwenda account.',
    heading: 'Your code to add this e-mail address',
    intro: 'Enter this code on your Kwenda account page to add this e-mail address to it:',
    validity:
      'The code is valid for {{duration}}. If you did not ask to add this address to a Kwenda account, ignore this message.',
  },
};

export const accountEmailStrings = (language: MailLanguage) => (language === 'ar' ? ar : en);
