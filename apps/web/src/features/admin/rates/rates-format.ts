import type { MarkupRule } from '@kwenda/contracts/admin';
import { agencyDateTime, formatAgencyDateTime } from '@kwenda/contracts/display';
import type { TFunction } from 'i18next';
import { numberFormat } from '../../../lib/format/intl-cache';
import { intlLocale } from '../../../lib/format/intl-locale';
import { formatPrice } from '../../../lib/format/format-price';

/** A rate as staff write it, to its last decimal: "2,600 SDG", "3.6725 AED". */
export const formatUnits = (units: number, currency: string, language: string) =>
  `${numberFormat(intlLocale(language), { maximumFractionDigits: 6 }).format(units)} ${currency}`;

/** "1 USD = 2,600 SDG" (left to right in both languages, as a sum is written). */
export const rateEquation = (units: number, currency: string, language: string) =>
  `${formatUnits(1, 'USD', language)} = ${formatUnits(units, currency, language)}`;

/** A moment of the history on the agency's clock, with the year: "24 Nov 2025 at 10:05 Khartoum time". */
export const stamp = (instant: string, language: string) =>
  formatAgencyDateTime(instant, language, { month: 'short', year: true });

/** The change from one rate to another, signed, in percent: "+12.5%". */
export function percentChange(from: number, to: number, language: string): string {
  const change = ((to - from) / from) * 100;
  const text = numberFormat(intlLocale(language), { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change);
  return `${text}%`;
}

/** What a rule applies to: "Airline SD · From KRT · To DXB · Business cabin", or "All trips". */
export function scopeOf(rule: Pick<MarkupRule, 'airline' | 'origin' | 'destination' | 'cabin'>, t: TFunction<'admin-rates'>) {
  const parts = [
    rule.airline && t('markups.airline', { code: rule.airline }),
    rule.origin && t('markups.from', { code: rule.origin }),
    rule.destination && t('markups.to', { code: rule.destination }),
    rule.cabin && t('markups.cabin', { cabin: t(`cabin.${rule.cabin}`) }),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('markups.allTrips');
}

/** "5% of the fare + US$3.00 per passenger", or "No markup". */
export function markupText(rule: Pick<MarkupRule, 'percent' | 'fixedUsd'>, t: TFunction<'admin-rates'>, language: string) {
  const parts = [
    rule.percent > 0 &&
      t('markups.percent', { percent: numberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(rule.percent) }),
    rule.fixedUsd > 0 && t('markups.fixed', { amount: formatPrice(rule.fixedUsd, 'USD', language) }),
  ].filter(Boolean);
  return parts.length ? parts.join(' + ') : t('markups.none');
}

/** Khartoum keeps UTC+2 all year (no summer time since 2017). */
const KHARTOUM_OFFSET = '+02:00';

/** A date (yyyy-MM-dd) and time (HH:mm) on the agency's clock, as the instant the API takes. */
export const agencyInstant = (date: string, time: string) => `${date}T${time}:00${KHARTOUM_OFFSET}`;

/** The next whole hour on the agency's clock: the form's first suggestion for a rate set for later. */
export function nextAgencyHour(now = new Date()): { date: string; time: string } {
  const at = agencyDateTime(new Date(now.getTime() + 3_600_000))!;
  return { date: at.date, time: `${at.time.slice(0, 2)}:00` };
}
