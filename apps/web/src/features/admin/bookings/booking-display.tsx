import { agencyDateTime } from '@kwenda/contracts/display';
import { formatCalendarDate, type BookingStatus } from '@kwenda/contracts/rules';
import type { Segment } from '@kwenda/contracts';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { airportCity, useAirports } from '../../../lib/airports';
import { formatDeadline, formatTravelDate } from '../../../lib/format/format-date';
import { localTime } from '../../../lib/format/flight-times';

/**
 * Small pieces both bookings screens show the same way: a status badge, a route, times on the agency's
 * clock, flight dates as the airline prints them.
 */

const STATUS_COLORS: Record<BookingStatus, string> = {
  created: 'gray',
  'offer-unavailable': 'gray',
  'pending-payment': 'yellow',
  'payment-confirmed': 'blue',
  confirmed: 'green',
  'price-changed': 'orange',
  rescheduled: 'orange',
  canceled: 'red',
  refunded: 'grape',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('admin-bookings');
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} {...tintedBadge}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Dark text on a light tint of the badge's colour: readable (colour contrast) whatever the colour. */
// A long status wraps inside its badge rather than being cut.
export const tintedBadge = {
  variant: 'light',
  c: 'dark.9',
  radius: 'sm',
  styles: {
    root: { textTransform: 'none', height: 'auto', minHeight: 20, paddingBlock: 2, maxWidth: '100%' },
    label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
  },
} as const;

/** Isolated left-to-right: a code, a number or an e-mail keeps its order inside Arabic text. */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/** "PZU → CAI" in English, "PZU ← CAI" in Arabic, each code isolated so the arrow follows the sentence. */
export function useRouteText() {
  const { t } = useTranslation('admin-bookings');
  return (origin: string, destination: string) => t('route', { origin: ltr(origin), destination: ltr(destination) });
}

/** An instant (ISO) on the agency's clock: "Wednesday 25 November at 00:01 Khartoum time". */
export const formatInstant = (instant: string, language: string) => formatDeadline(instant, language);

/** A flight's local departure (yyyy-MM-ddTHH:mm:ss at the airport): "Tue 15 Dec 14:05". */
export const formatFlightDateTime = (local: string, language: string) =>
  `${formatTravelDate(local.slice(0, 10), language)} ${ltr(localTime(local))}`;

/**
 * An instant as a table cell: its day and clock time in Khartoum, the year only when it is not this
 * year's ("12 Mar 14:05"); the column heading names the zone.
 */
export function formatShortInstant(instant: string, language: string, now = new Date()): string {
  const at = agencyDateTime(instant);
  const today = agencyDateTime(now);
  if (!at) return '';
  const year = at.date.slice(0, 4) !== today?.date.slice(0, 4);
  return `${formatCalendarDate(at.date, language, { month: 'short', year })} ${ltr(at.time)}`;
}

/** A segment's departure and arrival, each with its city, airport code and local date and time. */
export function SegmentTimes({
  segment,
}: {
  segment: Pick<Segment, 'origin' | 'destination' | 'departureDate' | 'arrivalDate'>;
}) {
  const { t, i18n } = useTranslation('admin-bookings');
  const language = i18n.language;
  const { byCode } = useAirports();
  const city = (code: string) => `${airportCity(byCode.get(code), language, code)} ${ltr(code)}`;
  return (
    <>
      <Text size="sm">
        {t('itinerary.departs')}: {city(segment.origin)} — {formatFlightDateTime(segment.departureDate, language)}
      </Text>
      <Text size="sm">
        {t('itinerary.arrives')}: {city(segment.destination)} — {formatFlightDateTime(segment.arrivalDate, language)}
      </Text>
    </>
  );
}
