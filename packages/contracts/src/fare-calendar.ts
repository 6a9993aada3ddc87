import './zod-config.js';
import { z } from 'zod';
import { currencySchema, isoDateSchema } from './common.js';
import { searchFiltersSchema } from './search.js';

export const fareCalendarDayStatuses = [
  /** Flights found: `lowestPrice` is the cheapest total. */
  'priced',
  'no-flights',
  /** Before today: not searched. */
  'past',
  /** Beyond the airlines' sales window: not searched. */
  'not-on-sale',
  /**
   * Not searched yet: the supplier's searches take seconds and are metered (Duffel), so the strip prices
   * only the days someone searched recently; choosing the day searches it.
   */
  'not-searched',
] as const;

/** POST /offers/calendar: the same search as POST /offers/request (one-way or round trip). */
export const fareCalendarRequestSchema = z.object({ filters: searchFiltersSchema }).superRefine(({ filters }, ctx) => {
  // A multi-city trip has no single date to move: the strip is not offered for it.
  if (filters.tripType === 'multi-city')
    ctx.addIssue({
      code: 'custom',
      path: ['filters', 'tripType'],
      message: 'The fare calendar is for one-way and round trips only',
      params: { code: 'calendar_multi_city' },
    });
});
export type FareCalendarRequest = z.infer<typeof fareCalendarRequestSchema>;
export type FareCalendarRequestInput = z.input<typeof fareCalendarRequestSchema>;

export const fareCalendarDaySchema = z.object({
  departureDate: isoDateSchema,
  /** Round trips keep their length: the return moves with the departure. Null for one-way trips. */
  returnDate: isoDateSchema.nullable(),
  status: z.enum(fareCalendarDayStatuses),
  /** The cheapest offer's total for all travellers in `currency`, as the search of that day prices it; null unless priced. */
  lowestPrice: z.number().nonnegative().nullable(),
});
export type FareCalendarDay = z.infer<typeof fareCalendarDaySchema>;

export const fareCalendarResultSchema = z.object({
  currency: currencySchema,
  /** 2 x FARE_CALENDAR_DAYS_AROUND + 1 days in date order, the chosen date in the middle. */
  days: z.array(fareCalendarDaySchema),
});
export type FareCalendarResult = z.infer<typeof fareCalendarResultSchema>;
