/**
 * The Intl locale for a UI language. Arabic uses Latin digits (`nu-latn`) so times, prices,
 * flight numbers and airport codes on one card all read with the same digits; English uses
 * day-month order, as Sudanese travellers write dates.
 */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-latn' : 'en-GB';
}
