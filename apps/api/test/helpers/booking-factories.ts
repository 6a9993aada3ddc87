import {
  bookingSchema,
  type Booking,
  type Offer,
  type OfferSearchResult,
  type PassengerInput,
  type SearchFiltersInput,
} from '@kwenda/contracts';
import { sandboxRepricingOutcome } from '../../src/suppliers/sandbox/offer-reference.js';
import { daysAhead, offerRequest } from './factories.js';
import type { TestContext } from './test-app.js';

type Outcome = 'available' | 'price-changed' | 'unavailable';

/**
 * An offer the sandbox will answer with `outcome` when re-priced (about 1 in 20 offers is sold out,
 * 1 in 20 dearer): searches the route over several dates until one turns up.
 */
export async function findOffer(
  ctx: TestContext,
  outcome: Outcome = 'available',
  filters: Partial<SearchFiltersInput> = {},
): Promise<Offer> {
  for (let day = 14; day < 60; day++) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/offers/request',
      payload: offerRequest({ departureDate: daysAhead(day), ...filters }),
    });
    const result = response.json() as OfferSearchResult;
    const offer = result.offers.find((o) => sandboxRepricingOutcome(o.reference)?.kind === outcome);
    if (offer) return offer;
  }
  throw new Error(`No ${outcome} offer found`);
}

/**
 * The access cookie each guest booking's creator received, per test app: the helpers below send it, as
 * the guest's browser does (a request without it is a stranger holding the link).
 */
const guestKeys = new WeakMap<TestContext, Map<string, string>>();

/** The `kwenda_booking=<token>` pair of a Set-Cookie header, or null. */
export function accessCookieOf(setCookie: string | string[] | undefined): string | null {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith('kwenda_booking='));
  return header ? header.split(';')[0]! : null;
}

/** Headers of the guest's browser that created booking `id` (none for an account's booking). */
export function guestHeaders(ctx: TestContext, id: string): Record<string, string> {
  const cookie = guestKeys.get(ctx)?.get(id);
  return cookie ? { cookie } : {};
}

/** A request's parts (a multipart body and its headers) with the guest creator's cookie of booking `id` added. */
export function asGuest<T extends { headers?: Record<string, string> }>(ctx: TestContext, id: string, parts: T): T {
  return { ...parts, headers: { ...parts.headers, ...guestHeaders(ctx, id) } };
}

/** Remembers a cookie that gives booking `id` whole (Find my booking's). */
export function rememberGuestCookie(ctx: TestContext, id: string, cookie: string) {
  if (!guestKeys.has(ctx)) guestKeys.set(ctx, new Map());
  guestKeys.get(ctx)!.set(id, cookie);
}

export async function createBooking(
  ctx: TestContext,
  offer: Offer,
  passengers = { adults: 1, children: 0, infants: 0 },
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers,
    payload: {
      reference: offer.reference,
      payload: { passengers, baggage: { hold: 1, carryOn: 0 }, currency: offer.currency, ...extra },
    },
  });
  const cookie = accessCookieOf(response.headers['set-cookie']);
  if (response.statusCode === 201 && cookie)
    rememberGuestCookie(ctx, (response.json() as { booking: { id: string } }).booking.id, cookie);
  return response;
}

/** The booking as its guest creator sees it (whole); `headers` replace the creator's cookie (a stranger: {}). */
export async function getBooking(
  ctx: TestContext,
  id: string,
  headers: Record<string, string> = guestHeaders(ctx, id),
): Promise<Booking> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings/${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`GET booking ${response.statusCode}: ${response.body}`);
  // The route skips response validation for speed: every test read checks the contract instead.
  return bookingSchema.parse(response.json());
}

const FIRST_NAMES = ['AHMED', 'FATIMA', 'OMER', 'AMNA', 'KHALID', 'HIBA'];

/** Valid passenger data for each passenger of the booking, by type; override per passenger. */
export function passengersFor(
  booking: Booking,
  overrides: Record<number, Partial<PassengerInput>> = {},
  family = 'OSMAN',
): PassengerInput[] {
  const firstFlight = booking.slices[0]!.departureDate.slice(0, 10);
  const yearsBefore = (years: number) => `${Number(firstFlight.slice(0, 4)) - years}${firstFlight.slice(4)}`;
  return booking.passengers.map((p, index) => {
    const age = p.passengerType === 'adult' ? 34 : p.passengerType === 'child' ? 7 : 1;
    const base: PassengerInput = {
      id: p.id,
      firstName: FIRST_NAMES[index % FIRST_NAMES.length]!,
      lastName: family,
      dateOfBirth: yearsBefore(age).replace(/-(\d\d)$/, (_m, d: string) => `-${d === '29' ? '28' : d}`),
      gender: index % 2 ? 'F' : 'M',
      nationalityCountry: 'SD',
      documentNumber: `P0${1234567 + index}`,
      documentIssuanceCountry: 'SD',
      documentExpiryDate: yearsBefore(-5),
      ...(p.requiredFields.includes('documentIssuanceDate') ? { documentIssuanceDate: yearsBefore(2) } : {}),
      ...(p.requiredFields.includes('placeOfBirth') ? { placeOfBirth: 'Khartoum' } : {}),
      baggage: [],
    };
    return { ...base, ...overrides[index] };
  });
}

export async function submitPassengers(
  ctx: TestContext,
  booking: Booking,
  passengers: PassengerInput[],
  /** The contact step's fields (email, mobile, whatsapp, whatsappUpdates). */
  contact: Record<string, unknown> = { email: 'traveller@example.com', mobile: '+249912345678' },
) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/bookings/${booking.id}`,
    headers: guestHeaders(ctx, booking.id),
    payload: { bookingId: booking.id, payload: { passengers, ...contact } },
  });
}

export async function pay(ctx: TestContext, id: string, payLater: boolean) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/bookings/${id}/pay`,
    headers: guestHeaders(ctx, id),
    payload: { payLater },
  });
}

/**
 * Booked, passengers saved and held for a bank transfer. `n` tells the bookings of one test apart: it
 * is written in letters after `family` (passenger names take letters only).
 */
export async function heldForTransfer(ctx: TestContext, offer: Offer, family: string, n: number): Promise<Booking> {
  const letters = [...String(n)].map((digit) => 'ABCDEFGHIJ'[Number(digit)]).join('');
  const ready = await readyBooking(ctx, offer, `${family}${letters}`);
  const held = await pay(ctx, ready.id, true);
  if (held.statusCode !== 200) throw new Error(`pay later ${held.statusCode}: ${held.body}`);
  return getBooking(ctx, ready.id);
}

/** Booked, passengers saved: ready to pay. `extra` goes into the booking's payload (a referral code). */
export async function readyBooking(
  ctx: TestContext,
  offer: Offer,
  family = 'OSMAN',
  passengers = { adults: 1, children: 0, infants: 0 },
  extra: Record<string, unknown> = {},
): Promise<Booking> {
  const created = await createBooking(ctx, offer, passengers, extra);
  if (created.statusCode !== 201) throw new Error(`create ${created.statusCode}: ${created.body}`);
  const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
  const saved = await submitPassengers(ctx, booking, passengersFor(booking, {}, family));
  if (saved.statusCode !== 200) throw new Error(`passengers ${saved.statusCode}: ${saved.body}`);
  return (saved.json() as { booking: Booking }).booking;
}
