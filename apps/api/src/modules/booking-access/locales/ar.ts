/**
 * Arabic (the source) of the Find my booking e-mails; the English catalog must have the same keys
 * (the type check fails on a missing one). {{name}} marks a value filled in by the code.
 */
export const ar = {
  code: {
    subject: 'رمز فتح الحجز {{reference}}: {{code}}',
    preheader: 'أدخل هذا الرمز في صفحة «ابحث عن حجزي» لفتح حجزك على هذا الجهاز.',
    heading: 'رمز فتح حجزك',
    intro: 'طلب أحدهم فتح الحجز {{reference}} على جهاز جديد. أدخل هذا الرمز في صفحة «ابحث عن حجزي»:',
    validity: 'الرمز صالح لمدة {{duration}} ولمرة واحدة.',
    ignore: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: لا يمكن لأحد فتح حجزك كاملاً دون هذا الرمز.',
  },
  account: {
    subject: 'الحجز {{reference}} مرتبط بحساب في كوندا',
    preheader: 'سجّل الدخول بحسابك لترى حجزك وتديره.',
    heading: 'سجّل الدخول لترى حجزك',
    intro: 'طلب أحدهم فتح الحجز {{reference}}. هذا الحجز تابع لحساب في كوندا، ولا يظهر كاملاً إلا لصاحبه بعد تسجيل الدخول.',
    action: 'تسجيل الدخول',
    ignore: 'إن لم تطلب ذلك فتجاهل هذه الرسالة.',
  },
};

export type BookingAccessMailCatalog = typeof ar;
