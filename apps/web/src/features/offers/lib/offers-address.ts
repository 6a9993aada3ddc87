import type { Currency, SortOrder } from '@kwenda/contracts';
import { currencies, SEARCH_DEFAULTS, sortOrders, tripTypes } from '@kwenda/contracts/rules';
import {
  mergeSearchIntoParams,
  searchFromParams,
  searchToParams,
  type OffersNavigationState,
  type SearchState,
} from '../../../lib/search-params';
import { FILTER_PARAM_KEYS, PRICE_PARAM_KEYS, withoutParams } from './offer-filters-address';

/** The address parameters that carry each field of a search (as searchToParams writes them). */
const FIELD_PARAMS: { [K in keyof SearchState]: readonly string[] } = {
  tripType: ['tripType'],
  departureStation: ['departureStation'],
  destinationStation: ['destinationStation'],
  departureDate: ['departureDate'],
  returnDate: ['returnDate'],
  cabinClass: ['cabinClass'],
  passengers: ['adults', 'children', 'infants'],
  baggage: ['hold', 'carryOn'],
  directOnly: ['direct'],
  slices: ['slices'],
  currency: ['currency'],
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** History state survives reloads and can be anything; only a well-formed search is trusted. */
export function navigationState(state: unknown): OffersNavigationState | null {
  if (!isObject(state) || !isObject(state.search)) return null;
  const search = state.search;
  const wellFormed =
    tripTypes.includes(search.tripType as never) &&
    typeof search.departureStation === 'string' &&
    typeof search.destinationStation === 'string' &&
    typeof search.departureDate === 'string' &&
    typeof search.returnDate === 'string' &&
    isObject(search.passengers) &&
    isObject(search.baggage) &&
    Array.isArray(search.slices) &&
    currencies.includes(search.currency as never);
  if (!wellFormed) return null;
  const currency = currencies.includes(state.currency as never) ? (state.currency as Currency) : (search.currency as Currency);
  return { search: search as unknown as SearchState, currency };
}

/**
 * The search the offers page runs: each field from the address when the address has it (a
 * shared or edited link wins), otherwise from the navigation state the search form sent (which
 * carries passengers, bags and currency that a short address leaves out).
 */
export function resolveSearch(params: URLSearchParams, state: unknown): SearchState {
  const fromAddress = searchFromParams(params);
  const nav = navigationState(state);
  if (!nav) return fromAddress;
  const fromState: SearchState = { ...nav.search, currency: nav.currency };
  const merged = { ...fromAddress };
  for (const field of Object.keys(FIELD_PARAMS) as (keyof SearchState)[]) {
    if (!FIELD_PARAMS[field].some((name) => params.has(name))) {
      (merged as Record<keyof SearchState, unknown>)[field] = fromState[field];
    }
  }
  return merged;
}

export const ORDER_PARAM = 'order';

export function orderFromParams(params: URLSearchParams): SortOrder {
  const value = params.get(ORDER_PARAM);
  return sortOrders.includes(value as SortOrder) ? (value as SortOrder) : SEARCH_DEFAULTS.order;
}

/**
 * The offers page address for a search and sort order (default order left out); parameters that
 * are not the search's (lang, utm_*) are kept from `current`.
 */
export function offersParams(current: URLSearchParams, search: SearchState, order: SortOrder): URLSearchParams {
  const params = mergeSearchIntoParams(current, search);
  if (order === SEARCH_DEFAULTS.order) params.delete(ORDER_PARAM);
  else params.set(ORDER_PARAM, order);
  return params;
}

/**
 * The address parameters to keep when the page moves from one search to another: a different search
 * (route, dates, travellers...) starts unfiltered, as its flights are others; another currency drops
 * the price range, which was in the old one; the same search (another sort order) keeps every filter.
 */
export function paramsForNextSearch(current: URLSearchParams, from: SearchState, to: SearchState): URLSearchParams {
  const withoutCurrency = (search: SearchState) => searchToParams({ ...search, currency: SEARCH_DEFAULTS.currency }).toString();
  if (withoutCurrency(from) !== withoutCurrency(to)) return withoutParams(current, FILTER_PARAM_KEYS);
  if (from.currency !== to.currency) return withoutParams(current, PRICE_PARAM_KEYS);
  return current;
}
