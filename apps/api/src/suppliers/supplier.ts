import type {
  BaggageCategory,
  BaggageRequest,
  BaggageType,
  CabinClassCode,
  Gender,
  Offer,
  PassengerCounts,
  PassengerField,
  PassengerType,
  TripType,
} from '@kwenda/contracts';

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
 * Whether the traveller may do something before departure and at what cost, as Duffel states it
 * (offer.conditions.refund_before_departure / change_before_departure).
 */
export interface SupplierFareCondition {
  allowed: boolean;
  /** For the whole offer (every passenger); 0 = free; null = allowed but the airline states no amount. */
  penaltyAmount: number | null;
  penaltyCurrency: 'USD' | null;
}

/** A condition is null when the supplier says nothing about it (Duffel sends null then). */
export interface SupplierFareConditions {
  refundBeforeDeparture: SupplierFareCondition | null;
  changeBeforeDeparture: SupplierFareCondition | null;
}

/**
 * An offer as a supplier prices it: the public Offer shape with the total (and the fare conditions'
 * penalties) in the supplier's currency. The offers service converts to the traveller's currency.
 */
export type SupplierOffer = Omit<Offer, 'price' | 'fares' | 'currency' | 'requestedDate' | 'conditions'> & {
  totalAmount: number;
  totalCurrency: 'USD';
  conditions: SupplierFareConditions;
};

export type GetOfferResult =
  | { status: 'available'; offer: SupplierOffer }
  /** Same itinerary, new total: the booking flow must show the new price (status price-changed). */
  | { status: 'price-changed'; offer: SupplierOffer; previousTotal: number }
  /** Seats gone or the reference is unknown/tampered (Duffel: offer_no_longer_available). */
  | { status: 'unavailable' }
  | { status: 'expired' };

export interface SeatMap {
  rows: {
    number: number;
    nextToExit: boolean;
    columns: { seats: { letter: string; available: boolean; priceUsd: number | null }[] }[];
  }[];
}

/** A bag the supplier sells or includes, per passenger, for the whole trip (Duffel: a service). */
export interface SupplierBaggageOption {
  reference: string;
  category: BaggageCategory;
  baggageType: BaggageType;
  /** USD per piece; 0 = included in the fare. */
  priceUsd: number;
  weight: number;
  /** Pieces included (free options); 0 for paid options. */
  included: number;
  /** Most pieces of this option one passenger may have. */
  limit: number;
}

/** What the supplier needs of each passenger of an offer, and what it sells them. */
export interface PassengerRequirements {
  passengerType: PassengerType;
  requiredFields: PassengerField[];
  /** Empty for infants (no bags of their own). */
  baggage: SupplierBaggageOption[];
  /** This passenger's share of the offer total, USD. */
  fareUsd: number;
}

export interface SupplierPassenger {
  id: string;
  passengerType: PassengerType;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: Gender;
  placeOfBirth: string | null;
  nationalityCountry: string;
  documentNumber: string;
  documentIssuanceCountry: string;
  documentIssuanceDate: string | null;
  documentExpiryDate: string;
  /** Paid extras: option reference -> pieces. */
  extraBaggage: Record<string, number>;
}

export type CreateOrderResult =
  /** Seats held until paymentRequiredBy (Duffel: a hold order). */
  | { status: 'held'; orderId: string; paymentRequiredBy: Date; totalUsd: number }
  | { status: 'price-changed'; offer: SupplierOffer; previousTotal: number }
  | { status: 'unavailable' }
  | { status: 'expired' };

export interface TicketedOrder {
  /** The airline booking reference (6 characters). */
  pnr: string;
  tickets: { passengerId: string; ticketNumber: string }[];
}

export type SupplierOrderState = 'held' | 'ticketed' | 'cancelled';

/** An order as the supplier has it now (Duffel: GET /air/orders/{id}). */
export interface SupplierOrder {
  orderId: string;
  /** The client reference the hold was asked with (Duffel keeps it in the order's metadata). */
  clientReference: string | null;
  state: SupplierOrderState;
  /** The airline's deadline for paying the held order. */
  paymentRequiredBy: Date;
  totalUsd: number;
  /** The PNR and tickets, once ticketed. */
  ticketed: TicketedOrder | null;
}

/**
 * The seam every flight source plugs into (sandbox now; Duffel, Amadeus or a GDS later).
 * Orders follow Duffel's hold model: hold seats with passengers, pay (ticket) before the hold
 * ends, or cancel to release the seats. An answer can be lost (a timeout, a crash of Kwenda's
 * process), so every change is journaled in supplier_calls before it is asked for, and what the
 * supplier did is read back afterwards: a hold by the client reference it was made with, a ticket
 * or cancel by its order (docs/decisions/0023-supplier-calls-journal.md). An adapter must answer
 * (or give up) well within SUPPLIER_CALL_LEASE_SECONDS, after which the journal asks again.
 */
export interface Supplier {
  readonly name: string;
  /** Every offer for the search, unsorted; the offers service sorts and pages. May be a shared, cached array: never mutate it. */
  searchOffers(search: SupplierSearch, now?: Date): Promise<readonly SupplierOffer[]>;
  /** Re-prices an offer by reference, as a booking does before it holds seats. */
  getOffer(reference: string, now?: Date): Promise<GetOfferResult>;
  getSeatMap(reference: string, sliceIndex: number): Promise<SeatMap | null>;
  /** Per passenger of the offer, in order: adults, then children, then infants. */
  passengerRequirements(offer: SupplierOffer): PassengerRequirements[];
  /**
   * Re-prices the offer and holds its seats for these passengers, extras included. The order keeps
   * `clientReference` (unique per hold asked for): asking again with the same one answers the order
   * already made instead of holding more seats, and findOrder finds it.
   */
  createOrder(
    input: { offerReference: string; passengers: SupplierPassenger[]; holdMinutes: number; clientReference: string },
    now?: Date,
  ): Promise<CreateOrderResult>;
  /**
   * Pays the held order and issues tickets; throws when the order is gone, cancelled or already
   * ticketed (an order is paid once), or the airline refuses. `offer` is the order's offer as booked.
   */
  ticketOrder(orderId: string, passengers: SupplierPassenger[], offer: SupplierOffer): Promise<TicketedOrder>;
  /** Releases the held seats; cancelling an unknown or already cancelled order is not an error. */
  cancelOrder(orderId: string): Promise<void>;
  /** The order as the supplier has it now; null when it does not know it. */
  getOrder(orderId: string): Promise<SupplierOrder | null>;
  /** The order held with this client reference; null when no hold with it reached the supplier. */
  findOrder(clientReference: string): Promise<SupplierOrder | null>;
}
