import { escapeHtml } from '../../escape-html.js';

/** The sign-up code e-mail: Arabic first, English below, the code easy to read and copy. */
export function composeCodeEmail({ code, fullName }: { code: string; fullName: string; language: 'ar' | 'en' }) {
  const name = escapeHtml(fullName);
  const subject = `رمز التحقق ${code} — Your Kwenda code ${code}`;
  const block = (dir: 'rtl' | 'ltr', lang: string, lines: string[]) =>
    `<div dir="${dir}" lang="${lang}" style="font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.6;text-align:${dir === 'rtl' ? 'right' : 'left'};margin:0 0 24px">${lines.map((l) => `<p style="margin:0 0 8px">${l}</p>`).join('')}</div>`;
  const codeHtml = `<b dir="ltr" style="font-size:24px;letter-spacing:4px">${code}</b>`;
  const html = [
    block('rtl', 'ar', [
      `مرحباً ${name}،`,
      `رمز تأكيد بريدك الإلكتروني في كوندا: ${codeHtml}`,
      'الرمز صالح لمدة 10 دقائق. إن لم تطلب إنشاء حساب فتجاهل هذه الرسالة.',
    ]),
    block('ltr', 'en', [
      `Hello ${name},`,
      `Your Kwenda e-mail confirmation code: ${codeHtml}`,
      'The code is valid for 10 minutes. If you did not sign up, ignore this message.',
    ]),
  ].join('');
  const text = [
    `مرحباً ${fullName}،`,
    `رمز التأكيد: ${code} (صالح 10 دقائق)`,
    '',
    `Hello ${fullName},`,
    `Your confirmation code: ${code} (valid for 10 minutes)`,
  ].join('\n');
  return { subject, text, html };
}

export function composeResetEmail({ link, fullName }: { link: string; fullName: string }) {
  const name = escapeHtml(fullName);
  const href = escapeHtml(link);
  const subject = 'إعادة تعيين كلمة المرور — Reset your Kwenda password';
  const block = (dir: 'rtl' | 'ltr', lang: string, lines: string[]) =>
    `<div dir="${dir}" lang="${lang}" style="font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.6;text-align:${dir === 'rtl' ? 'right' : 'left'};margin:0 0 24px">${lines.map((l) => `<p style="margin:0 0 8px">${l}</p>`).join('')}</div>`;
  const html = [
    block('rtl', 'ar', [
      `مرحباً ${name}،`,
      `لإعادة تعيين كلمة المرور افتح هذا الرابط خلال ساعة: <a href="${href}">${href}</a>`,
      'الرابط يعمل مرة واحدة فقط. إن لم تطلب ذلك فتجاهل هذه الرسالة.',
    ]),
    block('ltr', 'en', [
      `Hello ${name},`,
      `To reset your password open this link within an hour: <a href="${href}">${href}</a>`,
      'The link works once only. If you did not ask for it, ignore this message.',
    ]),
  ].join('');
  const text = [
    `مرحباً ${fullName}،`,
    `رابط إعادة تعيين كلمة المرور (صالح ساعة، مرة واحدة): ${link}`,
    '',
    `Hello ${fullName},`,
    `Reset your password (valid for an hour, once): ${link}`,
  ].join('\n');
  return { subject, text, html };
}
