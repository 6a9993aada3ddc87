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
 * The offers of several suppliers as one list: where two suppliers sell the same flights in the same
 * cabin, the traveller is shown them once, from the supplier with the lowest price (the first listed
 * on a tie), in the place the first of them had. One supplier's own fares for the same flights (a
 * basic and a flexible fare) all stay. Prices are compared as the traveller pays them (one currency).
 */
export function keepCheapestOfSameFlights<T extends Pick<Offer, 'slices' | 'price'> & { supplier: string }>(
  offers: readonly T[],
): T[] {
  const groups = new Map<string, T[]>();
  for (const offer of offers) {
    const key = sameFlightsKey(offer);
    const group = groups.get(key);
    if (group) group.push(offer);
    else groups.set(key, [offer]);
  }
  return [...groups.values()].flatMap((group) => {
    if (group.length === 1) return group;
    const cheapest = group.reduce((best, offer) => (offer.price < best.price ? offer : best));
    return group.filter((offer) => offer.supplier === cheapest.supplier);
  });
}
