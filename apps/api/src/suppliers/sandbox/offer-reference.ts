import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEARCH_LIMITS, type BaggageRequest, type CabinClassCode, type PassengerCounts, type TripType } from '@kwenda/contracts';
import { unitHash } from './hash.js';
import { dateOfEpochDay } from './time.js';

/**
 * Offer references carry the whole offer request (docs/decisions/0004): the flights of each slice
 * with their dates, cabin, passengers, bags and when it was issued, signed with an HMAC so nobody
 * can edit a price or a date. getOffer rebuilds and re-prices from the reference alone.
 *
 * Layout: base64url(payload) "." base64url(first 16 bytes of HMAC-SHA256(secret, payload)), where
 * payload = "1|trip|cabin|adults.children.infants|hold.carryOn|issuedAt|pricedAt|repriced|slices",
 * times are epoch minutes in base 36, and slices are "FLIGHT.day,FLIGHT.day;..." with days in base 36.
 */

export interface SegmentRef {
  flightNumber: string;
  /** Epoch day of the local departure date at the segment's origin. */
  day: number;
}

export interface OfferToken {
  tripType: TripType;
  cabin: CabinClassCode;
  passengers: PassengerCounts;
  baggage: BaggageRequest;
  /** Epoch minute the offer was issued; it expires offerTtlMinutes later. */
  issuedAt: number;
  /** Epoch minute whose date sets the advance-purchase part of the fare (kept when re-issued). */
  pricedAt: number;
  /** Re-issued after a price change: the new price already holds. */
  repriced: boolean;
  slices: SegmentRef[][];
}

const VERSION = '1';
const TRIP_CODES: Record<TripType, string> = { 'one-way': 'o', 'round-trip': 'r', 'multi-city': 'm' };
const CABIN_CODES: Record<CabinClassCode, string> = { economy: 'e', 'premium-economy': 'w', business: 'b', first: 'f' };
const invert = <K extends string>(record: Record<K, string>) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [v, k])) as Record<string, K>;
const TRIP_BY_CODE = invert(TRIP_CODES);
const CABIN_BY_CODE = invert(CABIN_CODES);
const FLIGHT_NUMBER = /^[A-Z0-9]{2}\d{1,4}$/;
const BASE36 = /^[0-9a-z]{1,12}$/;

function payloadOf(token: OfferToken): string {
  const { adults, children, infants } = token.passengers;
  const slices = token.slices.map((slice) => slice.map((s) => `${s.flightNumber}.${s.day.toString(36)}`).join(',')).join(';');
  return [
    VERSION,
    TRIP_CODES[token.tripType],
    CABIN_CODES[token.cabin],
    `${adults}.${children}.${infants}`,
    `${token.baggage.hold}.${token.baggage.carryOn}`,
    token.issuedAt.toString(36),
    token.pricedAt.toString(36),
    token.repriced ? '1' : '0',
    slices,
  ].join('|');
}

const tag = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);

export function encodeOfferReference(token: OfferToken, secret: string): string {
  const payload = payloadOf(token);
  return `${Buffer.from(payload).toString('base64url')}.${tag(payload, secret).toString('base64url')}`;
}

const count = (text: string | undefined, max: number) => {
  if (!text || !/^\d{1,2}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
};

function parsePayload(payload: string): OfferToken | null {
  const parts = payload.split('|');
  if (parts.length !== 9 || parts[0] !== VERSION) return null;
  const [, trip, cabinCode, people, bags, issued, priced, repriced, slicesText] = parts as [string, ...string[]];
  const tripType = TRIP_BY_CODE[trip!];
  const cabin = CABIN_BY_CODE[cabinCode!];
  const [a, c, i] = people!.split('.');
  const [h, co] = bags!.split('.');
  const passengers = {
    adults: count(a, SEARCH_LIMITS.adults),
    children: count(c, SEARCH_LIMITS.children),
    infants: count(i, SEARCH_LIMITS.infants),
  };
  const baggage = { hold: count(h, SEARCH_LIMITS.hold), carryOn: count(co, SEARCH_LIMITS.carryOn) };
  if (!tripType || !cabin || !BASE36.test(issued!) || !BASE36.test(priced!) || (repriced !== '0' && repriced !== '1'))
    return null;
  if (passengers.adults === null || passengers.children === null || passengers.infants === null) return null;
  if (baggage.hold === null || baggage.carryOn === null) return null;
  const slices: SegmentRef[][] = [];
  for (const sliceText of slicesText!.split(';')) {
    const slice: SegmentRef[] = [];
    for (const segmentText of sliceText.split(',')) {
      const [flightNumber, dayText] = segmentText.split('.');
      if (!flightNumber || !FLIGHT_NUMBER.test(flightNumber) || !dayText || !BASE36.test(dayText)) return null;
      slice.push({ flightNumber, day: parseInt(dayText, 36) });
    }
    if (slice.length < 1 || slice.length > 3) return null;
    slices.push(slice);
  }
  if (slices.length < 1 || slices.length > SEARCH_LIMITS.maxLegs) return null;
  return {
    tripType,
    cabin,
    passengers: passengers as PassengerCounts,
    baggage: baggage as BaggageRequest,
    issuedAt: parseInt(issued!, 36),
    pricedAt: parseInt(priced!, 36),
    repriced: repriced === '1',
    slices,
  };
}

const REFERENCE = /^([A-Za-z0-9_-]{8,1400})\.([A-Za-z0-9_-]{22})$/;

/** The token inside a reference, without checking its signature (anyone can read a reference). */
export function readOfferReference(reference: string): OfferToken | null {
  const match = typeof reference === 'string' ? REFERENCE.exec(reference) : null;
  return match ? parsePayload(Buffer.from(match[1]!, 'base64url').toString('utf8')) : null;
}

/** The token, or null when the reference is garbage or its signature does not match. */
export function verifyOfferReference(reference: string, secret: string): OfferToken | null {
  const match = typeof reference === 'string' ? REFERENCE.exec(reference) : null;
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = tag(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Re-encoding must give the same text: rejects non-canonical base64 and odd number spellings.
  const token = parsePayload(payload);
  return token && payloadOf(token) === payload ? token : null;
}

export type RepricingOutcome =
  | { kind: 'available' }
  | { kind: 'unavailable' }
  /** The fare rises by `factor` (1.03 to 1.12) when re-priced. */
  | { kind: 'price-changed'; factor: number };

export const REPRICING_SHARES = { unavailable: 0.05, priceChanged: 0.05 } as const;

/** The flights of an offer as the repricing hash sees them: "MS856@2026-03-23+TK661@2026-03-23;..." */
export const repricingKey = (slices: readonly (readonly SegmentRef[])[]) =>
  slices.map((slice) => slice.map((s) => `${s.flightNumber}@${dateOfEpochDay(s.day)}`).join('+')).join(';');

/**
 * What happens when an offer on these flights is re-priced (getOffer), fixed by the flights and
 * dates alone (not cabin, party or issue time): u = unitHash("reprice|" + key);
 * u < 0.05 -> sold out; u < 0.10 -> the fare rises by 3 % to 12 %; otherwise unchanged.
 */
export function repricingOutcome(slices: readonly (readonly SegmentRef[])[]): RepricingOutcome {
  const key = repricingKey(slices);
  const u = unitHash(`reprice|${key}`);
  if (u < REPRICING_SHARES.unavailable) return { kind: 'unavailable' };
  if (u < REPRICING_SHARES.unavailable + REPRICING_SHARES.priceChanged) {
    const percent = 3 + Math.floor(unitHash(`reprice-amount|${key}`) * 10);
    return { kind: 'price-changed', factor: 1 + percent / 100 };
  }
  return { kind: 'available' };
}

/**
 * How the sandbox will answer getOffer for this reference (ignoring expiry and departures that
 * have meanwhile come within the booking cut-off); null for something that is not a reference.
 * An offer already re-issued after a price change answers "available" from then on.
 */
export function sandboxRepricingOutcome(reference: string): RepricingOutcome | null {
  const token = readOfferReference(reference);
  if (!token) return null;
  const outcome = repricingOutcome(token.slices);
  return token.repriced && outcome.kind === 'price-changed' ? { kind: 'available' } : outcome;
}
