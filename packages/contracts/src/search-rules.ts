// Zod-free on purpose (type imports only): see rules.ts.
import { addDays, todayIn } from './calendar.js';
import { DEFAULT_CURRENCY } from './currencies.js';
import { fieldErrorCodes } from './field-error-codes.js';
import type { SearchFilters } from './search.js';

export const tripTypes = ['one-way', 'round-trip', 'multi-city'] as const;
export type TripType = (typeof tripTypes)[number];

export const cabinClassCodes = ['economy', 'premium-economy', 'business', 'first'] as const;
export type CabinClassCode = (typeof cabinClassCodes)[number];

export const sortOrders = ['lowest', 'fastest'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** What one search may ask for: travellers and bags of each kind, the legs of a multi-city trip, how far ahead. */
export const SEARCH_LIMITS = {
  adults: 9,
  children: 9,
  infants: 9,
  /** Airlines sell at most 9 seats in one booking; an infant on an adult's lap takes none. */
  seats: 9,
  hold: 2,
  carryOn: 1,
  minLegs: 2,
  maxLegs: 9,
  /** Airlines open sales about a year ahead. */
  maxDaysAhead: 360,
} as const;

/**
 * Days shown on each side of the chosen date in the fare calendar strip. Here, zod-free, rather than beside
 * the calendar's schemas: the offers page lays out the strip before it has loaded them.
 */
export const FARE_CALENDAR_DAYS_AROUND = 3;

export const SEARCH_DEFAULTS = {
  tripType: 'one-way' as TripType,
  passengers: { adults: 1, children: 0, infants: 0 },
  baggage: { hold: 1, carryOn: 0 },
  currency: DEFAULT_CURRENCY,
  order: 'lowest' as SortOrder,
};

/** A broken rule: where (`['slices', 1, 'departureDate']`), a stable code (fieldErrorCodes) and an English message. */
export type SearchRuleIssue = { path: (string | number)[]; code: string; message: string };

export type PassengerKey = 'adults' | 'children' | 'infants';
export type PassengerCountValues = Record<PassengerKey, number>;

/**
 * Who may travel together in one booking, wherever passenger counts arrive (a search, a new
 * booking): someone with a seat (an adult or a child) travels; adults and children together
 * take at most SEARCH_LIMITS.seats seats, the most airlines sell in one booking; each infant
 * travels on an adult's lap, so there are no more infants than adults. Paths are relative to
 * the counts (`[]` is the party as a whole).
 */
export function checkPassengerCounts(counts: PassengerCountValues): SearchRuleIssue[] {
  const issues: SearchRuleIssue[] = [];
  const seated = counts.adults + counts.children;
  if (seated < 1)
    issues.push({ path: ['adults'], code: fieldErrorCodes.noTraveller, message: 'At least one adult or child must travel' });
  if (seated > SEARCH_LIMITS.seats)
    issues.push({
      path: [],
      code: fieldErrorCodes.tooManyPassengers,
      message: `A booking holds at most ${SEARCH_LIMITS.seats} seats: adults and children together (infants on a lap need none)`,
    });
  if (counts.infants > counts.adults)
    issues.push({
      path: ['infants'],
      code: fieldErrorCodes.infantsExceedAdults,
      message: 'Each infant must travel on the lap of an adult',
    });
  return issues;
}

/**
 * How far one count may go while the others stay as they are, without breaking
 * checkPassengerCounts: the form's plus and minus buttons stop there.
 */
export function passengerCountRange(counts: PassengerCountValues, key: PassengerKey): { min: number; max: number } {
  const { adults, children, infants } = counts;
  switch (key) {
    case 'adults':
      // Not below the infants on their laps, nor to nobody travelling.
      return {
        min: Math.min(Math.max(infants, children > 0 ? 0 : 1), SEARCH_LIMITS.adults),
        max: Math.max(0, Math.min(SEARCH_LIMITS.adults, SEARCH_LIMITS.seats - children)),
      };
    case 'children':
      return {
        min: adults > 0 ? 0 : 1,
        max: Math.max(0, Math.min(SEARCH_LIMITS.children, SEARCH_LIMITS.seats - adults)),
      };
    case 'infants':
      return { min: 0, max: Math.min(SEARCH_LIMITS.infants, adults) };
  }
}

/**
 * Cross-field rules of a search. Shared by the form and the server, so
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
  for (const issue of checkPassengerCounts(filters.passengers)) issues.push({ ...issue, path: ['passengers', ...issue.path] });

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
