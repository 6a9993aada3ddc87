import { addDays, todayIn, type OfferRequestInput, type SearchFiltersInput } from '@kwenda/contracts';

export const daysAhead = (days: number) => addDays(todayIn(), days);

/** A valid one-way search three weeks ahead; override any part. */
export function searchFilters(overrides: Partial<SearchFiltersInput> = {}): SearchFiltersInput {
  return {
    tripType: 'one-way',
    departureStation: 'PZU',
    destinationStation: 'CAI',
    departureDate: daysAhead(21),
    cabinClass: null,
    passengers: { adults: 1, children: 0, infants: 0 },
    baggage: { hold: 1, carryOn: 0 },
    currency: 'SDG',
    ...overrides,
  };
}

export function offerRequest(
  overrides: Partial<SearchFiltersInput> = {},
  rest: Omit<OfferRequestInput, 'filters'> = {},
): OfferRequestInput {
  return { filters: searchFilters(overrides), page: 1, order: 'lowest', ...rest };
}
