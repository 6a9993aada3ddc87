import type { SearchState } from '../../../lib/search-params';

/** Where each slice of a search flies, in order: the offers' slices follow the same order. */
export function searchLegs(search: SearchState): { origin: string; destination: string }[] {
  if (search.tripType === 'multi-city')
    return search.slices.map((leg) => ({ origin: leg.departureStation, destination: leg.destinationStation }));
  const outbound = { origin: search.departureStation, destination: search.destinationStation };
  return search.tripType === 'round-trip'
    ? [outbound, { origin: outbound.destination, destination: outbound.origin }]
    : [outbound];
}
