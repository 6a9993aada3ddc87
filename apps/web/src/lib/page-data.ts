import type { Airport, Booking, PublicConfig } from '@kwenda/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { warmPriceFormats } from './format/warm-price-formats';

/**
 * What the server knew when it rendered the page for this address (apps/api/src/plugins/rendered-pages.ts):
 * the airports the address names, so a search's summary shows their cities from the first paint, and the
 * run-time config (GET /config: contacts, the agency's registration, the staging flag). The page carries
 * it as JSON (#kwenda-page-data) and the browser hydrates with the same, before the full airport list or
 * the config would have arrived. A booking's page sent to its owner also carries the booking (as its
 * API read answers them) and when it was rendered. Empty on pages rendered in the browser.
 */
export interface PageData {
  airports: Airport[];
  config?: PublicConfig;
  booking?: Booking;
  /** When the server rendered the page (epoch ms): what its first render shows as "now". */
  now?: number;
}

/** Where TanStack Query keeps a booking (features/booking reads it with useBooking). */
export const bookingQueryKey = (id: string) => ['booking', id] as const;

/**
 * The booking a page came with, put where the booking page reads it: hydration renders what the server
 * rendered, and the page does not ask for it again (it is as fresh as a read made now).
 */
export function seedPageBooking(queryClient: QueryClient, pageData: PageData) {
  if (pageData.booking)
    queryClient.setQueryData(bookingQueryKey(pageData.booking.id), pageData.booking, { updatedAt: Date.now() });
}

/** The prices a booking's page shows, as [amount, currency]: its total and each transfer account's amount. */
export const bookingPrices = (booking: Booking): [number, string][] => [
  [booking.amount, booking.currency],
  ...booking.transferAccounts.map((account): [number, string] => [account.amount, account.currency]),
];

/**
 * A worker loads the number data for a booking's prices (lib/format/warm-price-formats.ts): main.tsx starts it
 * once the page has painted, the booking page waits for the same one before it hydrates.
 */
export const warmBookingPrices = (booking: Booking, language: string): Promise<void> =>
  warmPriceFormats(
    bookingPrices(booking).map(([, currency]) => currency),
    language,
  );

export const PAGE_DATA_ELEMENT_ID = 'kwenda-page-data';

const empty: PageData = { airports: [] };

export const PageDataContext = createContext<PageData>(empty);

export const usePageData = () => useContext(PageDataContext);

/** The page data the server wrote into the page, if any (a page the browser renders has none). */
export function readPageData(document: Document): PageData {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return empty;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    const config = data.config && typeof data.config === 'object' ? { config: data.config } : {};
    const booking =
      data.booking && typeof data.booking === 'object' && typeof data.booking.id === 'string' ? { booking: data.booking } : {};
    const now = typeof data.now === 'number' ? { now: data.now } : {};
    return { airports: Array.isArray(data.airports) ? data.airports : [], ...config, ...booking, ...now };
  } catch {
    return empty;
  }
}

/** The JSON for #kwenda-page-data, safe inside a <script> element: no "</script>" or "<!--" can close it. */
export function pageDataJson(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
