import {
  stopOptionOf,
  stopOptions,
  timeWindowOf,
  timeWindows,
  type Airline,
  type FieldError,
  type Offer,
  type OfferFacets,
  type OfferFilters,
  type StopOption,
  type TimeWindow,
} from '@kwenda/contracts';
import { validationError } from '../../errors.js';

/** What the filters look at, worked out once per offer. */
interface OfferFacts {
  stops: StopOption;
  airlines: Set<string>;
  departures: TimeWindow[];
  arrivals: TimeWindow[];
  price: number;
  /** The longest slice, door to door. */
  duration: number;
  bagsIncluded: boolean;
}

const factsOf = (offer: Offer): OfferFacts => ({
  stops: stopOptionOf(Math.max(...offer.slices.map((slice) => slice.segments.length - 1))),
  airlines: new Set(offer.slices.flatMap((slice) => slice.segments.map((segment) => segment.airline.iataCode))),
  departures: offer.slices.map((slice) => timeWindowOf(slice.departureDate)),
  arrivals: offer.slices.map((slice) => timeWindowOf(slice.arrivalDate)),
  price: offer.price,
  duration: Math.max(...offer.slices.map((slice) => slice.durationInMinutes)),
  bagsIncluded: offer.baggage.hold.quantity > 0,
});

/** One criterion of the filters: its name (to leave it out when counting its own options) and its test. */
interface Criterion {
  name: string;
  test: (facts: OfferFacts) => boolean;
}

const some = <T>(list: readonly T[] | undefined): list is readonly T[] => !!list && list.length > 0;

function criteriaOf(filters: OfferFilters): Criterion[] {
  const criteria: Criterion[] = [];
  const { stops, airlines, slices, minPrice, maxPrice, maxDuration, bagsIncluded } = filters;
  if (some(stops)) criteria.push({ name: 'stops', test: (f) => stops.includes(f.stops) });
  if (some(airlines)) criteria.push({ name: 'airlines', test: (f) => airlines.some((code) => f.airlines.has(code)) });
  slices?.forEach(({ departure, arrival }, index) => {
    if (some(departure)) criteria.push({ name: `departure${index}`, test: (f) => departure.includes(f.departures[index]!) });
    if (some(arrival)) criteria.push({ name: `arrival${index}`, test: (f) => arrival.includes(f.arrivals[index]!) });
  });
  if (minPrice !== undefined || maxPrice !== undefined)
    criteria.push({ name: 'price', test: (f) => f.price >= (minPrice ?? 0) && f.price <= (maxPrice ?? Infinity) });
  if (maxDuration !== undefined) criteria.push({ name: 'duration', test: (f) => f.duration <= maxDuration });
  if (bagsIncluded) criteria.push({ name: 'bags', test: (f) => f.bagsIncluded });
  return criteria;
}

/** Filters that cannot apply to this search: a time window for a slice it does not have. */
export function checkOfferFilters(filters: OfferFilters | undefined, sliceCount: number) {
  const fields: FieldError[] = [];
  filters?.slices?.forEach((slice, index) => {
    if (index >= sliceCount && (some(slice.departure) || some(slice.arrival)))
      fields.push({
        path: `offerFilters.slices.${index}`,
        code: 'no_such_slice',
        message: `The search has ${sliceCount} slice${sliceCount === 1 ? '' : 's'}; there is no slice ${index + 1} to filter`,
      });
  });
  if (fields.length) throw validationError(fields);
}

/**
 * The offers the filters leave (in the order given) and the facets: for each option of each
 * criterion, how many offers it would leave with every other criterion applied, as travellers know
 * it from Wego or Almosafer. Computed over the whole result set, not the page on screen.
 */
export function filterOffers(
  offers: readonly Offer[],
  filters: OfferFilters | undefined,
  sliceCount: number,
): { matching: Offer[]; facets: OfferFacets } {
  const criteria = criteriaOf(filters ?? {});
  const facts = offers.map(factsOf);
  // For each offer, the names of the criteria it fails.
  const failed = facts.map((f) => criteria.filter((criterion) => !criterion.test(f)).map((criterion) => criterion.name));
  const matching = offers.filter((_, index) => failed[index]!.length === 0);
  /** The facts of the offers every criterion but `name` lets through. */
  const passingAllBut = (name: string) => facts.filter((_, index) => failed[index]!.every((failedName) => failedName === name));

  const countBy = <T>(name: string, values: readonly T[], valueOf: (f: OfferFacts) => T | undefined) => {
    const pool = passingAllBut(name);
    return values.map((value) => ({ value, count: pool.filter((f) => valueOf(f) === value).length }));
  };

  const carriers = new Map<string, Airline>();
  for (const offer of offers)
    for (const slice of offer.slices)
      for (const segment of slice.segments) carriers.set(segment.airline.iataCode, segment.airline);
  const airlinePool = passingAllBut('airlines');
  const airlines = [...carriers.values()]
    .sort((a, b) => a.iataCode.localeCompare(b.iataCode))
    .map((airline) => ({ airline, count: airlinePool.filter((f) => f.airlines.has(airline.iataCode)).length }));

  const bounds = (values: number[]) => (values.length ? { min: Math.min(...values), max: Math.max(...values) } : null);

  return {
    matching,
    facets: {
      unfiltered: offers.length,
      stops: countBy('stops', stopOptions, (f) => f.stops),
      airlines,
      slices: Array.from({ length: sliceCount }, (_, index) => ({
        departure: countBy(`departure${index}`, timeWindows, (f) => f.departures[index]),
        arrival: countBy(`arrival${index}`, timeWindows, (f) => f.arrivals[index]),
      })),
      price: bounds(facts.map((f) => f.price)),
      duration: bounds(facts.map((f) => f.duration)),
      bagsIncluded: passingAllBut('bags').filter((f) => f.bagsIncluded).length,
    },
  };
}
