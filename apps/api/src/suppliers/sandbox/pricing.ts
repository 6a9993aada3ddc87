import type { BaggageRequest, CabinClassCode, PassengerCounts, TripType } from '@kwenda/contracts';
import { airlineProfile, type Allowance } from './airlines.js';
import { allowanceFor } from './cabins.js';
import { unitHash } from './hash.js';
import type { FlightInstance, Itinerary } from './itineraries.js';
import type { AirportPoint } from './schedules.js';
import { dateOfEpochDay } from './time.js';

/**
 * Fares in USD, a pure function of the itinerary, cabin, passengers, bags and the date the fare was
 * quoted (days before departure). Nothing random: the "demand" on a flight comes from a hash of its
 * number and date, so the same flight on the same day always costs the same.
 */

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Published-fare curve by flight distance, before market, carrier and demand adjustments. */
export function distanceFare(distanceKm: number): number {
  if (distanceKm < 1500) return 45 + 0.125 * distanceKm;
  if (distanceKm < 6000) return 232.5 + 0.075 * (distanceKm - 1500);
  return 570 + 0.045 * (distanceKm - 6000);
}

/**
 * Sudan premium: scarce seats since 2023 and war-risk insurance make every flight touching Sudan
 * dearer than its distance suggests (PZU-JED ~300 km costs about what CAI-JED ~1,200 km does).
 */
export function sudanSurcharge(distanceKm: number, originCountry: string, destinationCountry: string): number {
  const touches = (originCountry === 'SD' ? 1 : 0) + (destinationCountry === 'SD' ? 1 : 0);
  if (touches === 0) return 0;
  if (touches === 2) return 80;
  return Math.max(130, 200 - 0.07 * (distanceKm - 300));
}

/** How full a flight is on a date, 0.55-1.0, fixed by its number and date. */
export function loadFactor(flightNumber: string, day: number): number {
  return 0.55 + 0.45 * unitHash(`load|${flightNumber}|${dateOfEpochDay(day)}`);
}

/** Fuller flights sell their dearer fare buckets: 0.88 (empty) to 1.22 (full). */
export const demandMultiplier = (load: number) => 0.88 + (0.34 * (load - 0.55)) / 0.45;

const ADVANCE_CURVE: readonly [days: number, factor: number][] = [
  [0, 1.45],
  [3, 1.35],
  [7, 1.22],
  [14, 1.1],
  [21, 1.0],
  [45, 0.92],
  [90, 0.86],
];

/** Cheaper far ahead, dearer close in; 1.0 three weeks before departure. */
export function advancePurchaseFactor(daysAhead: number): number {
  if (daysAhead <= 0) return ADVANCE_CURVE[0]![1];
  for (let i = 1; i < ADVANCE_CURVE.length; i++) {
    const [d1, f1] = ADVANCE_CURVE[i]!;
    const [d0, f0] = ADVANCE_CURVE[i - 1]!;
    if (daysAhead <= d1) return f0 + ((f1 - f0) * (daysAhead - d0)) / (d1 - d0);
  }
  return ADVANCE_CURVE[ADVANCE_CURVE.length - 1]![1];
}

export function cabinMultiplier(cabin: CabinClassCode, businessFactor: number): number {
  switch (cabin) {
    case 'economy':
      return 1;
    case 'premium-economy':
      return 1.65;
    case 'business':
      return businessFactor;
    case 'first':
      return businessFactor * 1.7;
  }
}

export type AirportCountry = (code: string) => string;

/** Adult one-way fare of one flight, USD, unrounded. */
export function segmentFare(
  segment: FlightInstance,
  cabin: CabinClassCode,
  bookingDay: number,
  countryOf: AirportCountry,
): number {
  const { flight } = segment;
  const profile = airlineProfile(flight.airline);
  const base =
    distanceFare(flight.distanceKm) + sudanSurcharge(flight.distanceKm, countryOf(flight.origin), countryOf(flight.destination));
  return (
    base *
    profile.priceFactor *
    demandMultiplier(loadFactor(flight.flightNumber, segment.day)) *
    advancePurchaseFactor(segment.day - bookingDay) *
    cabinMultiplier(cabin, profile.businessFactor)
  );
}

/** Through fares undercut the sum of local fares; more so on one carrier's own network. */
export function connectionDiscount(segments: readonly FlightInstance[]): number {
  if (segments.length === 1) return 1;
  const oneCarrier = segments.every((s) => s.flight.airline === segments[0]!.flight.airline);
  if (segments.length === 2) return oneCarrier ? 0.82 : 0.92;
  return oneCarrier ? 0.75 : 0.88;
}

/** Round trips are sold a little cheaper than two one-ways. */
export const tripTypeFactor = (tripType: TripType) => (tripType === 'round-trip' ? 0.95 : 1);

/** Adult fare of one slice, USD, rounded to cents. */
export function sliceFare(
  itinerary: Itinerary,
  cabin: CabinClassCode,
  bookingDay: number,
  tripType: TripType,
  countryOf: AirportCountry,
): number {
  const sum = itinerary.segments.reduce((total, segment) => total + segmentFare(segment, cabin, bookingDay, countryOf), 0);
  return round2(sum * connectionDiscount(itinerary.segments) * tripTypeFactor(tripType));
}

export const CHILD_SHARE = 0.75;
export const INFANT_SHARE = 0.1;
/** Price of a checked bag bought on top of the fare, per passenger and slice. */
export const EXTRA_HOLD_BAG_USD = { shortHaul: 40, longHaul: 60 } as const;
export const EXTRA_CARRY_ON_USD = 20;
/** Weight of a bought checked bag when the fare includes none. */
export const BOUGHT_BAG_KG = 23;

/** The most restrictive allowance over a set of flights (a bag must be accepted on every one). */
export function includedAllowance(
  segments: readonly FlightInstance[],
  cabin: CabinClassCode,
): { hold: Allowance; carryOn: Allowance } {
  let hold: Allowance = { quantity: Infinity, weight: Infinity };
  let carryOn: Allowance = { quantity: Infinity, weight: Infinity };
  for (const { flight } of segments) {
    const allowance = allowanceFor(airlineProfile(flight.airline), cabin, flight.distanceKm);
    hold = { quantity: Math.min(hold.quantity, allowance.hold.quantity), weight: Math.min(hold.weight, allowance.hold.weight) };
    carryOn = {
      quantity: Math.min(carryOn.quantity, allowance.carryOn.quantity),
      weight: Math.min(carryOn.weight, allowance.carryOn.weight),
    };
  }
  return { hold, carryOn };
}

export interface PriceBreakdown {
  /** Per passenger, all slices. */
  adult: number;
  child: number;
  infant: number;
  /** Bags bought to meet the request, all passengers and slices. */
  bags: number;
  total: number;
}

/**
 * Total for the party. Children pay 75 % and infants (on a lap, no bag) 10 % of the adult fare;
 * bags requested beyond the fare's allowance are bought per passenger and slice.
 */
export function priceOffer(
  slices: readonly { itinerary: Itinerary; adultFare: number }[],
  cabin: CabinClassCode,
  passengers: PassengerCounts,
  baggage: BaggageRequest,
): PriceBreakdown {
  let adult = 0;
  let child = 0;
  let infant = 0;
  let bagsPerSeat = 0;
  for (const { itinerary, adultFare } of slices) {
    adult += adultFare;
    child += round2(adultFare * CHILD_SHARE);
    infant += round2(adultFare * INFANT_SHARE);
    const included = includedAllowance(itinerary.segments, cabin);
    const longHaul = itinerary.segments.some((s) => s.flight.distanceKm >= 1500);
    const holdPrice = longHaul ? EXTRA_HOLD_BAG_USD.longHaul : EXTRA_HOLD_BAG_USD.shortHaul;
    bagsPerSeat += Math.max(0, baggage.hold - included.hold.quantity) * holdPrice;
    bagsPerSeat += Math.max(0, baggage.carryOn - included.carryOn.quantity) * EXTRA_CARRY_ON_USD;
  }
  const bags = bagsPerSeat * (passengers.adults + passengers.children);
  const total = round2(adult * passengers.adults + child * passengers.children + infant * passengers.infants + bags);
  return { adult: round2(adult), child: round2(child), infant: round2(infant), bags, total };
}

/** Bags the offer carries: the fare's allowance, topped up to what was asked for. */
export function offerBaggage(itineraries: readonly Itinerary[], cabin: CabinClassCode, baggage: BaggageRequest) {
  const included = includedAllowance(
    itineraries.flatMap((i) => i.segments),
    cabin,
  );
  return {
    hold: {
      quantity: Math.max(included.hold.quantity, baggage.hold),
      weight: included.hold.quantity > 0 ? included.hold.weight : baggage.hold > 0 ? BOUGHT_BAG_KG : 0,
    },
    carryOn: { quantity: Math.max(included.carryOn.quantity, baggage.carryOn), weight: included.carryOn.weight },
  };
}

export const countryLookup =
  (airports: ReadonlyMap<string, AirportPoint>): AirportCountry =>
  (code) =>
    airports.get(code)?.countryCode ?? '';
