import {
  cabinClassCodes,
  currencies,
  SEARCH_DEFAULTS,
  SEARCH_LIMITS,
  tripTypes,
  type CabinClassCode,
  type Currency,
  type TripType,
} from '@kwenda/contracts/rules';

/**
 * The search as the form holds it and as it travels between pages. The
 * address carries tripType, departureStation, departureDate, destinationStation and
 * returnDate; navigation state carries the full request and the currency. Non-default
 * passengers, bags, cabin, direct-only, currency and multi-city legs are added to the
 * address too, so a shared or reloaded link gives the same search.
 */
export interface SearchLeg {
  id: string;
  departureStation: string;
  destinationStation: string;
  departureDate: string;
}

export interface SearchState {
  tripType: TripType;
  departureStation: string;
  destinationStation: string;
  departureDate: string;
  returnDate: string;
  cabinClass: CabinClassCode | null;
  passengers: { adults: number; children: number; infants: number };
  baggage: { hold: number; carryOn: number };
  directOnly: boolean;
  slices: SearchLeg[];
  currency: Currency;
}

export const emptySearch = (): SearchState => ({
  tripType: SEARCH_DEFAULTS.tripType,
  departureStation: '',
  destinationStation: '',
  departureDate: '',
  returnDate: '',
  cabinClass: null,
  passengers: { ...SEARCH_DEFAULTS.passengers },
  baggage: { ...SEARCH_DEFAULTS.baggage },
  directOnly: false,
  slices: [],
  currency: SEARCH_DEFAULTS.currency,
});

const IATA = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const station = (value: string | null) => (value && IATA.test(value.toUpperCase()) ? value.toUpperCase() : '');
const date = (value: string | null) => (value && DATE.test(value) ? value : '');
const clamp = (value: string | null, max: number, fallback: number) => {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) ? Math.min(Math.max(n, 0), max) : fallback;
};

let legCounter = 0;
export const newLegId = () => `leg-${Date.now().toString(36)}-${(legCounter++).toString(36)}`;

/** Reads a search from the address; anything malformed falls back to the default. */
export function searchFromParams(params: URLSearchParams): SearchState {
  const base = emptySearch();
  const tripType = params.get('tripType');
  const cabin = params.get('cabinClass');
  const currency = params.get('currency');
  const slices = (params.get('slices') ?? '')
    .split(',')
    .filter(Boolean)
    .slice(0, SEARCH_LIMITS.maxLegs)
    .map((leg) => {
      // PZU-CAI-2026-12-12
      const [from, to, ...rest] = leg.split('-');
      return {
        id: newLegId(),
        departureStation: station(from ?? ''),
        destinationStation: station(to ?? ''),
        departureDate: date(rest.join('-')),
      };
    });
  return {
    ...base,
    tripType: tripTypes.includes(tripType as TripType) ? (tripType as TripType) : base.tripType,
    departureStation: station(params.get('departureStation')),
    destinationStation: station(params.get('destinationStation')),
    departureDate: date(params.get('departureDate')),
    returnDate: date(params.get('returnDate')),
    cabinClass: cabinClassCodes.includes(cabin as CabinClassCode) ? (cabin as CabinClassCode) : null,
    passengers: {
      adults: clamp(params.get('adults'), SEARCH_LIMITS.adults, base.passengers.adults),
      children: clamp(params.get('children'), SEARCH_LIMITS.children, 0),
      infants: clamp(params.get('infants'), SEARCH_LIMITS.infants, 0),
    },
    baggage: {
      hold: clamp(params.get('hold'), SEARCH_LIMITS.hold, base.baggage.hold),
      carryOn: clamp(params.get('carryOn'), SEARCH_LIMITS.carryOn, 0),
    },
    directOnly: params.get('direct') === '1',
    slices,
    currency: currencies.includes(currency as Currency) ? (currency as Currency) : base.currency,
  };
}

/** Writes a search to the address, spec parameters first, defaults left out. */
export function searchToParams(search: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('tripType', search.tripType);
  if (search.tripType === 'multi-city') {
    params.set('slices', search.slices.map((s) => `${s.departureStation}-${s.destinationStation}-${s.departureDate}`).join(','));
  } else {
    if (search.departureStation) params.set('departureStation', search.departureStation);
    if (search.destinationStation) params.set('destinationStation', search.destinationStation);
    if (search.departureDate) params.set('departureDate', search.departureDate);
    if (search.tripType === 'round-trip' && search.returnDate) params.set('returnDate', search.returnDate);
  }
  const defaults = emptySearch();
  if (search.passengers.adults !== defaults.passengers.adults) params.set('adults', String(search.passengers.adults));
  if (search.passengers.children) params.set('children', String(search.passengers.children));
  if (search.passengers.infants) params.set('infants', String(search.passengers.infants));
  if (search.baggage.hold !== defaults.baggage.hold) params.set('hold', String(search.baggage.hold));
  if (search.baggage.carryOn) params.set('carryOn', String(search.baggage.carryOn));
  if (search.cabinClass) params.set('cabinClass', search.cabinClass);
  if (search.directOnly) params.set('direct', '1');
  if (search.currency !== defaults.currency) params.set('currency', search.currency);
  return params;
}

/** Every address parameter a search owns; anything else in the address (lang, utm_*) is left alone. */
export const SEARCH_PARAM_KEYS = [
  'tripType',
  'departureStation',
  'destinationStation',
  'departureDate',
  'returnDate',
  'slices',
  'adults',
  'children',
  'infants',
  'hold',
  'carryOn',
  'cabinClass',
  'direct',
  'currency',
] as const;

/** The address for a search, keeping the parameters a search does not own after its own. */
export function mergeSearchIntoParams(current: URLSearchParams, search: SearchState): URLSearchParams {
  const next = searchToParams(search);
  const owned = new Set<string>(SEARCH_PARAM_KEYS);
  current.forEach((value, key) => {
    if (!owned.has(key)) next.append(key, value);
  });
  return next;
}

/** The wire filters of POST /offers/request (contract: SearchFiltersInput). */
export function toOfferFilters(search: SearchState) {
  const multi = search.tripType === 'multi-city';
  return {
    tripType: search.tripType,
    departureStation: multi ? undefined : search.departureStation,
    destinationStation: multi ? undefined : search.destinationStation,
    departureDate: multi ? undefined : search.departureDate,
    returnDate: search.tripType === 'round-trip' ? search.returnDate : null,
    cabinClass: search.cabinClass,
    passengers: search.passengers,
    baggage: search.baggage,
    currency: search.currency,
    maxConnections: search.directOnly ? 0 : null,
    slices: multi ? search.slices : null,
  };
}

/** Ready when every needed field is there and someone (adult or child) travels. */
export function isSearchReady(search: SearchState): boolean {
  const someone = search.passengers.adults + search.passengers.children > 0;
  if (!someone) return false;
  if (search.tripType === 'multi-city') {
    return (
      search.slices.length >= SEARCH_LIMITS.minLegs &&
      search.slices.every((s) => s.departureStation && s.destinationStation && s.departureDate)
    );
  }
  const base = !!(search.departureStation && search.destinationStation && search.departureDate);
  return search.tripType === 'round-trip' ? base && !!search.returnDate : base;
}

/** Navigation state carried from the form to /offers. */
export interface OffersNavigationState {
  search: SearchState;
  currency: Currency;
}
