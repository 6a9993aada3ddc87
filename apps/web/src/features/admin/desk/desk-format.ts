import { formatAgencyDateTime, formatCalendarDate } from '@kwenda/contracts/display';
import { formatPrice } from '../../../lib/format/format-price';

/** A moment on the agency's clock with the zone named, short enough for a card: "Tue 15 Dec at 14:05 Khartoum time". */
export const deskTime = (instant: string | null | undefined, language: string) =>
  instant ? formatAgencyDateTime(instant, language, { weekday: 'short', month: 'short' }) : '';

/** A flight's local departure day: "Tue 15 Dec". */
export const deskDate = (localDateTime: string, language: string) =>
  formatCalendarDate(localDateTime, language, { weekday: 'short', month: 'short' });

export const deskMoney = (amount: number, currency: string, language: string) => formatPrice(amount, currency, language);
