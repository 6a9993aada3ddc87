import type { Booking } from '@kwenda/contracts';
import { formatPrice } from '../../../lib/format/format-price';
import { bookingPrices, warmBookingPrices } from '../../../lib/page-data';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Builds the price formats a booking's page shows (its total, each transfer account's amount) before the
 * page hydrates: a worker first loads the language's number data (warm-price-formats.ts; main.tsx starts it
 * once the page has painted), then the page builds each format in a task of its own. Built on the page,
 * the first format was a task of 10-20 ms (40-80 ms at Lighthouse's 4x CPU); inside hydration it made one
 * long task of a single component. The formats are kept (lib/format/intl-cache.ts), so hydration formats
 * with them at once.
 */
export async function prepareBookingPrices(booking: Booking, language: string): Promise<void> {
  await warmBookingPrices(booking, language);
  for (const [amount, currency] of bookingPrices(booking)) {
    await nextTask();
    formatPrice(amount, currency, language);
  }
}
