import type { PassengerCounts } from '@kwenda/contracts';
import type { SupplierSearch } from '../../src/suppliers/supplier.js';

/**
 * A search as the supplier seam receives it, for legs of [origin, destination, date]: one-way, round
 * trip (back to where it started) or multi-city by their shape; one adult and no bags unless given.
 */
export function supplierSearch(
  legs: [origin: string, destination: string, date: string][],
  passengers: PassengerCounts = { adults: 1, children: 0, infants: 0 },
  overrides: Partial<SupplierSearch> = {},
): SupplierSearch {
  return {
    tripType: legs.length === 1 ? 'one-way' : legs.length === 2 && legs[0]![0] === legs[1]![1] ? 'round-trip' : 'multi-city',
    legs: legs.map(([origin, destination, departureDate]) => ({ origin, destination, departureDate })),
    cabinClass: null,
    passengers,
    baggage: { hold: 0, carryOn: 0 },
    maxConnections: null,
    ...overrides,
  };
}
