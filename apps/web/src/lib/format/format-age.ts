import { intlLocale } from './intl-locale';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];

/**
 * How long ago a moment was, in the traveller's language: "5 minutes ago", "قبل 5 دقائق", "now" under a
 * minute. Relative to the device's clock, which took the moment.
 */
export function formatAge(then: number, language: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  let amount = Math.max(0, Math.floor((now - then) / 60_000));
  if (amount === 0) return format.format(0, 'minute');
  for (const [unit, size] of STEPS) {
    if (amount < size) return format.format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return format.format(-amount, 'day');
}
