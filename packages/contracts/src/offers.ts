import { z } from 'zod';
import { currencySchema, isoDateSchema, localDateTimeSchema } from './common.js';
import { cabinClassCodeSchema, tripTypeSchema } from './search.js';

export const airlineSchema = z.object({
  iataCode: z.string().regex(/^[A-Z0-9]{2}$/),
  nameEn: z.string(),
  nameAr: z.string(),
  /** Path of a locally served logo (SVG), e.g. /airlines/SD.svg */
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

export const offerSchema = z.object({
  reference: z.string(),
  /** Total for all passengers, in `currency`, rounded to the currency's usual unit. */
  price: z.number().nonnegative(),
  currency: currencySchema,
  tripType: tripTypeSchema,
  baggage: z.object({ hold: bagAllowanceSchema, carryOn: bagAllowanceSchema }),
  slices: z.array(offerSliceSchema).min(1),
  /** Date asked for the first slice when this offer is an alternative-date suggestion. */
  requestedDate: isoDateSchema.optional(),
  expiresAt: z.iso.datetime(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerSearchResultSchema = z.object({
  offers: z.array(offerSchema),
  suggestions: z.array(offerSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OfferSearchResult = z.infer<typeof offerSearchResultSchema>;

export const bestOffersResultSchema = z.object({
  price: z.array(offerSchema),
  duration: z.array(offerSchema),
});
export type BestOffersResult = z.infer<typeof bestOffersResultSchema>;
