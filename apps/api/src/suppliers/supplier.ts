import type { BaggageRequest, CabinClassCode, Offer, PassengerCounts, TripType } from '@kwenda/contracts';

/** One leg to search: the single leg of a one-way, both of a round trip, each of a multi-city. */
export interface SupplierLeg {
  origin: string;
  destination: string;
  /** yyyy-MM-dd, local date at the origin. */
  departureDate: string;
}

export interface SupplierSearch {
  tripType: TripType;
  legs: SupplierLeg[];
  cabinClass: CabinClassCode | null;
  passengers: PassengerCounts;
  baggage: BaggageRequest;
  /** 0 = direct only; null = any. */
  maxConnections: number | null;
}

/**
 * An offer as a supplier prices it: the public Offer shape with the total in the supplier's
 * currency. The offers service converts to the traveller's currency.
 */
export type SupplierOffer = Omit<Offer, 'price' | 'currency' | 'requestedDate'> & {
  totalAmount: number;
  totalCurrency: 'USD';
};

export type GetOfferResult =
  | { status: 'available'; offer: SupplierOffer }
  /** Same itinerary, new total: the booking flow must show the new price (status price-changed). */
  | { status: 'price-changed'; offer: SupplierOffer; previousTotal: number }
  /** Seats gone or the reference is unknown/tampered (Duffel: offer_no_longer_available). */
  | { status: 'unavailable' }
  | { status: 'expired' };

export interface SeatMap {
  rows: { number: number; nextToExit: boolean; columns: { seats: { letter: string; available: boolean; priceUsd: number | null }[] }[] }[];
}

/**
 * The seam every flight source plugs into (sandbox now; Duffel, Amadeus or a GDS later).
 * Order methods (hold, pay, cancel) join this interface with the booking issue.
 */
export interface Supplier {
  readonly name: string;
  /** Every offer for the search, unsorted; the offers service sorts and pages. May be a shared, cached array: never mutate it. */
  searchOffers(search: SupplierSearch, now?: Date): Promise<readonly SupplierOffer[]>;
  /** Re-prices an offer by reference, as a booking does before it holds seats. */
  getOffer(reference: string, now?: Date): Promise<GetOfferResult>;
  getSeatMap(reference: string, sliceIndex: number): Promise<SeatMap | null>;
}
