/**
 * The one answer to STOP («إيقاف»): free-form text, allowed because the traveller has just written
 * (the 24-hour window), in the language of the word they wrote.
 */
export const OPT_OUT_REPLY: Record<'ar' | 'en', string> = {
  ar: 'لن تصلك رسائل أخرى من كوندا على واتساب. أرسل «ابدأ» لتصلك من جديد.',
  en: 'You will not receive more updates from Kwenda on WhatsApp. Reply START to receive them again.',
};
