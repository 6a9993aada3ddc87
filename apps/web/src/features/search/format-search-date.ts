/**
 * A yyyy-MM-dd date as the date picker shows it: "12 ديسمبر 2026" / "12 Dec 2026". Arabic
 * keeps Latin digits (`nu-latn`), like flight numbers, times and prices across the site.
 * Formatted in UTC so the browser's zone cannot move the day.
 */
export function formatSearchDate(date: string, language: string): string {
  if (!date) return '';
  const locale = language === 'ar' ? 'ar-u-nu-latn' : 'en-GB';
  const month = language === 'ar' ? 'long' : 'short';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The dayjs format giving the same text inside Mantine's date picker. */
export const pickerValueFormat = (language: string) => (language === 'ar' ? 'D MMMM YYYY' : 'D MMM YYYY');
