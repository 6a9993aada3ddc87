import { supplierSearch } from '../../../test/helpers/supplier-search.js';
import type { SupplierSearch } from '../supplier.js';
import type { FlightInstance } from './itineraries.js';
import type { ScheduledFlight } from './schedules.js';

/**
 * Helpers for the sandbox tests. Local times are converted to instants here with Intl directly,
 * independently of time.ts, so the tests check the supplier's time arithmetic rather than reuse it.
 */

/** A Monday, 06:00 UTC (08:00 in Port Sudan). Three weeks later is Monday 2026-03-23. */
export const NOW = new Date('2026-03-02T06:00:00Z');

/** A search with one checked bag, as the sandbox's tests ask it. */
export const searchFor = (
  legs: [origin: string, destination: string, date: string][],
  overrides: Partial<SupplierSearch> = {},
): SupplierSearch => supplierSearch(legs, undefined, { baggage: { hold: 1, carryOn: 0 }, ...overrides });

/** A daily PZU-CAI flight of `airline`, 130 minutes, economy and business, at 10:00 local. */
export const scheduledFlight = (airline: string, distanceKm: number, flightNumber = `${airline}101`): ScheduledFlight => ({
  airline,
  flightNumber,
  origin: 'PZU',
  destination: 'CAI',
  originZone: 'Africa/Khartoum',
  destinationZone: 'Africa/Cairo',
  daysMask: 0x7f,
  departureMinute: 600,
  blockMinutes: 130,
  distanceKm,
  aircraft: 'A320',
  cabins: ['economy', 'business'],
});

/** The flight on `day` (days since 1970), its times left at 0: for pricing, which reads only the flight and the day. */
export const flightOn = (flight: ScheduledFlight, day: number): FlightInstance => ({
  flight,
  day,
  departureLocal: 0,
  departureUtc: 0,
  arrivalLocal: 0,
  arrivalUtc: 0,
});

const formats = new Map<string, Intl.DateTimeFormat>();
const formatFor = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    const options = {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    } as const;
    formats.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', options)));
  }
  return format;
};

function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = formatFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
}

/** yyyy-MM-ddTHH:mm:ss on the clocks of a zone -> epoch milliseconds. */
export function instantOf(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}Z`);
  const first = asUtc - zoneOffsetMs(timeZone, asUtc);
  return asUtc - zoneOffsetMs(timeZone, first);
}

/** Minutes between two clock readings, ignoring zones. */
export const clockMinutes = (from: string, to: string) => (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000;
