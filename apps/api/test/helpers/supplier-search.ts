import type { PassengerCounts, PassengerType } from '@kwenda/contracts';
import type { SupplierPassenger, SupplierSearch } from '../../src/suppliers/supplier.js';

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

/** A traveller as a booking sends one to the supplier: a Sudanese passport, no extras, no contact. */
export function supplierPassenger(
  passengerType: PassengerType = 'adult',
  overrides: Partial<SupplierPassenger> = {},
): SupplierPassenger {
  return {
    id: 'px_1',
    supplierPassengerId: null,
    passengerType,
    firstName: 'AMNA',
    lastName: 'OSMAN',
    dateOfBirth: passengerType === 'adult' ? '1990-01-01' : passengerType === 'child' ? '2018-01-01' : '2025-06-01',
    gender: 'F',
    placeOfBirth: null,
    nationalityCountry: 'SD',
    documentNumber: 'P01234567',
    documentIssuanceCountry: 'SD',
    documentIssuanceDate: null,
    documentExpiryDate: '2031-01-01',
    extraBaggage: {},
    email: null,
    mobile: null,
    ...overrides,
  };
}
