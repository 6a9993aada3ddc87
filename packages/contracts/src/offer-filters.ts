import './zod-config.js';
import { z } from 'zod';
import { SEARCH_LIMITS } from './search-rules.js';
import { OFFER_FILTER_LIMITS, stopOptions, timeWindows, type OfferFilterValues } from './offer-filter-rules.js';

export const stopOptionSchema = z.enum(stopOptions);
export const timeWindowSchema = z.enum(timeWindows);

const windowsSchema = z.array(timeWindowSchema).max(timeWindows.length);
const priceSchema = z.number().nonnegative().max(1e12);

/**
 * Filters of POST /offers/request (`offerFilters`): they narrow the search's offers on the server,
 * over every offer of the search rather than the page on screen. Unknown members are refused so a
 * misspelt filter is a 400, not a silently unfiltered list.
 */
export const offerFiltersSchema = z
  .strictObject({
    stops: z.array(stopOptionSchema).max(stopOptions.length).optional(),
    airlines: z
      .array(z.string().regex(/^[A-Z0-9]{2}$/, 'Expected a two-character IATA airline code'))
      .max(OFFER_FILTER_LIMITS.airlines)
      .optional(),
    /** Per slice of the search, in order; checked against the search's slice count by the server. */
    slices: z
      .array(z.strictObject({ departure: windowsSchema.optional(), arrival: windowsSchema.optional() }))
      .max(SEARCH_LIMITS.maxLegs)
      .optional(),
    minPrice: priceSchema.optional(),
    maxPrice: priceSchema.optional(),
    maxDuration: z.number().int().positive().max(OFFER_FILTER_LIMITS.maxDurationMinutes).optional(),
    bagsIncluded: z.boolean().optional(),
  })
  .superRefine((filters, ctx) => {
    if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice)
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'The highest price must not be below the lowest price',
        params: { code: 'price_range_reversed' },
      });
  });
export type OfferFilters = z.infer<typeof offerFiltersSchema>;

// The zod-free description (offer-filter-rules.ts) and the schema must describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const filtersAgree: Same<Required<OfferFilters>, Required<OfferFilterValues>> = true;
void filtersAgree;
