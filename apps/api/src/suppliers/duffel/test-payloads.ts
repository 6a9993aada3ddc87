/// <reference types="@duffel/api" />
import type {
  Airline,
  Airport,
  OfferAvailableService,
  OfferPassenger,
  OfferSlice,
  OfferSliceSegment,
  Order,
} from '@duffel/api/types';
import type { DuffelSearchOffer } from './mapping.js';
import { bagMetadata } from '../../../test/duffel/payloads.js';

/**
 * Duffel payloads for the mapping tests, written after Duffel's API reference: a round trip Port
 * Sudan - Cairo, out direct on EgyptAir, back through Jeddah on a Saudia-marketed flight operated by
 * flynas and a carrier Kwenda does not know; one adult, one child (age 8) and one infant (age 1),
 * listed by Duffel infant first.
 */

export const airline = (iata: string, name: string): Airline => ({
  id: `arl_${iata}`,
  iata_code: iata,
  name,
  logo_symbol_url: `https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/${iata}.svg`,
  logo_lockup_url: null,
  conditions_of_carriage_url: null,
});

export const airport = (iata: string, timeZone: string): Airport => ({
  id: `arp_${iata.toLowerCase()}`,
  iata_code: iata,
  icao_code: `H${iata}`,
  name: `${iata} airport`,
  city_name: iata,
  city: null,
  iata_city_code: iata,
  iata_country_code: 'SD',
  latitude: 0,
  longitude: 0,
  time_zone: timeZone,
  type: 'airport',
});

export const PZU = airport('PZU', 'Africa/Khartoum');
export const CAI = airport('CAI', 'Africa/Cairo');
export const JED = airport('JED', 'Asia/Riyadh');

const segmentPassengers = (cabin: 'economy' | 'business', checked: number, carryOn: number) =>
  ['pas_adult', 'pas_child', 'pas_infant'].map((id) => ({
    passenger_id: id,
    cabin_class: cabin,
    cabin_class_marketing_name: cabin === 'economy' ? 'Economy' : 'Business',
    fare_basis_code: 'Y1',
    cabin: null,
    baggages:
      id === 'pas_infant'
        ? [{ type: 'checked' as const, quantity: 1 }]
        : [
            { type: 'checked' as const, quantity: checked },
            { type: 'carry_on' as const, quantity: carryOn },
          ],
  }));

export function segment(overrides: Partial<OfferSliceSegment> & Pick<OfferSliceSegment, 'id'>): OfferSliceSegment {
  return {
    origin: PZU,
    destination: CAI,
    departing_at: '2026-03-23T08:05:00',
    arriving_at: '2026-03-23T10:10:00',
    duration: 'PT2H5M',
    origin_terminal: null,
    destination_terminal: '3',
    distance: '1210',
    marketing_carrier: airline('MS', 'EgyptAir'),
    marketing_carrier_flight_number: '852',
    operating_carrier: airline('MS', 'EgyptAir'),
    operating_carrier_flight_number: '852',
    aircraft: { id: 'arc_32N', iata_code: '32N', name: 'Airbus A320neo' },
    passengers: segmentPassengers('economy', 2, 1),
    stops: [],
    ...overrides,
  };
}

export function slice(id: string, segments: OfferSliceSegment[], duration: string | null): OfferSlice {
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  return {
    id,
    origin: { ...first.origin, type: 'airport' },
    destination: { ...last.destination, type: 'airport' },
    origin_type: 'airport',
    destination_type: 'airport',
    duration,
    fare_brand_name: 'Economy Classic',
    segments,
    conditions: {
      change_before_departure: null,
      refund_before_departure: null,
      advance_seat_selection: null,
      priority_boarding: null,
      priority_check_in: null,
    },
    ngs_shelf: null,
    comparison_key: id,
  };
}

export const passengers: OfferPassenger[] = [
  { id: 'pas_infant', type: 'infant_without_seat', age: 1, fare_type: null },
  { id: 'pas_adult', type: 'adult', age: null, fare_type: null },
  { id: 'pas_child', type: 'child', age: 8, fare_type: null },
];

export function roundTripOffer(overrides: Partial<DuffelSearchOffer> = {}): DuffelSearchOffer {
  return {
    id: 'off_0000roundtrip',
    live_mode: false,
    partial: false,
    created_at: '2026-03-02T06:00:00Z',
    updated_at: '2026-03-02T06:00:00Z',
    expires_at: '2026-03-02T06:30:00.000Z',
    owner: airline('MS', 'EgyptAir'),
    total_amount: '1234.56',
    total_currency: 'USD',
    base_amount: '1000.00',
    base_currency: 'USD',
    tax_amount: '234.56',
    tax_currency: 'USD',
    total_emissions_kg: '500',
    passengers,
    passenger_identity_documents_required: false,
    supported_passenger_identity_document_types: ['passport'],
    supported_loyalty_programmes: [],
    private_fares: [],
    payment_requirements: {
      requires_instant_payment: false,
      payment_required_by: '2026-03-05T06:00:00Z',
      price_guarantee_expires_at: '2026-03-04T06:00:00Z',
    },
    conditions: {
      refund_before_departure: { allowed: true, penalty_amount: '100.00', penalty_currency: 'USD' },
      change_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null },
    },
    slices: [
      slice('sli_out', [segment({ id: 'seg_out' })], 'PT2H5M'),
      slice(
        'sli_back',
        [
          segment({
            id: 'seg_back1',
            origin: CAI,
            destination: JED,
            departing_at: '2026-03-30T23:50:00',
            arriving_at: '2026-03-31T03:20:00',
            duration: null,
            marketing_carrier: airline('SV', 'Saudia'),
            marketing_carrier_flight_number: '310',
            operating_carrier: airline('XY', 'flynas'),
            operating_carrier_flight_number: '2310',
            stops: [],
          }),
          segment({
            id: 'seg_back2',
            origin: JED,
            destination: PZU,
            departing_at: '2026-03-31T06:15:00.000',
            arriving_at: '2026-03-31T07:05:00',
            duration: 'PT1H50M',
            marketing_carrier: airline('ZQ', 'Zed Air'),
            marketing_carrier_flight_number: '77',
            operating_carrier: airline('ZQ', 'Zed Air'),
            operating_carrier_flight_number: '77',
            aircraft: { id: 'arc_E90', iata_code: 'E90', name: 'Embraer 190' },
            stops: [
              {
                id: 'sto_1',
                airport: { ...airport('TIF', 'Asia/Riyadh') },
                arriving_at: '2026-03-31T06:40:00',
                departing_at: '2026-03-31T06:55:00',
                duration: 'PT15M',
              },
            ],
            passengers: segmentPassengers('economy', 1, 1),
          }),
        ],
        null,
      ),
    ],
    ...overrides,
  };
}

/** Extra checked bags: for the whole trip (adult), per slice (child), and a carry-on bag (adult). */
export const bagServices: OfferAvailableService[] = [
  {
    id: 'ase_adult_checked',
    type: 'baggage',
    passenger_ids: ['pas_adult'],
    segment_ids: ['seg_out', 'seg_back1', 'seg_back2'],
    maximum_quantity: 2,
    total_amount: '45.00',
    total_currency: 'USD',
    metadata: bagMetadata('checked', 23),
  },
  {
    id: 'ase_adult_cabin',
    type: 'baggage',
    passenger_ids: ['pas_adult'],
    segment_ids: ['seg_out', 'seg_back1', 'seg_back2'],
    maximum_quantity: 1,
    total_amount: '20.00',
    total_currency: 'USD',
    metadata: bagMetadata('carry_on'),
  },
  {
    id: 'ase_child_out',
    type: 'baggage',
    passenger_ids: ['pas_child'],
    segment_ids: ['seg_out'],
    maximum_quantity: 2,
    total_amount: '25.10',
    total_currency: 'USD',
    metadata: bagMetadata('checked'),
  },
  {
    id: 'ase_child_back',
    type: 'baggage',
    passenger_ids: ['pas_child'],
    segment_ids: ['seg_back1', 'seg_back2'],
    maximum_quantity: 1,
    total_amount: '30.20',
    total_currency: 'USD',
    metadata: bagMetadata('checked'),
  },
  {
    id: 'ase_adult_back_only',
    type: 'baggage',
    passenger_ids: ['pas_adult'],
    segment_ids: ['seg_back1', 'seg_back2'],
    maximum_quantity: 1,
    total_amount: '10.00',
    total_currency: 'USD',
    metadata: bagMetadata('checked', 32),
  },
];

/** The round trip as an order: held, paid, ticketed or cancelled by the overrides. */
export function order(overrides: Partial<Order> = {}): Order {
  const offer = roundTripOffer();
  return {
    id: 'ord_0000test',
    live_mode: false,
    created_at: '2026-03-02T06:05:00Z',
    synced_at: '2026-03-02T06:05:00Z',
    content: 'managed',
    owner: offer.owner,
    booking_reference: 'RZPNX8',
    total_amount: '1279.56',
    total_currency: 'USD',
    base_amount: '1000.00',
    base_currency: 'USD',
    tax_amount: '234.56',
    tax_currency: 'USD',
    slices: offer.slices.map((s) => ({ ...s, segments: s.segments })) as unknown as Order['slices'],
    services: [],
    passengers: ['pas_adult', 'pas_child', 'pas_infant'].map((id) => ({
      id,
      type: id === 'pas_adult' ? 'adult' : id === 'pas_child' ? 'child' : 'infant_without_seat',
      title: 'mr',
      given_name: 'Test',
      family_name: 'Traveller',
      born_on: '1990-01-01',
      gender: 'm',
      email: 'test@example.com',
      phone_number: '+249912345678',
    })),
    payment_status: {
      awaiting_payment: true,
      payment_required_by: '2026-03-05T06:00:00Z',
      price_guarantee_expires_at: '2026-03-04T06:00:00Z',
      paid_at: null,
    },
    documents: [],
    conditions: offer.conditions,
    metadata: { kwenda_client_reference: 'call_123' },
    airline_initiated_changes: [],
    available_actions: ['cancel', 'update'],
    cancelled_at: null,
    cancellation: null,
    ...overrides,
  };
}
