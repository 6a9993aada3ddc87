import './zod-config.js';
import { z } from 'zod';
import { currencySchema, isoDateSchema, localDateTimeSchema } from './common.js';
import { cabinClassCodeSchema, tripTypeSchema } from './search.js';
import { passengerTypes } from './booking-rules.js';
import { stopOptionSchema, timeWindowSchema } from './offer-filters.js';

export const airlineSchema = z.object({
  iataCode: z.string().regex(/^[A-Z0-9]{2}$/),
  nameEn: z.string(),
  nameAr: z.string(),
  /** Path of a locally served logo, e.g. /airlines/SD.png (a 96 px PNG; bookings made before 2026-11-30 name the SVG beside it), or a supplier's URL */
  logo: z.string(),
});
export type Airline = z.infer<typeof airlineSchema>;

export const cabinClassSchema = z.object({
  code: cabinClassCodeSchema,
  labelAr: z.string(),
  labelEn: z.string(),
});
export type CabinClass = z.infer<typeof cabinClassSchema>;

export const segmentSchema = z.object({
  flightNumber: z.string(),
  airline: airlineSchema,
  origin: z.string(),
  destination: z.string(),
  /** Local time at the origin airport. */
  departureDate: localDateTimeSchema,
  /** Local time at the destination airport. */
  arrivalDate: localDateTimeSchema,
  durationInMinutes: z.number().int().positive(),
  /** Technical stops without a change of aircraft. */
  stops: z.number().int().min(0),
  aircraft: z.string().optional(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const offerSliceSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  departureDate: localDateTimeSchema,
  arrivalDate: localDateTimeSchema,
  /** Door-to-door time including connections, across time zones. */
  durationInMinutes: z.number().int().positive(),
  cabinClasses: z.array(cabinClassSchema),
  airlines: z.array(airlineSchema),
  segments: z.array(segmentSchema).min(1),
});
export type OfferSlice = z.infer<typeof offerSliceSchema>;

export const bagAllowanceSchema = z.object({ quantity: z.number().int().min(0), weight: z.number().min(0) });

/**
 * May the traveller do this before departure, and what does it cost (Duffel:
 * conditions.refund_before_departure / change_before_departure)?
 */
export const fareConditionSchema = z.object({
  allowed: z.boolean(),
  /** For all travellers together; 0 = free; null = allowed, but the airline states no amount. */
  penaltyAmount: z.number().nonnegative().nullable(),
  penaltyCurrency: currencySchema.nullable(),
});
export type FareCondition = z.infer<typeof fareConditionSchema>;

/** A condition is null when the airline does not say (the traveller must ask before booking). */
export const fareConditionsSchema = z.object({
  refundBeforeDeparture: fareConditionSchema.nullable(),
  changeBeforeDeparture: fareConditionSchema.nullable(),
});
export type FareConditions = z.infer<typeof fareConditionsSchema>;

/**
 * The total split by traveller type: `count` travellers of the type pay `amount` together, bags
 * asked for in the search included; the amounts add up to the offer's price, as on the booking page.
 */
export const offerFareSchema = z.object({
  passengerType: z.enum(passengerTypes),
  count: z.number().int().positive(),
  amount: z.number().nonnegative(),
});
export type OfferFare = z.infer<typeof offerFareSchema>;

export const offerSchema = z.object({
  reference: z.string(),
  /** Total for all passengers, in `currency`, rounded to the currency's usual unit: the sum of `fares`. */
  price: z.number().nonnegative(),
  fares: z.array(offerFareSchema).min(1),
  currency: currencySchema,
  tripType: tripTypeSchema,
  baggage: z.object({ hold: bagAllowanceSchema, carryOn: bagAllowanceSchema }),
  slices: z.array(offerSliceSchema).min(1),
  /** Refund and change before departure, penalties in `currency`. */
  conditions: fareConditionsSchema,
  /** Date asked for the first slice when this offer is an alternative-date suggestion. */
  requestedDate: isoDateSchema.optional(),
  expiresAt: z.iso.datetime(),
  /** True when the airline sells the offer for immediate card payment only: it cannot be held for pay-later. */
  instantPaymentOnly: z.boolean().optional(),
});
export type Offer = z.infer<typeof offerSchema>;

const facetCount = z.number().int().min(0);

/**
 * For each filter option (offerFilters of the request), how many offers it would leave with the
 * other filters as they are, so an option's count does not shrink to its own selection; and the
 * ranges the sliders span, over every offer of the search.
 */
export const offerFacetsSchema = z.object({
  /** Offers of the search before any filter. */
  unfiltered: facetCount,
  stops: z.array(z.object({ value: stopOptionSchema, count: facetCount })),
  /** Every carrier of the search's offers; an offer flown by two counts for both. */
  airlines: z.array(z.object({ airline: airlineSchema, count: facetCount })),
  /** Per slice: each window for leaving and for landing, in that airport's local time. */
  slices: z.array(
    z.object({
      departure: z.array(z.object({ value: timeWindowSchema, count: facetCount })),
      arrival: z.array(z.object({ value: timeWindowSchema, count: facetCount })),
    }),
  ),
  /** Lowest and highest total, in the search's currency; null when the search found nothing. */
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** Shortest and longest door-to-door time of an offer's longest slice, minutes. */
  duration: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** Offers whose price includes a checked bag. */
  bagsIncluded: facetCount,
});
export type OfferFacets = z.infer<typeof offerFacetsSchema>;

/** The exchange rate a search was priced at, for the small print under the prices. */
export const offerRateSchema = z.object({
  currency: currencySchema,
  /** Units of `currency` per US dollar. */
  unitsPerUsd: z.number().positive(),
  /** When the agency's rate took effect. */
  effectiveAt: z.iso.datetime({ offset: true }),
});
export type OfferRate = z.infer<typeof offerRateSchema>;

export const offerSearchResultSchema = z.object({
  offers: z.array(offerSchema),
  suggestions: z.array(offerSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Offers left by the filters (all of the search's when none). */
  total: z.number().int(),
  facets: offerFacetsSchema,
  rate: offerRateSchema,
  /** The search ran out of time (SUPPLIER_TIMEOUT_SECONDS) before every airline answered: these are the ones that did. */
  timedOut: z.boolean().optional(),
});
export type OfferSearchResult = z.infer<typeof offerSearchResultSchema>;

export const bestOffersResultSchema = z.object({
  price: z.array(offerSchema),
  duration: z.array(offerSchema),
});
export type BestOffersResult = z.infer<typeof bestOffersResultSchema>;

/**
 * POST /offers/stream answers application/x-ndjson: one of these events a line, as the supplier's
 * batches arrive. `progress` and `offers` after each batch but the last; one `complete` (or `error`)
 * last. Every `result` is page 1 of the offers arrived so far, as POST /offers/request would answer it.
 */
export const offerStreamProgressSchema = z.object({
  type: z.literal('progress'),
  /** Offers received from the supplier so far, before the traveller's filters. */
  receivedOffers: z.number().int().min(0),
  remainingBatches: z.number().int().min(0),
  totalBatches: z.number().int().min(0),
});
export type OfferStreamProgress = z.infer<typeof offerStreamProgressSchema>;

export const offerStreamEventSchema = z.discriminatedUnion('type', [
  offerStreamProgressSchema,
  /** Page 1 over the offers arrived so far; no nearby-date suggestions until the search is complete. */
  z.object({ type: z.literal('offers'), result: offerSearchResultSchema }),
  /** The search is over: page 1 with suggestions; `timedOut` when the supplier's search time ran out first. */
  z.object({ type: z.literal('complete'), result: offerSearchResultSchema, timedOut: z.boolean() }),
  /** The supplier failed mid-search; the stream ends here. */
  z.object({
    type: z.literal('error'),
    error: z.object({ code: z.enum(['SUPPLIER_UNAVAILABLE', 'INTERNAL_ERROR']), message: z.string() }),
  }),
]);
export type OfferStreamEvent = z.infer<typeof offerStreamEventSchema>;
