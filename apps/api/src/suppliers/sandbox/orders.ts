import type { PassengerField, PassengerType } from '@kwenda/contracts';
import type { PassengerRequirements, SupplierBaggageOption, SupplierOffer, SupplierPassenger } from '../supplier.js';
import { hash32 } from './hash.js';
import type { OfferToken } from './offer-reference.js';
import { CHILD_SHARE, EXTRA_CARRY_ON_USD, EXTRA_HOLD_BAG_USD, INFANT_SHARE, round2 } from './pricing.js';

/**
 * Orders of the sandbox supplier, following Duffel's hold model: a held order keeps seats until
 * paymentRequiredBy, paying it issues tickets (PNR and one 13-digit ticket number per passenger),
 * cancelling releases the seats. PNRs and ticket numbers are derived from the order id, so the
 * same order always tickets the same way. The orders themselves are kept in tables (order-book.ts).
 */

const BASE_FIELDS: PassengerField[] = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'nationalityCountry',
  'documentNumber',
  'documentIssuanceCountry',
  'documentExpiryDate',
];
/** Saudi and Egyptian entry checks want the passport's issue date with the booking. */
const ISSUE_DATE_COUNTRIES = new Set(['SA', 'EG']);
/** Advance passenger information to Europe, Turkey and North America includes place of birth. */
const PLACE_OF_BIRTH_COUNTRIES = new Set(['TR', 'GB', 'DE', 'FR', 'NL', 'BE', 'IT', 'ES', 'CH', 'AT', 'US', 'CA']);

export function requiredFieldsFor(countries: Iterable<string>): PassengerField[] {
  const touched = new Set(countries);
  const fields = [...BASE_FIELDS];
  if ([...touched].some((c) => PLACE_OF_BIRTH_COUNTRIES.has(c))) fields.splice(4, 0, 'placeOfBirth');
  if ([...touched].some((c) => ISSUE_DATE_COUNTRIES.has(c)))
    fields.splice(fields.indexOf('documentExpiryDate'), 0, 'documentIssuanceDate');
  return fields;
}

/** Most extra checked bags one passenger may buy on top of the fare (Duffel: maximum_quantity). */
export const EXTRA_HOLD_LIMIT = 2;
export const EXTRA_CARRY_ON_LIMIT = 1;

/** The bags a fare includes (its allowance), as options of price 0 each passenger has already. */
export function includedBaggage(baggage: SupplierOffer['baggage']): SupplierBaggageOption[] {
  const options: SupplierBaggageOption[] = [];
  if (baggage.hold.quantity > 0)
    options.push({
      reference: 'hold-included',
      category: 'hold',
      baggageType: 'hold_bag',
      price: 0,
      weight: baggage.hold.weight,
      included: baggage.hold.quantity,
      limit: baggage.hold.quantity,
    });
  if (baggage.carryOn.quantity > 0)
    options.push({
      reference: 'cabin-included',
      category: 'carryOn',
      baggageType: 'cabin_bag',
      price: 0,
      weight: baggage.carryOn.weight,
      included: baggage.carryOn.quantity,
      limit: baggage.carryOn.quantity,
    });
  return options;
}

export function passengerRequirementsFor(
  offer: SupplierOffer,
  token: OfferToken,
  countryOf: (airport: string) => string,
  distanceOf: (flightNumber: string) => number,
): PassengerRequirements[] {
  const { adults, children, infants } = token.passengers;
  const requiredFields = requiredFieldsFor(
    offer.slices.flatMap((s) => s.segments.flatMap((g) => [countryOf(g.origin), countryOf(g.destination)])),
  );

  // Extras are sold per slice: long haul when any flight of the slice is 1,500 km or more.
  const holdPerPiece = offer.slices.reduce(
    (sum, slice) =>
      sum +
      (slice.segments.some((g) => distanceOf(g.flightNumber) >= 1500)
        ? EXTRA_HOLD_BAG_USD.longHaul
        : EXTRA_HOLD_BAG_USD.shortHaul),
    0,
  );
  const carryOnPerPiece = EXTRA_CARRY_ON_USD * offer.slices.length;
  const seatBaggage: SupplierBaggageOption[] = includedBaggage(offer.baggage);
  seatBaggage.push({
    reference: 'personal-item',
    category: 'carryOn',
    baggageType: 'personal_item_bag',
    price: 0,
    weight: 0,
    included: 1,
    limit: 1,
  });
  seatBaggage.push({
    reference: 'hold-extra',
    category: 'hold',
    baggageType: 'hold_bag',
    price: holdPerPiece,
    weight: 23,
    included: 0,
    limit: EXTRA_HOLD_LIMIT,
  });
  seatBaggage.push({
    reference: 'cabin-extra',
    category: 'carryOn',
    baggageType: 'cabin_bag',
    price: carryOnPerPiece,
    weight: 7,
    included: 0,
    limit: EXTRA_CARRY_ON_LIMIT,
  });

  // The offer total split by the fare shares (adult 1, child 0.75, infant 0.1); bags bought in the
  // search are per seat. The last passenger takes the rounding so the shares add up to the total.
  const types: PassengerType[] = [
    ...Array(adults).fill('adult'),
    ...Array(children).fill('child'),
    ...Array(infants).fill('infant'),
  ];
  const weightOf = (type: PassengerType) => (type === 'adult' ? 1 : type === 'child' ? CHILD_SHARE : INFANT_SHARE);
  const totalWeight = types.reduce((sum, type) => sum + weightOf(type), 0);
  let remaining = offer.totalAmount;
  return types.map((passengerType, index) => {
    const fare =
      index === types.length - 1 ? round2(remaining) : round2((offer.totalAmount * weightOf(passengerType)) / totalWeight);
    remaining -= fare;
    return {
      passengerType,
      requiredFields,
      baggage: passengerType === 'infant' ? [] : seatBaggage.map((o) => ({ ...o })),
      fare,
      supplierPassengerId: null,
    };
  });
}

/** Price of the paid extras chosen, USD. */
export function extrasUsd(requirements: PassengerRequirements[], passengers: SupplierPassenger[]): number {
  let total = 0;
  passengers.forEach((passenger, index) => {
    for (const option of requirements[index]?.baggage ?? [])
      total += (passenger.extraBaggage[option.reference] ?? 0) * option.price;
  });
  return round2(total);
}

const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** IATA numeric airline prefixes of the carriers that validate most Sudan tickets. */
const TICKET_PREFIX: Record<string, string> = {
  SD: '200',
  MS: '077',
  SV: '065',
  ET: '071',
  QR: '157',
  TK: '235',
  EK: '176',
  '3T': '811',
  J4: '066',
};

export function pnrOf(orderId: string): string {
  let pnr = '';
  for (let i = 0; i < 6; i++) pnr += PNR_ALPHABET[(hash32(`pnr|${orderId}|${i}`) >>> 0) % PNR_ALPHABET.length];
  return pnr;
}

export function ticketNumberOf(orderId: string, passengerId: string, airline: string): string {
  const prefix = TICKET_PREFIX[airline] ?? String(100 + ((hash32(`prefix|${airline}`) >>> 0) % 900));
  const serial = String(hash32(`ticket|${orderId}|${passengerId}`) >>> 0)
    .padStart(10, '0')
    .slice(-10);
  return `${prefix}${serial}`;
}

/**
 * How long the airline keeps a held order unpaid (Duffel: payment_required_by, often a day): longer
 * than Kwenda's own hold, which is the airline's deadline or HOLD_MINUTES, whichever comes first, so
 * staff can extend a hold once up to this deadline. A longer hold asked for is given.
 */
export const AIRLINE_HOLD_MINUTES = 24 * 60;

/**
 * Test passengers whose last name makes ticketing fail, as an airline sometimes refuses to issue
 * (a fare no longer on sale, a name the airline's system rejects): TICKETFAIL is refused every
 * time, so the booking stays paid but unticketed until the agency issues it by hand; TICKETRETRY
 * is refused the first time for an order and issued on the next try (the retry path). Any letter
 * case; the hold and the payment work as usual.
 */
export const SANDBOX_TICKET_FAIL_NAME = 'TICKETFAIL';
export const SANDBOX_TICKET_RETRY_NAME = 'TICKETRETRY';

/** The airline refused to issue the tickets of an order. */
export class SandboxTicketingError extends Error {
  constructor(orderId: string, lastName: string) {
    super(`The airline refused to issue the tickets of order ${orderId} (sandbox test passenger ${lastName})`);
    this.name = 'SandboxTicketingError';
  }
}
