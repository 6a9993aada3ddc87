import type { CabinClass, CabinClassCode } from '@kwenda/contracts';
import { isWideBody, type AirlineProfile, type Allowance } from './airlines.js';

export const cabinLabels: Record<CabinClassCode, CabinClass> = {
  economy: { code: 'economy', labelAr: 'الدرجة السياحية', labelEn: 'Economy' },
  'premium-economy': { code: 'premium-economy', labelAr: 'السياحية الممتازة', labelEn: 'Premium economy' },
  business: { code: 'business', labelAr: 'درجة رجال الأعمال', labelEn: 'Business' },
  first: { code: 'first', labelAr: 'الدرجة الأولى', labelEn: 'First' },
};

/** Cabins sold on a flight: economy always, the rest by carrier, aircraft and distance. */
export function cabinsFor(profile: AirlineProfile, distanceKm: number, aircraft: string): CabinClassCode[] {
  const cabins: CabinClassCode[] = ['economy'];
  const wide = isWideBody(aircraft);
  const { premiumEconomyFromKm, firstFromKm, business } = profile.cabins;
  if (wide && premiumEconomyFromKm !== undefined && distanceKm >= premiumEconomyFromKm) cabins.push('premium-economy');
  if (business) cabins.push('business');
  if (wide && firstFromKm !== undefined && distanceKm >= firstFromKm) cabins.push('first');
  return cabins;
}

export const LONG_HAUL_KM = 5000;

/** Bags included in the fare of one flight. */
export function allowanceFor(
  profile: AirlineProfile,
  cabin: CabinClassCode,
  distanceKm: number,
): { hold: Allowance; carryOn: Allowance } {
  switch (cabin) {
    case 'first':
      return { hold: { quantity: 3, weight: 32 }, carryOn: { quantity: 2, weight: 7 } };
    case 'business':
      return { hold: { quantity: 2, weight: 32 }, carryOn: { quantity: 2, weight: 7 } };
    case 'premium-economy':
      return { hold: { quantity: 2, weight: 23 }, carryOn: { quantity: 1, weight: 10 } };
    case 'economy': {
      const hold = distanceKm >= LONG_HAUL_KM && profile.economyHoldLongHaul ? profile.economyHoldLongHaul : profile.economyHold;
      return { hold, carryOn: { quantity: 1, weight: profile.carryOnKg } };
    }
  }
}
