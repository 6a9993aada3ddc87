import type { AllotmentDatedFlight } from '@kwenda/contracts/admin';

/**
 * A dated flight as GET /admin/allotments/flights answers it, for the desk's tests: Tarco's 3T212
 * PZU → CAI on 18 December 2026, 13:30 → 15:40, five seats of which one held and two sold, selling.
 * Each test changes only what it is about.
 */
export const seatFlight = (changes: Partial<AllotmentDatedFlight> = {}): AllotmentDatedFlight => ({
  id: 'ald_0123456789abcdef',
  flightId: 'alf_0123456789abcdef',
  airline: { iataCode: '3T', nameEn: 'Tarco Aviation', nameAr: 'تاركو للطيران', logo: '/airlines/3T.png' },
  flightNumber: '212',
  origin: 'PZU',
  destination: 'CAI',
  departureDate: '2026-12-18',
  departureTime: '13:30',
  arrivalTime: '15:40',
  arrivalDayOffset: 0,
  arrivalDate: '2026-12-18',
  cabin: 'economy',
  currency: 'USD',
  fares: { adult: 420, child: 315, infant: 42 },
  ownFares: { adult: null, child: null, infant: null },
  seats: { allocated: 5, held: 1, sold: 2, left: 2 },
  infants: { taken: 0, limit: 10 },
  onSale: true,
  flightOnSale: true,
  bookable: true,
  cancelled: false,
  cancelledAt: null,
  releaseDays: 3,
  releaseAt: '2026-12-15T13:30:00',
  releaseAtUtc: '2026-12-15T11:30:00.000Z',
  salesClosed: false,
  updatedBy: 'Amna',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...changes,
});
