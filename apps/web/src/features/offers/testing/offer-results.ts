import type { Offer, OfferSearchResult } from '@kwenda/contracts';
import { emptySearch, type SearchState } from '../../../lib/search-params';
import type { OfferFormat } from '../hooks/use-offer-format';

/** A one-way search from Port Sudan to Cairo in SDG, as the offers page reads it from its address. */
export const aSearch: SearchState = {
  ...emptySearch(),
  departureStation: 'PZU',
  destinationStation: 'CAI',
  departureDate: '2030-01-10',
  currency: 'SDG',
};

/** A valid offer of the offers contract; override any part. */
export function anOffer(reference: string, price: number, overrides: Partial<Offer> = {}): Offer {
  const airline = { iataCode: 'SD', nameEn: 'Sudan Airways', nameAr: 'سودانير', logo: '/airlines/SD.png' };
  return {
    reference,
    price,
    fares: [{ passengerType: 'adult', count: 1, amount: price }],
    currency: 'SDG',
    tripType: 'one-way',
    baggage: { hold: { quantity: 1, weight: 23 }, carryOn: { quantity: 1, weight: 7 } },
    slices: [
      {
        origin: 'PZU',
        destination: 'CAI',
        departureDate: '2030-01-10T08:00:00',
        arrivalDate: '2030-01-10T10:30:00',
        durationInMinutes: 150,
        cabinClasses: [{ code: 'economy', labelAr: 'السياحية', labelEn: 'Economy' }],
        airlines: [airline],
        segments: [
          {
            flightNumber: 'SD 301',
            airline,
            origin: 'PZU',
            destination: 'CAI',
            departureDate: '2030-01-10T08:00:00',
            arrivalDate: '2030-01-10T10:30:00',
            durationInMinutes: 150,
            stops: 0,
          },
        ],
      },
    ],
    conditions: { refundBeforeDeparture: null, changeBeforeDeparture: null },
    expiresAt: '2030-01-01T00:30:00.000Z',
    ...overrides,
  };
}

/** Page 1 of a search holding these offers, as the API answers it. */
export function aResult(offers: Offer[], overrides: Partial<OfferSearchResult> = {}): OfferSearchResult {
  return {
    offers,
    suggestions: [],
    page: 1,
    pageSize: 10,
    total: offers.length,
    facets: {
      unfiltered: offers.length,
      stops: [],
      airlines: [],
      slices: [],
      price: offers.length ? { min: offers[0]!.price, max: offers.at(-1)!.price } : null,
      duration: null,
      bagsIncluded: 0,
    },
    rate: { currency: 'SDG', unitsPerUsd: 600, effectiveAt: '2030-01-01T00:00:00.000Z' },
    ...overrides,
  };
}

/** Offer facts written plainly, for parts rendered without the airports and catalogs that useOfferFormat reads. */
export const aFormat = {
  language: 'en',
  duration: (minutes: number) => `${minutes} min`,
  stops: () => 'Direct',
  price: (amount: number, currency: string) => `${currency} ${amount}`,
  date: (date: string) => date,
  city: (code: string) => code,
  airportName: (code: string) => code,
  airlineName: (airline: { nameEn: string }) => airline.nameEn,
  cabin: () => 'Economy',
} as OfferFormat;
