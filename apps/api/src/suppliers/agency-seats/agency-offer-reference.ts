import { cabinClassCodes, type CabinClassCode, type PassengerCounts, type TripType } from '@kwenda/contracts';

/**
 * An agency-seats offer reference carries what the offer was made of: the dated flight of each slice,
 * the cabin, the passengers, when it was issued and the total it was priced at. Nothing in it is
 * trusted for money: getOffer reads the seats and fares from the database again, so an edited
 * reference can only ask for flights that exist at their real price. Layout: "as1." + base64url(JSON).
 */
export interface AgencyOfferToken {
  tripType: TripType;
  cabin: CabinClassCode;
  passengers: PassengerCounts;
  /** One dated flight id per slice. */
  flights: string[];
  /** Epoch minute it was issued; it expires offerTtlMinutes later. */
  issuedAt: number;
  /** The total it was priced at, in cents of its currency (a new total is a price change). */
  totalCents: number;
}

const PREFIX = 'as1.';
const TRIP_TYPES: readonly TripType[] = ['one-way', 'round-trip', 'multi-city'];
const DATED_FLIGHT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const count = (value: unknown, max: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

export function encodeAgencyOfferReference(token: AgencyOfferToken): string {
  const { adults, children, infants } = token.passengers;
  const payload = [token.tripType, token.cabin, [adults, children, infants], token.flights, token.issuedAt, token.totalCents];
  return PREFIX + Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The token of a reference this supplier made; null for anything else. */
export function decodeAgencyOfferReference(reference: string): AgencyOfferToken | null {
  if (!reference.startsWith(PREFIX) || reference.length > 2000) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(reference.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(payload) || payload.length !== 6) return null;
  const [tripType, cabin, passengers, flights, issuedAt, totalCents] = payload as unknown[];
  if (!TRIP_TYPES.includes(tripType as TripType) || !cabinClassCodes.includes(cabin as CabinClassCode)) return null;
  if (!Array.isArray(passengers) || passengers.length !== 3 || !passengers.every((n) => count(n, 9))) return null;
  const [adults, children, infants] = passengers as [number, number, number];
  if (adults < 1 || infants > adults) return null;
  if (!Array.isArray(flights) || flights.length < 1 || flights.length > 6) return null;
  if (!flights.every((id) => typeof id === 'string' && DATED_FLIGHT_ID.test(id))) return null;
  if (!count(issuedAt, Number.MAX_SAFE_INTEGER) || !count(totalCents, Number.MAX_SAFE_INTEGER)) return null;
  return {
    tripType: tripType as TripType,
    cabin: cabin as CabinClassCode,
    passengers: { adults, children, infants },
    flights: flights as string[],
    issuedAt: issuedAt as number,
    totalCents: totalCents as number,
  };
}
