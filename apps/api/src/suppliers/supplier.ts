import type {
  BaggageCategory,
  BaggageRequest,
  BaggageType,
  CabinClassCode,
  Gender,
  Offer,
  OfferSlice,
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
  /** ISO 4217; the offer's currency as a rule, but an airline may state its penalty in another. */
  penaltyCurrency: string | null;
}

/** A condition is null when the supplier says nothing about it (Duffel sends null then). */
export interface SupplierFareConditions {
  refundBeforeDeparture: SupplierFareCondition | null;
  changeBeforeDeparture: SupplierFareCondition | null;
}

/**
 * An offer as a supplier prices it: the public Offer shape with every amount (total, fares, bags,
 * seats, penalties) in the supplier's own currency, `totalCurrency`. Kwenda converts it once, in
 * modules/rates/pricing.ts, with the agency's rate and markup (docs/decisions/0028-suppliers-by-name.md).
 */
export type SupplierOffer = Omit<Offer, 'price' | 'fares' | 'currency' | 'requestedDate' | 'conditions'> & {
  totalAmount: number;
  /** ISO 4217 code of every amount of the offer (the sandbox: USD; Duffel: whatever the airline sells in). */
  totalCurrency: string;
  conditions: SupplierFareConditions;
  /**
   * The airline sells this offer for immediate payment only (Duffel:
   * payment_requirements.requires_instant_payment): it cannot be held, so it is not offered for pay-later.
   * Absent on offers kept before suppliers said so: holdable.
   */
  requiresInstantPayment?: boolean;
  /**
   * The adapter's own data about the offer (Duffel: passenger ids, services), kept with the offer in
   * the booking so later steps need not ask again. Only the adapter that made the offer reads it;
   * it is never sent to a browser.
   */
  supplierData?: unknown;
};

export type GetOfferResult =
  | { status: 'available'; offer: SupplierOffer }
  /** Same itinerary, new total: the booking flow must show the new price (status price-changed). */
  | { status: 'price-changed'; offer: SupplierOffer; previousTotal: number }
  /** Seats gone or the reference is unknown/tampered (Duffel: offer_no_longer_available). */
  | { status: 'unavailable' }
  | { status: 'expired' };

export interface SeatMap {
  /** ISO 4217 code of the seat prices. */
  currency: string;
  rows: {
    number: number;
    nextToExit: boolean;
    columns: { seats: { letter: string; available: boolean; price: number | null }[] }[];
  }[];
}

/** A bag the supplier sells or includes, per passenger, for the whole trip (Duffel: a service). */
export interface SupplierBaggageOption {
  reference: string;
  category: BaggageCategory;
  baggageType: BaggageType;
  /** Per piece, in the offer's currency; 0 = included in the fare. */
  price: number;
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
  /** This passenger's share of the offer total, in the offer's currency. */
  fare: number;
  /** The supplier's id of this passenger of the offer (Duffel: pas_...); null when it has none. */
  supplierPassengerId: string | null;
}

export interface SupplierPassenger {
  id: string;
  /** PassengerRequirements.supplierPassengerId of this passenger. */
  supplierPassengerId: string | null;
  passengerType: PassengerType;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: Gender;
  placeOfBirth: string | null;
  /** The document fields are null when the supplier did not ask for them (requiredFields). */
  nationalityCountry: string | null;
  documentNumber: string | null;
  documentIssuanceCountry: string | null;
  documentIssuanceDate: string | null;
  documentExpiryDate: string | null;
  /** Paid extras: option reference -> pieces. */
  extraBaggage: Record<string, number>;
  /** The booking's contact, which some airlines want on every passenger (Duffel does). */
  email: string | null;
  /** E.164. */
  mobile: string | null;
}

export type CreateOrderResult =
  /** Seats held until paymentRequiredBy (Duffel: a hold order). */
  | {
      status: 'held';
      orderId: string;
      paymentRequiredBy: Date;
      /** The held price is guaranteed until then (Duffel: price_guarantee_expires_at); null: until paymentRequiredBy. */
      priceGuaranteeExpiresAt: Date | null;
      total: number;
      currency: string;
    }
  | { status: 'price-changed'; offer: SupplierOffer; previousTotal: number }
  | { status: 'unavailable' }
  | { status: 'expired' };

/** What came of booking and paying an offer at once (an offer that cannot be held). */
export type InstantOrderResult =
  | { status: 'ticketed'; orderId: string; ticketed: TicketedOrder }
  /** The airline now asks more than the offer as booked: nothing was bought. */
  | { status: 'price-changed'; newTotal: number }
  | { status: 'unavailable' }
  | { status: 'expired' };

/**
 * ticketOrder's answer when the supplier does not issue tickets itself: the agency's own seats are
 * ticketed by staff in the airline's own system. The order is paid (its seats sold); the booking
 * waits on the ticketing desk until staff enter the PNR and ticket numbers.
 */
export class TicketsIssuedByAgency extends Error {
  constructor(readonly orderId: string) {
    super(`Order ${orderId} is paid; the agency issues its tickets in the airline's own system`);
    this.name = 'TicketsIssuedByAgency';
  }
}

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
  total: number;
  /** ISO 4217 code of total. */
  currency: string;
  /** The PNR and tickets, once ticketed. */
  ticketed: TicketedOrder | null;
  /** The flights as the airline has them now (after any change it made); null when the supplier does not say. */
  slices: OfferSlice[] | null;
}

/** Offers as they arrive from a search that takes seconds (Duffel: a batch offer request). */
export interface OfferBatch {
  /** The offers of this batch only. */
  offers: readonly SupplierOffer[];
  /** Batches still to come; 0 on the last. */
  remainingBatches: number;
  totalBatches: number;
}

/** What cancelling an order would refund (Duffel: an order cancellation, pending until confirmed). */
export interface CancellationQuote {
  /** Confirm with this id before expiresAt. */
  id: string;
  orderId: string;
  /** For the whole order; 0 when nothing comes back (an unpaid hold, a non-refundable fare). */
  refundAmount: number;
  /** ISO 4217. */
  refundCurrency: string;
  /** Where the airline sends the money (Duffel: refund_to). */
  refundTo: 'original_form_of_payment' | 'balance' | 'voucher' | 'airline_credits' | 'arc_bsp_cash' | 'none';
  expiresAt: Date;
}

/** A change the airline made to an order's flights (Duffel: an airline-initiated change). */
export interface AirlineChange {
  id: string;
  orderId: string;
  /** The slices as they were, and as the airline now flies them. */
  removed: OfferSlice[];
  added: OfferSlice[];
  /** What the traveller may do: accept the new flights, or cancel (with a refund quote). */
  availableActions: ('accept' | 'cancel' | 'change' | 'update')[];
  /** Set once decided; null while the traveller has not answered. */
  actionTaken: 'accepted' | 'cancelled' | 'changed' | null;
  createdAt: Date;
}

/**
 * `signal`: the end of the traveller's whole search (SUPPLIER_TIMEOUT_SECONDS from the request). Once
 * it aborts, a search stops asking and answers what arrived (a stream ends with `timedOut`); an
 * adapter that answers at once may ignore it.
 */
export interface SearchOptions {
  signal?: AbortSignal;
  /** searchOffers: told when the offers answered are not all (the search ran out of time). */
  onTimedOut?: () => void;
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
  /**
   * Every offer for the search, unsorted; the offers service sorts and pages. May be a shared, cached
   * array: never mutate it. Asking again for the same search soon after answers from the supplier's
   * own recent results (paging must not search the airline again).
   */
  searchOffers(search: SupplierSearch, now?: Date, options?: SearchOptions): Promise<readonly SupplierOffer[]>;
  /**
   * The same offers as they arrive, batch by batch; ends after the batch with remainingBatches 0, or
   * early when the supplier's search time (SUPPLIER_TIMEOUT_SECONDS) runs out, with `timedOut`.
   * A search that ends here is what searchOffers answers next.
   */
  streamOffers(search: SupplierSearch, now?: Date, options?: SearchOptions): AsyncIterable<OfferBatch & { timedOut?: boolean }>;
  /**
   * The offers of this search if the supplier answered it recently, without searching again; null when
   * it has none. Only suppliers whose searches take seconds and are metered have it (Duffel): the fare
   * calendar then prices the nearby days from searches already made, instead of six more airline
   * searches for every page view. Without it, the calendar searches each day.
   */
  recentOffers?(search: SupplierSearch, now?: Date): Promise<readonly SupplierOffer[] | null>;
  /**
   * Whether an offer reference is one this supplier made, when several sell: a booking goes to the
   * supplier of its offer. Without it, offers are taken to be the current supplier's.
   */
  ownsOfferReference?(reference: string): boolean;
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
   * A supplier whose tickets staff issue by hand pays the order and throws TicketsIssuedByAgency.
   */
  ticketOrder(orderId: string, passengers: SupplierPassenger[], offer: SupplierOffer): Promise<TicketedOrder>;
  /**
   * Books and pays an offer that cannot be held (requiresInstantPayment), once the traveller has
   * paid Kwenda: the order is made and paid in one step (Duffel: an instant order paid from the
   * balance) for the offer's total as booked plus the chosen extras, never more (a higher price
   * answers price-changed and buys nothing). `clientReference` as for createOrder: findOrder finds
   * the order if the answer is lost, and an order is never created blindly twice.
   */
  createInstantOrder(input: {
    offer: SupplierOffer;
    passengers: SupplierPassenger[];
    clientReference: string;
  }): Promise<InstantOrderResult>;
  /**
   * A supplier whose tickets staff issue by hand (TicketsIssuedByAgency) keeps the PNR and ticket
   * numbers staff entered, so that getOrder reads the order as ticketed.
   */
  recordTicketsIssued?(orderId: string, ticketed: TicketedOrder): Promise<void>;
  /** Releases the held seats; cancelling an unknown or already cancelled order is not an error. */
  cancelOrder(orderId: string): Promise<void>;
  /** The order as the supplier has it now; null when it does not know it. */
  getOrder(orderId: string): Promise<SupplierOrder | null>;
  /** The order held with this client reference; null when no hold with it reached the supplier. */
  findOrder(clientReference: string): Promise<SupplierOrder | null>;
  /** What cancelling a ticketed (or held) order would refund now; nothing changes until confirmed. */
  quoteCancellation(orderId: string): Promise<CancellationQuote>;
  /** Cancels the order as quoted; confirming a quote already confirmed is not an error. */
  confirmCancellation(quoteId: string): Promise<void>;
  /** The airline's changes to an order, newest first. */
  airlineChanges(orderId: string): Promise<AirlineChange[]>;
  /** The traveller accepts the airline's new flights. */
  acceptAirlineChange(changeId: string): Promise<AirlineChange>;
}

/** Suppliers by name: each booking goes back to the supplier that holds it, whatever SUPPLIER says now. */
export interface SupplierRegistry {
  /** The supplier new searches and bookings go to (SUPPLIER). */
  readonly current: Supplier;
  /**
   * Every supplier a search asks, the current one first: it, and the agency's own seats, which are
   * always on sale whatever SUPPLIER says.
   */
  readonly selling: readonly Supplier[];
  /** The supplier that made this offer (among those that sell): the one a booking of it goes to. */
  forOffer(reference: string): Supplier;
  /** The supplier of this name; throws for a name no adapter answers to (a configuration mistake). */
  get(name: string): Supplier;
  readonly all: readonly Supplier[];
}
