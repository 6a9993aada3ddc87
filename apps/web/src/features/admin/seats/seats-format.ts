import type { AllotmentDatedFlight } from '@kwenda/contracts/admin';
import { formatCalendarDate } from '@kwenda/contracts/display';
import { numberFormat } from '../../../lib/format/intl-cache';
import { intlLocale } from '../../../lib/format/intl-locale';

/** What travellers can do with a dated flight now, the first that applies: the badge staff see. */
export type SaleState = 'cancelled' | 'salesClosed' | 'flightPaused' | 'datePaused' | 'soldOut' | 'onSale';

export function saleState(flight: AllotmentDatedFlight): SaleState {
  if (flight.cancelled) return 'cancelled';
  if (flight.salesClosed) return 'salesClosed';
  if (!flight.flightOnSale) return 'flightPaused';
  if (!flight.onSale) return 'datePaused';
  if (flight.seats.left <= 0) return 'soldOut';
  return 'onSale';
}

export const SALE_STATE_COLORS: Record<SaleState, string> = {
  cancelled: 'red',
  salesClosed: 'gray',
  flightPaused: 'yellow',
  datePaused: 'yellow',
  soldOut: 'red',
  onSale: 'teal',
};

/** The badges' text: dark enough on their light background to read at 4.5:1 (Mantine's own is paler). */
export const SALE_STATE_TEXT: Record<SaleState, string> = {
  cancelled: 'var(--mantine-color-red-9)',
  salesClosed: 'var(--mantine-color-gray-8)',
  flightPaused: 'var(--mantine-color-dark-7)',
  datePaused: 'var(--mantine-color-dark-7)',
  soldOut: 'var(--mantine-color-red-9)',
  onSale: 'var(--mantine-color-teal-9)',
};

/** The airline's name in the desk's language. */
export const airlineName = (flight: Pick<AllotmentDatedFlight, 'airline'>, language: string) =>
  language === 'ar' ? flight.airline.nameAr : flight.airline.nameEn;

/** "3T212", as tickets and the airline's office write it. */
export const flightCode = (flight: Pick<AllotmentDatedFlight, 'airline' | 'flightNumber'>) =>
  `${flight.airline.iataCode}${flight.flightNumber}`;

/** "PZU → CAI" (left to right in both languages). */
export const routeText = (flight: Pick<AllotmentDatedFlight, 'origin' | 'destination'>) =>
  `${flight.origin} → ${flight.destination}`;

/** "13:30 → 15:40", "23:10 → 01:20 +1": local at each airport, the next day marked. */
export const timesText = (flight: Pick<AllotmentDatedFlight, 'departureTime' | 'arrivalTime' | 'arrivalDayOffset'>) =>
  `${flight.departureTime} → ${flight.arrivalTime}${flight.arrivalDayOffset ? ' +1' : ''}`;

/** "Fri 4 Dec 2026" / "الجمعة، 4 ديسمبر 2026". */
export const dateText = (date: string, language: string) =>
  formatCalendarDate(date, language, { weekday: 'short', month: 'short', year: true });

/** The manifest's file name: "manifest-3T212-PZU-CAI-2026-12-04.csv". */
export const manifestFileName = (flight: AllotmentDatedFlight) =>
  `manifest-${flightCode(flight)}-${flight.origin}-${flight.destination}-${flight.departureDate}.csv`;

/** A fare as staff enter it, with its currency: "420 USD", "185,000 SDG". */
export const fareText = (amount: number, currency: string, language: string) =>
  `${numberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
