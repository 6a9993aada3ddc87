import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';
import { formatInstant, ltr } from './booking-display';
import classes from './bookings.module.css';

/** An instant as the server writes it (toISOString). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Details that are sums of money in the booking's currency (the event's own `currency`, else the booking's). */
const MONEY_KEYS = new Set(['amount', 'previousAmount', 'paid', 'refundedSoFar', 'owed', 'airlineFee', 'agencyFee']);
/** Details whose value is itself a word of the catalog (a refund method, a reason code). */
const WORD_KEYS = new Set(['method', 'reason', 'manual']);

export interface DetailRow {
  key: string;
  label: string;
  value: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Each passenger's extra bags, in passenger order: { weight in kg: count } in older events, else
 * { the airline's baggage option: count } (its reference, such as 'hold-extra', is no word to show).
 */
function extrasText(value: unknown[], t: Translate, language: string): string {
  return value
    .map((bags) => {
      const entries = Object.entries((bags ?? {}) as Record<string, number>).filter(([, count]) => count > 0);
      return entries.length
        ? entries
            .map(([weight, count]) =>
              /^\d+$/.test(weight) ? t('timeline.values.bags', { count, weight }) : t('timeline.values.extraBags', { count }),
            )
            .join(' + ')
        : t('timeline.values.noBags');
    })
    .join(language === 'ar' ? '، ' : ', ');
}

const isMoney = (value: unknown): value is { amount: number | null; currency: string; to?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  'amount' in value &&
  'currency' in value &&
  typeof value.currency === 'string' &&
  (typeof value.amount === 'number' || value.amount === null);

function valueText(key: string, value: unknown, currency: string | null, t: Translate, language: string): string {
  if (typeof value === 'boolean') return t(value ? 'timeline.values.yes' : 'timeline.values.no');
  if (typeof value === 'number' && MONEY_KEYS.has(key) && currency) return formatPrice(value, currency, language);
  if (key === 'extras' && Array.isArray(value)) return extrasText(value, t, language);
  if (typeof value === 'string' && INSTANT.test(value)) return formatInstant(value, language);
  if (typeof value === 'string' && WORD_KEYS.has(key)) return t(`timeline.values.${value}`, { defaultValue: value });
  // Tickets: each passenger's ticket number.
  if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'ticketNumber' in item))
    return value
      .map((item) => ltr(String((item as { ticketNumber: unknown }).ticketNumber)))
      .join(language === 'ar' ? '، ' : ', ');
  if (Array.isArray(value)) return value.map((item) => ltr(String(item))).join(language === 'ar' ? '، ' : ', ');
  if (isMoney(value)) {
    // A sum in its own currency (a cancellation's refund, the airline's quote), and where the airline sends it.
    const amount = value.amount === null ? '—' : formatPrice(value.amount, value.currency, language);
    return typeof value.to === 'string'
      ? t('timeline.values.refundTo', { amount, to: t(`timeline.values.${value.to}`, { defaultValue: value.to }) })
      : amount;
  }
  if (typeof value === 'object') return ltr(JSON.stringify(value));
  return ltr(String(value));
}

/**
 * An event's details (reasons, amounts, receipt and refund ids, tickets, deadlines) as labelled lines
 * in the page's language: known names and words from the catalog, amounts as money, instants as the
 * reader's date and time; a detail the catalog does not know yet shows under its own name.
 */
export function eventDetailRows(
  details: Record<string, unknown>,
  t: Translate,
  language: string,
  bookingCurrency: string | null = null,
): DetailRow[] {
  const currency = typeof details.currency === 'string' ? details.currency : bookingCurrency;
  return Object.entries(details)
    .filter(([key, value]) => value !== null && value !== undefined && value !== '' && key !== 'currency')
    .map(([key, value]) => ({
      key,
      label: t(`timeline.fields.${key}`, { defaultValue: key }),
      value: valueText(key, value, currency, t, language),
    }));
}

export function EventDetails({ details, currency }: { details: Record<string, unknown>; currency: string }) {
  const { t, i18n } = useTranslation('admin-bookings');
  const rows = eventDetailRows(details, t as Translate, i18n.language, currency);
  if (!rows.length) return null;
  return (
    <dl className={classes.details} aria-label={t('timeline.details')}>
      {rows.map((row) => (
        <div key={row.key} className={classes.detailRow}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
