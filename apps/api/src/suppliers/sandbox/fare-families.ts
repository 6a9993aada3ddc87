import type { CabinClassCode, PassengerCounts } from '@kwenda/contracts';
import type { SupplierFareCondition, SupplierFareConditions } from '../supplier.js';
import { airlineProfile } from './airlines.js';
import type { FlightInstance } from './itineraries.js';
import { loadFactor, round2 } from './pricing.js';

/**
 * Fare families (Duffel: fare brands) and the refund and change rules each carries. Nothing random:
 * the family follows from the cabin, the carriers and how full the flights are, so the same offer
 * always has the same conditions, in a search and when it is re-priced for a booking.
 */
export const fareFamilies = ['basic', 'standard', 'flex'] as const;
export type FareFamily = (typeof fareFamilies)[number];

/** USD per paying seat, short haul (every flight under 1,500 km) / long haul. */
interface Fee {
  shortHaul: number;
  longHaul: number;
}

/** null: not allowed. A fee of 0: allowed free of charge. */
export const FARE_FAMILY_RULES: Record<FareFamily, { refundFee: Fee | null; changeFee: Fee }> = {
  basic: { refundFee: null, changeFee: { shortHaul: 50, longHaul: 100 } },
  standard: { refundFee: { shortHaul: 75, longHaul: 150 }, changeFee: { shortHaul: 25, longHaul: 50 } },
  flex: { refundFee: { shortHaul: 0, longHaul: 0 }, changeFee: { shortHaul: 0, longHaul: 0 } },
};

/** Load factors at which a flight's cheapest open economy bucket is standard, then flex. */
export const FAMILY_LOAD_THRESHOLDS = { standard: 0.7, flex: 0.88 } as const;

const rank = (family: FareFamily) => fareFamilies.indexOf(family);

/**
 * The family one flight sells in a cabin. Business and first are always flexible; low-cost carriers
 * sell economy as basic; otherwise the cheap, strict buckets close first as a flight fills, so a
 * fuller flight sells a more flexible (and dearer) fare. Premium economy is never basic.
 */
export function flightFareFamily(segment: FlightInstance, cabin: CabinClassCode): FareFamily {
  if (cabin === 'business' || cabin === 'first') return 'flex';
  if (cabin === 'economy' && airlineProfile(segment.flight.airline).model === 'low-cost') return 'basic';
  const load = loadFactor(segment.flight.flightNumber, segment.day);
  const byLoad: FareFamily =
    load >= FAMILY_LOAD_THRESHOLDS.flex ? 'flex' : load >= FAMILY_LOAD_THRESHOLDS.standard ? 'standard' : 'basic';
  return cabin === 'premium-economy' && byLoad === 'basic' ? 'standard' : byLoad;
}

/** An offer is sold in one family: the strictest of its flights' (a ticket's rules are those of its strictest fare). */
export function offerFareFamily(segments: readonly FlightInstance[], cabin: CabinClassCode): FareFamily {
  return segments
    .map((segment) => flightFareFamily(segment, cabin))
    .reduce((strictest, family) => (rank(family) < rank(strictest) ? family : strictest), 'flex');
}

/**
 * Refund and change conditions of an offer, penalties for the whole party in USD. Adults and children
 * pay the fee per seat (an infant on a lap goes with its adult); a penalty never exceeds the offer's
 * total, since an airline keeps at most what it was paid.
 */
export function fareConditionsFor(
  family: FareFamily,
  segments: readonly FlightInstance[],
  passengers: PassengerCounts,
  totalUsd: number,
): SupplierFareConditions {
  const longHaul = segments.some((s) => s.flight.distanceKm >= 1500);
  const seats = passengers.adults + passengers.children;
  const condition = (fee: Fee | null): SupplierFareCondition =>
    fee === null
      ? { allowed: false, penaltyAmount: null, penaltyCurrency: null }
      : {
          allowed: true,
          penaltyAmount: Math.min(round2((longHaul ? fee.longHaul : fee.shortHaul) * seats), totalUsd),
          penaltyCurrency: 'USD',
        };
  const rules = FARE_FAMILY_RULES[family];
  return { refundBeforeDeparture: condition(rules.refundFee), changeBeforeDeparture: condition(rules.changeFee) };
}
