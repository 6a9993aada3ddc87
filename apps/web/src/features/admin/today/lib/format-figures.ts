import { numberFormat } from '../../../../lib/format/intl-cache';
import { intlLocale } from '../../../../lib/format/intl-locale';

/** A count with the language's grouping and Latin digits in Arabic too: "1,830". */
export function formatCount(count: number, language: string): string {
  return numberFormat(intlLocale(language), { maximumFractionDigits: 0 }).format(count);
}

/** A share (0.125) as a percent in the desk's language, with Latin digits in Arabic too: "12.5%", "12.5٪". */
export function formatShare(share: number, language: string): string {
  return numberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: share < 0.1 ? 1 : 0 }).format(share);
}
