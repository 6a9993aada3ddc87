import type { SeatMapCabin } from '@duffel/api/types';
import { describe, expect, it } from 'vitest';
import type { SupplierSearch } from '../supplier.js';
import {
  apportion,
  durationMinutes,
  localDateTime,
  offerRequestBody,
  passengerRequirementsOf,
  passengerTypeOf,
  ticketsOf,
  toAirlineChange,
  toCancellationQuote,
  toSeatMap,
  toSupplierOffer,
  toSupplierOrder,
  type DuffelOfferData,
} from './mapping.js';
import { bagServices, order, roundTripOffer, segment, slice } from './test-payloads.js';

const search = (overrides: Partial<SupplierSearch> = {}): SupplierSearch => ({
  tripType: 'round-trip',
  legs: [
    { origin: 'pzu', destination: 'CAI', departureDate: '2026-03-23' },
    { origin: 'CAI', destination: 'PZU', departureDate: '2026-03-30' },
  ],
  cabinClass: null,
  passengers: { adults: 2, children: 1, infants: 1 },
  baggage: { hold: 1, carryOn: 0 },
  maxConnections: null,
  ...overrides,
});

describe('offer requests', () => {
  it('asks for adults by type and children and infants by the search ages, with the legs upper-cased', () => {
    expect(offerRequestBody(search())).toEqual({
      slices: [
        { origin: 'PZU', destination: 'CAI', departure_date: '2026-03-23', arrival_time: null, departure_time: null },
        { origin: 'CAI', destination: 'PZU', departure_date: '2026-03-30', arrival_time: null, departure_time: null },
      ],
      passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 8 }, { age: 1 }],
    });
  });

  it('passes the cabin in Duffel words and max_connections when set (0 = direct)', () => {
    const body = offerRequestBody(search({ cabinClass: 'premium-economy', maxConnections: 0 }));
    expect(body).toMatchObject({ cabin_class: 'premium_economy', max_connections: 0 });
    expect(offerRequestBody(search({ cabinClass: 'first', maxConnections: 5 }))).toMatchObject({
      cabin_class: 'first',
      max_connections: 2,
    });
  });
});

describe('times and durations', () => {
  it('reads ISO 8601 durations in minutes', () => {
    expect(durationMinutes('PT2H5M')).toBe(125);
    expect(durationMinutes('PT02H26M')).toBe(146);
    expect(durationMinutes('P1DT2H')).toBe(26 * 60);
    expect(durationMinutes('PT45M30S')).toBe(46);
    expect(durationMinutes('PT')).toBeNull();
    expect(durationMinutes('2 hours')).toBeNull();
    expect(durationMinutes(null)).toBeNull();
  });

  it('writes local date-times as the sandbox does, to the minute', () => {
    expect(localDateTime('2026-03-31T06:15:00.000')).toBe('2026-03-31T06:15:00');
    expect(localDateTime('2026-03-31T06:15')).toBe('2026-03-31T06:15:00');
    expect(() => localDateTime('31/03/2026')).toThrow();
  });
});

describe('offers', () => {
  const offer = toSupplierOffer(roundTripOffer(), 'round-trip');

  it('keeps the Duffel offer id as the reference, the total as a number in its currency, and the expiry', () => {
    expect(offer).toMatchObject({
      reference: 'off_0000roundtrip',
      tripType: 'round-trip',
      totalAmount: 1234.56,
      totalCurrency: 'USD',
      expiresAt: '2026-03-02T06:30:00.000Z',
      requiresInstantPayment: false,
    });
  });

  it('maps a direct slice: marketing flight number, local times, minutes, aircraft, known airline in Arabic', () => {
    expect(offer.slices[0]).toEqual({
      origin: 'PZU',
      destination: 'CAI',
      departureDate: '2026-03-23T08:05:00',
      arrivalDate: '2026-03-23T10:10:00',
      durationInMinutes: 125,
      cabinClasses: [{ code: 'economy', labelAr: 'الدرجة السياحية', labelEn: 'Economy' }],
      airlines: [{ iataCode: 'MS', nameEn: 'EgyptAir', nameAr: 'مصر للطيران', logo: '/airlines/MS.png' }],
      segments: [
        {
          flightNumber: 'MS852',
          airline: { iataCode: 'MS', nameEn: 'EgyptAir', nameAr: 'مصر للطيران', logo: '/airlines/MS.png' },
          origin: 'PZU',
          destination: 'CAI',
          departureDate: '2026-03-23T08:05:00',
          arrivalDate: '2026-03-23T10:10:00',
          durationInMinutes: 125,
          stops: 0,
          aircraft: 'Airbus A320neo',
        },
      ],
    });
  });

  it('maps a connection: the marketing carrier numbers the flight, stops counted, missing durations from the zones', () => {
    const back = offer.slices[1]!;
    expect(back.segments.map((s) => s.flightNumber)).toEqual(['SV310', 'ZQ77']);
    // Cairo 23:50 (UTC+2) to Jeddah 03:20 (UTC+3): 2 h 30.
    expect(back.segments[0]!.durationInMinutes).toBe(150);
    expect(back.segments[1]).toMatchObject({
      stops: 1,
      durationInMinutes: 110,
      aircraft: 'Embraer 190',
      departureDate: '2026-03-31T06:15:00',
    });
    // Door to door, Cairo 23:50 to Port Sudan 07:05 (UTC+2): 7 h 15.
    expect(back.durationInMinutes).toBe(435);
    expect(back).toMatchObject({ origin: 'CAI', destination: 'PZU', arrivalDate: '2026-03-31T07:05:00' });
  });

  it("shows a carrier Kwenda does not know by Duffel's name in both languages and Duffel's logo", () => {
    const airlines = offer.slices[1]!.airlines;
    expect(airlines.map((a) => a.iataCode)).toEqual(['SV', 'ZQ']);
    expect(airlines[0]!.nameAr).not.toBe(airlines[0]!.nameEn);
    expect(airlines[1]).toEqual({
      iataCode: 'ZQ',
      nameEn: 'Zed Air',
      nameAr: 'Zed Air',
      logo: 'https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/ZQ.svg',
    });
  });

  it('tells a round trip from a multi-city by the slices when no search says', () => {
    expect(toSupplierOffer(roundTripOffer()).tripType).toBe('round-trip');
    const oneWay = roundTripOffer({ slices: [roundTripOffer().slices[0]!] });
    expect(toSupplierOffer(oneWay).tripType).toBe('one-way');
    const open = roundTripOffer();
    open.slices[1]!.segments[1]!.destination = { ...open.slices[1]!.segments[1]!.destination, iata_code: 'KRT' };
    expect(toSupplierOffer(open).tripType).toBe('multi-city');
  });

  it('includes per traveller what every flight includes; Duffel gives pieces, no weight', () => {
    expect(offer.baggage).toEqual({ hold: { quantity: 1, weight: 0 }, carryOn: { quantity: 1, weight: 0 } });
  });

  it('maps refund and change conditions with their penalties', () => {
    expect(offer.conditions).toEqual({
      refundBeforeDeparture: { allowed: true, penaltyAmount: 100, penaltyCurrency: 'USD' },
      changeBeforeDeparture: { allowed: false, penaltyAmount: null, penaltyCurrency: null },
    });
    const unknown = toSupplierOffer(
      roundTripOffer({
        conditions: {
          refund_before_departure: null,
          change_before_departure: { allowed: true, penalty_amount: null, penalty_currency: null },
        },
      }),
    );
    expect(unknown.conditions).toEqual({
      refundBeforeDeparture: null,
      changeBeforeDeparture: { allowed: true, penaltyAmount: null, penaltyCurrency: null },
    });
  });

  it('keeps what later steps need in supplierData: passengers in Kwenda order, documents, deadlines', () => {
    const data = offer.supplierData as DuffelOfferData;
    expect(data.passengers.map((p) => [p.id, p.passengerType, p.age])).toEqual([
      ['pas_adult', 'adult', null],
      ['pas_child', 'child', 8],
      ['pas_infant', 'infant', 1],
    ]);
    expect(data).toMatchObject({
      source: 'duffel',
      offerId: 'off_0000roundtrip',
      identityDocumentsRequired: false,
      sliceSegmentIds: [['seg_out'], ['seg_back1', 'seg_back2']],
      services: null,
      paymentRequiredBy: '2026-03-05T06:00:00Z',
      priceGuaranteeExpiresAt: '2026-03-04T06:00:00Z',
    });
    expect(JSON.parse(JSON.stringify(offer))).toEqual(offer);
  });

  it('flags offers the airline sells for immediate payment only', () => {
    const instant = roundTripOffer({
      payment_requirements: { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null },
    });
    expect(toSupplierOffer(instant).requiresInstantPayment).toBe(true);
  });

  it("types passengers by the search's ages, else Duffel's type", () => {
    expect(passengerTypeOf({ age: 8, type: 'adult' })).toBe('child');
    expect(passengerTypeOf({ age: 1 })).toBe('infant');
    expect(passengerTypeOf({ age: 30 })).toBe('adult');
    expect(passengerTypeOf({ type: 'infant_without_seat', age: null })).toBe('infant');
    expect(passengerTypeOf({ type: 'child' })).toBe('child');
  });
});

describe('passenger requirements', () => {
  const priced = toSupplierOffer(roundTripOffer({ available_services: bagServices }));
  const requirements = passengerRequirementsOf(priced);

  it("lists the offer's passengers adults first, with Duffel's ids", () => {
    expect(requirements.map((r) => [r.passengerType, r.supplierPassengerId])).toEqual([
      ['adult', 'pas_adult'],
      ['child', 'pas_child'],
      ['infant', 'pas_infant'],
    ]);
  });

  it('splits the total by adult 1, child 0.75, infant 0.1, exactly to the cent', () => {
    expect(requirements.map((r) => r.fare)).toEqual([667.33, 500.5, 66.73]);
    const sum = requirements.reduce((s, r) => s + Math.round(r.fare * 100), 0);
    expect(sum).toBe(123456);
  });

  it('asks names, gender and birth date; passport details only when the airline requires documents', () => {
    expect(requirements[0]!.requiredFields).toEqual(['firstName', 'lastName', 'dateOfBirth', 'gender']);
    const withDocuments = passengerRequirementsOf(
      toSupplierOffer(roundTripOffer({ passenger_identity_documents_required: true })),
    );
    expect(withDocuments[2]!.requiredFields).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'gender',
      'nationalityCountry',
      'documentNumber',
      'documentIssuanceCountry',
      'documentExpiryDate',
    ]);
  });

  it('offers the included pieces and the bags for sale for the whole trip; infants none', () => {
    expect(requirements[0]!.baggage).toEqual([
      { reference: 'hold-included', category: 'hold', baggageType: 'hold_bag', price: 0, weight: 0, included: 1, limit: 1 },
      { reference: 'cabin-included', category: 'carryOn', baggageType: 'cabin_bag', price: 0, weight: 0, included: 1, limit: 1 },
      { reference: 'ase_adult_checked', category: 'hold', baggageType: 'hold_bag', price: 45, weight: 23, included: 0, limit: 2 },
      {
        reference: 'ase_adult_cabin',
        category: 'carryOn',
        baggageType: 'cabin_bag',
        price: 20,
        weight: 7,
        included: 0,
        limit: 1,
      },
    ]);
    // Sold per slice: one option for the trip, the two services' prices added, the smaller maximum.
    expect(requirements[1]!.baggage.filter((o) => o.price > 0)).toEqual([
      {
        reference: 'ase_child_out+ase_child_back',
        category: 'hold',
        baggageType: 'hold_bag',
        price: 55.3,
        weight: 23,
        included: 0,
        limit: 1,
      },
    ]);
    expect(requirements[2]!.baggage).toEqual([]);
  });

  it('offers only the included pieces when the offer came from a search (no services yet)', () => {
    const fromSearch = passengerRequirementsOf(toSupplierOffer(roundTripOffer()));
    expect(fromSearch[0]!.baggage.map((o) => o.reference)).toEqual(['hold-included', 'cabin-included']);
  });

  it('refuses an offer another supplier made', () => {
    expect(() => passengerRequirementsOf({ ...priced, supplierData: undefined })).toThrow(/not made by the Duffel adapter/);
  });
});

describe('apportioning', () => {
  it('gives the rounding to the largest remainders and never loses a unit', () => {
    expect(apportion(100, [1, 1, 1], 'USD')).toEqual([33.34, 33.33, 33.33]);
    expect(apportion(10000, [1, 0.75, 0.1], 'JPY')).toEqual([5405, 4054, 541]);
    expect(apportion(10.005, [1, 1], 'KWD')).toEqual([5.003, 5.002]);
    expect(apportion(0, [1, 0.1], 'USD')).toEqual([0, 0]);
  });
});

describe('orders', () => {
  const ids = { pas_adult: 'bp_1', pas_child: 'bp_2', pas_infant: 'bp_3' };

  it('reports a hold: deadline, total, currency, client reference, the flights', () => {
    const held = toSupplierOrder(order(), ids);
    expect(held).toMatchObject({
      orderId: 'ord_0000test',
      clientReference: 'call_123',
      state: 'held',
      paymentRequiredBy: new Date('2026-03-05T06:00:00Z'),
      total: 1279.56,
      currency: 'USD',
      ticketed: null,
    });
    expect(held.slices?.map((s) => s.segments.map((g) => g.flightNumber))).toEqual([['MS852'], ['SV310', 'ZQ77']]);
  });

  it("is ticketed once paid with an e-ticket for every passenger, under Kwenda's passenger ids", () => {
    const paid = order({
      payment_status: { awaiting_payment: false, paid_at: '2026-03-02T07:00:00Z' },
      documents: [
        { type: 'electronic_ticket', unique_identifier: '0771234567890', passenger_ids: ['pas_adult'] },
        { type: 'electronic_ticket', unique_identifier: '0771234567891', passenger_ids: ['pas_child'] },
        { type: 'electronic_miscellaneous_document_associated', unique_identifier: 'EMD1', passenger_ids: ['pas_adult'] },
        { type: 'electronic_ticket', unique_identifier: '0771234567892', passenger_ids: ['pas_infant'] },
      ],
    });
    expect(toSupplierOrder(paid, ids)).toMatchObject({
      state: 'ticketed',
      ticketed: {
        pnr: 'RZPNX8',
        tickets: [
          { passengerId: 'bp_1', ticketNumber: '0771234567890' },
          { passengerId: 'bp_2', ticketNumber: '0771234567891' },
          { passengerId: 'bp_3', ticketNumber: '0771234567892' },
        ],
      },
    });
    // Paid, the infant's ticket not issued yet: nothing to show, still reported held.
    const partial = { ...paid, documents: paid.documents!.filter((d) => !d.passenger_ids.includes('pas_infant')) };
    expect(toSupplierOrder(partial, ids)).toMatchObject({ state: 'held', ticketed: null });
    expect(ticketsOf(partial, ids)).toBeNull();
  });

  it('is cancelled once Duffel says so', () => {
    expect(toSupplierOrder(order({ cancelled_at: '2026-03-02T08:00:00Z' }), null).state).toBe('cancelled');
  });
});

describe('cancellations', () => {
  const base = {
    id: 'ore_1',
    order_id: 'ord_1',
    live_mode: false,
    created_at: '2026-03-02T06:00:00Z',
    expires_at: '2026-03-02T06:15:00Z',
    confirmed_at: '',
    airline_credits: [],
  };

  it('quotes a paid order: the refund, its currency and where it goes', () => {
    expect(toCancellationQuote({ ...base, refund_amount: '1179.56', refund_currency: 'USD', refund_to: 'card' }, 'EUR')).toEqual({
      id: 'ore_1',
      orderId: 'ord_1',
      refundAmount: 1179.56,
      refundCurrency: 'USD',
      refundTo: 'original_form_of_payment',
      expiresAt: new Date('2026-03-02T06:15:00Z'),
    });
  });

  it('quotes nothing back for an unpaid hold or an unknown refund', () => {
    expect(
      toCancellationQuote({ ...base, refund_amount: '0.00', refund_currency: 'USD', refund_to: 'awaiting_payment' }, 'USD'),
    ).toMatchObject({
      refundAmount: 0,
      refundTo: 'none',
    });
    expect(
      toCancellationQuote({ ...base, refund_amount: null, refund_currency: null, refund_to: 'balance' }, 'EUR'),
    ).toMatchObject({
      refundAmount: 0,
      refundCurrency: 'EUR',
      refundTo: 'none',
    });
  });
});

describe('airline-initiated changes', () => {
  it('maps the flights removed and added, the actions and the decision', () => {
    const before = slice('sli_a', [segment({ id: 'seg_a' })], 'PT2H5M');
    const after = slice(
      'sli_b',
      [segment({ id: 'seg_b', departing_at: '2026-03-23T11:05:00', arriving_at: '2026-03-23T13:10:00' })],
      'PT2H5M',
    );
    const change = toAirlineChange({
      id: 'aic_1',
      order_id: 'ord_1',
      action_taken: null,
      action_taken_at: null,
      added: [after] as never,
      removed: [before] as never,
      available_actions: ['accept', 'cancel'],
      created_at: '2026-03-10T09:00:00Z',
      updated_at: '2026-03-10T09:00:00Z',
      travel_agent_ticket: null,
    });
    expect(change).toMatchObject({ id: 'aic_1', orderId: 'ord_1', availableActions: ['accept', 'cancel'], actionTaken: null });
    expect(change.removed[0]!.departureDate).toBe('2026-03-23T08:05:00');
    expect(change.added[0]!.departureDate).toBe('2026-03-23T11:05:00');
    expect(change.createdAt).toEqual(new Date('2026-03-10T09:00:00Z'));
  });
});

describe('seat maps', () => {
  const seat = (designator: string, prices: string[] = []) => ({
    type: 'seat' as const,
    designator,
    disclosures: [],
    available_services: prices.map((amount, i) => ({
      id: `ase_${designator}_${i}`,
      passenger_id: `pas_${i}`,
      total_amount: amount,
      total_currency: 'EUR',
    })),
  });
  const cabin: SeatMapCabin = {
    deck: 0,
    cabin_class: 'economy',
    aisles: 1,
    wings: null,
    rows: [
      { sections: [{ elements: [{ type: 'lavatory' }] }, { elements: [{ type: 'galley' }] }] },
      {
        sections: [
          { elements: [seat('10A', ['12.00', '12.00']), seat('10B')] },
          { elements: [seat('10C', ['9.50']), { type: 'empty' }] },
        ],
      },
      { sections: [{ elements: [{ type: 'exit_row' }] }, { elements: [{ type: 'exit_row' }] }] },
      {
        sections: [
          { elements: [seat('11A', ['30.00']), { ...seat('11B', ['1.00']), type: 'restricted_seat_general' as const }] },
          { elements: [seat('11C')] },
        ],
      },
      { sections: [{ elements: [seat('12A', ['8.00'])] }, { elements: [seat('12C', ['8.00'])] }] },
    ],
  };

  it('gives rows of seats in blocks between aisles, available with their price, exits marked', () => {
    expect(toSeatMap(cabin, 'USD')).toEqual({
      currency: 'EUR',
      rows: [
        {
          number: 10,
          nextToExit: true,
          columns: [
            {
              seats: [
                { letter: 'A', available: true, price: 12 },
                { letter: 'B', available: false, price: null },
              ],
            },
            { seats: [{ letter: 'C', available: true, price: 9.5 }] },
          ],
        },
        {
          number: 11,
          nextToExit: true,
          columns: [
            {
              seats: [
                { letter: 'A', available: true, price: 30 },
                { letter: 'B', available: false, price: null },
              ],
            },
            { seats: [{ letter: 'C', available: false, price: null }] },
          ],
        },
        {
          number: 12,
          nextToExit: false,
          columns: [
            { seats: [{ letter: 'A', available: true, price: 8 }] },
            { seats: [{ letter: 'C', available: true, price: 8 }] },
          ],
        },
      ],
    });
  });

  it('has no map for a cabin without seats', () => {
    expect(toSeatMap({ ...cabin, rows: [cabin.rows[0]!] }, 'USD')).toBeNull();
  });
});
