// Zod-free on purpose (type imports only): see rules.ts. The offers page reads filters from its
// address with these before the schemas have loaded, and the server filters with the same words.

/** How many connections an offer makes on its most-connected slice: direct, one stop, two or more. */
export const stopOptions = ['direct', 'one', 'two-plus'] as const;
export type StopOption = (typeof stopOptions)[number];

/**
 * Parts of the day a flight may leave or land in, in the local time of that airport (as printed on
 * the ticket): early morning 00-06, morning 06-12, afternoon 12-18, evening 18-24.
 */
export const timeWindows = ['early', 'morning', 'afternoon', 'evening'] as const;
export type TimeWindow = (typeof timeWindows)[number];

/** First hour of each window; each ends where the next starts (the last at midnight). */
export const TIME_WINDOW_START_HOUR: Record<TimeWindow, number> = { early: 0, morning: 6, afternoon: 12, evening: 18 };

export const OFFER_FILTER_LIMITS = {
  /** Carriers one filter may name (a search answers far fewer). */
  airlines: 40,
  /** A week: no itinerary of the network is longer. */
  maxDurationMinutes: 7 * 24 * 60,
} as const;

/** The window of a local wall-clock time (`yyyy-MM-ddTHH:mm:ss`). */
export function timeWindowOf(localDateTime: string): TimeWindow {
  const hour = Number(localDateTime.slice(11, 13));
  if (hour < TIME_WINDOW_START_HOUR.morning) return 'early';
  if (hour < TIME_WINDOW_START_HOUR.afternoon) return 'morning';
  if (hour < TIME_WINDOW_START_HOUR.evening) return 'afternoon';
  return 'evening';
}

/** The stop option of a number of connections. */
export const stopOptionOf = (connections: number): StopOption =>
  connections <= 0 ? 'direct' : connections === 1 ? 'one' : 'two-plus';

/** What each slice of an offer may be: windows for leaving and for landing; empty or absent = any. */
export interface SliceTimeFilter {
  departure?: TimeWindow[] | undefined;
  arrival?: TimeWindow[] | undefined;
}

/**
 * The filters of the offers page, narrowing a search's offers. An absent or empty criterion lets
 * every offer through; within a criterion the options are alternatives (direct OR one stop).
 */
export interface OfferFilterValues {
  stops?: StopOption[] | undefined;
  /** IATA codes: offers flown by any of them on any flight. */
  airlines?: string[] | undefined;
  /** Per slice of the search, in order. */
  slices?: SliceTimeFilter[] | undefined;
  /** The offer's total, in the search's currency, inclusive. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Longest door-to-door time of any slice, minutes. */
  maxDuration?: number | undefined;
  /** Only offers whose price includes at least one checked bag per traveller. */
  bagsIncluded?: boolean | undefined;
}
