import {
  addDays,
  passengerCountRange,
  SEARCH_LIMITS,
  type CabinClassCode,
  type PassengerKey,
  type TripType,
} from '@kwenda/contracts/rules';
import { newLegId, type SearchLeg, type SearchState } from '../../lib/search-params';

export type CountKey = 'adults' | 'children' | 'infants' | 'hold' | 'carryOn';
export type TripField = 'departureStation' | 'destinationStation' | 'departureDate' | 'returnDate';
export type LegPatch = Partial<Omit<SearchLeg, 'id'>>;

export type SearchAction =
  | { type: 'tripType'; tripType: TripType; today: string }
  | { type: 'field'; field: TripField; value: string }
  | { type: 'swap' }
  | { type: 'leg'; id: string; patch: LegPatch; today: string }
  | { type: 'swapLeg'; id: string }
  | { type: 'addLeg'; today: string }
  | { type: 'removeLeg'; id: string }
  | { type: 'count'; key: CountKey; value: number }
  | { type: 'cabinClass'; cabinClass: CabinClassCode | null }
  | { type: 'directOnly'; directOnly: boolean }
  | { type: 'replace'; search: SearchState };

/**
 * A flight after one on `previous`: the next day (never before today), or the same day when the
 * next is beyond the dates on sale. Empty while the previous flight has no date.
 */
export function nextLegDate(previous: string, today: string): string {
  if (!previous) return '';
  const next = addDays(previous < today ? today : previous, 1);
  return next > addDays(today, SEARCH_LIMITS.maxDaysAhead) ? previous : next;
}

/** The flight after `previous`: it leaves from where `previous` lands, the day after it. */
const legAfter = (previous: SearchLeg | undefined, today: string): SearchLeg => ({
  id: newLegId(),
  departureStation: previous?.destinationStation ?? '',
  destinationStation: '',
  departureDate: nextLegDate(previous?.departureDate ?? '', today),
});

/**
 * After a leg changed: a later leg whose date now falls before the leg ahead of it moves to the day
 * after that leg (the order airlines need), and an empty origin takes the previous destination.
 */
function followLeg(legs: SearchLeg[], changed: number, today: string): SearchLeg[] {
  const next = [...legs];
  for (let index = changed + 1; index < next.length; index++) {
    const previous = next[index - 1]!;
    const leg = next[index]!;
    const fill = index === changed + 1 && !leg.departureStation && previous.destinationStation;
    const late = leg.departureDate && previous.departureDate && leg.departureDate < previous.departureDate;
    if (!fill && !late) break;
    next[index] = {
      ...leg,
      ...(fill ? { departureStation: previous.destinationStation } : {}),
      ...(late ? { departureDate: nextLegDate(previous.departureDate, today) } : {}),
    };
  }
  return next;
}

/** Keeps a passenger count within the party rules (contracts' passengerCountRange); a count already outside may only move back. */
function passengerCount(passengers: SearchState['passengers'], key: PassengerKey, wanted: number): number {
  const current = passengers[key];
  const { min, max } = passengerCountRange(passengers, key);
  return wanted > current ? Math.max(current, Math.min(wanted, max)) : Math.min(current, Math.max(wanted, min));
}

export function countOf(search: SearchState, key: CountKey): number {
  return key === 'hold' || key === 'carryOn' ? search.baggage[key] : search.passengers[key];
}

/** Every change the search form can make, as one pure function (tested without a browser). */
export function searchReducer(search: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'tripType': {
      const next = { ...search, tripType: action.tripType };
      // Switching to multi-city with fewer than two legs creates two: the first is the current trip,
      // the second leaves from where it lands, the day after (never an error before the traveller acts).
      if (action.tripType === 'multi-city' && search.slices.length < SEARCH_LIMITS.minLegs) {
        const first: SearchLeg = {
          id: newLegId(),
          departureStation: search.departureStation,
          destinationStation: search.destinationStation,
          departureDate: search.departureDate,
        };
        next.slices = [first, legAfter(first, action.today)];
      }
      return next;
    }
    case 'field':
      return { ...search, [action.field]: action.value };
    case 'swap':
      return { ...search, departureStation: search.destinationStation, destinationStation: search.departureStation };
    case 'leg': {
      const index = search.slices.findIndex((leg) => leg.id === action.id);
      if (index < 0) return search;
      const slices = search.slices.map((leg, i) => (i === index ? { ...leg, ...action.patch } : leg));
      return { ...search, slices: followLeg(slices, index, action.today) };
    }
    case 'swapLeg':
      return {
        ...search,
        slices: search.slices.map((leg) =>
          leg.id === action.id
            ? { ...leg, departureStation: leg.destinationStation, destinationStation: leg.departureStation }
            : leg,
        ),
      };
    case 'addLeg': {
      if (search.slices.length >= SEARCH_LIMITS.maxLegs) return search;
      return { ...search, slices: [...search.slices, legAfter(search.slices.at(-1), action.today)] };
    }
    case 'removeLeg':
      if (search.slices.length <= SEARCH_LIMITS.minLegs) return search;
      return { ...search, slices: search.slices.filter((leg) => leg.id !== action.id) };
    case 'count': {
      const value = Math.min(Math.max(Math.trunc(action.value), 0), SEARCH_LIMITS[action.key]);
      if (action.key === 'hold' || action.key === 'carryOn')
        return { ...search, baggage: { ...search.baggage, [action.key]: value } };
      return {
        ...search,
        passengers: { ...search.passengers, [action.key]: passengerCount(search.passengers, action.key, value) },
      };
    }
    case 'cabinClass':
      return { ...search, cabinClass: action.cabinClass };
    case 'directOnly':
      return { ...search, directOnly: action.directOnly };
    case 'replace':
      return action.search;
  }
}
