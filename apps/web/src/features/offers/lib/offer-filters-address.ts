import {
  OFFER_FILTER_LIMITS,
  SEARCH_LIMITS,
  stopOptions,
  timeWindows,
  type OfferFilterValues,
  type SliceTimeFilter,
  type StopOption,
  type TimeWindow,
} from '@kwenda/contracts/rules';

/**
 * The offers page's filters live in its address, beside the search, so a shared link, a reload and
 * the back button all show the same filtered list:
 * `stops=direct,one&airlines=SD,MS&dep0=morning&arr1=evening&minPrice=..&maxPrice=..&maxDuration=..&bags=1`
 * (dep/arr carry the slice's index). A hand-edited value that makes no sense is dropped, not refused:
 * the page shows the offers rather than an error.
 */
export const FILTER_PARAMS = {
  stops: 'stops',
  airlines: 'airlines',
  departure: 'dep',
  arrival: 'arr',
  minPrice: 'minPrice',
  maxPrice: 'maxPrice',
  maxDuration: 'maxDuration',
  bags: 'bags',
} as const;

const sliceIndexes = Array.from({ length: SEARCH_LIMITS.maxLegs }, (_, index) => index);

/** Every address parameter the filters own. */
export const FILTER_PARAM_KEYS: readonly string[] = [
  FILTER_PARAMS.stops,
  FILTER_PARAMS.airlines,
  ...sliceIndexes.flatMap((index) => [`${FILTER_PARAMS.departure}${index}`, `${FILTER_PARAMS.arrival}${index}`]),
  FILTER_PARAMS.minPrice,
  FILTER_PARAMS.maxPrice,
  FILTER_PARAMS.maxDuration,
  FILTER_PARAMS.bags,
];

/** The filters the price slider sets: they are in the search's currency, so another currency drops them. */
export const PRICE_PARAM_KEYS: readonly string[] = [FILTER_PARAMS.minPrice, FILTER_PARAMS.maxPrice];

/** A comma-separated list of known words, each once, in the order of `known`. */
function listParam<T extends string>(params: URLSearchParams, name: string, known: readonly T[]): T[] | undefined {
  const raw = params.get(name);
  if (!raw) return undefined;
  const asked = new Set(raw.split(','));
  const values = known.filter((value) => asked.has(value));
  return values.length ? values : undefined;
}

function numberParam(params: URLSearchParams, name: string, max: number): number | undefined {
  const raw = params.get(name);
  if (!raw || !/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value <= max ? value : undefined;
}

/** The filters in an address; `sliceCount` (the search's slices) bounds the time filters. */
export function filtersFromParams(params: URLSearchParams, sliceCount: number = SEARCH_LIMITS.maxLegs): OfferFilterValues {
  const filters: OfferFilterValues = {};
  const stops = listParam<StopOption>(params, FILTER_PARAMS.stops, stopOptions);
  if (stops) filters.stops = stops;
  const airlines = [
    ...new Set(
      (params.get(FILTER_PARAMS.airlines) ?? '')
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter((code) => /^[A-Z0-9]{2}$/.test(code)),
    ),
  ].slice(0, OFFER_FILTER_LIMITS.airlines);
  if (airlines.length) filters.airlines = airlines;

  const slices: SliceTimeFilter[] = sliceIndexes.slice(0, sliceCount).map((index) => {
    const slice: SliceTimeFilter = {};
    const departure = listParam<TimeWindow>(params, `${FILTER_PARAMS.departure}${index}`, timeWindows);
    const arrival = listParam<TimeWindow>(params, `${FILTER_PARAMS.arrival}${index}`, timeWindows);
    if (departure) slice.departure = departure;
    if (arrival) slice.arrival = arrival;
    return slice;
  });
  const lastUsed = slices.findLastIndex((slice) => slice.departure || slice.arrival);
  if (lastUsed >= 0) filters.slices = slices.slice(0, lastUsed + 1);

  const minPrice = numberParam(params, FILTER_PARAMS.minPrice, 1e12);
  const maxPrice = numberParam(params, FILTER_PARAMS.maxPrice, 1e12);
  // A reversed range is a hand-edited link: keep the upper bound, which is what travellers mean by a budget.
  if (minPrice !== undefined && (maxPrice === undefined || minPrice <= maxPrice)) filters.minPrice = minPrice;
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  const maxDuration = numberParam(params, FILTER_PARAMS.maxDuration, OFFER_FILTER_LIMITS.maxDurationMinutes);
  if (maxDuration !== undefined && maxDuration >= 1) filters.maxDuration = Math.round(maxDuration);
  if (params.get(FILTER_PARAMS.bags) === '1') filters.bagsIncluded = true;
  return filters;
}

/** `current` with its filter parameters replaced by `filters` (everything else kept, in order). */
export function filtersToParams(current: URLSearchParams, filters: OfferFilterValues): URLSearchParams {
  const next = new URLSearchParams();
  const owned = new Set(FILTER_PARAM_KEYS);
  current.forEach((value, key) => {
    if (!owned.has(key)) next.append(key, value);
  });
  if (filters.stops?.length) next.set(FILTER_PARAMS.stops, filters.stops.join(','));
  if (filters.airlines?.length) next.set(FILTER_PARAMS.airlines, filters.airlines.join(','));
  filters.slices?.forEach((slice, index) => {
    if (slice.departure?.length) next.set(`${FILTER_PARAMS.departure}${index}`, slice.departure.join(','));
    if (slice.arrival?.length) next.set(`${FILTER_PARAMS.arrival}${index}`, slice.arrival.join(','));
  });
  if (filters.minPrice !== undefined) next.set(FILTER_PARAMS.minPrice, String(filters.minPrice));
  if (filters.maxPrice !== undefined) next.set(FILTER_PARAMS.maxPrice, String(filters.maxPrice));
  if (filters.maxDuration !== undefined) next.set(FILTER_PARAMS.maxDuration, String(filters.maxDuration));
  if (filters.bagsIncluded) next.set(FILTER_PARAMS.bags, '1');
  return next;
}

/** `params` without the parameters named (filters of a search that is no longer on screen). */
export function withoutParams(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const drop = new Set(keys);
  const next = new URLSearchParams();
  params.forEach((value, key) => {
    if (!drop.has(key)) next.append(key, value);
  });
  return next;
}

/** How many criteria are narrowing the list (the "Filters (n)" button): each list, range or switch counts once. */
export function activeFilterCount(filters: OfferFilterValues): number {
  let count = 0;
  if (filters.stops?.length) count++;
  if (filters.airlines?.length) count++;
  for (const slice of filters.slices ?? []) {
    if (slice.departure?.length) count++;
    if (slice.arrival?.length) count++;
  }
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) count++;
  if (filters.maxDuration !== undefined) count++;
  if (filters.bagsIncluded) count++;
  return count;
}

/** The same filters in one canonical form (a query key: equal filters, one cache entry). */
export const filtersKey = (filters: OfferFilterValues) => filtersToParams(new URLSearchParams(), filters).toString();
