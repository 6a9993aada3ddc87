import type { CreateOrderPassenger } from '@duffel/api/types';
import type { PassengerRequirements, SupplierOffer, SupplierPassenger } from '../supplier.js';
import { DuffelSupplierError } from './errors.js';
import {
  currencyDigits,
  passengerRequirementsOf,
  SERVICE_SEPARATOR,
  type DuffelOfferData,
  type PassengerIdMap,
} from './mapping.js';

// The body of a Duffel order (passengers and paid bags) and what the bags cost: no calls, checked before any is made.

/** The body's passengers: Duffel's ids, contact on each, passports when required, infants on adults' laps. */
export function orderPassengers(data: DuffelOfferData, passengers: SupplierPassenger[]) {
  if (passengers.length !== data.passengers.length)
    throw new DuffelSupplierError(
      'validation',
      `The offer has ${data.passengers.length} passengers, ${passengers.length} were given`,
      {
        field: 'passengers',
      },
    );
  const known = new Set(data.passengers.map((p) => p.id));
  const ids = passengers.map((p, index) => {
    const id = p.supplierPassengerId ?? data.passengers[index]!.id;
    if (!known.has(id))
      throw new DuffelSupplierError('validation', `Passenger ${p.id} is not one of the offer's`, {
        field: 'supplierPassengerId',
      });
    const expected = data.passengers.find((d) => d.id === id)!.passengerType;
    if (expected !== p.passengerType)
      throw new DuffelSupplierError('validation', `Passenger ${p.id} is a ${p.passengerType}, the offer's is a ${expected}`, {
        field: 'passengerType',
      });
    return id;
  });
  if (new Set(ids).size !== ids.length)
    throw new DuffelSupplierError('validation', 'Two passengers share one offer passenger', { field: 'supplierPassengerId' });
  const email = passengers.find((p) => p.email)?.email ?? null;
  const phone = passengers.find((p) => p.mobile)?.mobile ?? null;
  if (!email || !phone)
    throw new DuffelSupplierError('validation', 'Duffel needs an e-mail address and a phone number on every passenger', {
      field: email ? 'mobile' : 'email',
    });
  const body: CreateOrderPassenger[] = passengers.map((p, index) => {
    const passenger: CreateOrderPassenger = {
      id: ids[index]!,
      title: p.gender === 'F' ? 'ms' : 'mr',
      given_name: p.firstName,
      family_name: p.lastName,
      born_on: p.dateOfBirth,
      gender: p.gender === 'F' ? 'f' : 'm',
      email: p.email ?? email,
      phone_number: p.mobile ?? phone,
    };
    if (data.identityDocumentsRequired) {
      const missing = (['documentNumber', 'documentIssuanceCountry', 'documentExpiryDate'] as const).find((f) => !p[f]);
      if (missing)
        throw new DuffelSupplierError('validation', `The airline needs passport details for passenger ${p.id}`, {
          field: missing,
        });
      passenger.identity_documents = [
        {
          type: 'passport',
          unique_identifier: p.documentNumber!,
          issuing_country_code: p.documentIssuanceCountry!,
          expires_on: p.documentExpiryDate!,
        },
      ];
    }
    return passenger;
  });
  // Each infant sits on an adult's lap: Duffel links them through the adult's infant_passenger_id.
  const adults = body.filter((_, index) => passengers[index]!.passengerType === 'adult');
  const infants = body.filter((_, index) => passengers[index]!.passengerType === 'infant');
  if (infants.length > adults.length)
    throw new DuffelSupplierError('validation', 'Every infant needs an adult of their own', { field: 'passengerType' });
  infants.forEach((infant, index) => (adults[index]!.infant_passenger_id = infant.id));
  const passengerIds: PassengerIdMap = {};
  passengers.forEach((p, index) => (passengerIds[ids[index]!] = p.id));
  return { body, passengerIds };
}

/** Paid bags as Duffel services: an option's reference is its service ids, each bought in the same quantity. */
export function orderServices(requirements: PassengerRequirements[], passengers: SupplierPassenger[]) {
  const quantities = new Map<string, number>();
  passengers.forEach((passenger, index) => {
    const options = requirements[index]?.baggage ?? [];
    for (const [reference, quantity] of Object.entries(passenger.extraBaggage)) {
      if (!quantity) continue;
      const option = options.find((o) => o.reference === reference);
      if (!option || option.price === 0)
        throw new DuffelSupplierError('validation', `No extra bag ${reference} for passenger ${passenger.id}`, {
          field: 'extraBaggage',
        });
      if (quantity < 0 || quantity > option.limit)
        throw new DuffelSupplierError('validation', `At most ${option.limit} of bag ${reference}`, { field: 'extraBaggage' });
      for (const id of reference.split(SERVICE_SEPARATOR)) quantities.set(id, (quantities.get(id) ?? 0) + quantity);
    }
  });
  return [...quantities].map(([id, quantity]) => ({ id, quantity }));
}

/** Price of the extra bags chosen, in the offer's currency. */
export function extrasOf(requirements: PassengerRequirements[], passengers: SupplierPassenger[], currency: string): number {
  const scale = 10 ** currencyDigits(currency);
  let total = 0;
  passengers.forEach((passenger, index) => {
    for (const option of requirements[index]?.baggage ?? [])
      total += (passenger.extraBaggage[option.reference] ?? 0) * option.price;
  });
  return Math.round(total * scale) / scale;
}

/** The offer's total and the extra bags chosen, when the hold left no record of what Duffel held it at. */
export function expectedTotal(offer: SupplierOffer, passengers: SupplierPassenger[]): number | null {
  try {
    const scale = 10 ** currencyDigits(offer.totalCurrency);
    const extras = extrasOf(passengerRequirementsOf(offer), passengers, offer.totalCurrency);
    return Math.round((offer.totalAmount + extras) * scale) / scale;
  } catch {
    return null;
  }
}
