import type { SearchState } from '../../../lib/search-params';

export { whatsappUrl } from '../../../lib/whatsapp';

export interface SearchedLeg {
  from: string;
  to: string;
  date: string;
}

/** The legs a traveller asked for, in flying order (a round trip's return is the second leg). */
export function searchedLegs(search: SearchState): SearchedLeg[] {
  if (search.tripType === 'multi-city') {
    return search.slices.map((s) => ({ from: s.departureStation, to: s.destinationStation, date: s.departureDate }));
  }
  const outbound = { from: search.departureStation, to: search.destinationStation, date: search.departureDate };
  if (search.tripType === 'round-trip' && search.returnDate) {
    return [outbound, { from: search.destinationStation, to: search.departureStation, date: search.returnDate }];
  }
  return [outbound];
}
