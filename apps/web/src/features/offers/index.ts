// Public surface of the offers feature (used by app/routes/offers-page.tsx only, inside the lazy offers chunk).
export { OffersResults } from './components/offers-results';
export { CurrencySelect } from './components/currency-select';
export { InitialPrompt } from './components/initial-prompt';
export { SearchHeading } from './components/search-heading';
export { useOffersSearchStatus } from './api/use-offers-search-status';
export { useRerunOffersSearch } from './api/use-offers-search';
export { useStartBooking } from './hooks/use-start-booking';
export {
  filtersFromParams,
  filtersToParams,
  FILTER_PARAM_KEYS,
  PRICE_PARAM_KEYS,
  withoutParams,
} from './lib/offer-filters-address';
export { offersParams, ORDER_PARAM, orderFromParams, paramsForNextSearch, resolveSearch } from './lib/offers-address';
