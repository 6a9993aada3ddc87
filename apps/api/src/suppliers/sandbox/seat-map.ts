import { isWideBody } from './airlines.js';
import { unitHash } from './hash.js';
import { loadFactor } from './pricing.js';
import type { ScheduledFlight } from './schedules.js';
import type { SeatMap } from '../supplier.js';
import { dateOfEpochDay } from './time.js';

export const SEAT_ROWS = { first: 3, last: 30 } as const;
export const SEAT_LETTERS = [
  ['A', 'B', 'C'],
  ['D', 'E', 'F'],
] as const;
/** Rows beside the over-wing (narrow-body) or mid-cabin (wide-body) exits. */
export const exitRows = (aircraft: string): readonly number[] => (isWideBody(aircraft) ? [10, 26] : [12, 13]);

/**
 * Seat prices $30-$50, as the seat legend says: exit rows $50 (extra legroom), front rows 3-7 $45,
 * window and aisle $35, middle $30. Taken seats have no price.
 */
export function seatPrice(row: number, letter: string, nextToExit: boolean): number {
  if (nextToExit) return 50;
  if (row <= 7) return 45;
  return letter === 'B' || letter === 'E' ? 30 : 35;
}

/**
 * The economy cabin of one flight on one date: rows 3-30, A-C and D-F. Seats are taken in
 * proportion to the flight's load factor (the same one that drives its fare), chosen by a hash of
 * flight, date and seat, so every call shows the same map.
 */
export function seatMapFor(flight: ScheduledFlight, day: number): SeatMap {
  const date = dateOfEpochDay(day);
  const exits = exitRows(flight.aircraft);
  // Passengers who picked a seat already; the rest are assigned at check-in.
  const taken = 0.15 + 0.5 * loadFactor(flight.flightNumber, day);
  const rows: SeatMap['rows'] = [];
  for (let number = SEAT_ROWS.first; number <= SEAT_ROWS.last; number++) {
    const nextToExit = exits.includes(number);
    rows.push({
      number,
      nextToExit,
      columns: SEAT_LETTERS.map((letters) => ({
        seats: letters.map((letter) => {
          const available = unitHash(`seat|${flight.flightNumber}|${date}|${number}${letter}`) >= taken;
          return { letter, available, price: available ? seatPrice(number, letter, nextToExit) : null };
        }),
      })),
    });
  }
  return { currency: 'USD', rows };
}
