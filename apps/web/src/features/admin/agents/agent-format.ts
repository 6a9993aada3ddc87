import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { dateTimeFormat } from '../../../lib/format/intl-cache';
import { intlLocale } from '../../../lib/format/intl-locale';

/** A statement month (yyyy-MM) as its name and year: "مارس 2026", "March 2026". */
export function monthLabel(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return dateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, monthNumber - 1, 1),
  );
}

/** A moment on the agency's clock, short enough for a table: "Tue 15 Dec at 14:05 Khartoum time". */
export const agentTime = (instant: string, language: string) =>
  formatAgencyDateTime(instant, language, { weekday: 'short', month: 'short' });
