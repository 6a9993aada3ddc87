import { SEARCH_LIMITS, type CabinClassCode, type TripType } from '@kwenda/contracts/rules';
import { newLegId, type SearchLeg, type SearchState } from '../../lib/search-params';

export type CountKey = 'adults' | 'children' | 'infants' | 'hold' | 'carryOn';
export type TripField = 'departureStation' | 'destinationStation' | 'departureDate' | 'returnDate';
export type LegPatch = Partial<Omit<SearchLeg, 'id'>>;

export type SearchAction =
  | { type: 'tripType'; tripType: TripType; today: string }
  | { type: 'field'; field: TripField; value: string }
  | { type: 'swap' }
  | { type: 'leg'; id: string; patch: LegPatch }
  | { type: 'swapLeg'; id: string }
  | { type: 'addLeg' }
  | { type: 'removeLeg'; id: string }
  | { type: 'count'; key: CountKey; value: number }
  | { type: 'cabinClass'; cabinClass: CabinClassCode | null }
  | { type: 'directOnly'; directOnly: boolean }
  | { type: 'replace'; search: SearchState };

const emptyLeg = (departureDate = ''): SearchLeg => ({
  id: newLegId(),
  departureStation: '',
  destinationStation: '',
  departureDate,
});

export function countOf(search: SearchState, key: CountKey): number {
  return key === 'hold' || key === 'carryOn' ? search.baggage[key] : search.passengers[key];
}

/** Every change the search form can make, as one pure function (tested without a browser). */
export function searchReducer(search: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'tripType': {
      const next = { ...search, tripType: action.tripType };
      // SPEC section 4: switching to multi-city with fewer than two legs creates two, the
      // first copying the current trip, the second empty with today's date.
      if (action.tripType === 'multi-city' && search.slices.length < SEARCH_LIMITS.minLegs) {
        next.slices = [
          {
            id: newLegId(),
            departureStation: search.departureStation,
            destinationStation: search.destinationStation,
            departureDate: search.departureDate,
          },
          emptyLeg(action.today),
        ];
      }
      return next;
    }
    case 'field':
      return { ...search, [action.field]: action.value };
    case 'swap':
      return { ...search, departureStation: search.destinationStation, destinationStation: search.departureStation };
    case 'leg':
      return { ...search, slices: search.slices.map((leg) => (leg.id === action.id ? { ...leg, ...action.patch } : leg)) };
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
      // A new flight usually leaves from where the previous one landed, on or after its date.
      const previous = search.slices.at(-1);
      return {
        ...search,
        slices: [
          ...search.slices,
          { ...emptyLeg(previous?.departureDate ?? ''), departureStation: previous?.destinationStation ?? '' },
        ],
      };
    }
    case 'removeLeg':
      if (search.slices.length <= SEARCH_LIMITS.minLegs) return search;
      return { ...search, slices: search.slices.filter((leg) => leg.id !== action.id) };
    case 'count': {
      const value = Math.min(Math.max(Math.trunc(action.value), 0), SEARCH_LIMITS[action.key]);
      if (action.key === 'hold' || action.key === 'carryOn')
        return { ...search, baggage: { ...search.baggage, [action.key]: value } };
      return { ...search, passengers: { ...search.passengers, [action.key]: value } };
    }
    case 'cabinClass':
      return { ...search, cabinClass: action.cabinClass };
    case 'directOnly':
      return { ...search, directOnly: action.directOnly };
    case 'replace':
      return action.search;
  }
}
