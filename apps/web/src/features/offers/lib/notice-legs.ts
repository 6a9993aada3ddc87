import type { OfferFacets } from '@kwenda/contracts';
import type { NoticeLeg } from '../../../lib/route-notices';
import type { SearchState } from '../../../lib/search-params';

/** The flights a search asks for, each with its day: the agency's notices are for a route on a day. */
export function noticeLegs(search: SearchState): NoticeLeg[] {
  if (search.tripType === 'multi-city')
    return search.slices.map((leg) => ({
      origin: leg.departureStation,
      destination: leg.destinationStation,
      date: leg.departureDate,
    }));
  const outbound = { origin: search.departureStation, destination: search.destinationStation, date: search.departureDate };
  return search.tripType === 'round-trip' && search.returnDate
    ? [outbound, { origin: outbound.destination, destination: outbound.origin, date: search.returnDate }]
    : [outbound];
}

/** The airlines of the search's offers (every offer's, whatever the filters): their notices show too. */
export const noticeAirlines = (facets: OfferFacets | undefined): string[] =>
  facets ? facets.airlines.map((entry) => entry.airline.iataCode) : [];
