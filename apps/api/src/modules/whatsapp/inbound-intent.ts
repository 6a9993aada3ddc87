/**
 * What an inbound message asks, from its text: STOP / «إيقاف» (opt out of updates), START / «ابدأ»
 * (back in), anything else. Read with the case, the spaces around it, Arabic letter variants
 * (hamza forms, tatweel, diacritics) and trailing punctuation ignored, so «ايقاف» and «إيقاف.» are one word.
 */
export type InboundIntent = { intent: 'stop' | 'start'; language: 'ar' | 'en' } | { intent: 'other' };

const normalize = (text: string) =>
  text
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    // Diacritics (harakat, superscript alef) and the tatweel.
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/[\s.!?؟,،:;'"«»()-]+$/u, '')
    .replace(/^[\s.!?؟,،:;'"«»()-]+/u, '');

const WORDS: Record<string, InboundIntent> = {
  stop: { intent: 'stop', language: 'en' },
  ايقاف: { intent: 'stop', language: 'ar' },
  start: { intent: 'start', language: 'en' },
  ابدا: { intent: 'start', language: 'ar' },
};

export function inboundIntentOf(text: string | undefined): InboundIntent {
  if (!text || text.length > 64) return { intent: 'other' };
  return WORDS[normalize(text)] ?? { intent: 'other' };
}
