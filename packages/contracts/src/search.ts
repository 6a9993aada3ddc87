import './zod-config.js';
import { z } from 'zod';
import { currencySchema, iataCodeSchema, isoDateSchema } from './common.js';
import { offerFiltersSchema } from './offer-filters.js';
import {
  cabinClassCodes,
  checkPassengerCounts,
  checkSearchRules,
  SEARCH_DEFAULTS,
  SEARCH_LIMITS,
  sortOrders,
  tripTypes,
} from './search-rules.js';

export const tripTypeSchema = z.enum(tripTypes);
export const cabinClassCodeSchema = z.enum(cabinClassCodes);
export const sortOrderSchema = z.enum(sortOrders);

const count = (max: number) => z.number().int().min(0).max(max);

const passengerCountsShape = z.object({
  adults: count(SEARCH_LIMITS.adults).default(SEARCH_DEFAULTS.passengers.adults),
  children: count(SEARCH_LIMITS.children).default(0),
  infants: count(SEARCH_LIMITS.infants).default(0),
});

/**
 * Passenger counts of any request (a new booking, ...) with the party rules of checkPassengerCounts.
 * A search checks the same rules among its own (checkSearchRules), so its filters use the bare shape
 * and each problem is reported once.
 */
export const passengerCountsSchema = passengerCountsShape.superRefine((counts, ctx) => {
  for (const issue of checkPassengerCounts(counts)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: { code: issue.code } });
  }
});
export type PassengerCounts = z.infer<typeof passengerCountsSchema>;

export const baggageRequestSchema = z.object({
  hold: count(SEARCH_LIMITS.hold).default(SEARCH_DEFAULTS.baggage.hold),
  carryOn: count(SEARCH_LIMITS.carryOn).default(0),
});
export type BaggageRequest = z.infer<typeof baggageRequestSchema>;

export const searchSliceSchema = z.object({
  id: z.union([z.string().max(64), z.number()]).transform(String),
  departureStation: iataCodeSchema,
  destinationStation: iataCodeSchema,
  departureDate: isoDateSchema,
});
export type SearchSlice = z.infer<typeof searchSliceSchema>;

const searchFiltersBase = z.object({
  tripType: tripTypeSchema.default(SEARCH_DEFAULTS.tripType),
  departureStation: iataCodeSchema.optional(),
  destinationStation: iataCodeSchema.optional(),
  departureDate: isoDateSchema.optional(),
  returnDate: isoDateSchema.nullish(),
  cabinClass: cabinClassCodeSchema.nullish().default(null),
  passengers: passengerCountsShape.default(SEARCH_DEFAULTS.passengers),
  baggage: baggageRequestSchema.default(SEARCH_DEFAULTS.baggage),
  currency: currencySchema.default(SEARCH_DEFAULTS.currency),
  /** 0 = direct flights only; null/absent = any. */
  maxConnections: z.number().int().min(0).max(2).nullish(),
  slices: z.array(searchSliceSchema).max(SEARCH_LIMITS.maxLegs).nullish(),
});
export type SearchFilters = z.infer<typeof searchFiltersBase>;

export const searchFiltersSchema = searchFiltersBase.superRefine((filters, ctx) => {
  for (const issue of checkSearchRules(filters)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: { code: issue.code } });
  }
});
export type SearchFiltersInput = z.input<typeof searchFiltersBase>;

export const offerRequestSchema = z.object({
  filters: searchFiltersSchema,
  page: z.number().int().min(1).max(1000).default(1),
  order: sortOrderSchema.default(SEARCH_DEFAULTS.order),
  /** The offers page's filters (stops, airlines, times, price, duration, bags); absent = every offer. */
  offerFilters: offerFiltersSchema.optional(),
});
export type OfferRequest = z.infer<typeof offerRequestSchema>;
export type OfferRequestInput = z.input<typeof offerRequestSchema>;

export const bestOffersRequestSchema = z.object({ filters: searchFiltersSchema });
export type BestOffersRequest = z.infer<typeof bestOffersRequestSchema>;
