import { dateTimeFormat } from './intl-cache';
import { intlLocale } from './intl-locale';

/** A statement month (yyyy-MM) as its name and year: "مارس 2026", "March 2026". */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, monthNumber - 1, 1),
  );
}
