import type { CabinClassCode } from '@kwenda/contracts';

/** The currencies the agency's own fares are loaded in. */
export const ALLOTMENT_CURRENCIES = ['USD', 'SDG'] as const;
export type AllotmentCurrency = (typeof ALLOTMENT_CURRENCIES)[number];

/**
 * One flight the agency holds seats on, over a period, as an airline publishes it (one line of the
 * airline's sheet): the same flight on the given days of the week from `fromDate` to `toDate`, each
 * date with `seats` seats at the same net fares. Times are local at each airport; an arrival earlier
 * than the departure is the next day (`arrivalDayOffset` 1).
 */
export interface AllotmentLine {
  /** IATA code of the airline (3T Tarco, J4 Badr, SD Sudan Airways). */
  airline: string;
  /** The number without the airline's code ("212"). */
  flightNumber: string;
  origin: string;
  destination: string;
  /** HH:mm at the origin. */
  departureTime: string;
  /** HH:mm at the destination. */
  arrivalTime: string;
  arrivalDayOffset: 0 | 1;
  /** Days of the week the flight operates, Monday = 1 ... Sunday = 7, ascending. */
  days: number[];
  /** yyyy-MM-dd, both included. */
  fromDate: string;
  toDate: string;
  cabin: CabinClassCode;
  /** Seats the airline allocated for each date. */
  seats: number;
  /** Net fare per passenger type, in `currency`. */
  fares: { adult: number; child: number; infant: number };
  currency: AllotmentCurrency;
  bags: { holdPieces: number; holdKg: number; cabinKg: number };
  /** Whether the fare may be refunded / changed before departure, and the penalty in `currency`. */
  refund: { allowed: boolean; penalty: number | null };
  change: { allowed: boolean; penalty: number | null };
  /** Days before departure at which unsold seats go back to the airline (sales stop then). */
  releaseDays: number;
}

/** A yyyy-MM-dd date as a whole number of days, to count and compare dates. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Times are local at each airport, as the airline prints them: an arrival earlier than the departure is the next day. */
export const arrivalDayOffsetOf = (departureTime: string, arrivalTime: string): 0 | 1 =>
  minutesOf(arrivalTime) < minutesOf(departureTime) ? 1 : 0;
