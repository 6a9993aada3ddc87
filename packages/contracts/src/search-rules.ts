// Zod-free on purpose (type imports only): see rules.ts.
import { addDays, todayIn } from './calendar.js';
import { DEFAULT_CURRENCY } from './currencies.js';
import { fieldErrorCodes } from './error-codes.js';
import type { SearchFilters } from './search.js';

export const tripTypes = ['one-way', 'round-trip', 'multi-city'] as const;
export type TripType = (typeof tripTypes)[number];

export const cabinClassCodes = ['economy', 'premium-economy', 'business', 'first'] as const;
export type CabinClassCode = (typeof cabinClassCodes)[number];

export const sortOrders = ['lowest', 'fastest'] as const;
export type SortOrder = (typeof sortOrders)[number];

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

/** A broken rule: where (`['slices', 1, 'departureDate']`), a stable code (fieldErrorCodes) and an English message. */
export type SearchRuleIssue = { path: (string | number)[]; code: string; message: string };

/**
 * Cross-field rules of SPEC section 5 "Search". Shared by the form and the server, so
 * both say the same thing about the same input. Returns problems with stable codes.
 */
export function checkSearchRules(filters: SearchFilters, today: string = todayIn()): SearchRuleIssue[] {
  const issues: SearchRuleIssue[] = [];
  const maxDate = addDays(today, SEARCH_LIMITS.maxDaysAhead);
  const checkDate = (date: string, path: (string | number)[]) => {
    if (date < today)
      issues.push({ path, code: fieldErrorCodes.dateInPast, message: 'Please enter a valid departure date: it is in the past' });
    else if (date > maxDate)
      issues.push({
        path,
        code: fieldErrorCodes.dateTooFar,
        message: `Dates more than ${SEARCH_LIMITS.maxDaysAhead} days ahead are not on sale yet`,
      });
  };
  const { passengers } = filters;
  if (passengers.adults + passengers.children < 1)
    issues.push({
      path: ['passengers', 'adults'],
      code: fieldErrorCodes.noTraveller,
      message: 'At least one adult or child must travel',
    });
  if (passengers.infants > passengers.adults)
    issues.push({
      path: ['passengers', 'infants'],
      code: fieldErrorCodes.infantsExceedAdults,
      message: 'Each infant must travel on the lap of an adult',
    });

  if (filters.tripType === 'multi-city') {
    const slices = filters.slices ?? [];
    if (slices.length < SEARCH_LIMITS.minLegs || slices.length > SEARCH_LIMITS.maxLegs) {
      issues.push({
        path: ['slices'],
        code: fieldErrorCodes.legsRequired,
        message: `A multi-city trip has ${SEARCH_LIMITS.minLegs} to ${SEARCH_LIMITS.maxLegs} legs`,
      });
    }
    slices.forEach((slice, index) => {
      checkDate(slice.departureDate, ['slices', index, 'departureDate']);
      if (slice.departureStation === slice.destinationStation)
        issues.push({
          path: ['slices', index, 'destinationStation'],
          code: fieldErrorCodes.sameStations,
          message: 'Origin and destination must differ',
        });
      const previous = slices[index - 1];
      if (previous && slice.departureDate < previous.departureDate)
        issues.push({
          path: ['slices', index, 'departureDate'],
          code: fieldErrorCodes.legDateOrder,
          message: 'A leg cannot depart before the previous leg',
        });
    });
    return issues;
  }

  if (!filters.departureStation) issues.push({ path: ['departureStation'], code: 'required', message: 'Required' });
  if (!filters.destinationStation) issues.push({ path: ['destinationStation'], code: 'required', message: 'Required' });
  if (!filters.departureDate) issues.push({ path: ['departureDate'], code: 'required', message: 'Required' });
  if (filters.departureStation && filters.departureStation === filters.destinationStation)
    issues.push({
      path: ['destinationStation'],
      code: fieldErrorCodes.sameStations,
      message: 'Origin and destination must differ',
    });
  if (filters.departureDate) checkDate(filters.departureDate, ['departureDate']);
  if (filters.tripType === 'round-trip') {
    if (!filters.returnDate)
      issues.push({ path: ['returnDate'], code: fieldErrorCodes.returnRequired, message: 'A round trip needs a return date' });
    else if (filters.departureDate && filters.returnDate <= filters.departureDate)
      issues.push({
        path: ['returnDate'],
        code: fieldErrorCodes.returnBeforeDeparture,
        message: 'Please enter a valid return date: it must be after the departure date',
      });
    else checkDate(filters.returnDate, ['returnDate']);
  }
  return issues;
}
