import type { Booking } from '@kwenda/contracts';

const airline = (iataCode: string, nameEn: string, nameAr: string) => ({ iataCode, nameEn, nameAr, logo: `/airlines/${iataCode}.svg` });
const economy = { code: 'economy' as const, labelAr: 'الدرجة السياحية', labelEn: 'Economy' };

/** A confirmed round trip Port Sudan - Cairo for a family of three; override any part. */
export function sampleBooking(overrides: Partial<Booking> = {}): Booking {
  const ms = airline('MS', 'EgyptAir', 'مصر للطيران');
  const bag = (count: number, price = 0, reference = 'hold-included') => ({ reference, category: 'hold' as const, baggageType: 'hold_bag' as const, price, weight: 23, count, limit: price ? 2 : count });
  return {
    id: 'bk_AAAAAAAAAAAAAAAAAAAAAA',
    bookingReference: 'KW7F3K9Q',
    status: 'confirmed',
    statusTrigger: 'ticket-issued',
    amount: 2_745_000,
    currency: 'SDG',
    priceBreakdown: { adults: { count: 1, amount: 1_300_000 }, children: { count: 1, amount: 975_000 }, infants: { count: 1, amount: 130_000 }, hold: { count: 1, amount: 156_000 }, carryOn: { count: 0, amount: 0 }, total: 2_745_000 },
    previousAmount: null,
    mobile: '+249912345678',
    email: 'amna@example.com',
    pnr: 'X7K2PQ',
    date: '2026-11-22T10:00:00.000Z',
    origin: 'PZU',
    destination: 'CAI',
    slices: [
      {
        origin: 'PZU',
        destination: 'CAI',
        departureDate: '2026-12-13T13:05:00',
        arrivalDate: '2026-12-13T15:10:00',
        durationInMinutes: 125,
        cabinClasses: [economy],
        airlines: [ms],
        segments: [{ flightNumber: 'MS856', airline: ms, origin: 'PZU', destination: 'CAI', departureDate: '2026-12-13T13:05:00', arrivalDate: '2026-12-13T15:10:00', durationInMinutes: 125, stops: 0, aircraft: 'A320' }],
      },
      {
        origin: 'CAI',
        destination: 'PZU',
        departureDate: '2026-12-20T08:40:00',
        arrivalDate: '2026-12-20T12:45:00',
        durationInMinutes: 245,
        cabinClasses: [economy],
        airlines: [airline('SV', 'Saudia', 'السعودية')],
        segments: [
          { flightNumber: 'SV306', airline: airline('SV', 'Saudia', 'السعودية'), origin: 'CAI', destination: 'JED', departureDate: '2026-12-20T08:40:00', arrivalDate: '2026-12-20T10:55:00', durationInMinutes: 135, stops: 0 },
          { flightNumber: 'SV465', airline: airline('SV', 'Saudia', 'السعودية'), origin: 'JED', destination: 'PZU', departureDate: '2026-12-20T12:00:00', arrivalDate: '2026-12-20T12:45:00', durationInMinutes: 45, stops: 0 },
        ],
      },
    ],
    tripType: 'round-trip',
    cabinClass: 'economy',
    requestedHoldBaggage: 1,
    requestedCarryOnBaggage: 0,
    requestedDate: null,
    passengers: [
      { id: 'px_1', passengerType: 'adult', firstName: 'Amna', lastName: 'Osman', dateOfBirth: '1990-04-02', gender: 'F', placeOfBirth: null, nationalityCountry: 'SD', documentNumber: 'P01234567', documentIssuanceCountry: 'SD', documentIssuanceDate: '2022-01-10', documentExpiryDate: '2032-01-09', amount: 1_456_000, baggage: [bag(1), bag(1, 156_000, 'hold-extra')], requiredFields: [], ticketNumber: '0772149303311' },
      { id: 'px_2', passengerType: 'child', firstName: 'Omer', lastName: 'Osman', dateOfBirth: '2018-07-15', gender: 'M', placeOfBirth: null, nationalityCountry: 'SD', documentNumber: 'P07654321', documentIssuanceCountry: 'SD', documentIssuanceDate: '2022-01-10', documentExpiryDate: '2032-01-09', amount: 975_000, baggage: [bag(1)], requiredFields: [], ticketNumber: '0772149303312' },
      { id: 'px_3', passengerType: 'infant', firstName: 'Hiba', lastName: 'Osman', dateOfBirth: '2025-09-01', gender: 'F', placeOfBirth: null, nationalityCountry: 'SD', documentNumber: 'P05555555', documentIssuanceCountry: 'SD', documentIssuanceDate: '2025-10-01', documentExpiryDate: '2030-09-30', amount: 130_000, baggage: [], requiredFields: [], ticketNumber: '0772149303313' },
    ],
    paymentMethod: 'card',
    paymentError: null,
    receipts: [],
    ticketLink: '/api/v1/bookings/bk_AAAAAAAAAAAAAAAAAAAAAA/ticket.pdf',
    ticketLinkUrl: 'http://127.0.0.1:3000/api/v1/bookings/bk_AAAAAAAAAAAAAAAAAAAAAA/ticket.pdf',
    manageMyBookingLink: '/booking/bk_AAAAAAAAAAAAAAAAAAAAAA',
    paymentLink: null,
    holdExpiresAt: null,
    offerExpiresAt: '2026-11-22T10:30:00.000Z',
    referralCode: null,
    ...overrides,
  };
}

export const sampleAgency = { name: 'Kwenda', phone: '+249 91 234 5678', email: 'support@kwenda.sd', whatsapp: '249912345678', publicUrl: 'http://127.0.0.1:3000' };
