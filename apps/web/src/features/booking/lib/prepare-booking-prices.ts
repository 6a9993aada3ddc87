import type { Booking } from '@kwenda/contracts';
import { formatPrice } from '../../../lib/format/format-price';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Builds the price formats a booking's page shows (its total, each transfer account's amount), each in a
 * task of its own, before the page hydrates: the first price format loads the language's number data
 * (about 70 ms at Lighthouse's 4x CPU), which inside hydration made one long task of a single component.
 * The formats are kept (lib/format/intl-cache.ts), so hydration formats with them at once.
 */
export async function prepareBookingPrices(booking: Booking, language: string): Promise<void> {
  const prices: [number, string][] = [
    [booking.amount, booking.currency],
    ...booking.transferAccounts.map((account): [number, string] => [account.amount, account.currency]),
  ];
  for (const [amount, currency] of prices) {
    await nextTask();
    formatPrice(amount, currency, language);
  }
}
