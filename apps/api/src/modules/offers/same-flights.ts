import type { Offer } from '@kwenda/contracts';

/**
 * What makes two offers the same seats for the traveller, whichever supplier sells them: each flight
 * (its number, from where, to where, when it leaves, local time) and the cabin of each leg. Bags and
 * fare rules may differ; the traveller is shown the cheaper one.
 */
export function sameFlightsKey(offer: Pick<Offer, 'slices'>): string {
  return offer.slices
    .map((slice) => {
      const flights = slice.segments.map(
        (s) => `${s.flightNumber.replace(/\s/g, '').toUpperCase()}:${s.origin}-${s.destination}@${s.departureDate.slice(0, 16)}`,
      );
      const cabins = slice.cabinClasses.map((c) => c.code).join('+');
      return `${flights.join('>')}/${cabins}`;
    })
    .join('|');
}

/**
 * The offers of several suppliers as one list: of offers for the same flights in the same cabin only
 * the one with the lowest price stays (the first listed on a tie), in the place the first of them
 * had; the others keep their order. Prices are compared as the traveller pays them (one currency).
 */
export function keepCheapestOfSameFlights<T extends Pick<Offer, 'slices' | 'price'>>(offers: readonly T[]): T[] {
  const chosen = new Map<string, { at: number; offer: T }>();
  const kept: (T | null)[] = [];
  for (const offer of offers) {
    const key = sameFlightsKey(offer);
    const earlier = chosen.get(key);
    if (!earlier) {
      chosen.set(key, { at: kept.length, offer });
      kept.push(offer);
    } else if (offer.price < earlier.offer.price) {
      kept[earlier.at] = offer;
      earlier.offer = offer;
    }
  }
  return kept.filter((offer): offer is T => offer !== null);
}
