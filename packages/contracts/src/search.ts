import { z } from 'zod';
import { addDays, currencySchema, DEFAULT_CURRENCY, iataCodeSchema, isoDateSchema, todayIn } from './common.js';
import { fieldErrorCodes } from './errors.js';

export const tripTypes = ['one-way', 'round-trip', 'multi-city'] as const;
export const tripTypeSchema = z.enum(tripTypes);
export type TripType = z.infer<typeof tripTypeSchema>;

export const cabinClassCodes = ['economy', 'premium-economy', 'business', 'first'] as const;
export const cabinClassCodeSchema = z.enum(cabinClassCodes);
export type CabinClassCode = z.infer<typeof cabinClassCodeSchema>;

export const sortOrders = ['lowest', 'fastest'] as const;
export const sortOrderSchema = z.enum(sortOrders);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** SPEC section 9. */
export const SEARCH_LIMITS = {
  adults: 9,
  children: 9,
  infants: 9,
  hold: 2,
  carryOn: 1,
  minLegs: 2,
  maxLegs: 9,
  /** Airlines open sales about a year ahead. */
  maxDaysAhead: 360,
} as const;

export const SEARCH_DEFAULTS = {
  tripType: 'one-way' as TripType,
  passengers: { adults: 1, children: 0, infants: 0 },
  baggage: { hold: 1, carryOn: 0 },
  currency: DEFAULT_CURRENCY,
  order: 'lowest' as SortOrder,
};

const count = (max: number) => z.number().int().min(0).max(max);

export const passengerCountsSchema = z.object({
  adults: count(SEARCH_LIMITS.adults).default(SEARCH_DEFAULTS.passengers.adults),
  children: count(SEARCH_LIMITS.children).default(0),
  infants: count(SEARCH_LIMITS.infants).default(0),
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

type Issue = { path: (string | number)[]; code: string; message: string };

/**
 * Cross-field rules of SPEC section 5 "Search". Shared by the form and the server, so
 * both say the same thing about the same input. Returns problems with stable codes.
 */
export function checkSearchRules(filters: SearchFilters, today: string = todayIn()): Issue[] {
  const issues: Issue[] = [];
  const maxDate = addDays(today, SEARCH_LIMITS.maxDaysAhead);
  const checkDate = (date: string, path: (string | number)[]) => {
    if (date < today) issues.push({ path, code: fieldErrorCodes.dateInPast, message: 'Please enter a valid departure date: it is in the past' });
    else if (date > maxDate) issues.push({ path, code: fieldErrorCodes.dateTooFar, message: `Dates more than ${SEARCH_LIMITS.maxDaysAhead} days ahead are not on sale yet` });
  };
  const { passengers } = filters;
  if (passengers.adults + passengers.children < 1)
    issues.push({ path: ['passengers', 'adults'], code: fieldErrorCodes.noTraveller, message: 'At least one adult or child must travel' });
  if (passengers.infants > passengers.adults)
    issues.push({ path: ['passengers', 'infants'], code: fieldErrorCodes.infantsExceedAdults, message: 'Each infant must travel on the lap of an adult' });

  if (filters.tripType === 'multi-city') {
    const slices = filters.slices ?? [];
    if (slices.length < SEARCH_LIMITS.minLegs || slices.length > SEARCH_LIMITS.maxLegs) {
      issues.push({ path: ['slices'], code: fieldErrorCodes.legsRequired, message: `A multi-city trip has ${SEARCH_LIMITS.minLegs} to ${SEARCH_LIMITS.maxLegs} legs` });
    }
    slices.forEach((slice, index) => {
      checkDate(slice.departureDate, ['slices', index, 'departureDate']);
      if (slice.departureStation === slice.destinationStation)
        issues.push({ path: ['slices', index, 'destinationStation'], code: fieldErrorCodes.sameStations, message: 'Origin and destination must differ' });
      const previous = slices[index - 1];
      if (previous && slice.departureDate < previous.departureDate)
        issues.push({ path: ['slices', index, 'departureDate'], code: fieldErrorCodes.legDateOrder, message: 'A leg cannot depart before the previous leg' });
    });
    return issues;
  }

  if (!filters.departureStation) issues.push({ path: ['departureStation'], code: 'required', message: 'Required' });
  if (!filters.destinationStation) issues.push({ path: ['destinationStation'], code: 'required', message: 'Required' });
  if (!filters.departureDate) issues.push({ path: ['departureDate'], code: 'required', message: 'Required' });
  if (filters.departureStation && filters.departureStation === filters.destinationStation)
    issues.push({ path: ['destinationStation'], code: fieldErrorCodes.sameStations, message: 'Origin and destination must differ' });
  if (filters.departureDate) checkDate(filters.departureDate, ['departureDate']);
  if (filters.tripType === 'round-trip') {
    if (!filters.returnDate)
      issues.push({ path: ['returnDate'], code: fieldErrorCodes.returnRequired, message: 'A round trip needs a return date' });
    else if (filters.departureDate && filters.returnDate <= filters.departureDate)
      issues.push({ path: ['returnDate'], code: fieldErrorCodes.returnBeforeDeparture, message: 'Please enter a valid return date: it must be after the departure date' });
    else checkDate(filters.returnDate, ['returnDate']);
  }
  return issues;
}

const searchFiltersBase = z.object({
  tripType: tripTypeSchema.default(SEARCH_DEFAULTS.tripType),
  departureStation: iataCodeSchema.optional(),
  destinationStation: iataCodeSchema.optional(),
  departureDate: isoDateSchema.optional(),
  returnDate: isoDateSchema.nullish(),
  cabinClass: cabinClassCodeSchema.nullish().default(null),
  passengers: passengerCountsSchema.default(SEARCH_DEFAULTS.passengers),
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
});
export type OfferRequest = z.infer<typeof offerRequestSchema>;
export type OfferRequestInput = z.input<typeof offerRequestSchema>;

export const bestOffersRequestSchema = z.object({ filters: searchFiltersSchema });
export type BestOffersRequest = z.infer<typeof bestOffersRequestSchema>;
